package org.marelle.bridge.daemon;

import java.time.Instant;
import java.time.InstantSource;

/**
 * The daemon's time: what stamps sensor frames and decides when the recognizer's windows run out. It is injected,
 * so that a demo can run a game faster than real time and tests never wait.
 */
public interface DaemonClock extends InstantSource {

    /**
     * How long, in real nanoseconds, until this clock reads {@code millis} (0 when it already does). The daemon's
     * thread waits that long for input before it lets time pass in the recognizer.
     */
    long nanosUntil(long millis);

    /** Real time. */
    static DaemonClock system() {
        return SystemClock.INSTANCE;
    }

    @Override
    default Instant instant() {
        return Instant.ofEpochMilli(millis());
    }
}

enum SystemClock implements DaemonClock {
    INSTANCE;

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }

    @Override
    public long nanosUntil(long millis) {
        return Math.max(0, (millis - System.currentTimeMillis()) * 1_000_000);
    }
}
