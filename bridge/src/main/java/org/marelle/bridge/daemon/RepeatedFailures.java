package org.marelle.bridge.daemon;

/**
 * Says a failure once, not once per input: a bug the board loop meets on every frame (50 a second) would otherwise
 * fill the log and the disk under it. The same failure again is counted, and said again, with the count, no sooner
 * than {@link #QUIET_MILLIS} after it was last said; another failure is said at once.
 *
 * {@snippet :
 * RepeatedFailures failures = new RepeatedFailures();
 * failures.line(trace, clock.millis()).ifPresent(log::error);
 * }
 */
final class RepeatedFailures {

    /** How long the same failure is not said again. */
    static final long QUIET_MILLIS = 60_000;

    private String last;
    private long saidAt;
    private int unsaid;

    /** The line to log for {@code failure} (its description) at {@code nowMillis}, or empty when it is a repeat. */
    java.util.Optional<String> line(String failure, long nowMillis) {
        if (failure.equals(last) && nowMillis - saidAt < QUIET_MILLIS) {
            unsaid++;
            return java.util.Optional.empty();
        }
        String line = "unexpected failure, going on: " + failure;
        if (failure.equals(last) && unsaid > 0) {
            line += " (again " + unsaid + (unsaid == 1 ? " time" : " times") + " since it was last said)";
        }
        last = failure;
        saidAt = nowMillis;
        unsaid = 0;
        return java.util.Optional.of(line);
    }
}
