package org.marelle.bridge.recognition;

import java.util.List;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.bridge.recognition.RecognitionEvent.StoryChoice;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;

/**
 * Where the recognizer stands, as the player at the board sees it: exactly one of these at a time
 * ({@link RecognizerState#situation()}), and the LEDs show one picture for each ({@link BoardLeds}).
 *
 * {@snippet :
 * switch (state.situation()) {
 *     case Situation.Mismatch m -> show(m.report().fixes());
 *     case Situation.MovePending p -> show("provisional " + p.move());
 *     default -> { }
 * }
 * }
 *
 * <p>When more than one holds (a question asked while a move made elsewhere is still to be made on the board), the
 * one listed first here wins: a reported mismatch, a move made elsewhere, a question, the game over, a decision
 * pending, the board off the game's position, in sync.
 */
public sealed interface Situation {

    /** No frame read yet, or the board stopped being read ({@link RecognizerState#readingLost}). */
    record Unread() implements Situation {
    }

    /** The board matches nothing legal, for long enough to be reported: {@code report} says what to fix. */
    record Mismatch(BoardMismatch report) implements Situation {
    }

    /** A move made elsewhere (an engine, an online opponent), still to be made on the board. */
    record AwaitingRemoteMove(Move move) implements Situation {
    }

    /** The board cannot tell stories apart and asks which happened; {@code touched}: the square being touched, or -1. */
    record Asking(List<StoryChoice> choices, int touched) implements Situation {
        public Asking {
            choices = List.copyOf(choices);
        }
    }

    /** The game was ended by a result gesture: only a new game set up counts now. */
    record GameOver(String result) implements Situation {
    }

    /**
     * A move the board shows, not final yet (or the promotion that ends the moves the story search waits on). For a
     * promotion whose piece may still be chosen on the board:
     * {@code choices}, the squares to set a piece on (empty otherwise), and the piece {@code chosen} so far (null: none).
     */
    record MovePending(Move move, List<PromotionChoice> choices, PieceType chosen) implements Situation {
        public MovePending {
            choices = List.copyOf(choices);
        }
    }

    /** A move and its reply, both on the board, not final yet. */
    record TwoPliesPending(Move move, Move reply) implements Situation {
    }

    /** The board shows an earlier position of the game (casual mode): the last {@code plies} moves taken back, not final yet. */
    record TakebackPending(int plies) implements Situation {
    }

    /** The start position set up after a game, not final yet. */
    record NewGamePending() implements Situation {
    }

    /** Both kings on the centre squares, giving {@code result}, not final yet. */
    record ResultPending(String result) implements Situation {
    }

    /**
     * The board differs from the game's position and shows no move to decide: pieces {@code lifted} (a move being
     * made, a piece in hand) or {@code added} where the game has none. If nothing legal explains it for long, it
     * becomes a {@link Mismatch}.
     */
    record PieceInHand(SquareSet lifted, SquareSet added) implements Situation {
    }

    /** The board shows the game's position; {@code lastMove}: the last move made, null before the first. */
    record InSync(Move lastMove) implements Situation {
    }
}
