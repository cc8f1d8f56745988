package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.marelle.geometry.BoardGeometry;

/** The public position API: playing, draw rules, outcomes, occupancy. */
class PositionTest {

    private static Position play(Position p, String... sans) {
        for (String san : sans) p = p.playSan(san);
        return p;
    }

    @Test
    void playingReturnsANewPositionAndLeavesTheOldOneAlone() {
        Position start = Position.start(Variant.STANDARD);
        Position after = start.playSan("e4");
        assertThat(start.fen()).isEqualTo("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // No black pawn can take on e3, so no en passant square is written.
        assertThat(after.fen()).isEqualTo("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assertThat(after.turn()).isEqualTo(Color.BLACK);
    }

    @Test
    void enPassantSquareIsWrittenOnlyWhenTheCaptureIsLegal() {
        Position p = play(Position.start(Variant.STANDARD), "e4", "a6", "e5", "d5");
        assertThat(p.fen()).contains(" d6 ");
        assertThat(p.epSquare()).isEqualTo(p.geometry().parseSquare("d6"));
        assertThat(p.san(p.parseSan("exd6"))).isEqualTo("exd6");
        assertThat(p.parseSan("exd6 e.p.")).isInstanceOf(Move.EnPassant.class);
        // Pinned along the rank: the capture would expose the king, so the square is not written.
        Position pinned = Position.fromFen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
        assertThat(pinned.epSquare()).isEqualTo(-1);
        assertThat(pinned.fen()).isEqualTo("8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    }

    @Test
    void threefoldAndFivefoldRepetition() {
        Position p = Position.start(Variant.STANDARD);
        String[] shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
        assertThat(p.repetitions()).isEqualTo(1);
        p = play(p, shuffle);
        assertThat(p.repetitions()).isEqualTo(2);
        assertThat(p.isThreefoldRepetition()).isFalse();
        p = play(p, shuffle);
        assertThat(p.isThreefoldRepetition()).isTrue();
        assertThat(p.outcome()).isEmpty();   // threefold is claimed, not automatic
        p = play(p, shuffle);
        p = play(p, shuffle);
        assertThat(p.isFivefoldRepetition()).isTrue();
        assertThat(p.outcome()).contains(new Outcome(Termination.FIVEFOLD_REPETITION, null));
    }

    @Test
    void lostCastlingRightsMakeADifferentPosition() {
        // After Ke2 Ke7 Ke1 Ke8 the pieces stand as at the start but castling is gone: not a repetition.
        Position p = play(Position.start(Variant.STANDARD), "e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8");
        assertThat(p.repetitions()).isEqualTo(1);
        p = play(p, "Ke2", "Ke7", "Ke1", "Ke8");
        assertThat(p.repetitions()).isEqualTo(2);
    }

    @Test
    void fiftyAndSeventyFiveMoveRules() {
        Position p = Position.fromFen("8/k7/2K5/8/8/8/1R6/8 w - - 99 80");
        assertThat(p.isFiftyMoves()).isFalse();
        p = p.playSan("Rb3");
        assertThat(p.isFiftyMoves()).isTrue();
        assertThat(p.outcome()).isEmpty();
        Position q = Position.fromFen("8/k7/2K5/8/8/8/1R6/8 w - - 149 80").playSan("Rb3");
        assertThat(q.outcome()).contains(new Outcome(Termination.SEVENTY_FIVE_MOVES, null));
        // A mate on the 75th move stands.
        Position mate = Position.fromFen("k7/8/1K6/8/8/8/8/7R w - - 149 80").playSan("Rh8#");
        assertThat(mate.outcome()).contains(new Outcome(Termination.CHECKMATE, Color.WHITE));
    }

    @Test
    void mateStalemateAndDeadPositions() {
        Position fools = play(Position.start(Variant.STANDARD), "f3", "e5", "g4", "Qh4#");
        assertThat(fools.isCheckmate()).isTrue();
        assertThat(fools.outcome()).contains(new Outcome(Termination.CHECKMATE, Color.BLACK));
        assertThat(fools.outcome().orElseThrow().result()).isEqualTo("0-1");
        Position stale = Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assertThat(stale.isStalemate()).isTrue();
        assertThat(stale.outcome().orElseThrow().result()).isEqualTo("1/2-1/2");
        assertThat(Position.fromFen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").isInsufficientMaterial()).isTrue();
        assertThat(Position.fromFen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").isInsufficientMaterial()).isTrue();
        // Bishops on squares of one colour cannot mate; on both colours they can.
        assertThat(Position.fromFen("8/8/4k1b1/8/8/3BK3/8/8 w - - 0 1").isInsufficientMaterial()).isTrue();
        assertThat(Position.fromFen("8/8/4kb2/8/8/3BK3/8/8 w - - 0 1").isInsufficientMaterial()).isFalse();
        assertThat(Position.fromFen("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1").isInsufficientMaterial()).isFalse();
        assertThat(Position.fromFen("8/8/4k3/8/8/3PK3/8/8 w - - 0 1").isInsufficientMaterial()).isFalse();
    }

    @Test
    void occupancyAfterEachKindOfMove() {
        BoardGeometry g = BoardGeometry.CHESS;
        Position p = Position.fromFen("r3k2r/8/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1");
        Move ep = p.parseSan("exd6");
        assertThat(p.occupancyAfter(ep)).isEqualTo(p.play(ep).occupancy());
        assertThat(p.occupancyAfter(ep).contains(g.parseSquare("d5"))).isFalse();
        Move castle = p.parseSan("O-O-O");
        assertThat(p.occupancyAfter(castle)).isEqualTo(p.play(castle).occupancy());
        for (Move m : p.legalMoves()) {
            assertThat(p.occupancyAfter(m)).as(p.uci(m)).isEqualTo(p.play(m).occupancy());
        }
    }

    @Test
    void illegalMovesAreRejectedWithTheMoveAndPosition() {
        Position p = Position.start(Variant.STANDARD);
        assertThatThrownBy(() -> p.play(new Move.Normal(12, 36))).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("e2e5");
        assertThatThrownBy(() -> p.parseSan("Ke2")).isInstanceOf(IllegalMoveException.class).hasMessageContaining("Ke2");
        assertThatThrownBy(() -> p.parseSan("Nz9")).isInstanceOf(InvalidMoveException.class);
        assertThatThrownBy(() -> p.parseUci("e2")).isInstanceOf(InvalidMoveException.class);
    }

    @Test
    void sanWritingDisambiguatesMinimally() {
        Position p = Position.fromFen("7k/3R4/3p2Q1/6Q1/2N1N3/8/8/3R3K w - - 0 1");
        assertThat(p.san(p.parseUci("d7d6"))).isEqualTo("R7xd6");
        assertThat(p.san(p.parseUci("d1d6"))).isEqualTo("R1xd6");
        assertThat(p.san(p.parseUci("c4d6"))).isEqualTo("Ncxd6");
        assertThat(p.san(p.parseUci("g6f6"))).isEqualTo("Q6f6#");
        assertThat(p.san(p.parseUci("g5h6"))).isEqualTo("Q5h6#");
        // Both the file and the rank are needed with three queens.
        Position q = Position.fromFen("7k/8/8/8/Q1Q5/8/Q7/7K w - - 0 1");
        assertThat(q.san(q.parseUci("a4b3"))).isEqualTo("Qa4b3");
    }

    @Test
    void lenientSanReading() {
        Position p = Position.fromFen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertThat(p.parseSan("0-0")).isEqualTo(p.parseSan("O-O"));
        assertThat(p.parseSan("O-O-O+")).isEqualTo(p.parseSan("O-O-O"));
        assertThat(p.parseSan("b8Q")).isEqualTo(p.parseSan("b8=Q"));
        assertThat(p.parseSan("bxa8=N")).isEqualTo(p.parseSan("ba8N"));
        assertThat(p.parseSan("b7b8q")).isEqualTo(p.parseSan("b8=Q"));
        assertThat(p.parseSan("Ra1-a7")).isEqualTo(p.parseSan("Ra7"));
        assertThat(p.parseSan("Rxa7")).isEqualTo(p.parseSan("Ra7"));
        assertThatThrownBy(() -> p.parseSan("b8")).isInstanceOf(IllegalMoveException.class).hasMessageContaining("promotion");
        assertThat(p.parseSan("--")).isEqualTo(Move.NULL);
    }

    @Test
    void uciCastlingInStandardAndChess960() {
        Position p = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        Move oo = p.parseSan("O-O");
        assertThat(p.uci(oo)).isEqualTo("e1g1");
        assertThat(p.parseUci("e1h1")).isEqualTo(oo);
        Position c = Position.fromFen(Variant.CHESS960, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertThat(c.uci(c.parseSan("O-O"))).isEqualTo("e1h1");
        // In Chess960 the king's two-square step is not a way to write castling.
        assertThatThrownBy(() -> c.parseUci("e1g1")).isInstanceOf(IllegalMoveException.class);
    }
}
