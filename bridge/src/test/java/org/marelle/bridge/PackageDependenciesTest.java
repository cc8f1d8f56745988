package org.marelle.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Which of the bridge's packages may use which (docs/architecture.md): {@code daemon} is the only package that puts
 * the others together, so the parts it wires know nothing of it. Read from the sources' imports and fully qualified
 * names: a test that fails names the file and the package it should not use.
 */
class PackageDependenciesTest {

    private static final Path MAIN = Path.of("src/main/java/org/marelle/bridge");
    private static final Pattern USE = Pattern.compile("org\\.marelle\\.bridge\\.([a-z]+)\\.");

    /** The packages {@code pkg}'s sources use, with the file that uses each, "pkg → other (File.java)". */
    private static List<String> uses(String pkg, Set<String> forbidden) {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(MAIN.resolve(pkg))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = USE.matcher(Files.readString(f));
                while (m.find()) {
                    if (forbidden.contains(m.group(1))) found.add(pkg + " → " + m.group(1) + " (" + f.getFileName() + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found.stream().distinct().toList();
    }

    @Test
    void theBroadcastKnowsNeitherTheDaemonNorItsConfiguration() {
        // (Before #16's first step, SessionBroadcast and LiveBroadcast sat in broadcast and used the daemon's
        // BoardLoop: broadcast → daemon → config → broadcast, a circle.)
        assertThat(uses("broadcast", Set.of("daemon", "config", "cli"))).isEmpty();
    }

    @Test
    void theConfigurationAndTheRecognizerKnowNoWiring() {
        assertThat(uses("config", Set.of("daemon", "cli"))).isEmpty();
        assertThat(uses("recognition", Set.of("daemon", "cli", "broadcast", "config", "session", "play", "engine")))
                .isEmpty();
        assertThat(uses("session", Set.of("daemon", "cli", "broadcast", "config"))).isEmpty();
    }
}
