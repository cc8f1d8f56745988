package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The registry, and every legal move of crowded positions in every notation. */
class NotationsTest {

    @Test
    void registryNames() {
        assertThat(Notations.names()).containsExactly("san", "fr", "de", "es", "it", "nl", "figurine", "lan", "uci",
                "iccf", "vandermonde", "descriptive-en", "descriptive-fr");
        for (String name : Notations.names()) {
            assertThat(Notations.byName(name).name()).isEqualTo(name);
            assertThat(Notations.byName(name.toUpperCase()).name()).isEqualTo(name);
        }
        assertThat(Notations.byName("en")).isSameAs(Notations.san());
        assertThatThrownBy(() -> Notations.byName("klingon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'klingon'").hasMessageContaining("descriptive-fr");
    }

    /**
     * Positions where notations have most to say: many pieces of a kind able to reach the same squares, castling
     * both ways, en passant, promotions with and without capture (perft suites' "Kiwipete" and friends, from the
     * chessprogramming wiki), three queens, and Chess960 starts.
     */
    static Stream<Position> crowded() {
        List<Position> out = new ArrayList<>();
        for (String fen : List.of(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                "k7/8/8/2Q1Q3/8/2Q5/8/4K3 w - - 0 1",
                "1n1nk3/2P1P3/8/8/8/8/3p1p2/1N1NK3 w - - 0 1",
                "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1")) {
            out.add(Position.fromFen(fen));
        }
        for (int n : new int[] {0, 100, 518, 777, 959}) {
            Position p = Variant.CHESS960.chess960Position(n);
            // Clear the back rank a little so that castling is among the moves.
            for (int ply = 0; ply < 16 && !p.legalMoves().isEmpty(); ply++) {
                List<Move> moves = p.legalMoves();
                Move castle = moves.stream().filter(m -> m instanceof Move.Castle).findFirst().orElse(null);
                p = p.play(castle != null ? castle : moves.get((ply * 7 + n) % moves.size()));
            }
            out.add(p);
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("crowded")
    void everyLegalMoveBothWays(Position p) {
        for (String name : Notations.names()) {
            MoveNotation n = Notations.byName(name);
            List<String> texts = new ArrayList<>();
            for (Move m : p.legalMoves()) {
                String text = n.write(p, m);
                texts.add(text);
                assertThat(n.read(p, text)).as("%s '%s' in %s", name, text, p.fen()).isEqualTo(m);
            }
            // Different moves are written differently, so no text could be read as another move.
            assertThat(texts).as(name).doesNotHaveDuplicates();
        }
    }

    @Test
    void nullMovesAreDashesEverywhere() {
        Position start = Position.start(Variant.STANDARD);
        for (String name : Notations.names()) {
            MoveNotation n = Notations.byName(name);
            String text = n.write(start, Move.NULL);
            assertThat(text).isIn("--", "0000");
            assertThat(n.read(start, text)).isEqualTo(Move.NULL);
        }
    }
}
