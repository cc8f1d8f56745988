package org.marelle.board;

/**
 * Hardware that can read all its sensors once on demand: a GPIO matrix, I²C expanders, a shift-register chain.
 * A {@link ScanningSensorBoard} calls {@link #scan()} from its loop and does mapping and debouncing, so a scanner
 * only talks to the hardware.
 */
public interface SensorScanner extends AutoCloseable {

    /** How many sensors one scan reads (at most 128). */
    int sensorCount();

    /**
     * Reads every sensor once.
     *
     * @throws RuntimeException when the hardware cannot be read; the board counts it, logs it and skips the scan
     */
    SensorReading scan();

    /** Releases the hardware (drives outputs to their idle level). */
    @Override
    default void close() {
    }
}
