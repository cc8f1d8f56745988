package org.marelle.bridge.cli;

import org.marelle.rules.Variant;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --variant} by the names the rules core knows; an unknown name is a usage error (exit 2). */
final class VariantConverter implements ITypeConverter<Variant> {

    @Override
    public Variant convert(String name) {
        try {
            return Variant.byName(name);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
