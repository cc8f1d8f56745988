package org.marelle.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
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

    @Test
    void belowCountsFromTheFirstSquare() {
        assertThat(SquareSet.below(0)).isEqualTo(SquareSet.EMPTY);
        assertThat(SquareSet.below(2)).containsExactly(0, 1);
        assertThat(SquareSet.below(64).count()).isEqualTo(64);
        assertThat(SquareSet.below(65)).contains(64).doesNotContain(65);
        assertThat(SquareSet.below(128)).isEqualTo(SquareSet.FULL);
        assertThat(SquareSet.FULL.count()).isEqualTo(128);
        assertThatThrownBy(() -> SquareSet.below(129)).hasMessageContaining("129");
    }

    @Test
    void setAlgebra() {
        SquareSet a = SquareSet.of(1, 70, 100), b = SquareSet.of(70, 100), c = SquareSet.of(2, 71);
        assertThat(a.containsAll(b)).isTrue();
        assertThat(b.containsAll(a)).isFalse();
        assertThat(a.containsAll(SquareSet.EMPTY)).isTrue();
        assertThat(a.intersects(b)).isTrue();
        assertThat(a.intersects(c)).isFalse();
        assertThat(SquareSet.EMPTY.intersects(SquareSet.FULL)).isFalse();
        // Equal on the squares of the mask, whatever else either holds.
        assertThat(a.equalsOn(SquareSet.of(70, 100, 5), b)).isTrue();
        assertThat(a.equalsOn(SquareSet.of(1), b)).isFalse();
        assertThat(a.equalsOn(SquareSet.FULL, b)).isFalse();
        assertThat(a.equalsOn(SquareSet.EMPTY, c)).isTrue();
        assertThat(a.symmetricDifference(b)).containsExactly(1);
        assertThat(a.distance(b)).isEqualTo(1);
        assertThat(a.distance(c)).isEqualTo(5);
        assertThat(a.minus(b).union(c)).containsExactly(1, 2, 71);
        assertThat(SquareSet.FULL.minus(SquareSet.of(3))).doesNotContain(3).contains(2, 4, 127);
        assertThat(a.first()).isEqualTo(1);
        assertThat(b.first()).isEqualTo(70);
        assertThat(SquareSet.EMPTY.first()).isEqualTo(-1);
    }

    @Test
    void wordsAreTheBitsOfSixtyFourSquaresEach() {
        SquareSet s = SquareSet.of(0, 5, 64, 127);
        assertThat(s.word(0)).isEqualTo(1L | 1L << 5);
        assertThat(s.word(1)).isEqualTo(1L | 1L << 63);
        assertThat(new SquareSet(s.word(0), s.word(1))).isEqualTo(s);
        assertThatThrownBy(() -> s.word(2)).hasMessageContaining("word 2");
    }

    @Property(tries = 200)
    void setOperationsAgreeWithTheirMembers(@ForAll long lo1, @ForAll long hi1, @ForAll long lo2, @ForAll long hi2) {
        SquareSet a = new SquareSet(lo1, hi1), b = new SquareSet(lo2, hi2);
        boolean all = true, any = false;
        for (int sq = 0; sq < 128; sq++) {
            all &= !b.contains(sq) || a.contains(sq);
            any |= a.contains(sq) && b.contains(sq);
            assertThat(a.union(b).contains(sq)).isEqualTo(a.contains(sq) || b.contains(sq));
            assertThat(a.minus(b).contains(sq)).isEqualTo(a.contains(sq) && !b.contains(sq));
        }
        assertThat(a.containsAll(b)).isEqualTo(all);
        assertThat(a.intersects(b)).isEqualTo(any);
        assertThat(a.equalsOn(b, b)).isEqualTo(all);
        assertThat(a.equalsOn(SquareSet.FULL, b)).isEqualTo(a.equals(b));
        assertThat(a.distance(b)).isEqualTo(a.symmetricDifference(b).count()).isEqualTo(b.distance(a));
    }
}
