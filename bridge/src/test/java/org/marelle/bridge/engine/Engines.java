package org.marelle.bridge.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The engines the tests run: Debian's Stockfish and Fairy-Stockfish, and a fake that misbehaves on purpose. */
public final class Engines {

    private Engines() {
    }

    /**
     * Debian's {@code stockfish} or {@code fairy-stockfish}. CI installs both (.ci/run): there a missing engine fails
     * the test; on a developer's machine without it the test is skipped.
     */
    public static String debian(String name) {
        String found = List.of("/usr/games/" + name, "/usr/bin/" + name).stream()
                .filter(p -> Files.isExecutable(Path.of(p))).findFirst().orElse(null);
        if (System.getenv("CI") != null) {
            assertThat(found).as(name + " must be installed in CI (.ci/run installs it)").isNotNull();
        }
        assumeTrue(found != null, name + " is not installed (apt-get install stockfish fairy-stockfish)");
        return found;
    }

    /** The fake engine's command: {@code mode} as fake-uci's header says, answering {@code move}. */
    public static List<String> fake(String mode, String move, Path... marker) {
        try {
            Path script = Path.of(Engines.class.getResource("/engine/fake-uci").toURI());
            List<String> c = new ArrayList<>(List.of("sh", script.toString(), mode, move));
            for (Path m : marker) c.add(m.toString());
            return c;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
