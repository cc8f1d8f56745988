package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rule that no part of the daemon dies quietly: out of memory anywhere, or an essential thread ended by anything,
 * ends the process with status 70 after one line saying why; another thread's failure is logged and the daemon goes
 * on. The exit is recorded here instead of made.
 */
class FatalErrorsTest {

    private final StringWriter text = new StringWriter();
    private final EventLog log = EventLog.to(new PrintWriter(text), false);
    private final List<Integer> exits = new ArrayList<>();
    private final Thread.UncaughtExceptionHandler handler = FatalErrors.handler(log, exits::add);

    private void dieIn(String threadName, Throwable error) throws InterruptedException {
        Thread t = Thread.ofPlatform().name(threadName).uncaughtExceptionHandler(handler).start(() -> {
            if (error instanceof RuntimeException r) throw r;
            throw (Error) error;
        });
        t.join();
    }

    @Test
    void theBoardLoopEndedByAnyFailureEndsTheProcessSayingWhy() throws Exception {
        dieIn("marelle-daemon", new IllegalStateException("a bug"));
        assertThat(exits).containsExactly(FatalErrors.EXIT_STATUS);
        assertThat(text.toString()).contains("error: fatal: java.lang.IllegalStateException: a bug ended thread "
                + "'marelle-daemon'; exiting (status 70) so that the service restarts and resumes the game from its journal");
    }

    @Test
    void theHttpDispatcherEndedEndsTheProcess() throws Exception {
        dieIn("HTTP-Dispatcher", new OutOfMemoryError("Java heap space"));
        assertThat(exits).containsExactly(FatalErrors.EXIT_STATUS);
        assertThat(text.toString()).contains("OutOfMemoryError: Java heap space ended thread 'HTTP-Dispatcher'");
    }

    @Test
    void outOfMemoryInAnyThreadEndsTheProcess() throws Exception {
        Thread t = Thread.ofVirtual().uncaughtExceptionHandler(handler).start(() -> {
            throw new OutOfMemoryError("Java heap space");
        });
        t.join();
        assertThat(exits).containsExactly(FatalErrors.EXIT_STATUS);
        assertThat(text.toString()).contains("ended thread (a virtual thread)");
    }

    @Test
    void anotherThreadsFailureIsLoggedAndTheDaemonGoesOn() throws Exception {
        dieIn("http-17", new IllegalArgumentException("a bad request"));
        assertThat(exits).isEmpty();
        assertThat(text.toString()).contains("warning: thread 'http-17' failed, the daemon goes on: "
                + "java.lang.IllegalArgumentException: a bad request");
    }
}
