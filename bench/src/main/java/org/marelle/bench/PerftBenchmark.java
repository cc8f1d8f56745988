package org.marelle.bench;

import io.github.wolfraam.chessgame.board.Board;
import java.util.concurrent.TimeUnit;
import org.marelle.rules.Perft;
import org.marelle.rules.Position;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Perft speed: one operation is a whole perft of {@link PerftPosition} to its depth, so the time per operation
 * divided into the position's node count is nodes per second ({@link NodesPerSecond} prints that table).
 * Each engine's count is checked at the end of its trial: a fast wrong answer is a failure, not a result.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class PerftBenchmark {

    /** The chess positions both engines play; {@code -p position=KIWIPETE} picks one. */
    @Param({"START", "KIWIPETE"})
    public PerftPosition position;

    private Position marellePosition;
    private Board chessgameBoard;
    private long lastCount = -1;

    @Setup(Level.Trial)
    public void setUp() {
        marellePosition = Position.fromFen(position.fen);
        chessgameBoard = Board.fromFen(position.fen);
    }

    @Benchmark
    public long marelle() {
        return lastCount = Perft.perft(marellePosition, position.depth);
    }

    @Benchmark
    public long chessgame() {
        return lastCount = ChessgamePerft.perft(chessgameBoard, position.depth);
    }

    @TearDown(Level.Trial)
    public void checkCount() {
        if (lastCount != position.nodes) {
            throw new IllegalStateException("perft(" + position + ", " + position.depth + ") gave " + lastCount
                    + ", expected " + position.nodes);
        }
    }
}
