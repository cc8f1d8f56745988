package org.marelle.bench;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.platform.MockPlatform;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.marelle.board.Delay;
import org.marelle.board.ScanningSensorBoard;
import org.marelle.board.SensorMapping;
import org.marelle.board.SensorReading;
import org.marelle.board.gpio.MatrixScanner;
import org.marelle.board.serial.LineParser;
import org.marelle.board.serial.Malformed;
import org.marelle.board.serial.SerialBoard;
import org.marelle.board.serial.SerialLink;
import org.marelle.board.serial.SerialMessage;
import org.marelle.board.serial.SerialProtocol;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Costs of the board drivers: one full 8x8 GPIO matrix scan on Pi4J's mock platform (the driver's own cost and
 * Pi4J's, without the microseconds real pins add), the same through the scanning board (mapping and debouncing
 * too), and how many occupancy frames per second the serial line parser and the whole serial driver handle.
 * Run: {@code java -cp bench/target/benchmarks.jar org.openjdk.jmh.Main BoardDriverBenchmark}.
 */
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class BoardDriverBenchmark {

    private static final int FRAMES = 1000;

    private Context pi4j;
    private MatrixScanner matrix;
    private ScanningSensorBoard scanningBoard;
    private byte[] frameStream;
    private final LineParser parser = new LineParser();
    private final CountingSink sink = new CountingSink();
    private SerialBoard serialBoard;

    /** Counts parsed frames, so the work cannot be optimised away. */
    static final class CountingSink implements LineParser.Sink {
        long frames;
        long bad;

        @Override
        public void message(SerialMessage message) {
            if (message instanceof SerialMessage.Frame) frames++;
        }

        @Override
        public void malformed(Malformed malformed) {
            bad++;
        }
    }

    /** Hands out the same bytes again and again, in chunks the size of a serial read. */
    static final class MemoryLink implements SerialLink {
        private final byte[] data;
        private int pos;

        MemoryLink(byte[] data) {
            this.data = data;
        }

        @Override
        public int read(byte[] buffer) {
            if (pos == data.length) pos = 0;
            int n = Math.min(buffer.length, data.length - pos);
            System.arraycopy(data, pos, buffer, 0, n);
            pos += n;
            return n;
        }

        @Override
        public void write(byte[] bytes) {
        }

        @Override
        public void close() {
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        pi4j = Pi4J.newContextBuilder().add(new MockPlatform())
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance()).build();
        matrix = MatrixScanner.open(pi4j, new MatrixScanner.Wiring(List.of(5, 6, 13, 19, 26, 16, 20, 21),
                List.of(4, 17, 27, 22, 23, 24, 25, 12), true, 0), Delay.NONE);
        scanningBoard = new ScanningSensorBoard(matrix, SensorMapping.identity(8, 8), 2, InstantSource.system(),
                Duration.ofMillis(20));

        // A game's worth of 64-sensor frames: the start position with one square changing each frame.
        var out = new ByteArrayOutputStream();
        for (int i = 0; i < FRAMES; i++) {
            long lo = 0xFFFF00000000FFFFL ^ (1L << (i % 64));
            out.writeBytes(SerialProtocol.frame(i & 0xFFFF, 64, SensorReading.of(lo, 0)).getBytes(StandardCharsets.US_ASCII));
        }
        frameStream = out.toByteArray();

        // The serial board reads the board's hello and then the frames, over and over.
        var stream = new ByteArrayOutputStream();
        stream.writeBytes(SerialProtocol.boardHello(1, 64, 0, "bench").getBytes(StandardCharsets.US_ASCII));
        stream.writeBytes(frameStream);
        var link = new MemoryLink(stream.toByteArray());
        serialBoard = new SerialBoard(() -> link, SensorMapping.identity(8, 8), null, InstantSource.system(),
                SerialBoard.Settings.defaults());
        serialBoard.step();   // connect
        if (!serialBoard.stats().connected()) throw new IllegalStateException("serial board did not connect");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (sink.bad > 0) throw new IllegalStateException(sink.bad + " frames did not parse");
        pi4j.shutdown();
    }

    /** One full scan of an 8x8 matrix: 8 rows selected and released, 64 column reads. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public SensorReading matrixScan() {
        return matrix.scan();
    }

    /** A full scan plus mapping to squares and debouncing, as the scan loop does it 50 times a second. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public boolean scanLoopStep() {
        return scanningBoard.scanOnce();
    }

    /** Frames per second the line parser reads (one operation is one frame). */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(FRAMES)
    public long parseFrames() {
        parser.feed(frameStream, 0, frameStream.length, sink);
        return sink.frames;
    }

    /**
     * Frames per second through the whole serial driver: reads in 512-byte chunks, parsing, sequence checks,
     * mapping, debouncing and listeners (one operation is one frame; a step reads about 20 frames).
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(FRAMES)
    public long serialDriverFrames() {
        long before = serialBoard.stats().frames();
        while (serialBoard.stats().frames() - before < FRAMES) serialBoard.step();
        return serialBoard.stats().frames();
    }
}
