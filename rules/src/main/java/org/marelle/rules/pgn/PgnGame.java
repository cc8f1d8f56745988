package org.marelle.rules.pgn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A game as PGN records it: tags, the initial position, the tree of moves with annotations, and the result.
 *
 * @param tags    tag pairs in the order read (an unmodifiable view of a {@link LinkedHashMap})
 * @param initial the position before the first move (from the FEN and Variant tags, or the variant's start)
 * @param root    the root of the move tree; its main line is the game
 * @param result  the game termination marker: "1-0", "0-1", "1/2-1/2" or "*"
 */
public record PgnGame(Map<String, String> tags, Position initial, GameNode root, String result) {

    /** The four game termination markers. */
    public static final Set<String> RESULTS = Set.of("1-0", "0-1", "1/2-1/2", "*");

    public PgnGame {
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(tags, "tags")));
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(root, "root");
        if (!root.isRoot()) {
            throw new IllegalArgumentException("the root of a game has no parent");
        }
        if (!RESULTS.contains(result)) {
            throw new IllegalArgumentException("result must be 1-0, 0-1, 1/2-1/2 or *, not '" + result + "'");
        }
    }

    /**
     * A game from a list of moves (no annotations), for instance a game just played on a board.
     *
     * @throws IllegalArgumentException (an {@code IllegalMoveException}) when a move is not legal where it is played
     */
    public static PgnGame of(Map<String, String> tags, Position initial, List<Move> moves, String result) {
        GameNode root = GameNode.root();
        GameNode node = root;
        Position p = initial;
        for (Move m : moves) {
            String san = p.san(m);
            p = p.play(m);
            node = node.addChild(m, san);
        }
        return new PgnGame(tags, initial, root, result);
    }

    /** The moves of the main line, in order. */
    public List<Move> mainline() {
        List<Move> moves = new ArrayList<>();
        for (GameNode n = root; !n.variations().isEmpty(); ) {
            n = n.variations().get(0);
            moves.add(n.move());
        }
        return moves;
    }

    /** The main line in strict SAN (as {@link Position#san} writes it, with + and #). */
    public List<String> mainlineSan() {
        List<String> sans = new ArrayList<>();
        Position p = initial;
        for (Move m : mainline()) {
            sans.add(p.san(m));
            p = p.play(m);
        }
        return sans;
    }

    /** The position after the last move of the main line. */
    public Position finalPosition() {
        Position p = initial;
        for (Move m : mainline()) {
            p = p.play(m);
        }
        return p;
    }

    /** The game in PGN export format (see {@link PgnWriter}). */
    public String toPgn() {
        return PgnWriter.toPgn(this);
    }
}
