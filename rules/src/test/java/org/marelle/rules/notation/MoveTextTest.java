package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/** Whole lines of moves: numbering, results, draw offers, reading move text back. */
class MoveTextTest {

    static final Position START = Position.start(Variant.STANDARD);

    static List<Move> moves(Position from, String sans) {
        List<Move> out = new ArrayList<>();
        Position p = from;
        for (String san : sans.split(" ")) {
            Move m = p.parseSan(san);
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    @Test
    void numberedWithTheResultInTheNotationsOwnWay() {
        List<Move> m = moves(START, "e4 e5 Nf3 Nc6");
        assertThat(MoveText.write(START, m, Notations.byName("fr"), "1/2-1/2"))
                .isEqualTo("1. e4 e5 2. Cf3 Cc6 ½-½");
        assertThat(MoveText.write(START, m, Notations.san(), "1/2-1/2"))
                .isEqualTo("1. e4 e5 2. Nf3 Nc6 1/2-1/2");
        assertThat(MoveText.write(START, m, Notations.byName("descriptive-en"), "*"))
                .isEqualTo("1. P-K4 P-K4 2. N-KB3 N-QB3 *");
        assertThat(MoveText.write(START, m, Notations.byName("fr"), null)).isEqualTo("1. e4 e5 2. Cf3 Cc6");
    }

    @Test
    void blackToMoveFirstStartsWithEllipsis() {
        Position p = Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        List<Move> m = moves(p, "e5 Nf3");
        assertThat(MoveText.write(p, m, Notations.byName("de"), "*")).isEqualTo("1... e5 2. Sf3 *");
        MoveText.Read read = MoveText.read(p, "1... e5 2. Sf3 *", Notations.byName("de"));
        assertThat(read.moves()).isEqualTo(m);
        assertThat(read.result()).isEqualTo("*");
    }

    @Test
    void drawOffersAreMarkedAndReadBack() {
        List<Move> m = moves(START, "e4 e5 Nf3 Nc6");
        String text = MoveText.write(START, m, Notations.byName("fr"), "1/2-1/2", Set.of(2));
        assertThat(text).isEqualTo("1. e4 e5 2. Cf3 (=) Cc6 ½-½");
        MoveText.Read read = MoveText.read(START, text, Notations.byName("fr"));
        assertThat(read.moves()).isEqualTo(m);
        assertThat(read.drawOffers()).containsExactly(2);
        assertThat(read.result()).isEqualTo("1/2-1/2");
        assertThat(MoveText.read(START, "1.e4 e5 2.Cf3(=) Cc6", Notations.byName("fr")).drawOffers()).containsExactly(2);
    }

    @Test
    void linesAreBrokenBetweenMoves() {
        PgnGame game = ((PgnReader.Parsed) PgnReader.readAll("""
                1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O Nc6 8. a3 Bxc3 9. bxc3 dxc4
                10. Bxc4 Qc7 11. Bd3 e5 12. Qc2 Re8 13. Nxe5 Nxe5 14. dxe5 Qxe5 15. f3 Bd7 16. e4 c4 17. Be2 Bc6 *
                """).get(0)).game();
        String text = MoveText.write(game.initial(), game.mainline(), Notations.byName("descriptive-en"), "*");
        assertThat(text.lines()).hasSizeGreaterThan(1)
                .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(MoveText.LINE_WIDTH));
        assertThat(text).contains("4. P-K3 O-O").contains("8. P-QR3 BxN 9. PxB PxBP 10. BxBP").endsWith("*");
        assertThat(MoveText.read(game.initial(), text, Notations.byName("descriptive-en")).moves())
                .isEqualTo(game.mainline());
    }

    @Test
    void wordsThatBelongToAMoveStayWithIt() {
        assertThat(MoveText.tokens("1. P-K4 P-Q4 2. PxP e.p. ch N-KB3 3. Castles KR 4. Q-R5 dis ch 5. Castles P-K4"))
                .containsExactly("P-K4", "P-Q4", "PxP e.p. ch", "N-KB3", "Castles KR", "Q-R5 dis ch", "Castles",
                        "P-K4");
        assertThat(MoveText.tokens("1.e4 e5 2.Nf3 12...Nc6 petit roque"))
                .containsExactly("e4", "e5", "Nf3", "Nc6", "petit roque");
        Position ep = Position.fromFen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
        assertThat(MoveText.read(ep, "1. PxP e.p. K-Q1", Notations.byName("descriptive-en")).moves())
                .hasSize(2).first().isInstanceOf(Move.EnPassant.class);
    }

    @Test
    void errorsNameTheMove() {
        assertThatThrownBy(() -> MoveText.read(START, "1. e4 e5 2. Cf3 Cf3", Notations.byName("fr")))
                .isInstanceOf(IllegalMoveException.class).hasMessageStartingWith("move 2... 'Cf3': ");
        assertThatThrownBy(() -> MoveText.read(START, "1. e4 Xe5", Notations.byName("fr")))
                .isInstanceOf(InvalidMoveException.class).hasMessageStartingWith("move 1... 'Xe5': ");
    }

    @Test
    void drawOffersInPgnComments() {
        PgnGame game = ((PgnReader.Parsed) PgnReader.readAll(
                "1. e4 e5 2. Nf3 {(=)} Nc6 3. Bb5 {a long comment about a draw offer} a6 {offre de nulle} 1/2-1/2")
                .get(0)).game();
        assertThat(DrawOffers.in(game)).containsExactly(2, 5);
        assertThat(DrawOffers.isOffer(" Draw offer. ")).isTrue();
        assertThat(DrawOffers.isOffer("White could have offered a draw")).isFalse();
    }
}
