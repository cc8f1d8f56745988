package org.marelle.bridge.broadcast;

import java.time.Duration;
import java.time.Instant;
import org.marelle.rules.Color;

/**
 * The players' clocks as the session last knew them: time left for each side (null when unknown), which one is
 * running (null when none), and when this was read, so a viewer can count down between two moves.
 */
public record ClockState(Duration white, Duration black, Color running, Instant asOf) {

    public ClockState {
        if ((white != null && white.isNegative()) || (black != null && black.isNegative())) {
            throw new IllegalArgumentException("a clock cannot show negative time: white " + white + ", black " + black);
        }
        if (running != null && asOf == null) {
            throw new IllegalArgumentException("a running clock needs the time it was read (asOf)");
        }
    }

    /** The time left for one side, or null. */
    public Duration of(Color side) {
        return side == Color.WHITE ? white : black;
    }
}
