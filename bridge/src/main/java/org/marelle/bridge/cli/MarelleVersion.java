package org.marelle.bridge.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code marelle --version}: the version the jar's manifest carries, and the Java it runs on. */
final class MarelleVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = MarelleCommand.class.getPackage().getImplementationVersion();
        return new String[] {
            "marelle " + (version != null ? version : "(development build)"),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"
        };
    }
}
