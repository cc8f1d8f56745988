package org.marelle.bench;

import io.github.wolfraam.chessgame.board.Board;
import io.github.wolfraam.chessgame.move.Move;
import io.github.wolfraam.chessgame.move.MoveHelper;
import java.util.Set;

/**
 * Perft over io.github.wolfraam:chessgame, which has legal-move generation but no perft of its own. Written the
 * way a user of that library would: make each legal move, recurse, take it back. Like Marelle's perft it counts
 * the last ply in bulk (the size of the legal-move set), so both sides do the same work.
 */
final class ChessgamePerft {

    private ChessgamePerft() {
    }

    static long perft(Board board, int depth) {
        if (depth == 0) {
            return 1;
        }
        Set<Move> moves = new MoveHelper(board).getLegalMoves();
        if (depth == 1) {
            return moves.size();
        }
        long nodes = 0;
        for (Move move : moves) {
            nodes += board.playMoveAndRollBack(move.from, move.to, move.promotion, () -> perft(board, depth - 1));
        }
        return nodes;
    }
}
