package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.daemon.HostDevices;

class RunCommandTest {

    @TempDir
    Path dir;

    @Test
    void checkSaysAShippedFileIsGood() {
        CliRun run = CliRun.of("run", "--config", "../config/reed-matrix-ws2812.yaml", "--check");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("configuration OK (standard, GpioMatrix board)");
    }

    @Test
    void aBadConfigurationStopsTheStartWithEveryProblemAndExitCode2() throws IOException {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, """
                board:
                  driver:
                    type: gpio-matrix
                    rows: [4, 5, 6, 40, 13, 16, 17, 18]
                    columns: [19, 20, 21, 22, 23, 24, 25, 26]
                recognition:
                  mode: blitz
                """);
        CliRun run = CliRun.of("run", "--config", bad.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(bad + ": 2 problems:",
                "board.driver.rows[3]: GPIO 40 does not exist (the 40-pin header has GPIO 0 to 27) (line 4)",
                "recognition.mode: 'blitz' is not casual or tournament (line 7)");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aMissingFileIsNamed() {
        CliRun run = CliRun.of("run", "--config", dir.resolve("nope.yaml").toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("nope.yaml: no such file");
    }

    /**
     * Issue #17: on a machine that is not a Pi, a GPIO board said only Pi4J's "No gpio chip yet initialized!". The
     * shipped reed-matrix config, its folders moved under the test's, on a Pi4J that fails as it does there and a
     * device folder without a GPIO chip: the message names the key, the missing devices, what that means and what to
     * try instead.
     */
    @Test
    void aGpioBoardOnAMachineWithoutGpioSaysWhatIsMissing() throws IOException {
        String text = Files.readString(Path.of("../config/reed-matrix-ws2812.yaml"))
                .replace("/var/lib/marelle/state", dir.resolve("state").toString())
                .replace("/var/lib/marelle/pgn", dir.resolve("pgn").toString());
        Path config = Files.writeString(dir.resolve("reed.yaml"), text);
        Path dev = Files.createDirectory(dir.resolve("dev"));
        CliRun run = SensorsCommandTest.run(new RunCommand(() -> {
            throw new IllegalStateException("No gpio chip yet initialized!");
        }, new HostDevices(dev)), "--config", config.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("error: cannot start: board.driver gpio-matrix needs a GPIO chip ("
                + dev.resolve("gpiochip0") + "), and this machine has none: it is not a Raspberry Pi", "marelle demo",
                "leds ws2812 drives SPI 0.0", "(Pi4J: No gpio chip yet initialized!)");
    }

    /**
     * Issue #17: Pi4J logs through SLF4J, which without a provider printed three warnings ("No SLF4J providers were
     * found") at every start of a board on GPIO, I2C or SPI. A provider is on the classpath, Pi4J's log off by default.
     */
    @Test
    void slf4jHasAProviderAndPi4jsLogIsOffByDefault() {
        org.slf4j.ILoggerFactory factory = org.slf4j.LoggerFactory.getILoggerFactory();
        assertThat(factory).isNotInstanceOf(org.slf4j.helpers.NOPLoggerFactory.class);
        assertThat(factory.getClass().getName()).contains("Simple");
        assertThat(org.slf4j.LoggerFactory.getLogger("com.pi4j.Pi4J").isWarnEnabled()).isFalse();
    }

    /** Issue #14: "error: cannot start: afile", with neither reason nor key; now both. */
    @Test
    void aFolderThatIsAFileIsNamedWithItsKeyAndTheReason() throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "");
        Path config = dir.resolve("sim.yaml");
        Files.writeString(config, "board:\n  driver: {type: simulated}\noutput:\n  pgnDirectory: " + dir.resolve("pgn")
                + "\n  stateDirectory: " + file + "\n");
        CliRun state = CliRun.of("run", "--config", config.toString());
        assertThat(state.exitCode()).isEqualTo(1);
        assertThat(state.out()).isEqualTo("error: cannot start: output.stateDirectory '" + file
                + "': exists and is not a directory" + System.lineSeparator());

        Files.writeString(config, "board:\n  driver: {type: simulated}\noutput:\n  pgnDirectory: " + file
                + "\n  stateDirectory: " + dir.resolve("state") + "\n");
        CliRun pgn = CliRun.of("run", "--config", config.toString());
        assertThat(pgn.exitCode()).isEqualTo(1);
        assertThat(pgn.out()).contains("error: cannot start: output.pgnDirectory '" + file
                + "': exists and is not a directory");
    }

    @Test
    void aBroadcastPortAlreadyTakenStopsTheStartWithExitCode1() throws IOException {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Path config = dir.resolve("live.yaml");
            Files.writeString(config, "board:\n  driver: {type: simulated, listen: 0}\noutput:\n  pgnDirectory: "
                    + dir.resolve("pgn") + "\n  stateDirectory: " + dir.resolve("state") + "\nbroadcast:\n  bind: 127.0.0.1\n"
                    + "  port: " + taken.getLocalPort() + "\n");
            CliRun run = CliRun.of("run", "--config", config.toString());
            assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
            // Issue #14: the keys and the reason in words, not only "Address already in use".
            assertThat(run.out()).contains("error: cannot start: broadcast: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                    + " (broadcast.bind, broadcast.port): the port is already in use (by another program, or another marelle)");
        }
    }

    @Test
    void aBadBroadcastSectionIsAConfigurationError() throws IOException {
        Path config = dir.resolve("bad-live.yaml");
        Files.writeString(config, "board:\n  driver: {type: simulated}\nbroadcast:\n  port: 70000\n  token: short\n");
        CliRun run = CliRun.of("run", "--config", config.toString(), "--check");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("broadcast.port: 70000 is not between 0 and 65535 (line 4)");
    }
}
