package org.marelle.board.layout;

import java.util.Objects;
import org.marelle.board.LedFrame;

/**
 * Where a board's LEDs are and how a square frame lights them. Either one LED per square, or LEDs on the square
 * corners (a {@code (files + 1) × (ranks + 1)} grid: 9x9 for 8x8, 13x9 for 12x8) where a square is lit by its four
 * corners. Either way the LEDs form one chain whose order a {@link GridOrder} gives.
 *
 * {@snippet :
 * LedLayout layout = LedLayout.corners(8, 8, Rotation.R0, false, true);   // 81 LEDs, serpentine from a1
 * int[] rgb = new int[layout.ledCount()];
 * layout.render(frame, true, rgb);                                        // rgb[i] = colour of LED i
 * }
 */
public sealed interface LedLayout {

    int files();

    int ranks();

    /** The grid the LED chain walks, in board coordinates. */
    GridOrder order();

    default int ledCount() {
        return order().size();
    }

    /**
     * Computes the colour of every LED, in chain order, for this frame.
     *
     * @param blinkLit whether blinking squares are in the lit half of their period
     * @param rgb      receives 0xRRGGBB per LED; its length must be {@link #ledCount()}
     */
    void render(LedFrame frame, boolean blinkLit, int[] rgb);

    /** One LED under each square. */
    record PerSquare(int files, int ranks, GridOrder order) implements LedLayout {
        public PerSquare {
            Objects.requireNonNull(order, "order");
            if (order.width() != files || order.height() != ranks) {
                throw new IllegalArgumentException("a per-square layout of " + files + "x" + ranks + " needs a "
                        + files + "x" + ranks + " grid, not " + order.width() + "x" + order.height());
            }
        }

        @Override
        public void render(LedFrame frame, boolean blinkLit, int[] rgb) {
            check(this, frame, rgb);
            for (int led = 0; led < rgb.length; led++) {
                rgb[led] = colour(frame.led(order.cell(led)), blinkLit);
            }
        }
    }

    /**
     * LEDs on the corners of the squares: square (f, r) is lit by the corner LEDs at (f, r), (f + 1, r), (f, r + 1)
     * and (f + 1, r + 1). Neighbouring squares share corners; a shared corner takes, channel by channel, the
     * brightest of the lit squares around it, so two squares of the same colour never mix into another colour.
     */
    record Corners(int files, int ranks, GridOrder order) implements LedLayout {
        public Corners {
            Objects.requireNonNull(order, "order");
            if (order.width() != files + 1 || order.height() != ranks + 1) {
                throw new IllegalArgumentException("a corner layout of " + files + "x" + ranks + " needs a "
                        + (files + 1) + "x" + (ranks + 1) + " grid, not " + order.width() + "x" + order.height());
            }
        }

        @Override
        public void render(LedFrame frame, boolean blinkLit, int[] rgb) {
            check(this, frame, rgb);
            java.util.Arrays.fill(rgb, 0);
            for (int sq = 0; sq < files * ranks; sq++) {
                int c = colour(frame.led(sq), blinkLit);
                if (c == 0) continue;
                int f = sq % files, r = sq / files;
                for (int dy = 0; dy <= 1; dy++) {
                    for (int dx = 0; dx <= 1; dx++) {
                        int led = order.index(f + dx, r + dy);
                        rgb[led] = brightest(rgb[led], c);
                    }
                }
            }
        }

        /** The chain index of the LED on corner ({@code x}, {@code y}), x in 0..files, y in 0..ranks. */
        public int cornerLed(int x, int y) {
            return order.index(x, y);
        }
    }

    static PerSquare perSquare(int files, int ranks, Rotation rotation, boolean mirrored, boolean serpentine) {
        return new PerSquare(files, ranks, new GridOrder(files, ranks, rotation, mirrored, serpentine));
    }

    static Corners corners(int files, int ranks, Rotation rotation, boolean mirrored, boolean serpentine) {
        return new Corners(files, ranks, new GridOrder(files + 1, ranks + 1, rotation, mirrored, serpentine));
    }

    private static void check(LedLayout layout, LedFrame frame, int[] rgb) {
        if (frame.files() != layout.files() || frame.ranks() != layout.ranks()) {
            throw new IllegalArgumentException("LED frame of " + frame.files() + "x" + frame.ranks()
                    + " for a layout of " + layout.files() + "x" + layout.ranks());
        }
        if (rgb.length != layout.ledCount()) {
            throw new IllegalArgumentException("colour buffer of " + rgb.length + " for " + layout.ledCount() + " LEDs");
        }
    }

    private static int colour(LedFrame.Led led, boolean blinkLit) {
        return switch (led.pattern()) {
            case OFF -> 0;
            case ON -> led.rgb();
            case BLINK -> blinkLit ? led.rgb() : 0;
        };
    }

    private static int brightest(int a, int b) {
        return Math.max(a & 0xFF0000, b & 0xFF0000) | Math.max(a & 0xFF00, b & 0xFF00) | Math.max(a & 0xFF, b & 0xFF);
    }
}
