package org.marelle.bridge.firmware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.board.serial.SerialProtocol;

/**
 * The reference firmware (firmware/, issue #19) against the real {@code marelle run}: the firmware's core, built for
 * this machine, runs on a pseudo-terminal with a scripted sensor matrix (firmware/tests/scholars-mate.script: a short
 * game's lifts and drops, bouncing reed switches included), and the daemon, configured with a serial board on that
 * pseudo-terminal, reads it. The game's moves must come out of the daemon, and every LED command the daemon sent must
 * reach the firmware's LEDs exactly, in order. Needs a C compiler (cc); skipped without one.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FirmwareBoardTest {

    private static final Path FIRMWARE = Path.of("..", "firmware").toAbsolutePath().normalize();
    private static final List<String> MOVES = List.of("move 1. e4", "move 1... e5", "move 2. Qh5", "move 2... Nc6",
            "move 3. Bc4", "move 3... Nf6", "move 4. Qxf7#");
    /** The power-on walk (one LED dim white, or all dim blue once it is over), before Marelle's first L line. */
    private static final String WALK_LED = "303030", IDLE_LED = "000020";

    @TempDir
    Path dir;

    @Test
    void aGamePlayedOnTheFirmwareComesOutOfMarelleAndItsLedCommandsReachTheLeds() throws Exception {
        assumeTrue(works("cc", "--version"), "no C compiler (cc); the firmware's host build needs one");
        Process build = new ProcessBuilder(FIRMWARE.resolve("build").toString(), "host").redirectErrorStream(true).start();
        String buildOutput = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(build.waitFor(60, TimeUnit.SECONDS) && build.exitValue() == 0).as(buildOutput).isTrue();

        Path port = dir.resolve("board"), leds = dir.resolve("leds.log"), received = dir.resolve("received.log");
        Path config = Files.writeString(dir.resolve("board.yaml"), """
                board:
                  variant: standard
                  driver:
                    type: serial
                    port: %s
                leds:
                  type: board
                output:
                  pgnDirectory: %s
                  stateDirectory: %s
                """.formatted(port, dir.resolve("pgn"), dir.resolve("state")));

        Process firmware = new ProcessBuilder(FIRMWARE.resolve("target/host/marelle-firmware-host").toString(),
                "--link", port.toString(), "--script", FIRMWARE.resolve("tests/scholars-mate.script").toString(),
                "--leds-log", leds.toString(), "--received-log", received.toString(), "--until-stdin-closes")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Process marelle = null;
        List<String> out = new CopyOnWriteArrayList<>();
        try {
            String ready = new BufferedReader(new InputStreamReader(firmware.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
            assertThat(ready).startsWith("ready /dev/");

            marelle = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                    "org.marelle.bridge.cli.MarelleCommand", "run", "--config", config.toString())
                    .redirectErrorStream(true).start();
            CountDownLatch over = new CountDownLatch(1);
            Process daemon = marelle;
            Thread.ofPlatform().daemon().start(() -> {
                try (var in = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        out.add(line);
                        if (line.startsWith("result ")) over.countDown();
                    }
                } catch (IOException e) {
                    // the daemon went away: what it printed is what counts
                }
            });
            // The script takes 12.4 s from the daemon's first hello; the daemon's start and the recognizer's
            // windows come on top.
            assertThat(over.await(90, TimeUnit.SECONDS)).as("the game's result, in:\n%s", String.join("\n", out)).isTrue();
            marelle.toHandle().destroy();   // SIGTERM, as systemd stops it
            assertThat(marelle.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            if (marelle != null) marelle.destroyForcibly();
            firmware.getOutputStream().close();   // the firmware reads what is left, then stops
            if (!firmware.waitFor(10, TimeUnit.SECONDS)) firmware.destroyForcibly();
        }
        String log = String.join("\n", out);

        assertThat(out.stream().filter(l -> l.startsWith("move ")).toList()).as(log).isEqualTo(MOVES);
        assertThat(out).as(log).contains("result 1-0 (checkmate)");
        assertThat(log).contains("board marelle-host-0.1: 64 sensors, 64 LEDs");
        assertThat(log).as("every line the firmware sent was good").doesNotContain("malformed line from the board")
                .doesNotContain("board reports error");

        // What the daemon sent, read off the wire by the firmware's serial port, against what its LEDs showed.
        List<String> commands = new ArrayList<>();
        for (String line : Files.readAllLines(received, StandardCharsets.US_ASCII)) {
            if (!line.startsWith("L ")) continue;
            int star = line.lastIndexOf('*');
            assertThat(String.format("%04X", SerialProtocol.crc16(line.substring(0, star)))).as(line)
                    .isEqualTo(line.substring(star + 1));
            commands.add(line.substring(line.indexOf(' ', 2) + 1, star));
        }
        assertThat(commands).hasSizeGreaterThan(5);
        List<String> shown = Files.readAllLines(leds, StandardCharsets.US_ASCII);
        assertThat(shown.size()).isGreaterThanOrEqualTo(commands.size());
        int walk = shown.size() - commands.size();
        assertThat(shown.subList(walk, shown.size())).as("the LEDs after the power-on walk").isEqualTo(commands);
        for (String before : shown.subList(0, walk)) assertThat(isWalk(before)).as(before).isTrue();
        // LED n is square n (per square, from a1): lifting e2 lit its destinations e3 and e4, and nothing beyond.
        assertThat(commands).anyMatch(c -> lit(c, 20) && lit(c, 28) && !lit(c, 36));
    }

    private static boolean lit(String colours, int led) {
        return !colours.substring(6 * led, 6 * led + 6).equals("000000");
    }

    private static boolean isWalk(String colours) {
        if (colours.equals(IDLE_LED.repeat(64))) return true;
        int lit = 0;
        for (int i = 0; i < 64; i++) {
            String c = colours.substring(6 * i, 6 * i + 6);
            if (c.equals(WALK_LED)) lit++;
            else if (!c.equals("000000")) return false;
        }
        return lit == 1;
    }

    private static boolean works(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
