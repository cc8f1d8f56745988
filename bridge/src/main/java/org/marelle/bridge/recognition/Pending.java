package org.marelle.bridge.recognition;

import java.util.List;
import java.util.Objects;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;

/**
 * What the recognizer is about to decide, and since when the board has shown it.
 *
 * @param kind           a move, two plies (a move and its reply), a takeback, a new game or a result gesture
 * @param move           MOVE, TWO_PLY: the (first) move
 * @param index          its index in the committed position's move table
 * @param afterTable     the position after {@code move}, with its moves
 * @param second         TWO_PLY: the reply; {@code secondTable} the position after it
 * @param firstComplete  TWO_PLY: when the first move was complete on the board (evidence for the reply starts there)
 * @param first          TWO_PLY: the first move alone, as it was pending (or would be) before the reply came; it
 *                       stands again if the reply goes on changing
 * @param board          the occupancy that shows it
 * @param since          when the board began to show it (the window counts from here)
 * @param window         how long it must stay before it is final (for a promotion: without the choice delay)
 * @param opponents      the squares of the side to reply after it: lifting those keeps it standing
 * @param captureTargets victims the last moving piece could still reach by sliding on along its line; the other
 *                       side's piece lifted from one of those may be the victim of the move growing into a capture
 * @param choices        for a promotion with a choice: the squares to set a piece on
 */
record Pending(Kind kind, Move move, int index, MoveTable afterTable, Move second, MoveTable secondTable,
               long firstComplete, Pending first, SquareSet board, long since, long window, SquareSet opponents,
               SquareSet captureTargets, List<PromotionChoice> choices, int takeback, String result) {

    enum Kind { MOVE, TWO_PLY, TAKEBACK, NEW_GAME, RESULT }

    static Pending decision(Kind kind, SquareSet board, long since, long window, int takeback, String result) {
        return new Pending(kind, null, -1, null, null, null, -1, null, board, since, window, SquareSet.EMPTY,
                SquareSet.EMPTY, List.of(), takeback, result);
    }

    Pending restart(long t) {
        return new Pending(kind, move, index, afterTable, second, secondTable, firstComplete, first, board, t, window,
                opponents, captureTargets, choices, takeback, result);
    }

    boolean isMove() {
        return kind == Kind.MOVE || kind == Kind.TWO_PLY;
    }

    boolean choosable() {
        return !choices.isEmpty();
    }

    /** The table of the position the board shows when this is done. */
    MoveTable finalTable() {
        return kind == Kind.TWO_PLY ? secondTable : afterTable;
    }

    /** The move as it stood alone: the first move, for two plies that began as one; else this decision. */
    Pending alone() {
        return kind == Kind.TWO_PLY && first != null ? first : this;
    }

    /** The move whose pieces were set down last. */
    Move lastMove() {
        return kind == Kind.TWO_PLY ? second : move;
    }

    boolean sameDecision(Pending o) {
        return o != null && o.kind == kind && Objects.equals(o.move, move) && Objects.equals(o.second, second)
                && o.takeback == takeback && Objects.equals(o.result, result);
    }
}
