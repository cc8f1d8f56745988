package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SensorsCommandTest {

    @TempDir
    Path dir;

    /** A clock that moves on two seconds each time it is read: every console line happens later than the last. */
    static InstantSource steppingClock() {
        AtomicLong t = new AtomicLong();
        return () -> Instant.ofEpochMilli(t.addAndGet(2000));
    }

    /** The simulated configuration without its socket console (tests must not take a port). */
    static Path simulatedConfig(Path dir) throws IOException {
        String text = Files.readString(Path.of("../config/simulated.yaml")).replace("    listen: 7777\n", "");
        Path copy = dir.resolve("simulated.yaml");
        Files.writeString(copy, text);
        return copy;
    }

    static CliRun run(Object command, String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return new CliRun(cli.execute(args), out.toString(), err.toString());
    }

    @Test
    void aRecordingReplaysThroughTheRecognizer() throws IOException {
        Path trace = dir.resolve("game.jsonl");
        String played = """
                setup
                lift e2
                drop e4
                lift e7
                drop e5
                lift g1
                drop f3
                show
                """;
        CliRun shown = run(new SensorsCommand(new StringReader(played), steppingClock(), () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }), "--config", simulatedConfig(dir).toString(), "--record", trace.toString());
        assertThat(shown.exitCode()).as(shown.out() + shown.err()).isZero();
        // The board is drawn after each frame, with the squares that changed.
        assertThat(shown.out()).contains("down e4", "up g1", " 4 . . . . x . . .", "   a b c d e f g h");
        CliRun replay = CliRun.of("recognize", "--trace", trace.toString());
        assertThat(replay.exitCode()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.outLines()).filteredOn(l -> !l.startsWith("#"))
                .extracting(l -> l.substring(l.indexOf(' ') + 1))
                .containsExactly("e2e4 e4", "e7e5 e5", "g1f3 Nf3",
                        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");  // after "fen: "
    }

    @Test
    void aSimulatedBoardStartsSetUpSoAFirstLiftWorks() throws IOException {
        // A new user's first try: lift e2 at once. The board starts with its 32 pieces, as a real board being checked.
        CliRun shown = run(new SensorsCommand(new StringReader("lift e2\nlift e4\n"), steppingClock(), () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }), "--config", simulatedConfig(dir).toString(), "--no-clear");
        assertThat(shown.exitCode()).as(shown.out() + shown.err()).isZero();
        assertThat(shown.out()).contains("first frame, 32 squares occupied", "up e2", " 2 x x x x . x x x",
                "error: line 2, column 6: e4 is empty: nothing to lift there ('show' prints the board, 'setup' sets the"
                        + " pieces)");
    }

    @Test
    void aMissingConfigurationIsAUsageError() {
        CliRun r = CliRun.of("sensors", "--config", dir.resolve("nope.yaml").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("nope.yaml: no such file");
    }
}
