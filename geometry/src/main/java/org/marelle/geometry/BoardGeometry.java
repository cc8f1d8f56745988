package org.marelle.geometry;

/**
 * The shape of a board: {@code files} columns (a, b, c, …) by {@code ranks} rows (1, 2, 3, …).
 *
 * <p>Squares are plain {@code int} indexes, {@code rank * files + file}, so a1 is 0 on every board. Nothing in the
 * rules core or the board drivers assumes a size: an 8×8 chessboard and a 12×8 Courier board are both just geometries.
 *
 * {@snippet :
 * BoardGeometry courier = BoardGeometry.COURIER;
 * int l8 = courier.parseSquare("l8");      // 95
 * courier.squareName(l8);                  // "l8"
 * }
 */
public record BoardGeometry(int files, int ranks) {

    /** The largest board the 128-bit square sets can hold. */
    public static final int MAX_SQUARES = 128;

    public static final BoardGeometry CHESS = new BoardGeometry(8, 8);
    public static final BoardGeometry COURIER = new BoardGeometry(12, 8);

    public BoardGeometry {
        if (files < 2 || files > 26 || ranks < 2 || ranks > 99) {
            throw new IllegalArgumentException("board size " + files + "x" + ranks + " is outside 2..26 files, 2..99 ranks");
        }
        if (files * ranks > MAX_SQUARES) {
            throw new IllegalArgumentException("board size " + files + "x" + ranks + " has more than " + MAX_SQUARES + " squares");
        }
    }

    public int squareCount() {
        return files * ranks;
    }

    public int square(int file, int rank) {
        return rank * files + file;
    }

    public int file(int square) {
        return square % files;
    }

    public int rank(int square) {
        return square / files;
    }

    public boolean contains(int file, int rank) {
        return file >= 0 && file < files && rank >= 0 && rank < ranks;
    }

    /** Light squares: h1 on a chessboard is light, a1 is dark. */
    public boolean isLight(int square) {
        return ((file(square) + rank(square)) & 1) == 1;
    }

    public char fileChar(int file) {
        return (char) ('a' + file);
    }

    public String squareName(int square) {
        if (square < 0 || square >= squareCount()) {
            throw new IllegalArgumentException("square index " + square + " is off a " + files + "x" + ranks + " board");
        }
        return fileChar(file(square)) + Integer.toString(rank(square) + 1);
    }

    /** Parses a square name like {@code e4} or {@code l8}; throws naming the text when it is not on this board. */
    public int parseSquare(String name) {
        int square = trySquare(name);
        if (square < 0) {
            throw new IllegalArgumentException("'" + name + "' is not a square of a " + files + "x" + ranks + " board");
        }
        return square;
    }

    /**
     * Reads a square name a person wrote (at the simulator's console, in a sensor table): as {@link #parseSquare},
     * but blanks around the name and the case of its file letter do not matter ({@code " E4"} is e4).
     *
     * @throws IllegalArgumentException naming the text and the board's squares, e.g.
     *                                  {@code 'z9' is not a square of a 8x8 board (a1..h8)}
     */
    public int readSquare(String text) {
        String t = text == null ? "" : text.trim();
        int square = t.isEmpty() ? -1 : trySquare(Character.toLowerCase(t.charAt(0)) + t.substring(1));
        if (square < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a square of a " + files + "x" + ranks + " board (a1.."
                    + squareName(squareCount() - 1) + ")");
        }
        return square;
    }

    /** Like {@link #parseSquare} but returns -1 instead of throwing. */
    public int trySquare(CharSequence name) {
        if (name == null || name.length() < 2 || name.length() > 3) {
            return -1;
        }
        int file = name.charAt(0) - 'a';
        int rank = 0;
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            rank = rank * 10 + (c - '0');
        }
        if (name.charAt(1) == '0' || !contains(file, rank - 1)) {
            return -1;
        }
        return square(file, rank - 1);
    }
}
