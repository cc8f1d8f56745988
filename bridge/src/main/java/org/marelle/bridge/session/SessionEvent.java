package org.marelle.bridge.session;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.marelle.rules.Color;
import org.marelle.rules.pgn.PgnGame;

/**
 * What changes a game: the only things the journal records. Replaying a game's events from its
 * {@link GameStarted} rebuilds exactly the game the session had, which is how the daemon resumes after a power cut.
 * Every event carries the wall-clock time it was recorded ({@code atMillis}, milliseconds since the epoch), for the
 * log and for people reading an archived journal; replay does not depend on it.
 */
public sealed interface SessionEvent {

    long atMillis();

    /**
     * A new game: its id (file names), variant, initial position and tags (score-sheet tags; never Result, which the
     * session keeps itself).
     */
    record GameStarted(long atMillis, String gameId, String variant, String fen, Map<String, String> tags)
            implements SessionEvent {
        public GameStarted {
            Objects.requireNonNull(gameId, "gameId");
            Objects.requireNonNull(variant, "variant");
            Objects.requireNonNull(fen, "fen");
            tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
            GameTags.check(tags);
        }
    }

    /**
     * A move committed on the board. {@code ply} is its 1-based number in the game, so a record written twice would
     * be seen (and refused) on replay; {@code uci} is what replay plays, {@code san} is for people.
     * {@code movedAtMillis} is when the move was made (when the board first showed it, which is when a player presses
     * the clock; it may precede {@code atMillis}, when the move became final), and {@code clockMillis} the time left
     * on the mover's clock after it, or {@link #NO_CLOCK} in a game without clocks.
     */
    record MovePlayed(long atMillis, int ply, String uci, String san, long movedAtMillis, long clockMillis)
            implements SessionEvent {

        /** The {@code clockMillis} of a move in a game without clocks. */
        public static final long NO_CLOCK = -1;

        public MovePlayed {
            if (ply < 1) throw new IllegalArgumentException("ply " + ply + " (plies count from 1)");
            Objects.requireNonNull(uci, "uci");
            Objects.requireNonNull(san, "san");
            if (clockMillis < NO_CLOCK) throw new IllegalArgumentException("clock " + clockMillis + " ms");
        }

        /** A move made when it was recorded, without a clock. */
        public MovePlayed(long atMillis, int ply, String uci, String san) {
            this(atMillis, ply, uci, san, atMillis, NO_CLOCK);
        }

        public boolean hasClock() {
            return clockMillis != NO_CLOCK;
        }
    }

    /**
     * The last {@code plies} moves were taken back (casual mode, pieces put back on the board), or, {@code corrected},
     * withdrawn by the recognizer because the moves after showed them wrong: the moves that replace them follow.
     */
    record MovesTakenBack(long atMillis, int plies, boolean corrected) implements SessionEvent {
        public MovesTakenBack {
            if (plies < 1) throw new IllegalArgumentException("a takeback of " + plies + " plies");
        }

        /** A takeback by the players. */
        public MovesTakenBack(long atMillis, int plies) {
            this(atMillis, plies, false);
        }
    }

    /** A tag set while the game runs; {@code value} null removes it. */
    record TagChanged(long atMillis, String name, String value) implements SessionEvent {
        public TagChanged {
            GameTags.checkName(name);
            if (value != null) GameTags.checkValue(name, value);
        }
    }

    /** A player offered a draw after {@code ply} moves (0: before the first move). */
    record DrawOffered(long atMillis, int ply, Color by) implements SessionEvent {
        public DrawOffered {
            if (ply < 0) throw new IllegalArgumentException("ply " + ply);
            Objects.requireNonNull(by, "by");
        }
    }

    /**
     * The game's result: "1-0", "0-1", "1/2-1/2", or "*" to reopen a game whose result was entered by mistake.
     * {@code reason} says how it was decided (checkmate, gesture, resignation, agreement, ...).
     */
    record GameEnded(long atMillis, String result, String reason) implements SessionEvent {
        public GameEnded {
            if (!PgnGame.RESULTS.contains(result)) {
                throw new IllegalArgumentException("result must be 1-0, 0-1, 1/2-1/2 or *, not '" + result + "'");
            }
            Objects.requireNonNull(reason, "reason");
        }
    }
}
