package org.marelle.bridge.broadcast;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

/** A clock the test moves by hand, so the broadcast delay is tested without waiting. */
final class ManualTime implements InstantSource {

    private final AtomicLong millis = new AtomicLong(1_700_000_000_000L);

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public long millis() {
        return millis.get();
    }

    void advance(Duration d) {
        millis.addAndGet(d.toMillis());
    }
}
