package org.marelle.bridge.recognition;

import java.util.List;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;

/**
 * What the recognizer is about to decide, and since when the board has shown it: a move ({@link Ply}), a move and
 * its reply ({@link TwoPlies}), a takeback, a new game or a result gesture. Each holds only what its kind needs.
 */
sealed interface Pending permits Pending.Moves, Pending.Takeback, Pending.NewGame, Pending.GameResult {

    /** The occupancy that shows it. */
    SquareSet board();

    /** When the board began to show it (the window counts from here). */
    long since();

    /** How long it must stay before it is final (for a promotion: without the choice delay). */
    long window();

    /** The same decision, shown since {@code t}. */
    Pending restart(long t);

    /** Whether {@code o} decides the same thing (the same moves, takeback or result), whenever shown. */
    boolean sameDecision(Pending o);

    /**
     * A move the board shows, alone or answered.
     *
     * <p>{@code afterTable}: the position after {@link #move()}, with its moves; {@code opponents}: the squares of the
     * side to reply after it (lifting those keeps it standing); {@code captureTargets}: victims the last moving piece
     * could still reach by sliding on along its line (the other side's piece lifted from one of those may be the victim
     * of the move growing into a capture).
     */
    sealed interface Moves extends Pending permits Ply, TwoPlies {
        /** The (first) move. */
        Move move();

        /** Its index in the committed position's move table. */
        int index();

        MoveTable afterTable();

        SquareSet opponents();

        SquareSet captureTargets();

        /** The table of the position the board shows when this is done. */
        MoveTable finalTable();

        /** The move whose pieces were set down last. */
        Move lastMove();

        /** The move as it stood alone: the first move, for two plies that began as one; else this decision. */
        Moves alone();
    }

    /** One move; {@code choices}: for a promotion with a choice, the squares to set a piece on. */
    record Ply(Move move, int index, MoveTable afterTable, SquareSet board, long since, long window, SquareSet opponents,
               SquareSet captureTargets, List<PromotionChoice> choices) implements Moves {

        @Override
        public Ply restart(long t) {
            return new Ply(move, index, afterTable, board, t, window, opponents, captureTargets, choices);
        }

        /** The same move, shown by {@code board} since {@code since}, with window {@code window}. */
        Ply shownBy(SquareSet board, long since, long window) {
            return new Ply(move, index, afterTable, board, since, window, opponents, captureTargets, choices);
        }

        boolean choosable() {
            return !choices.isEmpty();
        }

        @Override
        public MoveTable finalTable() {
            return afterTable;
        }

        @Override
        public Move lastMove() {
            return move;
        }

        @Override
        public Moves alone() {
            return this;
        }

        @Override
        public boolean sameDecision(Pending o) {
            return o instanceof Ply p && p.move.equals(move);
        }
    }

    /**
     * A move and its reply, both on the board.
     *
     * @param second        the reply; {@code secondTable} the position after it
     * @param firstComplete when the first move was complete on the board (evidence for the reply starts there)
     * @param first         the first move alone, as it was pending (or would be) before the reply came; it stands
     *                      again if the reply goes on changing. Null for a capture nobody saw, which only the reply
     *                      could prove.
     */
    record TwoPlies(Move move, int index, MoveTable afterTable, Move second, MoveTable secondTable, long firstComplete,
                    Ply first, SquareSet board, long since, long window, SquareSet opponents,
                    SquareSet captureTargets) implements Moves {

        @Override
        public TwoPlies restart(long t) {
            return new TwoPlies(move, index, afterTable, second, secondTable, firstComplete, first, board, t, window,
                    opponents, captureTargets);
        }

        @Override
        public MoveTable finalTable() {
            return secondTable;
        }

        @Override
        public Move lastMove() {
            return second;
        }

        @Override
        public Moves alone() {
            return first != null ? first : this;
        }

        @Override
        public boolean sameDecision(Pending o) {
            return o instanceof TwoPlies p && p.move.equals(move) && p.second.equals(second);
        }
    }

    /** Taking back the last {@code plies} moves. */
    record Takeback(int plies, SquareSet board, long since, long window) implements Pending {
        @Override
        public Takeback restart(long t) {
            return new Takeback(plies, board, t, window);
        }

        @Override
        public boolean sameDecision(Pending o) {
            return o instanceof Takeback p && p.plies == plies;
        }
    }

    /** A new game: the start position set up. */
    record NewGame(SquareSet board, long since, long window) implements Pending {
        @Override
        public NewGame restart(long t) {
            return new NewGame(board, t, window);
        }

        @Override
        public boolean sameDecision(Pending o) {
            return o instanceof NewGame;
        }
    }

    /** A result given by gesture ({@code result}: "1-0", "0-1" or "1/2-1/2"). */
    record GameResult(String result, SquareSet board, long since, long window) implements Pending {
        @Override
        public GameResult restart(long t) {
            return new GameResult(result, board, t, window);
        }

        @Override
        public boolean sameDecision(Pending o) {
            return o instanceof GameResult p && p.result.equals(result);
        }
    }
}
