package org.marelle.rules.pgn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.marelle.rules.Move;

/**
 * One node of a game tree: the move that leads to it, with what an annotator said about that move. The root node has
 * no move; it stands for the game's initial position.
 *
 * <p>Children are the moves that can follow. Child 0 continues the line this node is on (the main line, from the
 * root); further children are variations, alternatives to child 0. A variation never mixes into the main line.
 *
 * <p>Comments are kept in order as read. {@link #commentsBefore()} are those written before the move, at the start
 * of a variation ({@code ( {Scandinavian:} 1... d5 )}); {@link #commentsAfter()} are those written after it. On the
 * root, {@code commentsAfter} holds the comments before the first move (the game comment).
 *
 * <p>Nodes are mutable while a game is built (by {@link PgnReader} or by a program recording a game) and meant to be
 * left alone after.
 */
public final class GameNode {

    private final GameNode parent;
    private final Move move;
    private final String san;
    private final List<Integer> nags = new ArrayList<>(0);
    private final List<String> commentsBefore = new ArrayList<>(0);
    private final List<String> commentsAfter = new ArrayList<>(0);
    private final List<GameNode> children = new ArrayList<>(1);

    private GameNode(GameNode parent, Move move, String san) {
        this.parent = parent;
        this.move = move;
        this.san = san;
    }

    /** A new root: the initial position of a game, before any move. */
    public static GameNode root() {
        return new GameNode(null, null, null);
    }

    /**
     * Adds a move after this node: the first one added continues this line, later ones are variations.
     *
     * @param san the move as written in the source (for messages and checks), or null when the move did not come
     *            from text
     */
    public GameNode addChild(Move move, String san) {
        GameNode child = new GameNode(this, Objects.requireNonNull(move, "move"), san);
        children.add(child);
        return child;
    }

    public boolean isRoot() {
        return parent == null;
    }

    /** The node before this one, null for the root. */
    public GameNode parent() {
        return parent;
    }

    /** The move that leads here; null for the root. */
    public Move move() {
        return move;
    }

    /** The move's text as read (with any +, #, !? it had), null for the root or for moves not read from text. */
    public String san() {
        return san;
    }

    /** The moves that can follow: element 0 continues this line, the others are variations. */
    public List<GameNode> variations() {
        return Collections.unmodifiableList(children);
    }

    /** The move that continues this line, if any. */
    public Optional<GameNode> next() {
        return children.isEmpty() ? Optional.empty() : Optional.of(children.get(0));
    }

    /** Numeric annotation glyphs ($1 = !, $2 = ?, ...), in the order read. */
    public List<Integer> nags() {
        return Collections.unmodifiableList(nags);
    }

    public void addNag(int nag) {
        if (nag < 0 || nag > 255) {
            throw new IllegalArgumentException("NAG out of range 0..255: " + nag);
        }
        nags.add(nag);
    }

    public List<String> commentsBefore() {
        return Collections.unmodifiableList(commentsBefore);
    }

    public void addCommentBefore(String comment) {
        commentsBefore.add(Objects.requireNonNull(comment));
    }

    public List<String> commentsAfter() {
        return Collections.unmodifiableList(commentsAfter);
    }

    public void addCommentAfter(String comment) {
        commentsAfter.add(Objects.requireNonNull(comment));
    }

    /** Number of moves from the root to here. */
    public int ply() {
        int ply = 0;
        for (GameNode n = this; n.parent != null; n = n.parent) {
            ply++;
        }
        return ply;
    }

    @Override
    public String toString() {
        return isRoot() ? "GameNode[root]" : "GameNode[" + (san != null ? san : move) + "]";
    }
}
