package org.marelle.board;

import java.time.Instant;
import java.time.InstantSource;

/** A clock the test moves by hand, so nothing in a test waits for real time. */
public final class ManualClock implements InstantSource {

    private volatile long millis;

    public ManualClock(long startMillis) {
        this.millis = startMillis;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis);
    }

    @Override
    public long millis() {
        return millis;
    }

    public ManualClock advance(long ms) {
        millis += ms;
        return this;
    }

    public ManualClock set(long ms) {
        millis = ms;
        return this;
    }
}
