package org.marelle.bridge.output;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Hands the latest of a stream of values to a slow consumer on its own thread, dropping the values it had no time
 * for: a PGN file or an LED strip only needs the newest state, and whoever produces the states (the daemon's thread)
 * must never wait for a disk or a bus. {@link #flush()} waits until the latest value offered has been consumed.
 */
public final class Coalescer<T> implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Coalescer.class.getName());

    private final String name;
    private final Consumer<T> consumer;
    private final Thread worker;
    private T pending;
    private long offered;
    private long done;
    private boolean closed;

    /** Starts the worker thread (a daemon thread named {@code name}). */
    public Coalescer(String name, Consumer<T> consumer) {
        this.name = name;
        this.consumer = Objects.requireNonNull(consumer, "consumer");
        this.worker = Thread.ofPlatform().daemon().name(name).start(this::run);
    }

    /** Replaces whatever was waiting with {@code value}; returns at once. Ignored after {@link #close()}. */
    public synchronized void offer(T value) {
        if (closed) return;
        pending = Objects.requireNonNull(value, "value");
        offered++;
        notifyAll();
    }

    /** Waits until every value offered so far was consumed or replaced by a consumed one. */
    public synchronized void flush() throws InterruptedException {
        long target = offered;
        while (done < target && worker.isAlive()) wait(100);
    }

    private void run() {
        while (true) {
            T value;
            long number;
            synchronized (this) {
                while (pending == null && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (pending == null) return;   // closed and drained
                value = pending;
                pending = null;
                number = offered;
            }
            try {
                consumer.accept(value);
            } catch (RuntimeException e) {
                // A failing write (disk full, bus error) is logged; the next value tries again.
                LOG.log(System.Logger.Level.WARNING, name + " failed", e);
            }
            synchronized (this) {
                done = number;
                notifyAll();
            }
        }
    }

    /** Consumes what is still waiting, then stops the thread (waiting at most a few seconds for a stuck consumer). */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
            notifyAll();
        }
        try {
            worker.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
