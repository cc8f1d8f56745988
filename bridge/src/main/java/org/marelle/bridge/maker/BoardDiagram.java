package org.marelle.bridge.maker;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.Occupancy;

/** What {@code marelle sensors} prints for a frame: the board as text and the squares that changed. */
public final class BoardDiagram {

    private BoardDiagram() {
    }

    /** Rank {@code ranks} at the top, {@code x} an occupied square, {@code .} an empty one, file letters below. */
    public static String render(Occupancy o) {
        StringBuilder sb = new StringBuilder();
        for (int r = o.ranks() - 1; r >= 0; r--) {
            sb.append(String.format("%2d ", r + 1));
            for (int f = 0; f < o.files(); f++) {
                sb.append(o.occupied(r * o.files() + f) ? 'x' : '.');
                if (f + 1 < o.files()) sb.append(' ');
            }
            sb.append('\n');
        }
        sb.append("   ");
        for (int f = 0; f < o.files(); f++) {
            sb.append((char) ('a' + f));
            if (f + 1 < o.files()) sb.append(' ');
        }
        return sb.append('\n').toString();
    }

    /** The change from {@code before} (null: none yet) to {@code after}, e.g. {@code "up e2, down e4"}. */
    public static String changes(Occupancy before, Occupancy after) {
        List<String> up = new ArrayList<>(), down = new ArrayList<>();
        for (int sq = 0; sq < after.squareCount(); sq++) {
            boolean was = before != null && before.occupied(sq);
            if (was && !after.occupied(sq)) up.add(after.squareName(sq));
            if (!was && after.occupied(sq)) down.add(after.squareName(sq));
        }
        List<String> parts = new ArrayList<>();
        if (!up.isEmpty()) parts.add("up " + String.join(" ", up));
        if (!down.isEmpty()) parts.add("down " + String.join(" ", down));
        return parts.isEmpty() ? "no change" : String.join(", ", parts);
    }
}
