package org.marelle.bridge.play;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.engine.Engines;
import org.marelle.bridge.engine.UciEngine;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

@Timeout(60)
class EngineOpponentTest {

    private final InstantSource clock = () -> Instant.parse("2026-12-02T10:00:00Z");
    private final LinkedBlockingQueue<Object[]> played = new LinkedBlockingQueue<>();
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private Color side;

    private final EngineOpponent.Board board = new EngineOpponent.Board() {
        @Override
        public void engineSide(String gameId, Color s) {
            side = s;
        }

        @Override
        public void play(EngineOpponent.Request asked, Move move) {
            played.add(new Object[] {asked, move});
        }

        @Override
        public void declineDraw(String gameId) {
            declined.add(gameId);
        }

        @Override
        public void hint(String gameId, int ply, Move move) {
            hints.add(new Object[] {ply, move});
        }
    };
    private final LinkedBlockingQueue<Object[]> hints = new LinkedBlockingQueue<>();
    private final List<String> declined = new CopyOnWriteArrayList<>();

    private final Notices log = new Notices() {
        @Override
        public void info(String line) {
            notices.add("info: " + line);
        }

        @Override
        public void error(String line) {
            notices.add("error: " + line);
        }
    };

    private GameSession session(Map<String, String> tags) {
        return GameSession.resume(List.of(), Position.start(Variant.STANDARD), tags, SessionJournal.NONE, clock, ZoneOffset.UTC);
    }

    private GameSession session(String fen) {
        return GameSession.resume(List.of(), Position.fromFen(fen), Map.of(), SessionJournal.NONE, clock, ZoneOffset.UTC);
    }

    private EngineOpponent opponent(List<String> command, GameSession s, Color engineSide) {
        return opponent(command, s, engineSide, null);
    }

    /** With a depth, the engine always finishes its search, however busy the machine (a 50 ms search may not). */
    private EngineOpponent opponent(List<String> command, GameSession s, Color engineSide, Integer depth) {
        EngineSettings settings = new EngineSettings(command, Map.of(), null, null,
                depth == null ? Duration.ofMillis(50) : null, depth, Duration.ofSeconds(5));
        EngineOpponent o = new EngineOpponent(settings, g -> engineSide, board, log, clock,
                c -> UciEngine.start(c, Map.of(), Duration.ofSeconds(5)));
        s.addListener(o);
        o.begin(s.game());
        return o;
    }

    private Object[] next() throws InterruptedException {
        Object[] p = played.poll(20, TimeUnit.SECONDS);
        assertThat(p).as("the engine's move").isNotNull();
        return p;
    }

    @Test
    void theEngineAnswersThePersonsMoveForThePositionItWasAskedAbout() throws Exception {
        GameSession s = session(Map.of());
        try (EngineOpponent o = opponent(List.of(Engines.debian("stockfish")), s, Color.BLACK)) {
            assertThat(side).isEqualTo(Color.BLACK);
            assertThat(played).as("White, the person, moves first").isEmpty();
            s.play(s.game().position().parseSan("e4"));
            Object[] p = next();
            EngineOpponent.Request r = (EngineOpponent.Request) p[0];
            assertThat(r.ply()).isEqualTo(1);
            assertThat(s.game().position().isLegal((Move) p[1])).isTrue();
        }
    }

    @Test
    void anEngineWithTheFirstMoveMakesItAtOnce() throws Exception {
        GameSession s = session(Map.of());
        try (EngineOpponent o = opponent(List.of(Engines.debian("stockfish")), s, Color.WHITE)) {
            assertThat(((EngineOpponent.Request) next()[0]).ply()).isZero();
        }
    }

    @Test
    void aCrashedEngineIsStartedAgainAndAskedAgainAndThePersonIsTold(@TempDir Path dir) throws Exception {
        GameSession s = session(Map.of());
        try (EngineOpponent o = opponent(Engines.fake("flaky", "e7e5", dir.resolve("crashed-once")), s, Color.BLACK)) {
            s.play(s.game().position().parseSan("e4"));
            Object[] p = next();
            assertThat(s.game().position().uci((Move) p[1])).isEqualTo("e7e5");
            assertThat(notices).anyMatch(n -> n.startsWith("error: the engine failed") && n.contains("exit code 3"));
            assertThat(notices).anyMatch(n -> n.startsWith("info: the engine answers again"));
        }
    }

    @Test
    void theEngineIsToldTheClocksOfATimedGame() throws Exception {
        GameSession s = session(Map.of("TimeControl", "180+2"));
        try (EngineOpponent o = opponent(List.of(Engines.debian("stockfish")), s, Color.BLACK)) {
            s.play(s.game().position().parseSan("e4"));
            EngineOpponent.Request r = (EngineOpponent.Request) next()[0];
            assertThat(r.go().command()).contains("wtime 182000").contains("btime 180000").contains("winc 2000");
        }
    }

    @Test
    void aDrawOfferIsTakenInAnEvenGameAndDeclinedWhenTheEngineIsWinning() throws Exception {
        GameSession even = session("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1");   // blocked pawns: nobody wins
        try (EngineOpponent o = opponent(List.of(Engines.debian("stockfish")), even, Color.BLACK, 12)) {
            even.play(even.game().position().parseSan("Ke2"));
            Object[] p = next();
            even.play((Move) p[1]);
            even.setResult("1/2-1/2", "gesture");
            assertThat(declined).isEmpty();
            assertThat(notices).contains("info: the engine accepts the draw");
        }
        GameSession lost = session("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
        try (EngineOpponent o = opponent(List.of(Engines.debian("stockfish")), lost, Color.BLACK, 12)) {
            lost.play(lost.game().position().parseSan("Kf1"));
            Object[] p = next();
            lost.play((Move) p[1]);
            lost.setResult("1/2-1/2", "gesture");
            assertThat(declined).containsExactly(lost.game().gameId());
            assertThat(notices).anyMatch(n -> n.startsWith("info: the engine declines the draw (it thinks it is"));
        }
    }

    @Test
    void aHintIsThePersonsBestMoveForThePositionAsked() throws Exception {
        GameSession s = session("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");   // White, the person, mates in one
        try (EngineOpponent o = opponent(List.of(Engines.debian("stockfish")), s, Color.BLACK)) {
            o.requestHint(s.game());
            Object[] h = hints.poll(20, TimeUnit.SECONDS);
            assertThat(h).as("the hint").isNotNull();
            assertThat(h[0]).isEqualTo(0);
            assertThat(s.game().position().san((Move) h[1])).isEqualTo("Rd8#");
            assertThat(played).as("a hint is no move of the engine's").isEmpty();
        }
    }
}
