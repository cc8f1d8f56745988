package org.marelle.geometry;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * An immutable set of squares, held as 128 bits so that boards up to 128 squares (8×8, 12×8, 10×10) fit.
 * Bit {@code n} is square index {@code n}; {@code lo} holds squares 0–63, {@code hi} squares 64–127.
 *
 * <p>Read it as a set: {@link #union}, {@link #intersect}, {@link #minus}, {@link #containsAll}, {@link #intersects},
 * {@link #equalsOn}, {@link #distance}. The two components are for the move generator in the rules core, which
 * works on the bits themselves; code that needs a set as words of bits (a hash of recorded frames) asks for
 * {@link #word}.
 *
 * {@snippet :
 * SquareSet set = SquareSet.of(0, 95);    // a1 and l8 on a Courier board
 * set.contains(95);                       // true
 * set.count();                            // 2
 * }
 */
public record SquareSet(long lo, long hi) implements Iterable<Integer> {

    public static final SquareSet EMPTY = new SquareSet(0, 0);

    /** Every square index a set can hold (0 to 127), whatever the board: the mask that leaves nothing out. */
    public static final SquareSet FULL = new SquareSet(-1L, -1L);

    public static SquareSet of(int... squares) {
        long lo = 0, hi = 0;
        for (int s : squares) {
            check(s);
            if (s < 64) lo |= 1L << s; else hi |= 1L << (s - 64);
        }
        return new SquareSet(lo, hi);
    }

    /** All squares of a board. */
    public static SquareSet all(BoardGeometry geometry) {
        return below(geometry.squareCount());
    }

    /** The squares 0 to {@code count - 1}: every square of a board of {@code count} squares. */
    public static SquareSet below(int count) {
        if (count < 0 || count > BoardGeometry.MAX_SQUARES) {
            throw new IllegalArgumentException("square count " + count + " is outside 0..128");
        }
        long lo = count >= 64 ? -1L : (1L << count) - 1;
        long hi = count <= 64 ? 0 : (count == 128 ? -1L : (1L << (count - 64)) - 1);
        return new SquareSet(lo, hi);
    }

    /**
     * The squares {@code 64 * index} to {@code 64 * index + 63} as one word of bits: bit {@code n} is square
     * {@code 64 * index + n}.
     */
    public long word(int index) {
        return switch (index) {
            case 0 -> lo;
            case 1 -> hi;
            default -> throw new IllegalArgumentException("word " + index + " is outside 0..1");
        };
    }

    private static void check(int s) {
        if (s < 0 || s >= BoardGeometry.MAX_SQUARES) {
            throw new IllegalArgumentException("square index " + s + " is outside 0..127");
        }
    }

    public boolean contains(int square) {
        if (square < 0 || square >= BoardGeometry.MAX_SQUARES) return false;
        return square < 64 ? (lo >>> square & 1) != 0 : (hi >>> (square - 64) & 1) != 0;
    }

    public int count() {
        return Long.bitCount(lo) + Long.bitCount(hi);
    }

    public boolean isEmpty() {
        return lo == 0 && hi == 0;
    }

    // equals and hashCode are those a record generates, written out: the generated ones go through invokedynamic,
    // which the C1 compiler the daemon runs with (systemd/marelle.service: TieredStopAtLevel=1) calls slowly, and the
    // recognizer compares the board with every legal move's occupancy on each frame.
    @Override
    public boolean equals(Object o) {
        return o instanceof SquareSet s && lo == s.lo && hi == s.hi;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(lo) * 31 + Long.hashCode(hi);
    }

    /**
     * How many squares are in one set and not the other (the size of the symmetric difference, without making it):
     * how many squares two occupancies differ by.
     */
    public int distance(SquareSet o) {
        return Long.bitCount(lo ^ o.lo) + Long.bitCount(hi ^ o.hi);
    }

    /** Whether every square of {@code o} is in this set. */
    public boolean containsAll(SquareSet o) {
        return (o.lo & ~lo) == 0 && (o.hi & ~hi) == 0;
    }

    /** Whether the two sets have a square in common. */
    public boolean intersects(SquareSet o) {
        return (lo & o.lo) != 0 || (hi & o.hi) != 0;
    }

    /** Whether this set and {@code o} hold the same squares among those of {@code mask} (whatever they hold elsewhere). */
    public boolean equalsOn(SquareSet mask, SquareSet o) {
        return ((lo ^ o.lo) & mask.lo) == 0 && ((hi ^ o.hi) & mask.hi) == 0;
    }

    public SquareSet with(int square) {
        check(square);
        return square < 64 ? new SquareSet(lo | 1L << square, hi) : new SquareSet(lo, hi | 1L << (square - 64));
    }

    public SquareSet without(int square) {
        check(square);
        return square < 64 ? new SquareSet(lo & ~(1L << square), hi) : new SquareSet(lo, hi & ~(1L << (square - 64)));
    }

    public SquareSet union(SquareSet o) {
        return new SquareSet(lo | o.lo, hi | o.hi);
    }

    public SquareSet intersect(SquareSet o) {
        return new SquareSet(lo & o.lo, hi & o.hi);
    }

    public SquareSet minus(SquareSet o) {
        return new SquareSet(lo & ~o.lo, hi & ~o.hi);
    }

    /** Squares in exactly one of the two sets: what changed between two occupancies. */
    public SquareSet symmetricDifference(SquareSet o) {
        return new SquareSet(lo ^ o.lo, hi ^ o.hi);
    }

    /** The lowest square in the set, or -1 when empty. */
    public int first() {
        if (lo != 0) return Long.numberOfTrailingZeros(lo);
        if (hi != 0) return 64 + Long.numberOfTrailingZeros(hi);
        return -1;
    }

    public int[] toArray() {
        int[] out = new int[count()];
        int i = 0;
        for (long b = lo; b != 0; b &= b - 1) out[i++] = Long.numberOfTrailingZeros(b);
        for (long b = hi; b != 0; b &= b - 1) out[i++] = 64 + Long.numberOfTrailingZeros(b);
        return out;
    }

    @Override
    public Iterator<Integer> iterator() {
        return new Iterator<>() {
            long l = lo, h = hi;

            @Override
            public boolean hasNext() {
                return l != 0 || h != 0;
            }

            @Override
            public Integer next() {
                if (l != 0) {
                    int s = Long.numberOfTrailingZeros(l);
                    l &= l - 1;
                    return s;
                }
                if (h != 0) {
                    int s = 64 + Long.numberOfTrailingZeros(h);
                    h &= h - 1;
                    return s;
                }
                throw new NoSuchElementException();
            }
        };
    }

    /** Square names on the given board, e.g. {@code [e2, e4]}. */
    public String toString(BoardGeometry geometry) {
        StringBuilder sb = new StringBuilder("[");
        for (int s : toArray()) {
            if (sb.length() > 1) sb.append(", ");
            sb.append(geometry.squareName(s));
        }
        return sb.append(']').toString();
    }

    /** Draws the set as a board, rank 8 (or the top rank) first: '1' for a member, '.' otherwise. */
    public String diagram(BoardGeometry geometry) {
        StringBuilder sb = new StringBuilder();
        for (int r = geometry.ranks() - 1; r >= 0; r--) {
            for (int f = 0; f < geometry.files(); f++) {
                sb.append(contains(geometry.square(f, r)) ? '1' : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
