package org.marelle.board;

/**
 * The LEDs of a board. {@link #show(LedFrame)} replaces what is shown; the driver keeps showing it (blinking
 * squares included) until the next frame. Drivers display frames, they compute nothing about the game.
 */
public interface LedBoard extends AutoCloseable {

    /** Shows this frame from now on. The frame's geometry must be the board's. Safe to call from any thread. */
    void show(LedFrame frame);

    /**
     * Shows raw colours, one 0xRRGGBB per LED in chain order, bypassing the layout: for test patterns that must
     * light one LED at a time (a corner LED, say). The next {@link #show(LedFrame)} takes over again.
     *
     * @return false when this driver cannot address single LEDs (the caller then shows a square frame instead)
     */
    default boolean showPixels(int[] rgb) {
        return false;
    }

    /** Turns the LEDs off and releases the hardware. */
    @Override
    void close();

    /** A board without LEDs: frames are accepted and dropped. */
    static LedBoard none() {
        return NoLeds.INSTANCE;
    }
}

enum NoLeds implements LedBoard {
    INSTANCE;

    @Override
    public void show(LedFrame frame) {
        // Nothing to light: boards without LEDs still get frames, so callers need no special case.
    }

    @Override
    public void close() {
    }
}
