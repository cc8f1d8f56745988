package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.BoardGeometry;

/** The engine room: make/unmake, hashing, and geometry-independent move generation. */
class BoardTest {

    private static final String[] FENS = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    };

    /** Snapshot of every field make/unmake must restore. */
    private static String state(Board b) {
        return Arrays.toString(b.squares) + Arrays.toString(b.waited) + Arrays.toString(b.pLo) + Arrays.toString(b.pHi) + Arrays.toString(b.cLo)
                + Arrays.toString(b.cHi) + Arrays.toString(b.kingSq) + Arrays.toString(b.castleRook)
                + b.turn + "/" + b.ep + "/" + b.halfmove + "/" + b.fullmove + "/" + b.key;
    }

    /** Variant and FEN pairs: chess, Courier, and Albers' Courier with pawns about to wait on the last rank. */
    private static final Object[][] STARTS = {
        {Variant.STANDARD, FENS[0]}, {Variant.STANDARD, FENS[1]}, {Variant.STANDARD, FENS[2]}, {Variant.STANDARD, FENS[3]},
        {Variant.COURIER, Variant.COURIER.startFen()},
        {Variant.COURIER_MODERN, "r3k6r/1P8p1/12/12/12/12/1p8P1/R4K5R w KQkq - 0 1"},
        {Variant.CHESS960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
    };

    @Property(tries = 120)
    void makeThenUnmakeRestoresEveryField(@ForAll @IntRange(min = 0, max = 6) int start, @ForAll @LongRange(min = 0) long seed,
                                          @ForAll @IntRange(min = 1, max = 120) int plies) {
        Board b = Fen.parse((Variant) STARTS[start][0], (String) STARTS[start][1]);
        java.util.Random rnd = new java.util.Random(seed);
        int[] moves = new int[Board.MAX_MOVES];
        int[] played = new int[plies];
        String[] before = new String[plies];
        int done = 0;
        for (; done < plies; done++) {
            int count = b.generate(moves, 0);
            if (count == 0) break;
            int m = moves[rnd.nextInt(count)];
            before[done] = state(b);
            played[done] = m;
            b.make(m);
            // The incrementally kept hash must equal one computed from scratch.
            assertThat(b.key).isEqualTo(b.computeKey());
        }
        for (int i = done - 1; i >= 0; i--) {
            b.unmake(played[i]);
            assertThat(state(b)).isEqualTo(before[i]);
        }
    }

    @Test
    void classicPerftNumbers() {
        // Counts from the chessprogramming wiki's perft page.
        assertThat(Perft.perft(Position.start(Variant.STANDARD), 4)).isEqualTo(197_281);
        assertThat(Perft.perft(Position.fromFen(FENS[1]), 3)).isEqualTo(97_862);
        assertThat(Perft.perft(Position.fromFen(FENS[2]), 5)).isEqualTo(674_624);
        assertThat(Perft.perft(Position.fromFen(FENS[3]), 4)).isEqualTo(422_333);
    }

    @Test
    void aTwelveFileBoardNeedsNoNewCode() {
        // Standard pieces on a 12x8 board: a rook in the corner of an otherwise empty rank.
        Variant wide = Variant.builder("wide-test", BoardGeometry.COURIER)
                .pieces(PieceType.PAWN, PieceType.KNIGHT, PieceType.BISHOP, PieceType.ROOK, PieceType.QUEEN, PieceType.KING)
                .startFen("5k6/12/12/12/12/12/12/R4K6 w - - 0 1")
                .promotions(PieceType.QUEEN)
                .build();
        Position p = wide.startPosition();
        assertThat(p.geometry().squareCount()).isEqualTo(96);
        long rookMoves = p.legalMoves().stream().filter(m -> m.from() == 0).count();
        assertThat(rookMoves).isEqualTo(4 + 7);   // b1..e1 and a2..a8
        long kingMoves = p.legalMoves().stream().filter(m -> m.from() == 5).count();
        assertThat(kingMoves).isEqualTo(5);
        // A queen in the middle of the wide board sees the far files.
        Position q = Position.fromFen(wide, "k11/12/12/12/5Q6/12/12/11K w - - 0 1");
        assertThat(q.legalMoves()).contains(new Move.Normal(q.geometry().parseSquare("f4"), q.geometry().parseSquare("l4")));
        assertThat(q.fen()).isEqualTo("k11/12/12/12/5Q6/12/12/11K w - - 0 1");
        assertThat(Perft.perft(q, 2)).isPositive();
    }

    @Test
    void alfilChecksCannotBeBlocked() {
        // An alfil jumps: putting a piece between it and the king does not stop its check.
        PieceType alfil = PieceType.of('E', "alfil", "A");
        Variant v = Variant.builder("alfil-test", BoardGeometry.CHESS)
                .pieces(PieceType.KING, PieceType.ROOK, alfil)
                .startFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
                .build();
        Position p = Position.fromFen(v, "7k/3R4/8/8/8/4e3/8/2K5 w - - 0 1");
        BoardGeometry g = p.geometry();
        assertThat(p.isCheck()).isTrue();
        // Rd7-d2 would block a bishop's check, not an alfil's; the king must step away.
        assertThat(p.legalMoves()).doesNotContain(new Move.Normal(g.parseSquare("d7"), g.parseSquare("d2")));
        assertThat(p.legalMoves()).contains(new Move.Normal(g.parseSquare("c1"), g.parseSquare("b1")));
    }

    @Test
    void betzaDescriptionsCompile() {
        assertThat(PieceType.KNIGHT.atoms()).hasSize(8);
        assertThat(PieceType.ROOK.atoms()).hasSize(4).allMatch(PieceType.Atom::ride);
        assertThat(PieceType.QUEEN.atoms()).hasSize(8);
        assertThat(PieceType.PAWN.atoms()).hasSize(3);
        assertThat(PieceType.of('F', "ferz", "F").atoms()).hasSize(4).noneMatch(PieceType.Atom::ride);
        assertThatThrownBy(() -> PieceType.of('X', "bad", "fmY")).hasMessageContaining("unknown atom 'Y'");
        assertThatThrownBy(() -> PieceType.of('X', "bad", "fm")).hasMessageContaining("have no atom");
        assertThatThrownBy(() -> PieceType.of('x', "bad", "W")).hasMessageContaining("upper-case");
    }
}
