package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * A made-up 12x8 variant (files a to l) with a piece no language table names: algebraic notations work there, the
 * others say they cannot, and a language whose letter the unknown piece's PGN letter would take says so. The
 * Courier variants themselves are in {@link CourierNotationTest}.
 */
class TwelveFilesTest {

    /** A one-step diagonal piece under a name no language table knows, so it falls back to its PGN letter. */
    static final PieceType FIRZAN = PieceType.of('F', "firzan", "F");
    static final Variant WIDE = Variant.builder("twelve-files-test", BoardGeometry.COURIER)
            .pieces(PieceType.PAWN, PieceType.KNIGHT, PieceType.BISHOP, PieceType.ROOK, PieceType.QUEEN,
                    PieceType.KING, FIRZAN)
            .startFen("rnbqkfbnrnbr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNBQKFBNRNBR w - - 0 1")
            .promotions(PieceType.QUEEN)
            .build();

    static final Position P = Position.fromFen(WIDE, "4k7/11P/12/12/12/4F7/12/4K6R w - - 0 1");

    @Test
    void algebraicOnTwelveFiles() {
        Move rook = P.parseUci("l1l5");
        Move ferz = P.parseUci("e3f4");
        Move promotion = P.parseUci("l7l8q");
        assertThat(Notations.san().write(P, rook)).isEqualTo("Rl5");
        assertThat(Notations.byName("de").write(P, rook)).isEqualTo("Tl5");
        assertThat(Notations.byName("de").read(P, "Tl5")).isEqualTo(rook);
        assertThat(Notations.byName("lan").write(P, rook)).isEqualTo("Rl1-l5");
        assertThat(Notations.byName("lan").read(P, "Rl1-l5")).isEqualTo(rook);
        assertThat(Notations.byName("uci").write(P, rook)).isEqualTo("l1l5");
        assertThat(Notations.byName("uci").read(P, "l1l5")).isEqualTo(rook);
        assertThat(Notations.byName("lan").write(P, promotion)).isEqualTo("l7-l8=Q+");
        assertThat(Notations.byName("de").write(P, promotion)).isEqualTo("l8=D+");
        assertThat(Notations.byName("figurine").write(P, promotion)).isEqualTo("l8=♕+");
        // A piece the language has no letter for keeps its PGN letter.
        assertThat(Notations.byName("de").write(P, ferz)).isEqualTo("Ff4");
        assertThat(Notations.byName("de").read(P, "Ff4")).isEqualTo(ferz);
        assertThat(Notations.byName("figurine").write(P, ferz)).isEqualTo("Ff4");
    }

    @Test
    void aLanguageWhoseLetterWouldStandForTwoPiecesSaysSo() {
        // French F is the bishop (fou); the unknown piece's PGN letter is F too.
        assertThatThrownBy(() -> Notations.byName("fr").write(P, P.parseUci("l1l5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'F' would stand for both bishop and firzan; give firzan its own letter");
    }

    @ParameterizedTest
    @ValueSource(strings = {"iccf", "vandermonde", "descriptive-en", "descriptive-fr"})
    void chessboardNotationsRefuseOtherBoards(String name) {
        MoveNotation n = Notations.byName(name);
        assertThatThrownBy(() -> n.write(P, P.parseUci("l1l5"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(n.title()).hasMessageContaining("8x8").hasMessageContaining("12x8");
        assertThatThrownBy(() -> n.read(P, "1115")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("12x8");
    }
}
