package org.marelle.board.gpio;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutput;
import java.util.ArrayList;
import java.util.List;
import org.marelle.board.Delay;
import org.marelle.board.ManualClock;
import org.marelle.board.MockPi4j;
import org.marelle.board.Occupancy;
import org.marelle.board.ScanningSensorBoard;
import org.marelle.board.SensorMapping;
import org.marelle.board.SensorReading;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;

/**
 * Runs the matrix scanner against Pi4J's mock platform. Mock inputs do not follow outputs, so the test wires a
 * simulated matrix: a listener on every row output sets the column inputs the way closed switches and diodes
 * would while that row is selected.
 */
class MatrixScannerTest {

    private static final List<Integer> ROWS = List.of(5, 6, 13, 19, 26, 16, 20, 21);
    private static final List<Integer> COLUMNS_8 = List.of(4, 17, 27, 22, 10, 9, 11, 12);

    private final Context pi4j = MockPi4j.context();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    /** Switches closed at (row, column); checks that at most one row is ever selected. */
    static final class SimulatedMatrix {
        final boolean[][] closed;
        final List<MockDigitalInput> columns = new ArrayList<>();
        final DigitalState active;
        final DigitalState idle;
        int selected = 0;
        int maxSelected = 0;
        int selections = 0;

        SimulatedMatrix(Context pi4j, int rows, int columns, boolean activeLow) {
            this.closed = new boolean[rows][columns];
            this.active = activeLow ? DigitalState.LOW : DigitalState.HIGH;
            this.idle = activeLow ? DigitalState.HIGH : DigitalState.LOW;
            for (int c = 0; c < columns; c++) {
                MockDigitalInput in = pi4j.io("matrix-column-" + c, MockDigitalInput.class);
                in.mockState(idle);
                this.columns.add(in);
            }
            for (int r = 0; r < rows; r++) {
                int row = r;
                MockDigitalOutput out = pi4j.io("matrix-row-" + r, MockDigitalOutput.class);
                out.addListener(e -> {
                    if (e.state() == active) {
                        selected++;
                        selections++;
                        maxSelected = Math.max(maxSelected, selected);
                        for (int c = 0; c < columns; c++) this.columns.get(c).mockState(closed[row][c] ? active : idle);
                    } else {
                        selected--;
                        for (MockDigitalInput in : this.columns) in.mockState(idle);
                    }
                });
            }
        }
    }

    @Test
    void readsClosedSwitchesActiveLow() {
        var scanner = MatrixScanner.open(pi4j, new MatrixScanner.Wiring(ROWS, COLUMNS_8, true, 2_000), Delay.NONE);
        var sim = new SimulatedMatrix(pi4j, 8, 8, true);
        sim.closed[0][0] = true;   // sensor 0
        sim.closed[1][4] = true;   // sensor 12
        sim.closed[7][7] = true;   // sensor 63

        SensorReading r = scanner.scan();

        assertThat(r).isEqualTo(SensorReading.ofSensors(0, 12, 63));
        assertThat(sim.selections).isEqualTo(8);
        assertThat(sim.maxSelected).as("rows selected at once").isEqualTo(1);
        for (int i = 0; i < 8; i++) {
            assertThat(pi4j.io("matrix-row-" + i, MockDigitalOutput.class).state()).isEqualTo(DigitalState.HIGH);
        }
    }

    @Test
    void columnsArePulledUpWithoutPi4jDebounce() {
        MatrixScanner.open(pi4j, new MatrixScanner.Wiring(ROWS, COLUMNS_8, true, 0), Delay.NONE);
        DigitalInput column = pi4j.io("matrix-column-3", DigitalInput.class);
        assertThat(column.config().pull()).isEqualTo(PullResistance.PULL_UP);
        assertThat(column.config().debounce()).isZero();
        assertThat(column.config().address()).isEqualTo(22);
    }

    @Test
    void activeHighTwelveColumnsReachTheHighWord() {
        var columns = List.of(4, 17, 27, 22, 10, 9, 11, 12, 2, 3, 14, 15);
        var scanner = MatrixScanner.open(pi4j, new MatrixScanner.Wiring(ROWS, columns, false, 0), Delay.NONE);
        assertThat(pi4j.io("matrix-column-0", DigitalInput.class).config().pull()).isEqualTo(PullResistance.PULL_DOWN);
        var sim = new SimulatedMatrix(pi4j, 8, 12, false);
        sim.closed[7][11] = true;  // sensor 95
        sim.closed[5][4] = true;   // sensor 64
        sim.closed[0][11] = true;  // sensor 11
        assertThat(scanner.scan().sensors()).containsExactly(11, 64, 95);
        assertThat(pi4j.io("matrix-row-7", MockDigitalOutput.class).state()).isEqualTo(DigitalState.LOW);
    }

    @Test
    void aBoardOnTheMatrixReportsDebouncedFrames() {
        var scanner = MatrixScanner.open(pi4j, new MatrixScanner.Wiring(ROWS, COLUMNS_8, true, 0), Delay.NONE);
        var sim = new SimulatedMatrix(pi4j, 8, 8, true);
        var clock = new ManualClock(1_000);
        var board = new ScanningSensorBoard(scanner, SensorMapping.identity(8, 8), 2, clock,
                ScanningSensorBoard.DEFAULT_PERIOD);
        List<Occupancy> frames = new ArrayList<>();
        board.addListener(frames::add);

        sim.closed[1][4] = true;
        board.scanOnce();
        clock.advance(20);
        board.scanOnce();
        sim.closed[1][4] = false;      // e2 lifted
        clock.advance(20);
        board.scanOnce();
        sim.closed[3][4] = true;       // e4 dropped: e2 has read empty for two scans (settled), e4 full for one
        clock.advance(20);
        board.scanOnce();
        clock.advance(20);
        board.scanOnce();

        // Each square settles on its own: the lift of e2, then e4.
        assertThat(frames).extracting(Occupancy::squares).containsExactly(SquareSet.of(12), SquareSet.EMPTY, SquareSet.of(28));
        assertThat(frames).extracting(Occupancy::atMillis).containsExactly(1_000L, 1_040L, 1_060L);
    }
}
