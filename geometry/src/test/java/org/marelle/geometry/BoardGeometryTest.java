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
}
