package org.marelle.rules.courier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.FenException;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Outcome;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Termination;
import org.marelle.rules.Variant;

/** Courier under Albers' rules of 1821: hand-checked positions for each rule. */
class CourierModernTest {

    private static final Variant V = Variant.COURIER_MODERN;
    private static final BoardGeometry G = BoardGeometry.COURIER;

    private static List<String> sans(Position p) {
        return p.legalMoves().stream().map(p::san).toList();
    }

    private static List<String> from(Position p, String square) {
        int sq = G.parseSquare(square);
        return p.legalMoves().stream().filter(m -> m.from() == sq).map(p::san).sorted().toList();
    }

    @Test
    void startPositionMoves() {
        Position p = V.startPosition();
        // 12 pawns with single and double steps, 2 knights x 2, the archers leap to a3/e3 and h3/l3, the sages
        // leap (alfil) to c3/g3 and (knight) to d3/f3 ... each 2; the Schleich and the queen are shut in.
        assertThat(p.legalMoves()).hasSize(24 + 4 + 4 + 4);
        assertThat(from(p, "c1")).containsExactly("Ea3", "Ee3");
        assertThat(from(p, "e1")).containsExactly("Mc3", "Md3", "Mf3", "Mg3");
    }

    @Test
    void archerSageAndSchleichMoveAsAlbersDescribes() {
        Position p = Position.fromFen(V, "5k6/12/12/12/3E8/12/12/5K6 w - - 0 1");
        // Archer on d4: one step diagonally (4) or a leap of two diagonally (4).
        assertThat(from(p, "d4")).containsExactlyInAnyOrder("Ec3", "Ec5", "Ee3", "Ee5", "Eb2", "Eb6", "Ef2", "Ef6");
        Position sage = Position.fromFen(V, "5k6/12/12/12/3M8/12/12/5K6 w - - 0 1");
        assertThat(from(sage, "d4")).hasSize(8 + 8);   // archer's 8 and the knight's 8
        Position jester = Position.fromFen(V, "5k6/12/12/12/3W8/12/12/5K6 w - - 0 1");
        assertThat(from(jester, "d4")).hasSize(8);     // one step any direction
    }

    @Test
    void castlingOnBothWingsPutsTheKingOnTheAlfilSquareAndTheRookBesideIt() {
        Position p = Position.fromFen(V, "5k6/12/12/12/12/12/12/R4K5R w KQ - 0 1");
        assertThat(p.playSan("O-O").fen()).startsWith("5k6/12/12/12/12/12/12/R7RK2 b - -");
        assertThat(p.playSan("O-O-O").fen()).startsWith("5k6/12/12/12/12/12/12/2KR7R b - -");
        Move oo = p.parseSan("O-O");
        assertThat(oo).isEqualTo(new Move.Castle(G.parseSquare("f1"), G.parseSquare("j1"), G.parseSquare("l1"), G.parseSquare("i1")));
        assertThat(p.uci(oo)).isEqualTo("f1j1");
        assertThat(p.parseUci("f1j1")).isEqualTo(oo);
        assertThat(p.occupancyAfter(oo)).isEqualTo(p.play(oo).occupancy());
    }

    @Test
    void castlingNeedsEmptySquaresAndNoAttackedSquareOnTheKingsWay() {
        // A black rook on h8 watches h1, which the king crosses on its way to j1.
        Position watched = Position.fromFen(V, "5k1r4/12/12/12/12/12/12/R4K5R w KQ - 0 1");
        assertThat(sans(watched)).contains("O-O-O").doesNotContain("O-O");
        // In check: no castling at all.
        Position check = Position.fromFen(V, "5r1k4/12/12/12/12/12/12/R4K5R w KQ - 0 1");
        assertThat(sans(check)).doesNotContain("O-O", "O-O-O");
        // A piece between king and rook blocks that wing.
        Position blocked = Position.fromFen(V, "5k6/12/12/12/12/12/12/RN3K5R w KQ - 0 1");
        assertThat(sans(blocked)).contains("O-O").doesNotContain("O-O-O");
        // A moved king loses both rights.
        Position moved = Position.fromFen(V, "5k6/12/12/12/12/12/12/R4K5R w KQ - 0 1").playSan("Kf2").playSan("Ke8").playSan("Kf1").playSan("Kf8");
        assertThat(moved.fen()).contains(" w - - ");
    }

