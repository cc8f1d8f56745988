package org.marelle.bridge.broadcast;

import java.util.Locale;

/**
 * How a finished game ended when its position did not end it: what a viewer says beside the result ("Black resigns",
 * "draw agreed", "White lost on time"). A game the rules ended (checkmate, stalemate, ...) says so in its position and
 * needs no ending. In JSON, the name in lower case with hyphens ({@code time-forfeit}).
 *
 * <pre>{@code
 * Ending.of("0-1", "gesture");   // RESIGNATION: the kings laid down for a decisive result
 * }</pre>
 */
public enum Ending {
    /** The loser resigned (a result gesture with the kings, an engine's or an online opponent's resignation). */
    RESIGNATION,
    /** The players agreed a draw. */
    AGREEMENT,
    /** A flag fell. */
    TIME_FORFEIT,
    /** A draw claimed on a threefold repetition. */
    REPETITION,
    /** A draw claimed after fifty moves without a capture or a pawn move. */
    FIFTY_MOVES,
    /** The arbiter entered the result. */
    ARBITER,
    /** The game was abandoned before it began in earnest (an online game aborted). */
    ABORTED;

    /** The JSON and viewer name: {@code time-forfeit}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The ending of a game with {@code result} decided for {@code reason}, as the session records it ({@code
     * "gesture"}, {@code "time forfeit"}, {@code "arbiter"}, {@code "threefold repetition"}, {@code "lichess: resign"},
     * ...); null while the game runs, when its position ended it, or for a reason that says nothing a viewer shows.
     */
    public static Ending of(String result, String reason) {
        if (result == null || result.equals("*") || reason == null) return null;
        boolean draw = result.equals("1/2-1/2");
        String r = reason.strip().toLowerCase(Locale.ROOT);
        if (r.startsWith("lichess: ")) {
            return switch (r.substring("lichess: ".length())) {
                case "resign" -> RESIGNATION;
                case "draw" -> AGREEMENT;
                case "outoftime", "timeout" -> TIME_FORFEIT;
                case "aborted", "nostart" -> ABORTED;
                default -> null;
            };
        }
        return switch (r) {
            case "gesture", "resignation", "agreement" -> draw ? AGREEMENT : RESIGNATION;
            case "time forfeit" -> TIME_FORFEIT;
            case "threefold repetition" -> REPETITION;
            case "fifty moves" -> FIFTY_MOVES;
            case "arbiter" -> ARBITER;
            default -> null;
        };
    }
}
