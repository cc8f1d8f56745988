package org.marelle.bridge.broadcast;

import java.util.List;
import java.util.Objects;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * What the move recognizer says about the physical board, for the viewer and the arbiter: whether the board shows
 * the game's position, a move it sees but has not committed yet, the squares that disagree with the game, and
 * whether a promotion waits for its piece. Square names, not indexes, so the JSON is readable as it is.
 *
 * @param known            false when there is no recognizer (a game fed from elsewhere); the rest is then empty
 * @param inSync           the board shows exactly the game's position
 * @param provisional      the move the board shows that is not final yet, in SAN, or null
 * @param toFill           squares that should hold a piece and do not (during a mismatch report)
 * @param toClear          squares that should be empty and are not
 * @param promotionPending a pawn stands on its promotion square and its piece is still to be chosen
 * @param question         the stories the board cannot tell apart and asks the player about ("f6 exf6 (touch f6)"),
 *                         empty when it asks nothing
 * @param record           what the operator should know about the game's record, or null: it is not being saved
 *                         (a full or read-only disk), or what the last start recovered of a damaged journal
 * @param opponent         what the player should know about an opponent elsewhere (an engine or Lichess failing, and
 *                         being tried again), or null
 * @param offline          the board's daemon is not connected (the hub's view: its status on the broker, or its last
 *                         will, said offline): its moves follow once it is back
 */
public record BoardStatus(boolean known, boolean inSync, String provisional, List<String> toFill, List<String> toClear,
        boolean promotionPending, List<String> question, String record, String opponent, boolean offline) {

    /** No recognizer: nothing to say about the board. */
    public static final BoardStatus UNKNOWN = new BoardStatus(false, false, null, List.of(), List.of(), false, List.of());
    /** The board shows the game's position. */
    public static final BoardStatus IN_SYNC = new BoardStatus(true, true, null, List.of(), List.of(), false, List.of());

    /** A status with nothing to say about the game's record. */
    public BoardStatus(boolean known, boolean inSync, String provisional, List<String> toFill, List<String> toClear,
                       boolean promotionPending, List<String> question) {
        this(known, inSync, provisional, toFill, toClear, promotionPending, question, null, null);
    }

    /** A board that is connected. */
    public BoardStatus(boolean known, boolean inSync, String provisional, List<String> toFill, List<String> toClear,
                       boolean promotionPending, List<String> question, String record, String opponent) {
        this(known, inSync, provisional, toFill, toClear, promotionPending, question, record, opponent, false);
    }

    public BoardStatus {
        toFill = List.copyOf(toFill);
        toClear = List.copyOf(toClear);
        question = List.copyOf(question);
    }

    /** A status without a question (the usual case). */
    public BoardStatus(boolean known, boolean inSync, String provisional, List<String> toFill, List<String> toClear,
                       boolean promotionPending) {
        this(known, inSync, provisional, toFill, toClear, promotionPending, List.of());
    }

    /** This status with {@code note} about the game's record (null: nothing to say). */
    public BoardStatus withRecord(String note) {
        return new BoardStatus(known, inSync, provisional, toFill, toClear, promotionPending, question, note, opponent,
                offline);
    }

    /** This status with {@code note} about the opponent elsewhere (null: nothing to say). */
    public BoardStatus withOpponent(String note) {
        return new BoardStatus(known, inSync, provisional, toFill, toClear, promotionPending, question, record, note,
                offline);
    }

    /** This status with the board's daemon connected or not. */
    public BoardStatus withOffline(boolean off) {
        return new BoardStatus(known, inSync, provisional, toFill, toClear, promotionPending, question, record, opponent,
                off);
    }

    /** Whether a mismatch is being reported (squares to fix). */
    public boolean mismatch() {
        return !toFill.isEmpty() || !toClear.isEmpty();
    }

    /** Reads what the recognizer knows now (public API of {@link RecognizerState} only). */
    public static BoardStatus of(RecognizerState state) {
        Objects.requireNonNull(state, "state");
        Position position = state.position();
        BoardGeometry g = position.geometry();
        String provisional = null;
        boolean promotion = false;
        var move = state.provisionalMove();
        if (move.isPresent()) {
            Move m = move.get();
            provisional = position.isLegal(m) ? position.san(m) : position.uci(m);
            promotion = m instanceof Move.Promotion;
        }
        List<String> fill = List.of();
        List<String> clear = List.of();
        var mismatch = state.mismatch();
        if (mismatch.isPresent()) {
            RecognitionEvent.BoardMismatch bm = mismatch.get();
            fill = names(bm.toFill(), g);
            clear = names(bm.toClear(), g);
        }
        List<String> question = state.question().stream()
                .map(c -> c.describe(g)).toList();
        return new BoardStatus(true, state.inSync(), provisional, fill, clear, promotion, question);
    }

    private static List<String> names(SquareSet squares, BoardGeometry g) {
        return java.util.stream.StreamSupport.stream(squares.spliterator(), false).map(g::squareName).toList();
    }
}
