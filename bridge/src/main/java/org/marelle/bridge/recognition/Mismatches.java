package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.Fix;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;

/** What to put right when the board matches nothing: the nearest legal board, and the fixes paired by distance. */
final class Mismatches {

    private Mismatches() {
    }

    /**
     * The occupancy the player most likely meant: the game position, a legal move from it, an earlier position (casual
     * mode) or the start position, whichever differs from the board in the fewest squares (the game position wins
     * ties, then a legal move).
     */
    static SquareSet nearestLegal(Transition t) {
        SquareSet board = t.board;
        SquareSet best = t.table.occupancy();
        int bestDiff = diff(board, best);
        for (int i = 0; i < t.table.count; i++) {
            SquareSet after = t.table.after(i);
            int d = diff(board, after);
            if (d < bestDiff) {
                best = after;
                bestDiff = d;
            }
        }
        if (t.config.mode() == RecognizerConfig.Mode.CASUAL) {
            for (History h = t.history; h != null; h = h.older()) {
                SquareSet earlier = h.position().occupancy();
                int d = diff(board, earlier);
                if (d < bestDiff) {
                    best = earlier;
                    bestDiff = d;
                }
            }
        }
        SquareSet start = t.newGame.occupancy();
        if (diff(board, start) < bestDiff) best = start;
        return best;
    }

    private static int diff(SquareSet a, SquareSet b) {
        return a.symmetricDifference(b).count();
    }

    /** The mismatch between what the board shows and what it should show, with fixes paired nearest first. */
    static BoardMismatch between(long at, SquareSet board, SquareSet expected, BoardGeometry g) {
        SquareSet toFill = expected.minus(board);
        SquareSet toClear = board.minus(expected);
        int[] fill = toFill.toArray();
        int[] clear = toClear.toArray();
        record Pair(int from, int to, int distance) {
        }
        List<Pair> pairs = new ArrayList<>();
        for (int c : clear) {
            for (int f : fill) {
                int df = g.file(c) - g.file(f), dr = g.rank(c) - g.rank(f);
                pairs.add(new Pair(c, f, df * df + dr * dr));
            }
        }
        pairs.sort((a, b) -> a.distance() != b.distance() ? Integer.compare(a.distance(), b.distance())
                : a.from() != b.from() ? Integer.compare(a.from(), b.from()) : Integer.compare(a.to(), b.to()));
        SquareSet usedFrom = SquareSet.EMPTY, usedTo = SquareSet.EMPTY;
        List<Fix> fixes = new ArrayList<>();
        for (Pair p : pairs) {
            if (usedFrom.contains(p.from()) || usedTo.contains(p.to())) continue;
            fixes.add(new Fix(p.from(), p.to()));
            usedFrom = usedFrom.with(p.from());
            usedTo = usedTo.with(p.to());
        }
        for (int c : clear) {
            if (!usedFrom.contains(c)) fixes.add(new Fix(c, -1));
        }
        for (int f : fill) {
            if (!usedTo.contains(f)) fixes.add(new Fix(-1, f));
        }
        return new BoardMismatch(at, toFill, toClear, fixes, expected);
    }
}
