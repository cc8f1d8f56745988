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
}
