package org.marelle.board;

import java.util.Arrays;
import org.marelle.board.layout.GridOrder;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;

/**
 * Which square each sensor watches: the hardware numbers its sensors in wiring order (matrix row by row, chip by
 * chip, bit by bit), the board numbers squares a1 = 0, b1 = 1, … The configuration sets the mapping, either as a
 * regular grid (a {@link GridOrder}: rotation, mirroring, serpentine wiring) or as an explicit table written by
 * calibration. Hardware may have more sensors than squares; the extra ones map to no square and are ignored.
 */
public final class SensorMapping {

    /** Marks a sensor that watches no square. */
    public static final int UNUSED = -1;

    private final int files;
    private final int ranks;
    private final int[] squareOfSensor;
    private final int[] sensorOfSquare;

    private SensorMapping(int files, int ranks, int[] squareOfSensor) {
        if (files < 1 || ranks < 1 || files * ranks > 128) {
            throw new IllegalArgumentException("a board of " + files + "x" + ranks + " squares does not fit 128 bits");
        }
        if (squareOfSensor.length > 128) {
            throw new IllegalArgumentException(squareOfSensor.length + " sensors; at most 128 are supported");
        }
        this.files = files;
        this.ranks = ranks;
        this.squareOfSensor = squareOfSensor;
        this.sensorOfSquare = new int[files * ranks];
        Arrays.fill(sensorOfSquare, UNUSED);
        for (int sensor = 0; sensor < squareOfSensor.length; sensor++) {
            int sq = squareOfSensor[sensor];
            if (sq == UNUSED) continue;
            if (sq < 0 || sq >= files * ranks) {
                throw new IllegalArgumentException("sensor " + sensor + " maps to square " + sq + ", off the "
                        + files + "x" + ranks + " board");
            }
            if (sensorOfSquare[sq] != UNUSED) {
                throw new IllegalArgumentException("sensors " + sensorOfSquare[sq] + " and " + sensor
                        + " both map to " + new BoardGeometry(files, ranks).squareName(sq));
            }
            sensorOfSquare[sq] = sensor;
        }
    }

    /** Sensor {@code i} watches square {@code i}. */
    public static SensorMapping identity(int files, int ranks) {
        return grid(files, ranks, GridOrder.rowMajor(files, ranks));
    }

    /** Sensor {@code i} watches the square the grid order puts element {@code i} on. */
    public static SensorMapping grid(int files, int ranks, GridOrder order) {
        if (order.width() != files || order.height() != ranks) {
            throw new IllegalArgumentException("sensor grid of " + order.width() + "x" + order.height()
                    + " for a board of " + files + "x" + ranks);
        }
        int[] table = new int[order.size()];
        for (int i = 0; i < table.length; i++) table[i] = order.cell(i);
        return new SensorMapping(files, ranks, table);
    }

    /**
     * An explicit table: {@code squares[i]} is the square sensor {@code i} watches, or {@link #UNUSED}.
     *
     * @throws IllegalArgumentException if a square is off the board or watched by two sensors
     */
    public static SensorMapping table(int files, int ranks, int... squares) {
        return new SensorMapping(files, ranks, squares.clone());
    }

    /**
     * Reads a table written as square names in sensor order, separated by blanks; {@code -} marks a sensor that
     * watches no square, e.g. {@code "a1 b1 c1 - d1"}. This is the form calibration writes ({@link #toText()}).
     *
     * @throws IllegalArgumentException naming the sensor number, the column and the text of a bad entry
     */
    public static SensorMapping parse(int files, int ranks, String text) {
        BoardGeometry geometry = new BoardGeometry(files, ranks);
        int[] squares = new int[128];
        int n = 0;
        int i = 0;
        while (i < text.length()) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) i++;
            if (i >= text.length()) break;
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i))) i++;
            String word = text.substring(start, i);
            if (n == squares.length) {
                throw new IllegalArgumentException("sensor table, column " + (start + 1) + ": more than 128 sensors");
            }
            try {
                squares[n] = word.equals("-") ? UNUSED : geometry.readSquare(word);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("sensor table, sensor " + n + " (column " + (start + 1) + "): "
                        + e.getMessage(), e);
            }
            n++;
        }
        return new SensorMapping(files, ranks, Arrays.copyOf(squares, n));
    }

    public int files() {
        return files;
    }

    public int ranks() {
        return ranks;
    }

    public int sensorCount() {
        return squareOfSensor.length;
    }

    /** The square sensor {@code sensor} watches, or {@link #UNUSED}. */
    public int square(int sensor) {
        return sensor < squareOfSensor.length ? squareOfSensor[sensor] : UNUSED;
    }

    /** The sensor watching {@code square}, or {@link #UNUSED}. */
    public int sensor(int square) {
        return sensorOfSquare[square];
    }

    /** The squares the reading's sensors see, at the given time. Sensors beyond the table are ignored. */
    public Occupancy occupancy(SensorReading reading, long atMillis) {
        SquareSet squares = SquareSet.EMPTY, white = SquareSet.EMPTY;
        for (int word = 0; word < 2; word++) {
            long bits = word == 0 ? reading.lo() : reading.hi();
            while (bits != 0) {
                int sensor = word * 64 + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int sq = square(sensor);
                if (sq == UNUSED) continue;
                squares = squares.with(sq);
                if (reading.polarity() && reading.white(sensor)) white = white.with(sq);
            }
        }
        Occupancy.Polarity polarity = reading.polarity() ? new Occupancy.Polarity(white) : null;
        return new Occupancy(files, ranks, squares, atMillis, polarity);
    }

    /** The table as square names in sensor order, the form {@link #parse} reads. */
    public String toText() {
        BoardGeometry geometry = new BoardGeometry(files, ranks);
        StringBuilder sb = new StringBuilder();
        for (int sensor = 0; sensor < squareOfSensor.length; sensor++) {
            if (sensor > 0) sb.append(sensor % files == 0 ? '\n' : ' ');
            int sq = squareOfSensor[sensor];
            sb.append(sq == UNUSED ? "-" : geometry.squareName(sq));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SensorMapping m && m.files == files && m.ranks == ranks
                && Arrays.equals(m.squareOfSensor, squareOfSensor);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(squareOfSensor) * 31 + files;
    }

    @Override
    public String toString() {
        return "SensorMapping " + files + "x" + ranks + " of " + squareOfSensor.length + " sensors";
    }
}
