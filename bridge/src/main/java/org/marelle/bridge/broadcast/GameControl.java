package org.marelle.bridge.broadcast;

import java.util.Map;
import org.marelle.rules.Color;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * What the control API asks of the game session (the arbiter's and the organiser's actions). The HTTP layer has
 * already checked the token and the syntax of the request (a known result, a piece the variant promotes to, tag
 * names that PGN allows); the session decides whether the action fits the game now and answers with a
 * {@link ControlResult}. Implementations must not block for long: the request waits for the answer.
 *
 * <p>After an accepted action the session publishes the changed game as usual ({@link BroadcastHub#gameChanged}).
 */
public interface GameControl {

    /**
     * Starts a new game on {@code board} from {@code start} (the variant is {@code start.variant()}), with these tags
     * (White, Black, Round…).
     */
    ControlResult newGame(BoardId board, Position start, Map<String, String> tags);

    /** Sets tags; a null value removes the tag. Never Result, GameId, Variant, FEN or SetUp. */
    ControlResult setTags(BoardId board, Map<String, String> tags);

    /** Sets the result ("1-0", "0-1", "1/2-1/2", or "*" to reopen the game). */
    ControlResult setResult(BoardId board, String result);

    /** Records that {@code by} offered a draw (with their last move, or the next one). */
    ControlResult offerDraw(BoardId board, Color by);

    /** Chooses the piece for the pending promotion; rejected when none is pending (nothing is kept for a later one). */
    ControlResult choosePromotion(BoardId board, PieceType piece);

    /** Takes back the last {@code plies} moves; casual mode only. */
    ControlResult takeBack(BoardId board, int plies);

    /** Refuses everything: the broadcast runs without a session that accepts control (a viewer-only setup). */
    GameControl NONE = new GameControl() {
        private ControlResult none() {
            return new ControlResult.Rejected(null, "no game session accepts control on this server");
        }

        @Override
        public ControlResult newGame(BoardId board, Position start, Map<String, String> tags) {
            return none();
        }

        @Override
        public ControlResult setTags(BoardId board, Map<String, String> tags) {
            return none();
        }

        @Override
        public ControlResult setResult(BoardId board, String result) {
            return none();
        }

        @Override
        public ControlResult offerDraw(BoardId board, Color by) {
            return none();
        }

        @Override
        public ControlResult choosePromotion(BoardId board, PieceType piece) {
            return none();
        }

        @Override
        public ControlResult takeBack(BoardId board, int plies) {
            return none();
        }
    };
}
