package org.marelle.bridge.maker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.marelle.geometry.BoardGeometry;

class LedWalkTest {

    /** The LEDs a frame lights on this layout, in chain order. */
    private static List<Integer> lit(LedLayout layout, LedFrame frame) {
        int[] rgb = new int[layout.ledCount()];
        layout.render(frame, true, rgb);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < rgb.length; i++) if (rgb[i] != 0) out.add(i);
        return out;
    }

    @Test
    void visitsEverySquareInOrderOneAtATime() {
        LedLayout layout = LedLayout.perSquare(12, 8, Rotation.R270, true, true);
        List<LedWalk.Step> steps = LedWalk.steps(layout);
        assertThat(steps).hasSize(96);
        for (int sq = 0; sq < 96; sq++) {
            LedWalk.Step s = steps.get(sq);
            assertThat(s.label()).isEqualTo("square " + BoardGeometry.COURIER.squareName(sq));
            // Exactly the LED under this square, wherever the chain puts it.
            assertThat(lit(layout, s.frame())).containsExactly(layout.order().index(sq % 12, sq / 12));
        }
    }

    @Test
    void onACornerLayoutThenVisitsEveryCornerInOrder() {
        LedLayout.Corners layout = LedLayout.corners(8, 8, Rotation.R90, false, true);
        List<LedWalk.Step> steps = LedWalk.steps(layout);
        assertThat(steps).hasSize(64 + 81);
        for (int sq = 0; sq < 64; sq++) {
            int f = sq % 8, r = sq / 8;
            assertThat(lit(layout, steps.get(sq).frame())).containsExactlyInAnyOrder(layout.cornerLed(f, r),
                    layout.cornerLed(f + 1, r), layout.cornerLed(f, r + 1), layout.cornerLed(f + 1, r + 1));
        }
        int i = 64;
        for (int y = 0; y <= 8; y++) {
            for (int x = 0; x <= 8; x++) {
                LedWalk.Step s = steps.get(i++);
                assertThat(s.label()).startsWith("corner " + (char) ('a' + x) + y + " (LED " + layout.cornerLed(x, y) + ")");
                assertThat(lit(layout, s.frame())).contains(layout.cornerLed(x, y));
                // Drivers that address single LEDs light that corner's LED and nothing else.
                List<Integer> single = new ArrayList<>();
                for (int led = 0; led < s.pixels().length; led++) if (s.pixels()[led] != 0) single.add(led);
                assertThat(single).containsExactly(layout.cornerLed(x, y));
                // Only squares that touch the corner are lit: the corner under test is where they all meet.
                for (int sq = 0; sq < 64; sq++) {
                    if (s.frame().led(sq).pattern() == LedFrame.Pattern.OFF) continue;
                    int f = sq % 8, r = sq / 8;
                    assertThat(x - f).isBetween(0, 1);
                    assertThat(y - r).isBetween(0, 1);
                }
            }
        }
    }
}
