package org.marelle.bridge.broadcast;

import java.util.regex.Pattern;

/**
 * Names one physical board of the round ({@code "1"}, {@code "board-3"}). It appears in URLs
 * ({@code /game.pgn?board=3}) and in every event, so it is kept to letters, digits, dot, dash and underscore.
 */
public record BoardId(String value) implements Comparable<BoardId> {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,31}");

    public BoardId {
        if (value == null || !VALID.matcher(value).matches()) {
            throw new IllegalArgumentException("board id '" + value
                    + "' must be 1 to 32 letters, digits, '.', '-' or '_', starting with a letter or digit");
        }
    }

    public static BoardId of(String value) {
        return new BoardId(value);
    }

    @Override
    public int compareTo(BoardId o) {
        return value.compareTo(o.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
