package org.marelle.bridge.recognition;

import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Position;

/**
 * Ending a game with the kings, never mistaken for a move: both kings put on the four centre squares (d4, e4, d5, e5
 * on 8×8; f4, g4, f5, g5 on 12×8), where two kings can never stand in a legal position.
 * <ul>
 * <li>both kings on the two light centre squares (e4 and d5): white wins, 1-0;</li>
 * <li>both kings on the two dark centre squares (d4 and e5): black wins, 0-1;</li>
 * <li>one on a light and one on a dark centre square: a draw, 1/2-1/2.</li>
 * </ul>
 * Nothing else on the board may change.
 */
public final class ResultGestures {

    private ResultGestures() {
    }

    /** The four centre squares of the board. */
    public static SquareSet centre(BoardGeometry g) {
        int f0 = (g.files() - 1) / 2, f1 = g.files() / 2, r0 = (g.ranks() - 1) / 2, r1 = g.ranks() / 2;
        return SquareSet.of(g.square(f0, r0), g.square(f1, r0), g.square(f0, r1), g.square(f1, r1));
    }

    /** The result the board shows with the kings, or null. */
    public static String result(Position p, SquareSet board) {
        int wk = p.king(Color.WHITE), bk = p.king(Color.BLACK);
        if (wk < 0 || bk < 0) return null;
        SquareSet base = p.occupancy().without(wk).without(bk);
        if (!base.minus(board).isEmpty()) return null;
        SquareSet kings = board.minus(base);
        if (kings.count() != 2) return null;
        SquareSet centre = centre(p.geometry());
        if (!kings.minus(centre).isEmpty()) return null;
        int light = 0;
        for (int sq : kings.toArray()) {
            if (p.geometry().isLight(sq)) light++;
        }
        return light == 2 ? "1-0" : light == 0 ? "0-1" : "1/2-1/2";
    }

    /** Whether the board may be a result gesture being made: a king lifted, only kings lifted, only centre squares filled. */
    static boolean inProgress(Position p, SquareSet board) {
        int wk = p.king(Color.WHITE), bk = p.king(Color.BLACK);
        if (wk < 0 || bk < 0) return false;
        SquareSet occ = p.occupancy();
        SquareSet lifted = occ.minus(board), added = board.minus(occ);
        return !lifted.isEmpty() && lifted.minus(SquareSet.of(wk, bk)).isEmpty()
                && added.minus(centre(p.geometry())).isEmpty();
    }
}
