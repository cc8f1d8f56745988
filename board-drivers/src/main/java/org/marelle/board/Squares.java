package org.marelle.board;

/**
 * Square names on a {@code files × ranks} board: file letters a–l, ranks from 1, square index
 * {@code rank * files + file} (a1 = 0), as the rules core numbers them. Drivers need names only to talk to people
 * (the simulator console, calibration tables, error messages).
 */
public final class Squares {

    private Squares() {
    }

    public static String name(int files, int square) {
        return (char) ('a' + square % files) + Integer.toString(square / files + 1);
    }

    /**
     * Parses a square name such as {@code e4} or {@code l8}.
     *
     * @throws IllegalArgumentException naming the text when it is not a square of this board
     */
    public static int parse(int files, int ranks, String text) {
        String t = text == null ? "" : text.trim();
        if (t.length() >= 2 && t.length() <= 3) {
            int file = Character.toLowerCase(t.charAt(0)) - 'a';
            int rank = parseRank(t.substring(1));
            if (file >= 0 && file < files && rank >= 1 && rank <= ranks) {
                return (rank - 1) * files + file;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a square of a " + files + "x" + ranks + " board (a1.."
                + name(files, files * ranks - 1) + ")");
    }

    private static int parseRank(String digits) {
        int r = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') return -1;
            r = r * 10 + (c - '0');
        }
        return digits.isEmpty() || digits.charAt(0) == '0' ? -1 : r;
    }
}
