package org.marelle.board;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.marelle.geometry.SquareSet;

/**
 * Turns raw scans into settled frames, square by square: a square's reading counts once {@code scans} consecutive
 * scans agree on it (occupied or not, and its colour on hardware that reads colours). Reed switches bounce for a few
 * milliseconds and a sliding piece crosses squares; requiring agreement filters both. This is the one place
 * debouncing happens, whatever the hardware.
 *
 * <p>Why per square and not per board: a capture made one-handed empties its square for only a few scans; if the
 * whole board had to agree, a hand brushing a neighbouring square (or a piece set down elsewhere) in those same scans
 * would keep the board from ever agreeing, and the capture would never be seen. Each square is filtered on its own,
 * as keyboards debounce each key.
 *
 * <p>A settled frame carries the time of the <em>first</em> scan of the agreeing run of the squares that settled: that
 * is when they really changed, to within one scan period, and the recognizer reasons about those times. A frame is
 * reported only when a square settled into a reading other than its last settled one (a bounce that returns to the old
 * state reports nothing).
 *
 * <p>Not thread-safe: one scan loop owns a debouncer.
 */
public final class Debouncer {

    private final int scans;
    /** The last settled frame (null before the first). */
    private Occupancy stable;
    private int files, ranks;
    /** Per square: the reading of the current run of agreeing scans (bit 0 occupied, bit 1 white), its length, start. */
    private byte[] candidate;
    private int[] run;
    private long[] runFrom;

    /** @param scans how many identical consecutive scans make a square's reading settled (1 = no debouncing) */
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
     * @return the new settled frame if this scan settled a square into a reading other than its last settled one
     */
    public Optional<Occupancy> accept(Occupancy scan) {
        Objects.requireNonNull(scan, "scan");
        if (candidate == null || scan.files() != files || scan.ranks() != ranks) start(scan);
        int n = scan.squareCount();
        SquareSet occupied = stable == null ? SquareSet.EMPTY : stable.squares();
        Occupancy.Polarity p = stable == null ? null : stable.polarity();
        SquareSet white = p == null ? SquareSet.EMPTY : p.white();
        boolean changed = false;
        long settledFrom = Long.MAX_VALUE;
        for (int sq = 0; sq < n; sq++) {
            byte reading = reading(scan, sq);
            if (run[sq] > 0 && candidate[sq] == reading) {
                if (run[sq] <= scans) run[sq]++;   // (counted only as far as it matters)
            } else {
                candidate[sq] = reading;
                run[sq] = 1;
                runFrom[sq] = scan.atMillis();
            }
            if (run[sq] != scans) continue;
            if (stable != null && reading(stable, sq) == reading) continue;
            // This square settles now, into a new reading.
            changed = true;
            settledFrom = Math.min(settledFrom, runFrom[sq]);
            occupied = (reading & 1) != 0 ? occupied.with(sq) : occupied.without(sq);
            white = (reading & 2) != 0 ? white.with(sq) : white.without(sq);
        }
        if (stable == null) {
            // The first frame: every square must have settled once.
            for (int sq = 0; sq < n; sq++) {
                if (run[sq] < scans) return Optional.empty();
            }
            settledFrom = Long.MIN_VALUE;
            for (int sq = 0; sq < n; sq++) settledFrom = Math.max(settledFrom, runFrom[sq]);
            occupied = scan.squares();
            changed = true;
            Occupancy.Polarity sp = scan.polarity();
            white = sp == null ? SquareSet.EMPTY : sp.white();
        }
        if (!changed) return Optional.empty();
        Occupancy.Polarity polarity = scan.polarity() == null ? null : new Occupancy.Polarity(white.intersect(occupied));
        stable = new Occupancy(files, ranks, occupied, settledFrom, polarity);
        return Optional.of(stable);
    }

    /** The last settled frame, if any. */
    public Optional<Occupancy> stable() {
        return Optional.ofNullable(stable);
    }

    /** Forgets everything, e.g. after the hardware was reconnected: the next settled reading is reported. */
    public void reset() {
        stable = null;
        candidate = null;
    }

    private void start(Occupancy scan) {
        files = scan.files();
        ranks = scan.ranks();
        int n = scan.squareCount();
        candidate = new byte[n];
        run = new int[n];
        runFrom = new long[n];
        Arrays.fill(runFrom, Long.MIN_VALUE);
        stable = null;
    }

    private static byte reading(Occupancy o, int sq) {
        boolean occupied = o.occupied(sq);
        boolean white = occupied && o.polarity() != null && o.polarity().white(sq);
        return (byte) ((occupied ? 1 : 0) | (white ? 2 : 0));
    }
}
