package org.marelle.board.gpio;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.marelle.board.Delay;
import org.marelle.board.SensorReading;
import org.marelle.board.SensorScanner;

/**
 * Reed switches or Hall sensors wired as a row/column matrix on GPIO pins, one diode per switch so that several
 * closed switches do not make phantom ones. A scan drives one row at a time to its active level, lets it settle,
 * reads every column, and puts the row back. Sensor {@code row * columns + column}.
 *
 * <p>Active-low (the usual wiring): rows idle high and are pulled low one at a time, columns have pull-ups, a
 * closed switch pulls its column low through its diode. Active-high is the mirror image with pull-downs.
 */
public final class MatrixScanner implements SensorScanner {

    /**
     * Which pins the matrix uses.
     *
     * @param rows        BCM numbers of the row pins (outputs), row 0 first
     * @param columns     BCM numbers of the column pins (inputs), column 0 first
     * @param activeLow   whether a row is selected by driving it low (columns pulled up)
     * @param settleNanos wait after selecting a row before reading the columns
     */
    public record Wiring(List<Integer> rows, List<Integer> columns, boolean activeLow, long settleNanos) {
        public Wiring {
            rows = List.copyOf(rows);
            columns = List.copyOf(columns);
            if (rows.isEmpty() || columns.isEmpty()) throw new IllegalArgumentException("a matrix needs rows and columns");
            if (rows.size() * columns.size() > 128) {
                throw new IllegalArgumentException(rows.size() + "x" + columns.size() + " matrix: at most 128 sensors");
            }
            var seen = new HashSet<Integer>();
            for (int pin : rows) if (!seen.add(pin)) throw new IllegalArgumentException("BCM " + pin + " is used twice");
            for (int pin : columns) if (!seen.add(pin)) throw new IllegalArgumentException("BCM " + pin + " is used twice");
            if (settleNanos < 0) throw new IllegalArgumentException("settle time " + settleNanos + " ns");
        }
    }

    private final List<DigitalOutput> rows;
    private final List<DigitalInput> columns;
    private final DigitalState active;
    private final DigitalState idle;
    private final long settleNanos;
    private final Delay delay;

    public MatrixScanner(List<DigitalOutput> rows, List<DigitalInput> columns, boolean activeLow, long settleNanos,
                         Delay delay) {
        this.rows = List.copyOf(rows);
        this.columns = List.copyOf(columns);
        if (this.rows.size() * this.columns.size() > 128 || this.rows.isEmpty() || this.columns.isEmpty()) {
            throw new IllegalArgumentException(this.rows.size() + "x" + this.columns.size() + " matrix");
        }
        this.active = activeLow ? DigitalState.LOW : DigitalState.HIGH;
        this.idle = activeLow ? DigitalState.HIGH : DigitalState.LOW;
        this.settleNanos = settleNanos;
        this.delay = Objects.requireNonNull(delay, "delay");
        for (DigitalOutput row : this.rows) row.state(idle);
    }

    /** Creates the pins (ids {@code matrix-row-N}, {@code matrix-column-N}) and the scanner. */
    public static MatrixScanner open(Context pi4j, Wiring wiring, Delay delay) {
        DigitalState idle = wiring.activeLow() ? DigitalState.HIGH : DigitalState.LOW;
        PullResistance pull = wiring.activeLow() ? PullResistance.PULL_UP : PullResistance.PULL_DOWN;
        List<DigitalOutput> rows = new ArrayList<>();
        for (int i = 0; i < wiring.rows().size(); i++) {
            rows.add(GpioPins.output(pi4j, "matrix-row-" + i, wiring.rows().get(i), idle));
        }
        List<DigitalInput> columns = new ArrayList<>();
        for (int i = 0; i < wiring.columns().size(); i++) {
            columns.add(GpioPins.input(pi4j, "matrix-column-" + i, wiring.columns().get(i), pull));
        }
        return new MatrixScanner(rows, columns, wiring.activeLow(), wiring.settleNanos(), delay);
    }

    @Override
    public int sensorCount() {
        return rows.size() * columns.size();
    }

    @Override
    public SensorReading scan() {
        long lo = 0, hi = 0;
        int width = columns.size();
        for (int r = 0; r < rows.size(); r++) {
            DigitalOutput row = rows.get(r);
            row.state(active);
            try {
                delay.pause(settleNanos);
                for (int c = 0; c < width; c++) {
                    if (columns.get(c).state() == active) {
                        int sensor = r * width + c;
                        if (sensor < 64) lo |= 1L << sensor; else hi |= 1L << (sensor - 64);
                    }
                }
            } finally {
                // Never leave a row selected: it would read as pieces on every square of the row next time.
                row.state(idle);
            }
        }
        return SensorReading.of(lo, hi);
    }

    @Override
    public void close() {
        for (DigitalOutput row : rows) row.state(idle);
    }
}
