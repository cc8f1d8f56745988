package org.marelle.bridge.daemon;

import java.util.Objects;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * No part of the daemon dies quietly. A process whose board loop or HTTP dispatcher has died, or whose heap has run
 * out, may stay alive doing nothing: moves go unrecorded, the viewer never answers, and systemd, seeing a live
 * process, never restarts it. So an {@link OutOfMemoryError} (any {@link VirtualMachineError}) reaching the top of any
 * thread, or any throwable ending an essential thread, ends the process at once, after one log line saying why;
 * the unit restarts it and the game resumes from the journal, which holds every committed move (it is written
 * before a move is announced, so even this abrupt end loses none). Other threads (one HTTP request, say) that fail
 * are logged and the daemon goes on.
 *
 * <p>The process ends with {@link Runtime#halt}: the shutdown hooks would wait for the very threads that died or
 * need memory there is none of. The systemd unit also runs Java with {@code -XX:+ExitOnOutOfMemoryError}, which
 * ends the process at the first OutOfMemoryError even when some code catches it.
 */
public final class FatalErrors {

    /** The exit status after a fatal error: EX_SOFTWARE; the unit restarts on every failure but 2. */
    public static final int EXIT_STATUS = 70;

    /**
     * The threads without which the daemon is a zombie: the board's readers, the board loop, its outputs, the HTTP
     * server's dispatcher and timeouts, the broadcast's delay.
     */
    private static final Set<String> ESSENTIAL = Set.of("marelle-sensor-scan", "marelle-serial-board",
            "marelle-sim-accept", "marelle-daemon", "marelle-leds", "marelle-pgn-output", "marelle-demo-hands",
            "HTTP-Dispatcher", "http-timeouts", "broadcast-delay");
    /** Made before it is needed: with the heap exhausted, building a message may itself fail. */
    private static final String OUT_OF_MEMORY = "fatal: out of memory; exiting (status " + EXIT_STATUS
            + ") so that the service restarts and resumes the game from its journal";

    private FatalErrors() {
    }

    /** Makes the rule the JVM's default for every thread that has no handler of its own. Call once, at start. */
    public static void install(EventLog log) {
        Thread.setDefaultUncaughtExceptionHandler(handler(log, status -> Runtime.getRuntime().halt(status)));
    }

    /** The rule, ending the process through {@code exit} (tests record the status instead). */
    static Thread.UncaughtExceptionHandler handler(EventLog log, IntConsumer exit) {
        Objects.requireNonNull(log, "log");
        Objects.requireNonNull(exit, "exit");
        return (thread, error) -> {
            boolean fatal = error instanceof VirtualMachineError || ESSENTIAL.contains(thread.getName());
            if (!fatal) {
                log.warning("thread " + describe(thread) + " failed, the daemon goes on: " + error);
                return;
            }
            try {
                log.error("fatal: " + error + " ended thread " + describe(thread) + "; exiting (status " + EXIT_STATUS
                        + ") so that the service restarts and resumes the game from its journal");
            } catch (Throwable noMemoryToSaySo) {
                try {
                    System.err.println(OUT_OF_MEMORY);
                } catch (Throwable ignored) {
                    // Nothing more can be said; ending the process matters more.
                }
            } finally {
                exit.accept(EXIT_STATUS);
            }
        };
    }

    private static String describe(Thread t) {
        String name = t.getName();
        return name.isEmpty() ? "(a virtual thread)" : "'" + name + "'";
    }
}
