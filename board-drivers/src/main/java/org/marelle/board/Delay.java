package org.marelle.board;

/**
 * Waits a few microseconds between hardware steps (a matrix row settling, a shift-register clock edge).
 * Injected so tests run without waiting; {@link #BUSY} spins on {@link System#nanoTime()}, because sleeping
 * the thread cannot wait less than tens of microseconds.
 */
@FunctionalInterface
public interface Delay {

    void pause(long nanos);

    /** Spins until the time has passed; right for the microsecond waits hardware needs. */
    Delay BUSY = nanos -> {
        if (nanos <= 0) return;
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) Thread.onSpinWait();
    };

    /** Does not wait: for tests and for hardware whose library calls are slower than the wait anyway. */
    Delay NONE = nanos -> {
    };
}
