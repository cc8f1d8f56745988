package org.marelle.bridge.recognition;

import java.util.List;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The legal moves of one position with, for each, the squares a sensor board sees it change: computed once per
 * position so that matching a frame is a loop of comparisons of two longs.
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
    final long occLo, occHi;
    final long[] afterLo, afterHi;
    final long[] liftsLo, liftsHi;
    final long[] fillsLo, fillsHi;
    final long[] pathLo, pathHi;
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
        this.occLo = occ.lo();
        this.occHi = occ.hi();
        afterLo = new long[count];
        afterHi = new long[count];
        liftsLo = new long[count];
        liftsHi = new long[count];
        fillsLo = new long[count];
        fillsHi = new long[count];
        pathLo = new long[count];
        pathHi = new long[count];
        victim = new int[count];
        for (int i = 0; i < count; i++) {
            Move m = moves[i];
            SquareSet after = position.occupancyAfter(m);
            afterLo[i] = after.lo();
            afterHi[i] = after.hi();
            fillsLo[i] = after.lo() & ~occLo;
            fillsHi[i] = after.hi() & ~occHi;
            SquareSet lifts = SquareSet.EMPTY;
            SquareSet path = SquareSet.EMPTY;
            int v = -1;
            switch (PromotionChoices.base(m)) {
                case Move.Castle c -> {
                    if (c.from() != c.to()) {
                        lifts = lifts.with(c.from());
                        path = path.union(between(c.from(), c.to()));
                    }
                    if (c.rookFrom() != c.rookTo()) {
                        lifts = lifts.with(c.rookFrom());
                        path = path.union(between(c.rookFrom(), c.rookTo()));
                    }
                    // Both ends of a Chess960 castling may be occupied before: only the empty ones are dragged over.
                    path = path.union(SquareSet.of(c.to(), c.rookTo()));
                }
                case Move.EnPassant e -> {
                    v = geometry.square(geometry.file(e.to()), geometry.rank(e.from()));
                    lifts = SquareSet.of(e.from(), v);
                }
                case Move b -> {
                    lifts = SquareSet.of(m.from());
                    if (occ.contains(m.to())) {
                        v = m.to();
                        lifts = lifts.with(v);
                    }
                    // A capturing piece too is dragged over the squares between, once its victim is off.
                    path = between(m.from(), m.to());
                }
            }
            path = path.minus(occ);
            liftsLo[i] = lifts.lo();
            liftsHi[i] = lifts.hi();
            pathLo[i] = path.lo();
            pathHi[i] = path.hi();
            victim[i] = v;
        }
    }

    SquareSet occupancy() {
        return new SquareSet(occLo, occHi);
    }

    SquareSet after(int i) {
        return new SquareSet(afterLo[i], afterHi[i]);
    }

    SquareSet lifts(int i) {
        return new SquareSet(liftsLo[i], liftsHi[i]);
    }

    SquareSet fills(int i) {
        return new SquareSet(fillsLo[i], fillsHi[i]);
    }

    SquareSet path(int i) {
        return new SquareSet(pathLo[i], pathHi[i]);
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
     * Whether the board could be move {@code i} in progress: the squares lifted ({@code lLo}, {@code lHi}) are among
     * those it empties, and the squares filled ({@code aLo}, {@code aHi}) among those it fills or passes over.
     */
    boolean partly(int i, long lLo, long lHi, long aLo, long aHi) {
        return (lLo & ~liftsLo[i]) == 0 && (lHi & ~liftsHi[i]) == 0
                && (aLo & ~(fillsLo[i] | pathLo[i])) == 0 && (aHi & ~(fillsHi[i] | pathHi[i])) == 0;
    }

    static boolean same(long lo, long hi, SquareSet s) {
        return lo == s.lo() && hi == s.hi();
    }
}
