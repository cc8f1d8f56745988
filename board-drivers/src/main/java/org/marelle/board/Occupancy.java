package org.marelle.board;

import java.util.ArrayList;
import java.util.List;

/**
 * What the sensors see at one moment: which squares hold a piece, as 128 bits over a {@code files × ranks} board,
 * with the time of the (debounced) scan in milliseconds. Square {@code n} is {@code rank * files + file}, a1 = 0,
 * the same numbering the rules core uses. Drivers know nothing about chess: an occupancy is just a set of squares.
 *
 * <p>Some hardware can also tell a piece's colour (Hall sensors reading magnet polarity); {@code polarity} is then
 * the set of squares read as a white piece, otherwise {@code null}.
 *
 * {@snippet :
 * Occupancy o = Occupancy.of(8, 8, 0, 12, 52);   // e2 and e7 occupied at t = 0 ms
 * o.occupied(12);                                // true
 * }
 */
public record Occupancy(int files, int ranks, long lo, long hi, long atMillis, Polarity polarity) {

    /** The squares read as holding a white piece (hardware that can tell colours). */
    public record Polarity(long whiteLo, long whiteHi) {
        public boolean white(int square) {
            return square < 64 ? (whiteLo >>> square & 1) != 0 : (whiteHi >>> (square - 64) & 1) != 0;
        }
    }

    public Occupancy {
        if (files < 1 || ranks < 1 || files * ranks > 128) {
            throw new IllegalArgumentException("occupancy of " + files + "x" + ranks + " squares does not fit 128 bits");
        }
        int n = files * ranks;
        long loMask = n >= 64 ? -1L : (1L << n) - 1;
        long hiMask = n <= 64 ? 0 : (n == 128 ? -1L : (1L << (n - 64)) - 1);
        if ((lo & ~loMask) != 0 || (hi & ~hiMask) != 0) {
            throw new IllegalArgumentException("occupancy has squares outside its " + files + "x" + ranks + " board");
        }
    }

    public static Occupancy of(int files, int ranks, long atMillis, int... squares) {
        long lo = 0, hi = 0;
        for (int s : squares) {
            if (s < 0 || s >= files * ranks) throw new IllegalArgumentException("square " + s + " is off the board");
            if (s < 64) lo |= 1L << s; else hi |= 1L << (s - 64);
        }
        return new Occupancy(files, ranks, lo, hi, atMillis, null);
    }

    public static Occupancy empty(int files, int ranks, long atMillis) {
        return new Occupancy(files, ranks, 0, 0, atMillis, null);
    }

    public int squareCount() {
        return files * ranks;
    }

    public boolean occupied(int square) {
        return square < 64 ? (lo >>> square & 1) != 0 : (hi >>> (square - 64) & 1) != 0;
    }

    public int count() {
        return Long.bitCount(lo) + Long.bitCount(hi);
    }

    /** The same squares seen at another time. */
    public Occupancy at(long millis) {
        return new Occupancy(files, ranks, lo, hi, millis, polarity);
    }

    public Occupancy with(int square) {
        return square < 64 ? new Occupancy(files, ranks, lo | 1L << square, hi, atMillis, polarity)
                : new Occupancy(files, ranks, lo, hi | 1L << (square - 64), atMillis, polarity);
    }

    public Occupancy without(int square) {
        return square < 64 ? new Occupancy(files, ranks, lo & ~(1L << square), hi, atMillis, polarity)
                : new Occupancy(files, ranks, lo, hi & ~(1L << (square - 64)), atMillis, polarity);
    }

    /** Whether the same squares are occupied (time and polarity aside). */
    public boolean sameSquares(Occupancy other) {
        return other != null && lo == other.lo && hi == other.hi && files == other.files && ranks == other.ranks;
    }

    public List<Integer> squares() {
        List<Integer> out = new ArrayList<>(count());
        for (long b = lo; b != 0; b &= b - 1) out.add(Long.numberOfTrailingZeros(b));
        for (long b = hi; b != 0; b &= b - 1) out.add(64 + Long.numberOfTrailingZeros(b));
        return out;
    }

    /** Square name as in SAN: file letter a–l, rank number from 1. */
    public String squareName(int square) {
        return (char) ('a' + square % files) + Integer.toString(square / files + 1);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Occupancy@" + atMillis + "ms[");
        for (int s : squares()) {
            if (sb.charAt(sb.length() - 1) != '[') sb.append(' ');
            sb.append(squareName(s));
        }
        return sb.append(']').toString();
    }
}
