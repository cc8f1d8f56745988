package org.marelle.board;

/**
 * The LEDs of a board. {@link #show(LedFrame)} replaces what is shown; the driver keeps showing it (blinking
 * squares included) until the next frame. Drivers display frames, they compute nothing about the game.
 */
public interface LedBoard extends AutoCloseable {

    /** Shows this frame from now on. The frame's geometry must be the board's. Safe to call from any thread. */
    void show(LedFrame frame);

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
