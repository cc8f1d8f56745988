package org.marelle.rules;

import org.marelle.geometry.BoardGeometry;

/**
 * A move, as a value. Squares are indexes of the position's {@link BoardGeometry}; use {@link Position#uci(Move)} or
 * {@link Position#san(Move)} to name a move.
 *
 * {@snippet :
 * Position p = Position.start(Variant.STANDARD);
 * Move m = p.parseSan("e4");
 * switch (m) {
 *     case Move.Normal n -> System.out.println("from " + n.from());
 *     case Move.Promotion pr -> System.out.println("promotes to " + pr.promotion().name());
 *     case Move.EnPassant e -> System.out.println("takes en passant");
 *     case Move.Castle c -> System.out.println("castles with the rook on " + c.rookFrom());
 *     case Move.Deferred d -> System.out.println("and a waiting pawn becomes " + d.promotion().name());
 *     case Move.Null x -> System.out.println("passes");
 * }
 * }
 */
public sealed interface Move {

    /** The square the moving piece leaves (the king's, for castling); -1 for a null move. */
    int from();

    /** The square the moving piece reaches (the king's destination, for castling); -1 for a null move. */
    int to();

    // equals and hashCode of the records below are those a record generates, written out: the generated ones go
    // through invokedynamic, which the C1 compiler the daemon runs with (systemd/marelle.service: TieredStopAtLevel=1)
    // calls slowly, and the story search compares moves for every position it plays (Position.play).

    record Normal(int from, int to) implements Move {
        @Override
        public boolean equals(Object o) {
            return o instanceof Normal n && from == n.from && to == n.to;
        }

        @Override
        public int hashCode() {
            return 31 * from + to;
        }
    }

    record Promotion(int from, int to, PieceType promotion) implements Move {
        @Override
        public boolean equals(Object o) {
            return o instanceof Promotion p && from == p.from && to == p.to && promotion.equals(p.promotion);
        }

        @Override
        public int hashCode() {
            return (31 * from + to) * 31 + promotion.hashCode();
        }
    }

    /** A pawn taking en passant; the captured pawn stands beside {@code from}, on {@code to}'s file. */
    record EnPassant(int from, int to) implements Move {
        @Override
        public boolean equals(Object o) {
            return o instanceof EnPassant e && from == e.from && to == e.to;
        }

        @Override
        public int hashCode() {
            return 31 * from + to;
        }
    }

    /**
     * Castling: the king goes {@code from → to}, the rook {@code rookFrom → rookTo}. In Chess960 the king or the
     * rook may stand still, and they may cross.
     */
    record Castle(int from, int to, int rookFrom, int rookTo) implements Move {
        @Override
        public boolean equals(Object o) {
            return o instanceof Castle c && from == c.from && to == c.to && rookFrom == c.rookFrom
                    && rookTo == c.rookTo;
        }

        @Override
        public int hashCode() {
            return ((31 * from + to) * 31 + rookFrom) * 31 + rookTo;
        }
    }

    /**
     * A move that also completes a delayed promotion elsewhere (Courier under Albers' rules): the pawn on
     * {@code square}, having waited its time on the last rank, becomes {@code promotion}.
     */
    record Deferred(Move move, int square, PieceType promotion) implements Move {
        @Override
        public int from() {
            return move.from();
        }

        @Override
        public int to() {
            return move.to();
        }
    }

    /** A pass, as PGN writes "--" (used in analysis, never legal over the board). */
    record Null() implements Move {
        @Override
        public int from() {
            return -1;
        }

        @Override
        public int to() {
            return -1;
        }
    }

    Move NULL = new Null();
}
