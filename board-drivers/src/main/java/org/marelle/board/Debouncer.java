package org.marelle.board;

import java.util.Objects;
import java.util.Optional;

/**
 * Turns raw scans into settled frames: a reading counts once {@code scans} consecutive scans agree (same squares,
 * same polarity). Reed switches bounce for a few milliseconds and a sliding piece crosses squares; requiring
 * agreement filters both. This is the one place debouncing happens, whatever the hardware.
 *
 * <p>A settled frame carries the time of the <em>first</em> scan of the agreeing run: that is when the board
 * really changed, to within one scan period, and the recognizer reasons about those times. It is reported only
 * when it differs from the previous settled frame (a bounce that returns to the old state reports nothing).
 *
 * <p>Not thread-safe: one scan loop owns a debouncer.
 */
public final class Debouncer {

    private final int scans;
    /** The first scan of the current run of agreeing scans: its time is the settled frame's time. */
    private Occupancy candidate;
    private int run;
    private Occupancy stable;

    /** @param scans how many identical consecutive scans make a reading settled (1 = no debouncing) */
    public Debouncer(int scans) {
        if (scans < 1) throw new IllegalArgumentException("debounce scans must be at least 1, not " + scans);
        this.scans = scans;
    }

    public int scans() {
        return scans;
    }

    /**
     * Feeds one raw scan.
     *
     * @return the new settled frame if this scan settled a reading different from the last settled one
     */
    public Optional<Occupancy> accept(Occupancy scan) {
        Objects.requireNonNull(scan, "scan");
        if (candidate != null && same(candidate, scan)) {
            run++;
        } else {
            candidate = scan;
            run = 1;
        }
        if (run == scans && (stable == null || !same(stable, candidate))) {
            stable = candidate;
            return Optional.of(stable);
        }
        return Optional.empty();
    }

    /** The last settled frame, if any. */
    public Optional<Occupancy> stable() {
        return Optional.ofNullable(stable);
    }

    /** Forgets everything, e.g. after the hardware was reconnected: the next settled reading is reported. */
    public void reset() {
        candidate = null;
        stable = null;
        run = 0;
    }

    private static boolean same(Occupancy a, Occupancy b) {
        return a.sameSquares(b) && Objects.equals(a.polarity(), b.polarity());
    }
}
