package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.engine.Engines;
import org.marelle.bridge.play.EngineSettings;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.Color;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * A simulated person plays whole games against real engines on the simulated board, through the real recognizer and
 * daemon: every move of both sides is read off the board (the engine's once the person has made it as the LEDs
 * showed), and the PGN written is legal and complete.
 */
@Timeout(300)
class EngineDemoTest {

    private final StringWriter out = new StringWriter();
    private final EventLog log = EventLog.to(new PrintWriter(out, true), false);

    private DemoRun.Result play(String engine, Variant variant, Color person, String timeControl, Path dir, int maxPlies)
            throws Exception {
        return play(engine, variant, person, timeControl, dir, maxPlies, null);
    }

    private DemoRun.Result play(String engine, Variant variant, Color person, String timeControl, Path dir, int maxPlies,
                                org.marelle.bridge.broadcast.BroadcastConfig broadcast) throws Exception {
        // Fixed depths on both sides and one thread: the same game on every machine.
        EngineSettings s = new EngineSettings(List.of(Engines.debian(engine)), java.util.Map.of("Threads", "1"), null,
                null, null, 3, null);
        // The person's moves at random (from the seed): with the engine's fixed depth, the same game everywhere.
        return new EngineDemo(new EngineDemo.Options(s, variant, person, timeControl, dir, 20, Profile.HUMAN, 7,
                maxPlies, true, broadcast, false), log).run();
    }

    /** The PGN file as a game, checked legal by the reader, with its move count. */
    private static PgnGame read(Path pgn) throws Exception {
        try (PgnReader r = new PgnReader(Files.newBufferedReader(pgn), pgn.toString())) {
            PgnReader.Entry e = r.next();
            assertThat(e).as("the PGN reads back").isInstanceOf(PgnReader.Parsed.class);
            return ((PgnReader.Parsed) e).game();
        }
    }

    @Test
    void aWholeGameAgainstStockfish(@TempDir Path dir) throws Exception {
        DemoRun.Result r = play("stockfish", Variant.STANDARD, Color.WHITE, null, dir, 400);
        assertThat(r.exitCode()).as(out.toString()).isZero();
        assertThat(r.game().isOver()).as("a weak person against Stockfish: the game ends\n" + out).isTrue();
        PgnGame g = read(r.pgn());
        assertThat(g.mainline()).hasSize(r.game().plies());
        assertThat(g.result()).isEqualTo(r.game().result());
        assertThat(g.tags().get("Black")).containsIgnoringCase("stockfish");
    }

    @Test
    void aGameWithClocksServedLive(@TempDir Path dir) throws Exception {
        DemoRun.Result r = play("stockfish", Variant.STANDARD, Color.BLACK, "300+3", dir, 60,
                org.marelle.bridge.broadcast.BroadcastConfig.defaults().withPort(0));
        assertThat(r.viewer()).as("served live while it ran").isNotNull();
        assertThat(out.toString()).contains("live broadcast: http://127.0.0.1:");
        assertThat(r.exitCode()).as(out.toString()).isZero();
        assertThat(r.game().plies() == 60 || r.game().isOver()).as("played to the end or to 60 plies\n" + out).isTrue();
        PgnGame g = read(r.pgn());
        assertThat(g.mainline()).hasSize(r.game().plies());
        String text = Files.readString(r.pgn());
        Matcher clk = Pattern.compile("\\{\\[%clk \\d:\\d\\d:\\d\\d]}").matcher(text);
        int clocks = 0;
        while (clk.find()) clocks++;
        assertThat(clocks).as("a clock after every move").isEqualTo(r.game().plies());
        assertThat(text).contains("[TimeControl \"300+3\"]");
    }

    @Test
    void aChess960GameAgainstStockfish(@TempDir Path dir) throws Exception {
        // (Stockfish's Chess960 games are not the same from run to run, even at a fixed depth: a short game here.)
        DemoRun.Result r = play("stockfish", Variant.CHESS960, Color.WHITE, null, dir, 24);
        assertThat(r.exitCode()).as(out.toString()).isZero();
        assertThat(r.game().plies() == 24 || r.game().isOver()).as("played to the end or to 24 plies\n" + out).isTrue();
        PgnGame g = read(r.pgn());
        assertThat(g.initial().variant()).isEqualTo(Variant.CHESS960);
        assertThat(g.mainline()).hasSize(r.game().plies());
    }

    @Test
    void aCourierGameAgainstFairyStockfish(@TempDir Path dir) throws Exception {
        DemoRun.Result r = play("fairy-stockfish", Variant.COURIER, Color.WHITE, null, dir, 60);
        assertThat(r.exitCode()).as(out.toString()).isZero();
        PgnGame g = read(r.pgn());
        assertThat(g.initial().variant()).isEqualTo(Variant.COURIER);
        assertThat(g.mainline()).hasSize(r.game().plies());
        assertThat(r.game().plies() == 60 || r.game().isOver()).as("played to the end or to 60 plies\n" + out).isTrue();
        Position end = g.initial();
        for (var m : g.mainline()) end = end.play(m);
        assertThat(end).isEqualTo(r.game().position());
    }
}
