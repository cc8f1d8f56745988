package org.marelle.rules;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts the leaf nodes of the legal move tree to a depth: the standard check of a move generator against
 * published numbers.
 *
 * {@snippet :
 * Perft.perft(Position.start(Variant.STANDARD), 4);   // 197281
 * }
 */
public final class Perft {

    private Perft() {
    }

    public static long perft(Position position, int depth) {
        if (depth < 0) throw new IllegalArgumentException("perft depth " + depth + " is negative");
        return position.board().copy().perft(depth);
    }

    /** The count below each legal move, ordered by the moves' UCI strings. */
    public static Map<Move, Long> divide(Position position, int depth) {
        if (depth < 1) throw new IllegalArgumentException("divide needs depth 1 or more, got " + depth);
        Map<Move, Long> out = new LinkedHashMap<>();
        position.legalMoves().stream()
                .sorted(Comparator.comparing(position::uci))
                .forEach(m -> out.put(m, perft(position.play(m), depth - 1)));
        return out;
    }
}
