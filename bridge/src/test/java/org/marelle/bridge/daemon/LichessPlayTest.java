package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.config.BoardConfig;
import org.marelle.bridge.config.DriverConfig;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.OutputConfig;
import org.marelle.bridge.config.PlayConfig;
import org.marelle.bridge.config.RecognitionSettings;
import org.marelle.bridge.play.FakeLichess;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * A whole game against an online opponent on a local stand-in for Lichess ({@link FakeLichess}), through the real
 * daemon started from a configuration: the person at the simulated board plays Morphy's moves, the server answers
 * with the Duke's and Count's; the stream drops mid-game and the server fails one move with a 500.
 */
@Timeout(180)
class LichessPlayTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final EventLog log = EventLog.plain(new PrintStream(logBytes, true, StandardCharsets.UTF_8), false);

    static List<String> opera() throws Exception {
        try (InputStream in = LichessPlayTest.class.getResourceAsStream("/org/marelle/bridge/demo/morphy-opera-1858.pgn");
             PgnReader r = new PgnReader(PgnReader.decode(in), "opera")) {
            PgnGame g = ((PgnReader.Parsed) r.next()).game();
            List<String> out = new ArrayList<>();
            Position p = g.initial();
            for (Move m : g.mainline()) {
                out.add(p.uci(m));
                p = p.play(m);
            }
            return out;
        }
    }

    private MarelleConfig config(FakeLichess lichess) throws Exception {
        Path token = dir.resolve("token");
        Files.writeString(token, "secret-token\n");
        PlayConfig play = new PlayConfig("lichess", null, null, null, new PlayConfig.Lichess(lichess.uri().toString(),
                token.toString(), null, List.of("friend"), null, null, null, null));
        return new MarelleConfig(new BoardConfig("standard", null, null, new DriverConfig.Simulated(0), null, null, null, null),
                null, RecognitionSettings.DEFAULTS, null,
                new OutputConfig(dir.resolve("pgn").toString(), dir.resolve("state").toString()), null, play);
    }

    interface Check {
        boolean ok() throws Exception;
    }

    /** Waits for {@code c} (20 s at most), failing with the log and the server's requests. */
    private void await(Check c, String what, FakeLichess lichess) throws Exception {
        long until = System.nanoTime() + 20_000_000_000L;
        while (!c.ok()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("no " + what + "\n" + logBytes.toString(StandardCharsets.UTF_8) + "\n" + lichess.requests);
            }
            Thread.sleep(5);
        }
    }

    @Test
    void aWholeGameOnLichessThroughTheBoardWithADroppedStreamAndAServerError() throws Exception {
        List<String> script = opera();
        try (FakeLichess lichess = new FakeLichess(script, true)) {
            ScaledClock clock = new ScaledClock(System.currentTimeMillis(), 20);
            Launcher.Running r = Launcher.start(config(lichess), () -> {
                throw new AssertionError("a simulated board needs no Pi4J");
            }, clock, log);
            try {
                await(lichess::listening, "the event stream", lichess);
                lichess.challengeFrom("stranger");
                lichess.challengeFrom("friend");
                await(() -> r.daemon().submit(l -> l.session().game().tags().get("Site")).get() != null, "the game", lichess);
                assertThat(lichess.accepted()).isTrue();
                lichess.dropGameStreamAfter = 6;   // the link breaks after six more states
                lichess.nextMoveStatus = 500;      // and the server fails the first move once
                SimulatedPerson person = new SimulatedPerson(r.daemon(), (SimulatedBoard) r.hardware().sensors(), clock,
                        Profile.HUMAN, 3, log);
                GameRecord end = person.play(Color.WHITE, g -> g.position().parseUci(script.get(g.plies())), 200);
                String text = logBytes.toString(StandardCharsets.UTF_8);
                assertThat(end).as(text).isNotNull();
                // The server says when it is over: Morphy mates; the board's game is the server's.
                await(() -> r.daemon().submit(l -> l.session().game().isOver()).get(), "the end", lichess);
                // The mate is on the board (and in the game) before the move that gave it reaches the server.
                await(() -> lichess.moves().size() == script.size(), "the last move on the server", lichess);
                GameRecord g = r.daemon().submit(l -> l.session().game()).get();
                assertThat(lichess.moves()).isEqualTo(script);
                assertThat(g.plies()).isEqualTo(script.size());
                assertThat(g.result()).isEqualTo("1-0");
                assertThat(g.tags()).containsEntry("Site", lichess.uri() + "/" + FakeLichess.GAME)
                        .containsEntry("White", "Me").containsEntry("Black", "Opponent").containsEntry("TimeControl", "300+2");
                assertThat(text).contains("left unanswered").contains("trying again").contains("following it again");
                assertThat(lichess.requests.stream().filter(q -> q.equals("GET /api/board/game/stream/" + FakeLichess.GAME)))
                        .as("the game's stream opened again after it dropped").hasSizeGreaterThanOrEqualTo(2);
                assertThat(text).doesNotContain("secret-token");
                // The opponent's clocks are the server's; every move has one.
                assertThat(g.clocks()).doesNotContain(-1L);
                assertThat(g.clocks().get(1)).isEqualTo(300_000L - 2_000);
            } finally {
                r.daemon().stop();
            }
        }
    }
}
