package org.marelle.bench;

import java.util.concurrent.TimeUnit;
import org.marelle.rules.Perft;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
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
 * Courier perft speed on 12x8, Marelle alone (the reference, Fairy-Stockfish, is a C++ engine: run its own
 * {@code go perft 5} beside this to compare). The count is checked like {@link PerftBenchmark}'s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 4)
public class CourierPerftBenchmark {

    @Param({"COURIER"})
    public PerftPosition position;

    private Position start;
    private long lastCount = -1;

    @Setup(Level.Trial)
    public void setUp() {
        start = Position.fromFen(Variant.byName(position.variant), position.fen);
    }

    @Benchmark
    public long marelle() {
        return lastCount = Perft.perft(start, position.depth);
    }

    @TearDown(Level.Trial)
    public void checkCount() {
        if (lastCount != position.nodes) {
            throw new IllegalStateException("perft(" + position + ", " + position.depth + ") gave " + lastCount
                    + ", expected " + position.nodes);
        }
    }
}
