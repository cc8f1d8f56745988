package org.marelle.bridge.broadcast;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Holds the HTTP server to its {@link HttpLimits}. The JDK's server offers no hook where a connection is accepted,
 * but it hands every request to its executor before it reads a byte of it, on the thread that will read it, answer
 * it and (for an event stream) stay with the client. So this is that executor: it refuses a request over the
 * connection limit (the server then closes the connection at once, unanswered), and it knows, for every request
 * being served, whether its thread waits for the client and since when. {@link #expire()} interrupts the threads
 * that waited too long; an interrupted thread's blocking socket read or write closes the connection, and the
 * thread ends.
 *
 * <p>The per-address limit needs the client's address, which the server only tells once the request line and
 * headers are read: the {@link #filter()} counts requests per address there, and answers 429 over the limit.
 *
 * <p>Time comes from an injected nanosecond clock, so tests drive the timeouts without waiting.
 */
final class ConnectionGuard implements Executor {

    private static final System.Logger LOG = System.getLogger(ConnectionGuard.class.getName());
    private static final long NOT_WAITING = Long.MIN_VALUE;
    /** The request the current thread serves; null on threads that are not the server's. */
    private static final ThreadLocal<Request> CURRENT = new ThreadLocal<>();
    /** At most one warning a minute about what was refused or dropped: an attack must not flood the journal. */
    private static final long REPORT_NANOS = 60_000_000_000L;

    /** Something a request's thread waits for the client to do, and until when it may. */
    interface Waiting extends AutoCloseable {
        @Override
        void close();
    }

    private static final Waiting NOT_WATCHED = () -> {
    };

    /** One request being served: its thread, when it started, and what it waits for now. */
    private final class Request {
        final Thread thread;
        final long startedNanos;
        volatile long waitingSince = NOT_WAITING;
        volatile long allowedNanos;

        Request(Runnable exchange, long startedNanos) {
            this.startedNanos = startedNanos;
            this.thread = threads.newThread(() -> {
                CURRENT.set(this);
                try {
                    exchange.run();
                } finally {
                    serving.remove(this);
                    inFlight.decrementAndGet();
                }
            });
        }

        Waiting waitFrom(long since, long allowed) {
            allowedNanos = allowed;
            waitingSince = since;
            return () -> waitingSince = NOT_WAITING;
        }

        ConnectionGuard guard() {
            return ConnectionGuard.this;
        }

        boolean overdue(long now) {
            long since = waitingSince;
            return since != NOT_WAITING && now - since > allowedNanos;
        }
    }

    private final HttpLimits limits;
    private final LongSupplier nanoTime;
    private final ThreadFactory threads = Thread.ofVirtual().name("http-", 0).factory();
    private final Set<Request> serving = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Map<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();
    private final AtomicLong refusedOverall = new AtomicLong();
    private final AtomicLong refusedPerAddress = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private volatile boolean closed;
    private long reportedAt;
    private long reportedCount;

    ConnectionGuard(HttpLimits limits, LongSupplier nanoTime) {
        this.limits = limits;
        this.nanoTime = nanoTime;
        this.reportedAt = nanoTime.getAsLong();
    }

    /** Runs one request of the server on a virtual thread of its own, or refuses it over the connection limit. */
    @Override
    public void execute(Runnable exchange) {
        if (closed) {
            throw new RejectedExecutionException("the server is closing");
        }
        long now = nanoTime.getAsLong();
        if (inFlight.incrementAndGet() > limits.maxConnections()) {
            inFlight.decrementAndGet();
            refusedOverall.incrementAndGet();
            throw new RejectedExecutionException("over " + limits.maxConnections() + " requests at once");
        }
        Request r = new Request(exchange, now);
        // From its first byte, the request must be read within the request timeout.
        r.waitFrom(now, limits.requestTimeout().toNanos());
        serving.add(r);
        r.thread.start();
    }

    /**
     * Counts requests per client address once their headers are in, answers 429 to one over the limit, and marks the
     * request as read (its headers; a body is read under {@link #receivingBody()}).
     */
    Filter filter() {
        return new Filter() {
            @Override
            public void doFilter(HttpExchange ex, Chain chain) throws IOException {
                Request r = CURRENT.get();
                if (r != null) {
                    r.waitingSince = NOT_WAITING;
                }
                InetAddress address = ex.getRemoteAddress().getAddress();
                int n = perAddress.merge(address, 1, Integer::sum);
                try {
                    if (n > limits.maxConnectionsPerAddress()) {
                        refusedPerAddress.incrementAndGet();
                        ex.getResponseHeaders().set("Retry-After", "10");
                        ex.getResponseHeaders().set("Connection", "close");
                        Replies.error(ex, 429, null, "too many requests at once from " + address.getHostAddress()
                                + " (at most " + limits.maxConnectionsPerAddress() + ", event streams included)");
                        return;
                    }
                    chain.doFilter(ex);
                } finally {
                    perAddress.computeIfPresent(address, (a, c) -> c == 1 ? null : c - 1);
                }
            }

            @Override
            public String description() {
                return "connection limits";
            }
        };
    }

    /**
     * The current request's thread reads the request body: allowed until the request timeout, counted from the
     * request's first byte.
     */
    static Waiting receivingBody() {
        Request r = CURRENT.get();
        return r == null ? NOT_WATCHED : r.waitFrom(r.startedNanos, r.guard().limits.requestTimeout().toNanos());
    }

    /** The current request's thread writes to the client: allowed for the send timeout from now. */
    static Waiting sending() {
        Request r = CURRENT.get();
        return r == null ? NOT_WATCHED : r.waitFrom(r.guard().nanoTime.getAsLong(), r.guard().limits.sendTimeout().toNanos());
    }

    /**
     * Closes the connections whose client kept a request's thread waiting too long (interrupting the thread closes
     * its socket), and now and then logs what was refused or dropped. Returns how many were closed. The server
     * calls it every second; tests call it after moving their clock on.
     */
    int expire() {
        long now = nanoTime.getAsLong();
        int closedNow = 0;
        for (Request r : serving) {
            if (r.overdue(now)) {
                r.waitingSince = NOT_WAITING;
                r.thread.interrupt();
                closedNow++;
            }
        }
        timedOut.addAndGet(closedNow);
        long total = refusedOverall.get() + refusedPerAddress.get() + timedOut.get();
        if (total > reportedCount && now - reportedAt >= REPORT_NANOS) {
            LOG.log(System.Logger.Level.WARNING, "live broadcast under load: {0} connections refused over the limit of "
                    + "{1} at once, {2} requests refused over {3} per address, {4} slow clients dropped (so far)",
                    refusedOverall.get(), limits.maxConnections(), refusedPerAddress.get(),
                    limits.maxConnectionsPerAddress(), timedOut.get());
            reportedAt = now;
            reportedCount = total;
        }
        return closedNow;
    }

    /** Refuses new requests and interrupts the threads of those being served. */
    void close() {
        closed = true;
        for (Request r : serving) {
            r.thread.interrupt();
        }
    }

    /** Requests being served now (read, answered, or streaming). */
    int inFlight() {
        return inFlight.get();
    }

    /** Requests whose headers are in and which are being answered (or streamed) now. */
    int answering() {
        return perAddress.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Requests whose thread waits for the client now. */
    int waiting() {
        return (int) serving.stream().filter(r -> r.waitingSince != NOT_WAITING).count();
    }

    long refusedOverall() {
        return refusedOverall.get();
    }

    long refusedPerAddress() {
        return refusedPerAddress.get();
    }

    long timedOut() {
        return timedOut.get();
    }
}
