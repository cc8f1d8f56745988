package org.marelle.board.serial;

import java.io.IOException;

/**
 * An open serial connection to a board, as the driver needs it: reads that wait a little and then return, and
 * a clear signal when the port has gone (the USB cable pulled).
 */
public interface SerialLink extends AutoCloseable {

    /**
     * Reads what has arrived, waiting up to the link's read timeout for the first byte.
     *
     * @return bytes read, 0 if none arrived in time, -1 if the port is gone
     */
    int read(byte[] buffer) throws IOException;

    /** Writes all bytes or throws. */
    void write(byte[] bytes) throws IOException;

    @Override
    void close();

    /** Opens a link; called again after every disconnection. */
    @FunctionalInterface
    interface Opener {
        SerialLink open() throws IOException;
    }
}
