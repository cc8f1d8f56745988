package org.marelle.bridge.session;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The PGN tags a game session carries. The score sheet (the FFE's asks for all of these) gives {@link #SCORE_SHEET};
 * any other well-formed PGN tag name is allowed too. The session owns {@code Result} (from the game), and the
 * position owns {@code FEN}, {@code SetUp} and {@code Variant}: those cannot be set as tags.
 */
public final class GameTags {

    public static final String EVENT = "Event";
    public static final String SITE = "Site";
    public static final String DATE = "Date";
    public static final String ROUND = "Round";
    public static final String BOARD = "Board";
    public static final String WHITE = "White";
    public static final String BLACK = "Black";
    public static final String WHITE_ELO = "WhiteElo";
    public static final String BLACK_ELO = "BlackElo";
    public static final String WHITE_TEAM = "WhiteTeam";
    public static final String BLACK_TEAM = "BlackTeam";
    public static final String TIME_CONTROL = "TimeControl";

    /** The tags of a score sheet, in the order a PGN file lists them. */
    public static final List<String> SCORE_SHEET = List.of(EVENT, SITE, DATE, ROUND, BOARD, WHITE, BLACK, WHITE_ELO,
            BLACK_ELO, WHITE_TEAM, BLACK_TEAM, TIME_CONTROL);

    /** Tags the game itself decides. */
    public static final Set<String> RESERVED = Set.of("Result", "FEN", "SetUp", "Variant");

    /** PGN allows long values; a score sheet never needs more, and a journal record stays small. */
    public static final int MAX_VALUE_LENGTH = 255;

    private GameTags() {
    }

    /** Checks every tag; throws {@code IllegalArgumentException} naming the first bad one. */
    public static void check(Map<String, String> tags) {
        for (Map.Entry<String, String> e : tags.entrySet()) {
            checkName(e.getKey());
            checkValue(e.getKey(), e.getValue());
        }
    }

    /** A PGN tag name: letters, digits and underscores, starting with a letter; not a reserved one. */
    public static void checkName(String name) {
        if (name == null || name.isEmpty()) throw new IllegalArgumentException("a tag needs a name");
        if (!Character.isLetter(name.charAt(0)) || !name.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'))) {
            throw new IllegalArgumentException("tag name '" + name + "': letters, digits and _ only, starting with a letter");
        }
        if (RESERVED.contains(name)) {
            throw new IllegalArgumentException("tag " + name + " cannot be set: the game decides it");
        }
    }

    /** A value on one line, of at most {@link #MAX_VALUE_LENGTH} characters. */
    public static void checkValue(String name, String value) {
        if (value == null) throw new IllegalArgumentException("tag " + name + " has no value");
        if (value.length() > MAX_VALUE_LENGTH) {
            throw new IllegalArgumentException("tag " + name + " is " + value.length() + " characters long; at most "
                    + MAX_VALUE_LENGTH);
        }
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("tag " + name + ": a value is one line");
        }
    }
}
