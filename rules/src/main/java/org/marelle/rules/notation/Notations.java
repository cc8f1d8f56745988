package org.marelle.rules.notation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every notation by its registry name, as the command line and the score sheet ask for them:
 * {@code san}, {@code fr}, {@code de}, {@code es}, {@code it}, {@code nl}, {@code figurine}, {@code lan}, {@code uci},
 * {@code iccf}, {@code vandermonde}, {@code descriptive-en}, {@code descriptive-fr}.
 */
public final class Notations {

    private static final Map<String, MoveNotation> BY_NAME = new LinkedHashMap<>();

    static {
        for (Language language : Language.all()) {
            register(new LocalisedSan(language));
        }
        register(new Lan());
        register(new Uci());
        register(new Iccf());
        register(new Vandermonde());
        register(Descriptive.ENGLISH);
        register(Descriptive.FRENCH);
    }

    private Notations() {
    }

    private static void register(MoveNotation notation) {
        BY_NAME.put(notation.name(), notation);
    }

    /** Standard (English) SAN, as PGN writes it. */
    public static MoveNotation san() {
        return BY_NAME.get("san");
    }

    /** The registry names, in the order above. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** The notation with this name, ignoring case; {@code en} is also English SAN. */
    public static MoveNotation byName(String name) {
        String key = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        if (key.equals("en")) {
            key = "san";
        }
        MoveNotation n = BY_NAME.get(key);
        if (n == null) {
            throw new IllegalArgumentException("unknown notation '" + name + "' (known: " + String.join(", ", names())
                    + ")");
        }
        return n;
    }
}