    @Test
    void pawnsHaveTheDoubleStepAndEnPassant() {
        Position p = V.startPosition().playSan("e4").playSan("a6").playSan("e5").playSan("d5");
        assertThat(p.epSquare()).isEqualTo(G.parseSquare("d6"));
        Move ep = p.parseSan("exd6");
        assertThat(ep).isInstanceOf(Move.EnPassant.class);
        assertThat(p.play(ep).pieceAt(G.parseSquare("d5"))).isNull();
    }

    @Test
    void aPawnWaitsTwoOfItsSidesMovesOnTheLastRankThenBecomesTheChosenPiece() {
        Position p = Position.fromFen(V, "4k7/1P10/12/12/12/12/R11/5K6 w - - 0 1");
        // Arriving is an ordinary pawn move; the pawn cannot move on.
        p = p.playSan("b8");
        assertThat(p.fen()).startsWith("1P2k7/");
        assertThat(p.pieceAt(G.parseSquare("b8")).type()).isEqualTo(PieceType.PAWN);
        p = p.playSan("Kd7");
        assertThat(from(p, "b8")).isEmpty();
        // First move of waiting: FEN marks the pawn that has waited one move with '.
        p = p.playSan("Ra3").playSan("Kc7");
        assertThat(p.fen()).startsWith("1P'10/2k9/");
        // The second move completes the wait: it must name the new piece.
        Position before = p;
        assertThatThrownBy(() -> before.playSan("Ra4")).isInstanceOf(IllegalMoveException.class).hasMessageContaining("_b8=");
        List<String> choices = sans(p).stream().map(s -> s.replace("+", "")).filter(s -> s.startsWith("Ra4")).toList();
        assertThat(choices).containsExactlyInAnyOrder("Ra4_b8=Q", "Ra4_b8=M", "Ra4_b8=E", "Ra4_b8=W", "Ra4_b8=N", "Ra4_b8=B", "Ra4_b8=R");
        Move m = p.parseSan("Ra4_b8=M");
        assertThat(m).isInstanceOfSatisfying(Move.Deferred.class, d -> {
            assertThat(d.move()).isEqualTo(new Move.Normal(G.parseSquare("a3"), G.parseSquare("a4")));
            assertThat(d.square()).isEqualTo(G.parseSquare("b8"));
            assertThat(d.promotion().name()).isEqualTo("sage");
        });
        assertThat(p.uci(m)).isEqualTo("a3a4_b8m");
        assertThat(p.parseUci("a3a4_b8m")).isEqualTo(m);
        Position after = p.play(m);
        assertThat(after.pieceAt(G.parseSquare("b8")).type().name()).isEqualTo("sage");
        assertThat(after.fen()).startsWith("1M10/2k9/");
        // The sage gives check from b8 at once, by the archer's step to c7.
        assertThat(p.san(m)).isEqualTo("Ra4_b8=M+");
    }

    @Test
    void theWaitMarkRoundTripsAndIsRejectedElsewhere() {
        String fen = "1P'2k7/12/12/12/12/12/R11/5K6 w - - 2 2";
        assertThat(Position.fromFen(V, fen).fen()).isEqualTo(fen);
        assertThatThrownBy(() -> Position.fromFen(V, "4k7/1P'10/12/12/12/12/R11/5K6 w - - 0 1")).isInstanceOf(FenException.class)
                .hasMessageContaining("wait mark");
        assertThatThrownBy(() -> Position.fromFen(Variant.COURIER, "1P2k7/12/12/12/12/12/R11/5K6 w - - 0 1"))
                .isInstanceOf(FenException.class).hasMessageContaining("b8");
    }

    @Test
    void stalemateIsADrawHere() {
        Position p = Position.fromFen(V, "k11/2Q9/1K10/12/12/12/12/12 b - - 0 1");
        assertThat(p.isStalemate()).isTrue();
        assertThat(p.outcome()).contains(new Outcome(Termination.STALEMATE, null));
    }
}
