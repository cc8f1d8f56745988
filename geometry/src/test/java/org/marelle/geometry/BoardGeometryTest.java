package org.marelle.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BoardGeometryTest {

    @Test
    void geometryNamesSquaresOnAnyBoard() {
        BoardGeometry g = BoardGeometry.COURIER;
        assertThat(g.parseSquare("a1")).isZero();
        assertThat(g.parseSquare("l8")).isEqualTo(95);
        assertThat(g.squareName(95)).isEqualTo("l8");
        assertThat(g.trySquare("m1")).isEqualTo(-1);
        assertThat(BoardGeometry.CHESS.trySquare("i1")).isEqualTo(-1);
        assertThat(BoardGeometry.CHESS.isLight(BoardGeometry.CHESS.parseSquare("h1"))).isTrue();
        assertThat(BoardGeometry.CHESS.isLight(BoardGeometry.CHESS.parseSquare("a1"))).isFalse();
        assertThatThrownBy(() -> g.parseSquare("z9")).hasMessageContaining("'z9'");
        assertThatThrownBy(() -> new BoardGeometry(16, 16)).hasMessageContaining("128");
    }

    @Test
    void peopleMayWriteSquaresLoosely() {
        assertThat(BoardGeometry.CHESS.readSquare(" E4 ")).isEqualTo(28);
        assertThat(BoardGeometry.COURIER.readSquare("l8")).isEqualTo(95);
        assertThatThrownBy(() -> BoardGeometry.CHESS.readSquare("z9"))
                .hasMessage("'z9' is not a square of a 8x8 board (a1..h8)");
        assertThatThrownBy(() -> BoardGeometry.CHESS.readSquare("e10")).hasMessageContaining("a1..h8");
        assertThatThrownBy(() -> BoardGeometry.CHESS.readSquare("e0")).hasMessageContaining("'e0'");
        assertThatThrownBy(() -> BoardGeometry.CHESS.readSquare("e+4")).hasMessageContaining("'e+4'");
        assertThatThrownBy(() -> BoardGeometry.COURIER.readSquare("")).hasMessage("'' is not a square of a 12x8 board (a1..l8)");
        assertThatThrownBy(() -> BoardGeometry.CHESS.readSquare(null)).hasMessageContaining("'null'");
        // Notation stays strict: an upper-case letter there is a piece.
        assertThat(BoardGeometry.CHESS.trySquare("E4")).isEqualTo(-1);
    }
}
