package org.marelle.board.led;

/**
 * A chain of LEDs that takes one colour per LED, in chain order (WS2812 strips, a MAX7219 matrix). The layout has
 * already placed squares onto LEDs; a strip only encodes colours for its hardware.
 */
public interface PixelStrip extends AutoCloseable {

    int pixelCount();

    /** Shows these colours (0xRRGGBB, one per pixel, {@link #pixelCount()} of them). */
    void write(int[] rgb);

    /** Turns the LEDs off and releases the hardware. */
    @Override
    void close();
}
