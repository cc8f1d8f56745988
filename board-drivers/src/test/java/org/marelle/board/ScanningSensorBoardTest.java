package org.marelle.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.marelle.board.layout.GridOrder;
import org.marelle.board.layout.Rotation;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;

class ScanningSensorBoardTest {

    /** Hands out queued readings; an empty queue repeats the last one; a queued {@link #FAIL} fails the scan. */
    static final class ScriptedScanner implements SensorScanner {
        final Deque<SensorReading> readings = new ArrayDeque<>();
        SensorReading last = SensorReading.NONE;
        boolean closed;

        @Override
        public int sensorCount() {
            return 64;
        }

        @Override
        public SensorReading scan() {
            if (!readings.isEmpty()) {
                SensorReading next = readings.poll();
                if (next == FAIL) throw new IllegalStateException("I2C bus error");
                last = next;
            }
            return last;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    static final SensorReading FAIL = new SensorReading(-1, -1, -1, -1, true);

    private final ManualClock clock = new ManualClock(0);
    private final ScriptedScanner scanner = new ScriptedScanner();
    private final List<Occupancy> frames = new ArrayList<>();

    @Test
    void mapsDebouncesAndStampsScans() {
        var mapping = SensorMapping.grid(8, 8, new GridOrder(8, 8, Rotation.R180, false, false));
        var board = new ScanningSensorBoard(scanner, mapping, 3, clock, Duration.ofMillis(20));
        board.addListener(frames::add);
        scanner.readings.add(SensorReading.ofSensors(0));      // sensor 0 watches h8 on a turned board
        for (int i = 0; i < 3; i++) {
            board.scanOnce();
            clock.advance(20);
        }
        assertThat(frames).singleElement().satisfies(o -> {
            assertThat(o.squares()).containsExactly(63);
            assertThat(o.atMillis()).isZero();
        });
        assertThat(board.latest()).contains(frames.get(0));
        assertThat(board.scans()).isEqualTo(3);
        assertThat(board.files()).isEqualTo(8);
    }

    @Test
    void aFailedScanIsSkippedAndAFailingListenerDoesNotStopTheOthers() {
        var board = new ScanningSensorBoard(scanner, SensorMapping.identity(8, 8), 1, clock, Duration.ofMillis(20));
        board.addListener(o -> {
            throw new IllegalStateException("listener bug");
        });
        board.addListener(frames::add);
        scanner.readings.add(FAIL);
        assertThat(board.scanOnce()).isFalse();
        scanner.readings.add(SensorReading.ofSensors(5));
        assertThat(board.scanOnce()).isTrue();
        assertThat(board.failedScans()).isEqualTo(1);
        assertThat(frames).extracting(Occupancy::squares).containsExactly(SquareSet.of(5));
    }

    @Test
    void theScanThreadRunsUntilStoppedAndCloseReleasesTheScanner() throws Exception {
        var board = new ScanningSensorBoard(scanner, SensorMapping.identity(8, 8), 2, clock, Duration.ofMillis(1));
        var settled = new CountDownLatch(1);
        board.addListener(o -> settled.countDown());
        scanner.readings.add(SensorReading.ofSensors(7));
        board.start();
        board.start();                                      // a second start is harmless
        assertThat(settled.await(10, TimeUnit.SECONDS)).as("a frame from the scan thread").isTrue();
        board.stop();
        long scans = board.scans();
        assertThat(board.scanOnce()).isTrue();              // still usable by hand after stop
        assertThat(board.scans()).isEqualTo(scans + 1);
        board.close();
        assertThat(scanner.closed).isTrue();
    }

    @Test
    void theMappingMustFitTheHardware() {
        assertThatThrownBy(() -> new ScanningSensorBoard(scanner, SensorMapping.parse(12, 8,
                "a1 " + "- ".repeat(70) + "b1"), 1)).hasMessageContaining("72 sensors").hasMessageContaining("64");
    }
}
