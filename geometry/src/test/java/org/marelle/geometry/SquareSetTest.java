package org.marelle.geometry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SquareSetTest {

    @Test
    void squareSetsHoldAllHundredAndTwentyEightSquares() {
        SquareSet s = SquareSet.of(0, 63, 64, 127);
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.contains(64)).isTrue();
        assertThat(s.without(64).contains(64)).isFalse();
        assertThat(s.toArray()).containsExactly(0, 63, 64, 127);
        assertThat(SquareSet.all(BoardGeometry.COURIER).count()).isEqualTo(96);
        assertThat(SquareSet.all(BoardGeometry.CHESS).count()).isEqualTo(64);
    }
}
