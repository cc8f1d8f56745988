package org.marelle.bridge.recognition;

import java.util.List;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The legal moves of one position with, for each, the squares a sensor board sees it change: computed once per
 * position so that matching a frame is a loop of comparisons of square sets.
 *
 * <p>Per move: {@code after}, the occupancy it leaves; {@code lifts}, the squares whose piece must be lifted to play it
 * (the moving pieces' squares and the captured piece's square; for Chess960 castling a king or rook that stays put is
 * not lifted); {@code fills}, squares empty before and occupied after; {@code path}, the empty squares a piece passes
 * over when dragged along its line (sliders, pawn double steps, the king and rook when castling); {@code victim}, the
 * captured piece's square or -1.
 */
final class MoveTable {

    final Position position;
    final BoardGeometry geometry;
    final Move[] moves;
    final int count;
    private final SquareSet occupancy;
    private final SquareSet[] after, lifts, fills, path;
    /** Per move: {@code fills} and {@code path} together, every square it may show a piece on while under way. */
    private final SquareSet[] mayFill;
    final int[] victim;

    /**
     * Whether the side to move moves elsewhere (an engine, an online opponent): the table then holds none of its
     * moves, so that nothing the board shows is read as one (its moves come through {@code remoteMove}).
     */
    final boolean remote;

    MoveTable(Position position) {
        this(position, false);
    }

    MoveTable(Position position, boolean remote) {
        this.position = position;
        this.geometry = position.geometry();
        this.remote = remote;
        List<Move> legal = remote ? List.of() : position.legalMoves();
        this.count = legal.size();
        this.moves = legal.toArray(new Move[0]);
        SquareSet occ = position.occupancy();
        occupancy = occ;
        after = new SquareSet[count];
        lifts = new SquareSet[count];
        fills = new SquareSet[count];
        path = new SquareSet[count];
        mayFill = new SquareSet[count];
        victim = new int[count];
        for (int i = 0; i < count; i++) {
            Move m = moves[i];
            after[i] = position.occupancyAfter(m);
            fills[i] = after[i].minus(occ);
            SquareSet moveLifts = SquareSet.EMPTY;
            SquareSet movePath = SquareSet.EMPTY;
            int v = -1;
            switch (PromotionChoices.base(m)) {
                case Move.Castle c -> {
                    if (c.from() != c.to()) {
                        moveLifts = moveLifts.with(c.from());
                        movePath = movePath.union(between(c.from(), c.to()));
                    }
                    if (c.rookFrom() != c.rookTo()) {
                        moveLifts = moveLifts.with(c.rookFrom());
                        movePath = movePath.union(between(c.rookFrom(), c.rookTo()));
                    }
                    // Both ends of a Chess960 castling may be occupied before: only the empty ones are dragged over.
                    movePath = movePath.union(SquareSet.of(c.to(), c.rookTo()));
                }
                case Move.EnPassant e -> {
                    v = geometry.square(geometry.file(e.to()), geometry.rank(e.from()));
                    moveLifts = SquareSet.of(e.from(), v);
                }
                case Move b -> {
                    moveLifts = SquareSet.of(m.from());
                    if (occ.contains(m.to())) {
                        v = m.to();
                        moveLifts = moveLifts.with(v);
                    }
                    // A capturing piece too is dragged over the squares between, once its victim is off.
                    movePath = between(m.from(), m.to());
                }
            }
            lifts[i] = moveLifts;
            path[i] = movePath.minus(occ);
            mayFill[i] = fills[i].union(path[i]);
            victim[i] = v;
        }
    }

    /** The position's occupancy. */
    SquareSet occupancy() {
        return occupancy;
    }

    /** The occupancy move {@code i} leaves. */
    SquareSet after(int i) {
        return after[i];
    }

    /** The squares whose piece must be lifted to play move {@code i}. */
    SquareSet lifts(int i) {
        return lifts[i];
    }

    /** The squares move {@code i} fills: empty before, occupied after. */
    SquareSet fills(int i) {
        return fills[i];
    }

    /** The empty squares move {@code i}'s pieces pass over when dragged along their lines. */
    SquareSet path(int i) {
        return path[i];
    }

    /** Whether move {@code i} leaves exactly the occupancy {@code board}. */
    boolean leaves(int i, SquareSet board) {
        return after[i].equals(board);
    }

    boolean isCapture(int i) {
        return victim[i] >= 0;
    }

    /** A capture whose victim stands on the destination (not en passant): the board cannot see it happen. */
    boolean isHiddenCapture(int i) {
        return victim[i] >= 0 && victim[i] == moves[i].to();
    }

    int indexOf(Move m) {
        for (int i = 0; i < count; i++) {
            if (moves[i].equals(m)) return i;
        }
        return -1;
    }

    /**
     * The squares strictly between two squares on one rank, file or diagonal; empty for other pairs (knight jumps),
     * since only a piece moving along a line is dragged over the squares between.
     */
    SquareSet between(int a, int b) {
        return between(geometry, a, b);
    }

    /** {@link #between(int, int)} on any board. */
    static SquareSet between(BoardGeometry geometry, int a, int b) {
        return BETWEEN.computeIfAbsent(geometry, MoveTable::betweenTable)[a * geometry.squareCount() + b];
    }

    /** Per geometry, {@link #between(int, int)} of every pair of squares: asked for every move of every table. */
    private static final java.util.Map<BoardGeometry, SquareSet[]> BETWEEN = new java.util.concurrent.ConcurrentHashMap<>();

    private static SquareSet[] betweenTable(BoardGeometry geometry) {
        int n = geometry.squareCount();
        SquareSet[] table = new SquareSet[n * n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) table[a * n + b] = computeBetween(geometry, a, b);
        }
        return table;
    }

    private static SquareSet computeBetween(BoardGeometry geometry, int a, int b) {
        int fa = geometry.file(a), ra = geometry.rank(a), fb = geometry.file(b), rb = geometry.rank(b);
        int df = Integer.signum(fb - fa), dr = Integer.signum(rb - ra);
        int nf = Math.abs(fb - fa), nr = Math.abs(rb - ra);
        if (nf != 0 && nr != 0 && nf != nr) return SquareSet.EMPTY;
        SquareSet s = SquareSet.EMPTY;
        for (int f = fa + df, r = ra + dr; f != fb || r != rb; f += df, r += dr) {
            s = s.with(geometry.square(f, r));
        }
        return s;
    }

    /**
     * Whether {@code mid} lies strictly between {@code from} and {@code far} on one line, so that a piece going from
     * {@code from} to {@code far} passes over it.
     */
    boolean onTheWay(int from, int mid, int far) {
        return between(from, far).contains(mid);
    }

    /**
     * Whether the board could be move {@code i} in progress: the squares {@code lifted} (occupied in the position,
     * empty on the board) are among those it empties, and the squares {@code added} (the other way round) among
     * those it fills or passes over.
     */
    boolean partly(int i, SquareSet lifted, SquareSet added) {
        return lifts[i].containsAll(lifted) && mayFill[i].containsAll(added);
    }
}
