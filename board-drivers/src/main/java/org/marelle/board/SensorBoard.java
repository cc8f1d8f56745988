package org.marelle.board;

import java.util.Optional;

/**
 * A board whose sensors say which squares hold a piece. Listeners receive debounced, timestamped
 * {@link Occupancy} frames, one each time the settled set of occupied squares changes (the first settled frame
 * after {@link #start()} too). Listeners run on the board's own thread and must return quickly; an exception
 * thrown by one is logged and does not stop the board.
 *
 * <p>A sensor board knows nothing about chess: squares are indexes {@code rank * files + file}, a1 = 0.
 */
public interface SensorBoard extends AutoCloseable {

    int files();

    int ranks();

    /** Starts reading the sensors (opens the hardware, starts the scan thread). Calling it twice does nothing. */
    void start();

    /** Stops reading. The board may be started again; {@link #close()} also releases the hardware. */
    void stop();

    void addListener(OccupancyListener listener);

    void removeListener(OccupancyListener listener);

    /** The last settled frame, if the board has settled since it started. */
    Optional<Occupancy> latest();

    /** Stops reading and releases the hardware. */
    @Override
    default void close() {
        stop();
    }
}
