package org.marelle.bench;

import java.util.concurrent.TimeUnit;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Position;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The move recognizer's time per frame, as a sampled distribution (JMH prints the median, p0.99 and more): the
 * target is a p99 under 50 µs on a Raspberry Pi class machine. Three frames of a middlegame (after 10 moves of a
 * Queen's Gambit Declined, White to move, 40 legal moves):
 * <ul>
 * <li>{@code liftedPiece}: the knight on f3 is lifted; the recognizer finds no move and the LED frame shows the
 * knight's legal destinations (the LED hint path);</li>
 * <li>{@code provisionalMove}: the knight is set down on e5; the board matches Ne5, which becomes provisional;</li>
 * <li>{@code commit}: the settle window of Ne5 runs out on a tick; the move is committed.</li>
 * <li>{@code commitCapture}: in another position (White's e4 pawn can take on d5 or on f5), the capture window of
 * exd5 runs out on a tick; f5 having read gone a moment (a touch), the story search first looks for another
 * capture by the same pawn as likely (the doubt a capture whose piece could take another, read gone, is put to since
 * session 34), then the move is committed.</li>
 * </ul>
 * Each operation starts from the same immutable recognizer state, so every sample is the same work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RecognizerBenchmark {

    /** After 1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 5.e3 O-O 6.Nf3 Nbd7 7.Rc1 c6 8.Bd3 dxc4 9.Bxc4 Nd5 10.Bxe7 Qxe7. */
    private static final String FEN = "r1b2rk1/pp1nqppp/2p1p3/3n4/2BP4/2N1PN2/PP3PPP/2RQK2R w K - 0 11";

    private RecognizerState synced;
    private RecognizerState lifted;
    private RecognizerState provisional;
    private Occupancy liftFrame;
    private Occupancy dropFrame;
    private long commitAt;
    /** Three black pawns on d5, e5 and f5: the e4 pawn takes one of two. */
    private static final String CAPTURE_FEN = "rnbqkb1r/ppp3pp/5n2/3ppp2/4P3/3P1N2/PPP2PPP/RNBQKB1R w KQkq - 0 5";
    private RecognizerState captured;
    private long captureCommitAt;

    @Setup(Level.Trial)
    public void setUp() {
        Position p = Position.fromFen(FEN);
        BoardGeometry g = p.geometry();
        SquareSet occ = p.occupancy();
        int f3 = g.parseSquare("f3"), e5 = g.parseSquare("e5");
        Occupancy start = Occupancy.of(g, occ, 0);
        synced = RecognizerState.start(p, RecognizerConfig.defaults()).accept(start).state();
        liftFrame = start.without(f3).at(1_000);
        dropFrame = liftFrame.with(e5).at(1_400);
        lifted = synced.accept(liftFrame).state();
        Step drop = lifted.accept(dropFrame);
        provisional = drop.state();
        if (provisional.provisionalMove().isEmpty()) throw new IllegalStateException("Ne5 is not provisional");
        commitAt = provisional.wakeUpAt().orElseThrow();
        Step commit = provisional.tick(commitAt);
        if (commit.events().stream().noneMatch(e -> e instanceof RecognitionEvent.MoveCommitted)) {
            throw new IllegalStateException("Ne5 was not committed at " + commitAt);
        }
        Position c = Position.fromFen(CAPTURE_FEN);
        int e4 = g.parseSquare("e4"), d5 = g.parseSquare("d5");
        Occupancy before = Occupancy.of(g, c.occupancy(), 0);
        RecognizerState s = RecognizerState.start(c, RecognizerConfig.defaults()).accept(before).state();
        s = s.accept(before.without(e4).at(1_000)).state();
        // (f5 read gone a moment, a touch: the other capture is searched for.)
        s = s.accept(before.without(e4).without(g.parseSquare("f5")).at(1_050)).state();
        s = s.accept(before.without(e4).at(1_100)).state();
        s = s.accept(before.without(e4).without(d5).at(1_150)).state();
        captured = s.accept(before.without(e4).at(1_300)).state();
        captureCommitAt = captured.wakeUpAt().orElseThrow();
        for (int guard = 0; guard < 10; guard++) {
            Step t = captured.tick(captureCommitAt);
            if (t.events().stream().anyMatch(e -> e instanceof RecognitionEvent.MoveCommitted)) break;
            captured = t.state();
            captureCommitAt = captured.wakeUpAt().orElseThrow();
        }
        if (captured.tick(captureCommitAt).events().stream()
                .noneMatch(e -> e instanceof RecognitionEvent.MoveCommitted m && m.san().equals("exd5"))) {
            throw new IllegalStateException("exd5 was not committed at " + captureCommitAt);
        }
    }

    @Benchmark
    public LedFrame liftedPiece() {
        return synced.accept(liftFrame).state().leds();
    }

    @Benchmark
    public Step provisionalMove() {
        return lifted.accept(dropFrame);
    }

    @Benchmark
    public Step commit() {
        return provisional.tick(commitAt);
    }

    @Benchmark
    public Step commitCapture() {
        return captured.tick(captureCommitAt);
    }
}
