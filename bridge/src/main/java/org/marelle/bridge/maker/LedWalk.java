package org.marelle.bridge.maker;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.LedFrame;
import org.marelle.board.layout.LedLayout;
import org.marelle.geometry.BoardGeometry;

/**
 * The test pattern of {@code marelle leds}: every square in turn, a1, b1, ... (square order, so a wrong rotation
 * or mirroring shows at once), then, on a corner layout, every corner in turn from the a1 corner along rank 1.
 * A corner step carries the single LED to light ({@link Step#pixels()}); drivers that cannot address single LEDs
 * show its frame instead, the squares that share the corner, which meet at the corner under test.
 */
public final class LedWalk {

    /**
     * One step of the walk: what it tests, the frame that shows it, and for a corner the raw colours (one per LED,
     * only the corner's lit), else {@code null}.
     */
    public record Step(String label, LedFrame frame, int[] pixels) {
    }

    private static final int COLOUR = 0xFFFFFF;

    private LedWalk() {
    }

    public static List<Step> steps(LedLayout layout) {
        int files = layout.files(), ranks = layout.ranks();
        BoardGeometry geometry = new BoardGeometry(files, ranks);
        List<Step> out = new ArrayList<>();
        for (int sq = 0; sq < files * ranks; sq++) {
            out.add(new Step("square " + geometry.squareName(sq), LedFrame.builder(files, ranks).on(sq, COLOUR).build(), null));
        }
        if (layout instanceof LedLayout.Corners c) {
            for (int y = 0; y <= ranks; y++) {
                for (int x = 0; x <= files; x++) {
                    LedFrame.Builder b = LedFrame.builder(files, ranks);
                    for (int dy = -1; dy <= 0; dy++) {
                        for (int dx = -1; dx <= 0; dx++) {
                            int f = x + dx, r = y + dy;
                            if (f >= 0 && f < files && r >= 0 && r < ranks) b.on(r * files + f, COLOUR);
                        }
                    }
                    int[] pixels = new int[c.ledCount()];
                    pixels[c.cornerLed(x, y)] = COLOUR;
                    out.add(new Step("corner " + cornerName(x, y) + " (LED " + c.cornerLed(x, y) + ")", b.build(), pixels));
                }
            }
        }
        return out;
    }

    /** A corner by the two lines that cross there: file line a..(files+1)th letter, rank line 0..ranks. */
    static String cornerName(int x, int y) {
        return "" + (char) ('a' + x) + y;
    }
}
