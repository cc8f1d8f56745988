package org.marelle.bridge.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

@Timeout(60)
class UciEngineTest {

    private static final Duration T = Duration.ofSeconds(10);

    @Test
    void stockfishPlaysALegalMoveAndSaysItsName() {
        try (UciEngine sf = UciEngine.start(List.of(Engines.debian("stockfish")), Map.of("Threads", "1", "Hash", "16"), T)) {
            assertThat(sf.name()).containsIgnoringCase("stockfish");
            assertThat(sf.hasOption("skill level")).isTrue();
            Position start = Position.start(Variant.STANDARD);
            List<Move> moves = List.of(start.parseSan("e4"), start.playSan("e4").parseSan("e5"));
            Move m = sf.bestMove(start, moves, UciEngine.Go.depth(6), T);
            assertThat(start.play(moves.get(0)).play(moves.get(1)).isLegal(m)).isTrue();
        }
    }

    @Test
    void stockfishMatesInOne() {
        Position p = Position.fromFen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        try (UciEngine sf = UciEngine.start(List.of(Engines.debian("stockfish")), Map.of(), T)) {
            Move m = sf.bestMove(p, List.of(), UciEngine.Go.depth(4), T);
            assertThat(p.san(m)).isEqualTo("Rd8#");
        }
    }

