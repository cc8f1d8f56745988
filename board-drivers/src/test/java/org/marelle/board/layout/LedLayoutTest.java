package org.marelle.board.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.marelle.board.LedFrame;
import org.junit.jupiter.api.Test;

class LedLayoutTest {

    private static final int RED = 0xFF0000, GREEN = 0x00FF00, BLUE = 0x0000FF;

    private static int[] render(LedLayout layout, LedFrame frame, boolean blinkLit) {
        int[] rgb = new int[layout.ledCount()];
        layout.render(frame, blinkLit, rgb);
        return rgb;
    }

    private static int litCount(int[] rgb) {
        int n = 0;
        for (int c : rgb) if (c != 0) n++;
        return n;
    }

    @Test
    void perSquareRowMajorLightsTheSquaresOwnLed() {
        LedLayout layout = LedLayout.perSquare(8, 8, Rotation.R0, false, false);
        int[] rgb = render(layout, LedFrame.builder(8, 8).on(12, GREEN).build(), true);   // e2
        assertThat(rgb).hasSize(64);
        assertThat(rgb[12]).isEqualTo(GREEN);
        assertThat(litCount(rgb)).isEqualTo(1);
    }

    @Test
    void perSquareSerpentineReversesTheSecondRank() {
        LedLayout layout = LedLayout.perSquare(8, 8, Rotation.R0, false, true);
        int[] rgb = render(layout, LedFrame.builder(8, 8).on(12, GREEN).build(), true);   // e2 = x 4 on line 1
        assertThat(rgb[8 + 7 - 4]).isEqualTo(GREEN);
        assertThat(litCount(rgb)).isEqualTo(1);
    }

    @Test
    void perSquareTwelveByEightTurnedStartsAtL1() {
        LedLayout layout = LedLayout.perSquare(12, 8, Rotation.R90, false, false);
        int[] rgb = render(layout, LedFrame.builder(12, 8).on(11, BLUE).on(12 * 7 + 11, RED).build(), true);
        assertThat(rgb).hasSize(96);
        assertThat(rgb[0]).isEqualTo(BLUE);     // l1
        assertThat(rgb[7]).isEqualTo(RED);      // l8
        assertThat(litCount(rgb)).isEqualTo(2);
    }

    @Test
    void perSquareMirroredAndHalfTurnedStartsAtA8() {
        LedLayout layout = LedLayout.perSquare(8, 8, Rotation.R180, true, false);
        int[] rgb = render(layout, LedFrame.builder(8, 8).on(56, RED).on(0, GREEN).build(), true);
        assertThat(rgb[0]).isEqualTo(RED);      // a8
        assertThat(rgb[56]).isEqualTo(GREEN);   // rank 1 is the last line, run from a1 to h1
        assertThat(litCount(rgb)).isEqualTo(2);
    }

    @Test
    void cornersLightTheFourCornersOfASquare() {
        LedLayout layout = LedLayout.corners(8, 8, Rotation.R0, false, false);
        assertThat(layout.ledCount()).isEqualTo(81);
        int[] rgb = render(layout, LedFrame.builder(8, 8).on(12, GREEN).build(), true);   // e2: corners x 4..5, y 1..2
        assertThat(rgb[9 + 4]).isEqualTo(GREEN);
        assertThat(rgb[9 + 5]).isEqualTo(GREEN);
        assertThat(rgb[18 + 4]).isEqualTo(GREEN);
        assertThat(rgb[18 + 5]).isEqualTo(GREEN);
        assertThat(litCount(rgb)).isEqualTo(4);
    }

    @Test
    void cornersOfTwelveByEightMakeAThirteenByNineGrid() {
        var layout = LedLayout.corners(12, 8, Rotation.R0, false, false);
        assertThat(layout.ledCount()).isEqualTo(117);
        int[] rgb = render(layout, LedFrame.builder(12, 8).on(12 * 8 - 1, BLUE).build(), true);   // l8
        assertThat(rgb[7 * 13 + 11]).isEqualTo(BLUE);
        assertThat(rgb[7 * 13 + 12]).isEqualTo(BLUE);
        assertThat(rgb[8 * 13 + 11]).isEqualTo(BLUE);
        assertThat(rgb[8 * 13 + 12]).isEqualTo(BLUE);
        assertThat(litCount(rgb)).isEqualTo(4);
        assertThat(layout.cornerLed(12, 8)).isEqualTo(116);
    }

    @Test
    void cornersSerpentineTurnedAndMirrored() {
        // R270 mirrored: element 0 on the h8 corner (x 8, y 8), first line runs down the right edge.
        var layout = LedLayout.corners(8, 8, Rotation.R270, true, true);
        assertThat(layout.cornerLed(8, 8)).isEqualTo(0);
        assertThat(layout.cornerLed(8, 0)).isEqualTo(8);
        assertThat(layout.cornerLed(7, 0)).isEqualTo(9);    // serpentine: second line comes back up from the bottom
        assertThat(layout.cornerLed(7, 8)).isEqualTo(17);
        int[] rgb = render(layout, LedFrame.builder(8, 8).on(7, RED).build(), true);   // h1: corners x 7..8, y 0..1
        assertThat(rgb[8]).isEqualTo(RED);
        assertThat(rgb[7]).isEqualTo(RED);
        assertThat(rgb[9]).isEqualTo(RED);
        assertThat(rgb[10]).isEqualTo(RED);
        assertThat(litCount(rgb)).isEqualTo(4);
    }

    @Test
    void sharedCornersTakeTheBrightestOfEachChannel() {
        var layout = LedLayout.corners(8, 8, Rotation.R0, false, false);
        // e2 red and e3 blue share the corners at y = 2.
        int[] rgb = render(layout, LedFrame.builder(8, 8).on(12, RED).on(20, BLUE).build(), true);
        assertThat(rgb[9 + 4]).isEqualTo(RED);
        assertThat(rgb[18 + 4]).isEqualTo(RED | BLUE);
        assertThat(rgb[18 + 5]).isEqualTo(RED | BLUE);
        assertThat(rgb[27 + 5]).isEqualTo(BLUE);
        // Two squares of one colour stay that colour where they meet.
        int[] same = render(layout, LedFrame.builder(8, 8).on(12, 0x208040).on(13, 0x208040).build(), true);
        assertThat(same[9 + 5]).isEqualTo(0x208040);
        assertThat(litCount(same)).isEqualTo(6);
    }

    @Test
    void blinkingSquaresAreDarkInTheDarkHalf() {
        var layout = LedLayout.perSquare(8, 8, Rotation.R0, false, false);
        var frame = LedFrame.builder(8, 8).blink(0, RED).on(1, GREEN).build();
        assertThat(render(layout, frame, true)[0]).isEqualTo(RED);
        int[] dark = render(layout, frame, false);
        assertThat(dark[0]).isZero();
        assertThat(dark[1]).isEqualTo(GREEN);
    }

    @Test
    void rejectsMismatchedGeometry() {
        var layout = LedLayout.perSquare(8, 8, Rotation.R0, false, false);
        assertThatThrownBy(() -> render(layout, LedFrame.off(12, 8), true)).hasMessageContaining("12x8");
        assertThatThrownBy(() -> new LedLayout.Corners(8, 8, GridOrder.rowMajor(8, 8))).hasMessageContaining("9x9");
    }
}
