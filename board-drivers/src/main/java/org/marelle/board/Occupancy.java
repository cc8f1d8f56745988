package org.marelle.board;

import java.util.Objects;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;

/**
 * What the sensors see at one moment: which squares hold a piece, a {@link SquareSet} over a {@code files × ranks}
 * board, with the time of the (debounced) scan in milliseconds. Square {@code n} is {@code rank * files + file},
 * a1 = 0, the same numbering the rules core uses ({@link BoardGeometry}). Drivers know nothing about chess: an
 * occupancy is just a set of squares.
 *
 * <p>Some hardware can also tell a piece's colour (Hall sensors reading magnet polarity); {@code polarity} is then
 * the set of squares read as a white piece, otherwise {@code null}.
 *
 * {@snippet :
 * Occupancy o = Occupancy.of(8, 8, 0, 12, 52);   // e2 and e7 occupied at t = 0 ms
 * o.occupied(12);                                // true
 * }
 */
public record Occupancy(int files, int ranks, SquareSet squares, long atMillis, Polarity polarity) {

    /** The squares read as holding a white piece (hardware that can tell colours). */
    public record Polarity(SquareSet white) {
        public Polarity {
            Objects.requireNonNull(white, "white");
        }

        public boolean white(int square) {
            return white.contains(square);
        }
    }

    public Occupancy {
        Objects.requireNonNull(squares, "squares");
        checkSize(files, ranks);
        if (!SquareSet.below(files * ranks).containsAll(squares)) {
            throw new IllegalArgumentException("occupancy has squares outside its " + files + "x" + ranks + " board");
        }
    }

    private static void checkSize(int files, int ranks) {
        if (files < 1 || ranks < 1 || files * ranks > BoardGeometry.MAX_SQUARES) {
            throw new IllegalArgumentException("occupancy of " + files + "x" + ranks + " squares does not fit 128 bits");
        }
    }

    public static Occupancy of(int files, int ranks, long atMillis, int... squares) {
        checkSize(files, ranks);
        for (int s : squares) {
            if (s < 0 || s >= files * ranks) throw new IllegalArgumentException("square " + s + " is off the board");
        }
        return new Occupancy(files, ranks, SquareSet.of(squares), atMillis, null);
    }

    /** The squares of a set occupied on a board of that geometry, colours unknown. */
    public static Occupancy of(BoardGeometry geometry, SquareSet squares, long atMillis) {
        return new Occupancy(geometry.files(), geometry.ranks(), squares, atMillis, null);
    }

    public static Occupancy empty(int files, int ranks, long atMillis) {
        return new Occupancy(files, ranks, SquareSet.EMPTY, atMillis, null);
    }

    public int squareCount() {
        return files * ranks;
    }

    public boolean occupied(int square) {
        return squares.contains(square);
    }

    public int count() {
        return squares.count();
    }

    /** The same squares seen at another time. */
    public Occupancy at(long millis) {
        return new Occupancy(files, ranks, squares, millis, polarity);
    }

    public Occupancy with(int square) {
        return new Occupancy(files, ranks, squares.with(square), atMillis, polarity);
    }

    public Occupancy without(int square) {
        return new Occupancy(files, ranks, squares.without(square), atMillis, polarity);
    }

    /** Whether the same squares are occupied (time and polarity aside). */
    public boolean sameSquares(Occupancy other) {
        return other != null && squares.equals(other.squares) && files == other.files && ranks == other.ranks;
    }

    /**
     * Square name as in SAN: file letter, rank number from 1 ({@link BoardGeometry#squareName}; names are for boards
     * a {@link BoardGeometry} can be, 2 to 26 files by 2 to 99 ranks).
     */
    public String squareName(int square) {
        return geometry().squareName(square);
    }

    private BoardGeometry geometry() {
        return new BoardGeometry(files, ranks);
    }

    @Override
    public String toString() {
        BoardGeometry g = geometry();
        StringBuilder sb = new StringBuilder("Occupancy@" + atMillis + "ms[");
        for (int s : squares) {
            if (sb.charAt(sb.length() - 1) != '[') sb.append(' ');
            sb.append(g.squareName(s));
        }
        return sb.append(']').toString();
    }
}
