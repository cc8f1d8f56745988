package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatedFailuresTest {

    @Test
    void theSameFailureOnEveryFrameIsSaidOnceAMinuteWithItsCount() {
        // Issue #14: a board loop failing on every frame logged a stack trace 50 times a second.
        RepeatedFailures failures = new RepeatedFailures();
        List<String> said = new ArrayList<>();
        for (long t = 0; t < 120_000; t += 20) failures.line("boom at X.y(X.java:1)", t).ifPresent(said::add);
        assertThat(said).containsExactly("unexpected failure, going on: boom at X.y(X.java:1)",
                "unexpected failure, going on: boom at X.y(X.java:1) (again 2999 times since it was last said)");
    }

    @Test
    void anotherFailureIsSaidAtOnce() {
        RepeatedFailures failures = new RepeatedFailures();
        assertThat(failures.line("a", 0)).contains("unexpected failure, going on: a");
        assertThat(failures.line("a", 10)).isEmpty();
        assertThat(failures.line("b", 20)).contains("unexpected failure, going on: b");
        assertThat(failures.line("a", 30)).contains("unexpected failure, going on: a");
    }
}