    @Test
    void stockfishCastlesInChess960AsWeWriteIt() {
        // A Chess960 position with both sides' castling rights (from the perft suite in the README), played on for
        // twelve plies: every answer must be legal for us, castling (written king takes rook) included.
        Position p = Position.fromFen(Variant.CHESS960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        try (UciEngine sf = UciEngine.start(List.of(Engines.debian("stockfish")), Map.of("UCI_Chess960", "true"), T)) {
            List<Move> moves = new ArrayList<>();
            Position now = p;
            for (int i = 0; i < 12 && now.outcome().isEmpty(); i++) {
                Move m = sf.bestMove(p, moves, UciEngine.Go.depth(5), T);
                assertThat(now.isLegal(m)).as("%s in %s", m, now.fen()).isTrue();
                moves.add(m);
                now = now.play(m);
            }
        }
    }

    @Test
    void fairyStockfishPlaysCourierOnOurTwelveFileFen() {
        Position p = Variant.COURIER.startPosition();
        try (UciEngine fsf = UciEngine.start(List.of(Engines.debian("fairy-stockfish")), Map.of("UCI_Variant", "courier"), T)) {
            List<Move> moves = new ArrayList<>();
            Position now = p;
            for (int i = 0; i < 10; i++) {
                Move m = fsf.bestMove(p, moves, UciEngine.Go.depth(3), T);
                assertThat(now.isLegal(m)).isTrue();
                moves.add(m);
                now = now.play(m);
            }
        }
    }

    @Test
    void theScoreIsTheLastIterationTheEngineFinished() {
        Position start = Position.start(Variant.STANDARD);
        try (UciEngine e = UciEngine.start(Engines.fake("stopped", "e2e4"), Map.of(), T)) {
            e.bestMove(start, List.of(), UciEngine.Go.moveTime(Duration.ofMillis(50)), T);
            assertThat(e.lastScore()).as("depth 2's score: depth 3 was cut off, bounds and second lines do not count")
                    .isEqualTo(320);
            e.bestMove(start, List.of(), UciEngine.Go.depth(3), T);
            assertThat(e.lastScore()).as("the depth asked for is finished").isEqualTo(-100_000);
        }
        try (UciEngine e = UciEngine.start(Engines.fake("cut", "e2e4"), Map.of(), T)) {
            e.bestMove(start, List.of(), UciEngine.Go.moveTime(Duration.ofMillis(50)), T);
            assertThat(e.lastScore()).as("stopped before it finished anything: no opinion, not a mate").isNull();
        }
    }

    @Test
    void anEngineThatHangsIsReportedOnceItsTimeIsUp() {
        try (UciEngine e = UciEngine.start(Engines.fake("hang", "e2e4"), Map.of(), T)) {
            assertThatThrownBy(() -> e.bestMove(Position.start(Variant.STANDARD), List.of(), UciEngine.Go.depth(1),
                    Duration.ofMillis(300))).isInstanceOf(EngineException.class).hasMessageContaining("did not answer 'bestmove'");
        }
    }

    @Test
    void anEngineThatCrashesIsReportedWithItsExitCode() {
        try (UciEngine e = UciEngine.start(Engines.fake("crash", "e2e4"), Map.of(), T)) {
            assertThatThrownBy(() -> e.bestMove(Position.start(Variant.STANDARD), List.of(), UciEngine.Go.depth(1), T))
                    .isInstanceOf(EngineException.class).hasMessageContaining("stopped").hasMessageContaining("exit code 3");
            assertThat(e.isAlive()).isFalse();
        }
    }

    @Test
    void anEngineThatAnswersNonsenseIsNotBelieved() {
        try (UciEngine e = UciEngine.start(Engines.fake("garbage", "e2e4"), Map.of(), T)) {
            assertThatThrownBy(() -> e.bestMove(Position.start(Variant.STANDARD), List.of(), UciEngine.Go.depth(1), T))
                    .isInstanceOf(EngineException.class).hasMessageContaining("'bestmove z9z9', not a legal move");
        }
        try (UciEngine e = UciEngine.start(Engines.fake("ok", "e2e5"), Map.of(), T)) {
            assertThatThrownBy(() -> e.bestMove(Position.start(Variant.STANDARD), List.of(), UciEngine.Go.depth(1), T))
                    .hasMessageContaining("not a legal move");
        }
    }

    @Test
    void anEngineThatDoesNotSpeakUciOrLacksAnOptionIsRefusedAtStart() {
        assertThatThrownBy(() -> UciEngine.start(Engines.fake("mute", "e2e4"), Map.of(), Duration.ofMillis(300)))
                .isInstanceOf(EngineException.class).hasMessageContaining("did not answer 'uciok'");
        assertThatThrownBy(() -> UciEngine.start(Engines.fake("ok", "e2e4"), Map.of("UCI_Variant", "courier"), T))
                .isInstanceOf(EngineException.class).hasMessageContaining("no option 'UCI_Variant'");
        assertThatThrownBy(() -> UciEngine.start(List.of("/nonexistent/engine"), Map.of(), T))
                .isInstanceOf(EngineException.class).hasMessageContaining("cannot start the engine '/nonexistent/engine'");
    }

    @Test
    void goSaysTheClocksAndLimits() {
        assertThat(UciEngine.Go.clocks(60_000, 55_000, 2_000, 2_000).command())
                .isEqualTo("go wtime 60000 btime 55000 winc 2000 binc 2000");
        assertThat(UciEngine.Go.moveTime(Duration.ofMillis(250)).withClocks(1_000, 2_000, 0, 0).command())
                .isEqualTo("go wtime 1000 btime 2000 movetime 250");
        assertThat(UciEngine.Go.moveTime(Duration.ofMillis(250)).limit(true, Duration.ofSeconds(5), Duration.ZERO))
                .isEqualTo(Duration.ofMillis(5_250));
    }

    @Test
    void fairyStockfishReadsEverySharedCourierPositionAsWeWriteItAndWeReadItsFenBack() throws Exception {
        java.util.Set<String> fens = new java.util.LinkedHashSet<>();
        for (String file : List.of("/engine/courier_perft.epd", "/engine/fsf11_courier_perft_midgame.tsv")) {
            try (var in = UciEngineTest.class.getResourceAsStream(file)) {
                for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                    if (line.isBlank() || line.startsWith("#") || line.startsWith("variant")) continue;
                    String fen = line.startsWith("courier\t") ? line.split("\t")[1] : line.split(";")[0].strip();
                    fens.add(fen);
                }
            }
        }
        assertThat(fens).hasSizeGreaterThan(40);
        try (UciEngine fsf = UciEngine.start(List.of(Engines.debian("fairy-stockfish")), Map.of("UCI_Variant", "courier"), T)) {
            for (String fen : fens) {
                Position ours = Position.fromFen(Variant.COURIER, fen);
                String theirs = fsf.fenAsRead(ours);
                assertThat(theirs).as("Fairy-Stockfish's reading of %s", fen).isEqualTo(ours.fen());
                assertThat(Position.fromFen(Variant.COURIER, theirs)).isEqualTo(ours);
            }
        }
    }
}
