package org.marelle.board.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GridOrderTest {

    /** Square index on an 8x8 board from its name, written out here so the test does not trust the code under test. */
    private static int sq8(String name) {
        return (name.charAt(1) - '1') * 8 + (name.charAt(0) - 'a');
    }

    @ParameterizedTest(name = "{0} mirrored={1}: element 0 on {2}, element 1 on {3}, element 8 on {4}")
    @CsvSource({
            "R0,   false, a1, b1, a2",
            "R90,  false, h1, h2, g1",
            "R180, false, h8, g8, h7",
            "R270, false, a8, a7, b8",
            "R0,   true,  h1, g1, h2",
            "R90,  true,  a1, a2, b1",
            "R180, true,  a8, b8, a7",
            "R270, true,  h8, h7, g8",
    })
    void eachTurnStartsInTheDocumentedCorner(Rotation rotation, boolean mirrored, String first, String second,
                                              String ninth) {
        GridOrder o = new GridOrder(8, 8, rotation, mirrored, false);
        assertThat(o.cell(0)).isEqualTo(sq8(first));
        assertThat(o.cell(1)).isEqualTo(sq8(second));
        assertThat(o.cell(8)).isEqualTo(sq8(ninth));
    }

    @Test
    void serpentineRunsEverySecondLineBack() {
        GridOrder o = new GridOrder(8, 8, Rotation.R0, false, true);
        assertThat(o.cell(7)).isEqualTo(sq8("h1"));
        assertThat(o.cell(8)).isEqualTo(sq8("h2"));
        assertThat(o.cell(15)).isEqualTo(sq8("a2"));
        assertThat(o.cell(16)).isEqualTo(sq8("a3"));
    }

    @Test
    void twelveByEightTurnedRunsUpTheLFile() {
        GridOrder o = new GridOrder(12, 8, Rotation.R90, false, false);
        assertThat(o.cell(0)).isEqualTo(11);            // l1
        assertThat(o.cell(7)).isEqualTo(7 * 12 + 11);   // l8
        assertThat(o.cell(8)).isEqualTo(10);            // k1
        assertThat(o.cell(95)).isEqualTo(7 * 12);       // a8
    }

    @Test
    void cornerGridOfTwelveByEightIsThirteenByNine() {
        GridOrder o = new GridOrder(13, 9, Rotation.R0, false, true);
        assertThat(o.size()).isEqualTo(117);
        assertThat(o.index(12, 0)).isEqualTo(12);
        assertThat(o.index(12, 1)).isEqualTo(13);
        assertThat(o.index(0, 1)).isEqualTo(25);
        assertThat(o.index(0, 8)).isEqualTo(8 * 13);    // line 8 runs forward again
    }

    @Property
    void cellAndIndexAreInverseBijections(@ForAll @IntRange(min = 1, max = 13) int width,
                                          @ForAll @IntRange(min = 1, max = 13) int height,
                                          @ForAll Rotation rotation, @ForAll boolean mirrored,
                                          @ForAll boolean serpentine) {
        GridOrder o = new GridOrder(width, height, rotation, mirrored, serpentine);
        var cells = new HashSet<Integer>();
        for (int i = 0; i < o.size(); i++) {
            int c = o.cell(i);
            assertThat(c).isBetween(0, o.size() - 1);
            assertThat(cells.add(c)).as("cell %d visited twice", c).isTrue();
            assertThat(o.index(c % width, c / width)).isEqualTo(i);
        }
    }

    @Property
    void aSerpentineChainOnlyStepsToNeighbours(@ForAll @IntRange(min = 1, max = 13) int width,
                                               @ForAll @IntRange(min = 1, max = 13) int height,
                                               @ForAll Rotation rotation, @ForAll boolean mirrored) {
        GridOrder o = new GridOrder(width, height, rotation, mirrored, true);
        for (int i = 1; i < o.size(); i++) {
            int a = o.cell(i - 1), b = o.cell(i);
            int distance = Math.abs(a % width - b % width) + Math.abs(a / width - b / width);
            assertThat(distance).as("step %d to %d", i - 1, i).isEqualTo(1);
        }
    }

    @Test
    void rejectsEmptyGridsAndBadRotations() {
        assertThatThrownBy(() -> new GridOrder(0, 8, Rotation.R0, false, false)).hasMessageContaining("0x8");
        assertThatThrownBy(() -> Rotation.ofDegrees(45)).hasMessageContaining("45");
        assertThat(Rotation.ofDegrees(270)).isEqualTo(Rotation.R270);
    }
}
