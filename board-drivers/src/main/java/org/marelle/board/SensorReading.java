package org.marelle.board;

/**
 * One raw scan of a board's sensors, in the hardware's own sensor numbering: bit {@code i} of the 128-bit
 * {@code lo}/{@code hi} pair is set when sensor {@code i} sees a piece. Hardware that reads magnet polarity also
 * fills {@code whiteLo}/{@code whiteHi} (sensors seeing a white piece) and sets {@code polarity}.
 * A {@link SensorMapping} turns it into an {@link Occupancy} of squares.
 */
public record SensorReading(long lo, long hi, long whiteLo, long whiteHi, boolean polarity) {

    public static final SensorReading NONE = new SensorReading(0, 0, 0, 0, false);

    public static SensorReading of(long lo, long hi) {
        return new SensorReading(lo, hi, 0, 0, false);
    }

    /** A reading with the given sensors on. */
    public static SensorReading ofSensors(int... sensors) {
        long lo = 0, hi = 0;
        for (int s : sensors) {
            if (s < 0 || s >= 128) throw new IllegalArgumentException("sensor " + s + " is not in 0..127");
            if (s < 64) lo |= 1L << s; else hi |= 1L << (s - 64);
        }
        return of(lo, hi);
    }

    /** The sensors that are on, in increasing order. */
    public java.util.List<Integer> sensors() {
        var out = new java.util.ArrayList<Integer>(Long.bitCount(lo) + Long.bitCount(hi));
        for (long b = lo; b != 0; b &= b - 1) out.add(Long.numberOfTrailingZeros(b));
        for (long b = hi; b != 0; b &= b - 1) out.add(64 + Long.numberOfTrailingZeros(b));
        return out;
    }

    public boolean on(int sensor) {
        return sensor < 64 ? (lo >>> sensor & 1) != 0 : (hi >>> (sensor - 64) & 1) != 0;
    }

    public boolean white(int sensor) {
        return sensor < 64 ? (whiteLo >>> sensor & 1) != 0 : (whiteHi >>> (sensor - 64) & 1) != 0;
    }
}
