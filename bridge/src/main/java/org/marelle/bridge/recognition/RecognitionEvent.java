package org.marelle.bridge.recognition;

import java.util.List;
import java.util.Objects;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * What the recognizer tells the game session. Only {@link MoveCommitted}, {@link TakenBack}, {@link Corrected},
 * {@link NewGameDetected} and {@link ResultGesture} change the game; the others are for display. A committed move is
 * final unless the board shows it wrong while it is one of the last two: then {@link Corrected} withdraws it and the
 * moves that replace it follow.
 */
public sealed interface RecognitionEvent {

    /** The time of the frame or tick that caused the event, in milliseconds. */
    long atMillis();

    /** The board shows this move; it is not final yet (the LEDs show it at once). */
    record MoveProvisional(long atMillis, Move move, String san) implements RecognitionEvent {
    }

    /** The board no longer shows the provisional move (the piece was lifted again, or the board changed). */
    record ProvisionalWithdrawn(long atMillis, Move move) implements RecognitionEvent {
    }

    /** A move is final: journal it, broadcast it. {@code before} is the position it was played in. */
    record MoveCommitted(long atMillis, Move move, String san, String uci, Position before, Position after)
            implements RecognitionEvent {
    }

    /** Casual mode: the pieces were put back to an earlier position; {@code undone} newest first. */
    record TakenBack(long atMillis, List<Move> undone, Position position) implements RecognitionEvent {
        public TakenBack {
            undone = List.copyOf(undone);
        }

        public int plies() {
            return undone.size();
        }
    }

    /**
     * The recognizer corrects moves it committed: the board showed them wrong (see "Corrections" in
     * docs/recognition.md). {@code undone}: the moves withdrawn, newest first; {@code position}: the position they were
     * played from, where the game resumes; the moves that replace them follow as {@link MoveCommitted}.
     */
    record Corrected(long atMillis, List<Move> undone, Position position) implements RecognitionEvent {
        public Corrected {
            undone = List.copyOf(undone);
        }

        public int plies() {
            return undone.size();
        }
    }

    /**
     * A pawn stands on its promotion square. {@code choices} are the lit squares that choose another piece than the
     * default (the first of the variant's promotion pieces): set a piece down on one of them and lift it again. Empty
     * when the variant promotes to one piece only.
     */
    record PromotionPending(long atMillis, Move move, PieceType defaultPiece, List<PromotionChoice> choices)
            implements RecognitionEvent {
        public PromotionPending {
            choices = List.copyOf(choices);
        }
    }

    /** A piece was chosen for the pending (or next) promotion, on the board or through the API. */
    record PromotionChosen(long atMillis, PieceType piece, boolean onBoard) implements RecognitionEvent {
    }

    /**
     * The board matches no legal move, takeback or gesture and has stayed so for the mismatch window.
     * {@code toFill}: squares that should hold a piece and do not; {@code toClear}: squares that should be empty;
     * {@code fixes}: the two paired by distance (move the piece from {@code from} to {@code to}); a fix with
     * {@code from} -1 means "put a piece here", with {@code to} -1 "take this piece off".
     * {@code expected} is the occupancy the board should show (the game position, or the legal position nearest to
     * what the board shows).
     */
    record BoardMismatch(long atMillis, SquareSet toFill, SquareSet toClear, List<Fix> fixes, SquareSet expected)
            implements RecognitionEvent {
        public BoardMismatch {
            Objects.requireNonNull(toFill);
            Objects.requireNonNull(toClear);
            fixes = List.copyOf(fixes);
        }
    }

    /**
     * The board shows what several stories explain and the sensors cannot tell which happened (a pawn set on f6 or
     * on f5, then taken on f6, en passant or not): nothing is committed until the player touches the square of one
     * of them ({@link StoryChoice#square}), or the board changes.
     */
    record BoardAmbiguous(long atMillis, List<StoryChoice> choices) implements RecognitionEvent {
        public BoardAmbiguous {
            choices = List.copyOf(choices);
        }
    }

    /**
     * One story of an ambiguous board: its moves, in SAN too, and the square to touch to choose it. The moves begin
     * {@code withdrawn} moves before the last one committed (0: after it): a story that does not keep those moves
     * replaces them when chosen ({@link Corrected}).
     */
    record StoryChoice(List<Move> moves, List<String> san, int square, int withdrawn) {
        public StoryChoice {
            moves = List.copyOf(moves);
            san = List.copyOf(san);
        }

        public StoryChoice(List<Move> moves, List<String> san, int square) {
            this(moves, san, square, 0);
        }

        /** "f6 exf6 (touch f6)". */
        public String describe(BoardGeometry g) {
            return String.join(" ", san) + " (touch " + g.squareName(square) + ")";
        }

        /**
         * "f6 exf6 (touch f6) or f5 exf6 (touch f5)"; "Nxd2 (touch d2) or Nxf2 (touch f2), from 1 move back" when
         * they begin before the last move committed.
         */
        public static String describe(List<StoryChoice> choices, BoardGeometry g) {
            String s = String.join(" or ", choices.stream().map(c -> c.describe(g)).toList());
            int back = choices.isEmpty() ? 0 : choices.get(0).withdrawn();
            return back == 0 ? s : s + ", from " + back + (back == 1 ? " move" : " moves") + " back";
        }
    }

    /** After a mismatch: the board agrees with the game again. */
    record BoardInSync(long atMillis) implements RecognitionEvent {
    }

    /** The start position was set up after a game: a new game begins from {@code position}. */
    record NewGameDetected(long atMillis, Position position) implements RecognitionEvent {
    }

    /** The players showed a result with the kings: "1-0", "0-1" or "1/2-1/2". The game is over. */
    record ResultGesture(long atMillis, String result) implements RecognitionEvent {
    }

    /** Move the piece on {@code from} to {@code to}; -1 on one side means put a piece there / take it off. */
    record Fix(int from, int to) {
    }

    /** Setting a piece down on {@code square} (and lifting it again) chooses {@code piece}. */
    record PromotionChoice(PieceType piece, int square) {
    }
}
