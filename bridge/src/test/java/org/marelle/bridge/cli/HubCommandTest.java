package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code marelle hub}'s command line: its configuration file and what it says when something is missing or wrong. */
class HubCommandTest {

    @TempDir
    Path dir;

    @Test
    void withoutABrokerItSaysWhereToGiveOne() {
        CliRun run = CliRun.of("hub");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("the broker is missing: --mqtt URL, or publish.mqtt.url in --config");
    }

    @Test
    void aConfigurationFileHoldsOnlyTheHubsSectionsAndItsProblemsAreNamedWithTheirLines() throws Exception {
        Path bad = Files.writeString(dir.resolve("hub.yaml"), """
                board:
                  driver: {type: simulated}
                broadcast:
                  port: 99999
                  language: klingon
                publish:
                  mqtt:
                    url: http://broker
                """);
        CliRun run = CliRun.of("hub", "--config", bad.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("board", "not a hub's setting: the hub reads only broadcast and publish",
                "line 1", "broadcast.port", "line 4", "broadcast.language", "publish.mqtt.url");
    }

    @Test
    void aFileThatIsNotThereIsExit2() {
        CliRun run = CliRun.of("hub", "--config", dir.resolve("nope.yaml").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("nope.yaml");
    }

    @Test
    void theBrokerFromTheFileIsTriedAndWhatFailsIsSaid() throws Exception {
        Path file = Files.writeString(dir.resolve("hub.yaml"), """
                broadcast:
                  port: 0
                publish:
                  mqtt:
                    url: tcp://127.0.0.1:1
                """);
        CliRun run = CliRun.of("hub", "--config", file.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out() + run.err()).contains("cannot start", "tcp://127.0.0.1:1");
    }
}
