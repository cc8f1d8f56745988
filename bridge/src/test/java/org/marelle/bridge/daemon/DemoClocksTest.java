package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.simulation.Profile;
import org.marelle.bridge.simulation.SourceClocks;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/** {@code demo --pgn} with a game that carries its clocks: the hands take the time its players took. */
@Timeout(120)
class DemoClocksTest {

    @TempDir
    Path dir;

    static PgnGame read(String resource) throws Exception {
        try (InputStream in = DemoClocksTest.class.getResourceAsStream(resource);
             PgnReader r = new PgnReader(PgnReader.decode(in), resource)) {
            return ((PgnReader.Parsed) r.next()).game();
        }
    }

    @Test
    void thinkingTimesComeFromTheClocks() throws Exception {
        PgnGame g = read("/demo/clocked-blitz.pgn");
        assertThat(SourceClocks.clocks(g)).containsExactly(60_000, 60_000, 58_000, 57_000, 55_000, 51_000, 54_000);
        // 60+1: 1. e4 took 1 s (60 - 60 + 1), less the hand's 0.7 s; 2. Bc4 took 3 s; 3... Nf6 took 7 s.
        assertThat(SourceClocks.thinking(g)).containsExactly(300, 300, 2_300, 3_300, 3_300, 6_300, 1_300);
    }

    @Test
    void withoutATimeControlTheIncrementIsReadOffTheClocks() throws Exception {
        PgnGame g = read("/demo/clocked-blitz.pgn");
        PgnGame untagged = new PgnGame(new java.util.LinkedHashMap<>(java.util.Map.of("Result", "1-0")), g.initial(),
                g.root(), g.result());
        // White's clock never rises here: no increment seen; each player's first move counts as quick.
        assertThat(SourceClocks.thinking(untagged)).containsExactly(150, 150, 1_300, 2_300, 2_300, 5_300, 300);
        assertThat(SourceClocks.timeControl(untagged)).isNull();
    }

    @Test
    void theDemoReplaysTheSourcesClocks() throws Exception {
        PgnGame source = read("/demo/clocked-blitz.pgn");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EventLog log = EventLog.plain(new PrintStream(out, true, StandardCharsets.UTF_8), false);
        DemoRun.Result r = new DemoRun(new DemoRun.Options(source, dir, 10, Profile.HUMAN, 1), log).run();
        assertThat(r.exitCode()).as(out.toString(StandardCharsets.UTF_8)).isZero();
        long[] want = SourceClocks.clocks(source);
        assertThat(r.game().clocks()).hasSize(want.length);
        for (int i = 0; i < want.length; i++) {
            // The hands' own time per move varies by a second or so around the source's.
            assertThat(r.game().clocks().get(i)).as("clock after ply %d", i + 1).isBetween(want[i] - 3_000, want[i] + 3_000);
        }
        assertThat(Files.readString(r.pgn())).contains("{[%clk 0:00:5");
        assertThat(r.game().result()).isEqualTo("1-0");
    }
}
