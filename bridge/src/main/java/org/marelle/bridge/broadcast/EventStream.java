package org.marelle.bridge.broadcast;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * One client of {@code GET /events}: Server-Sent Events, on its own virtual thread for as long as the client
 * stays. A new client first gets a {@code state} event per board (the whole game), then every event as it
 * happens. A client that reconnects with {@code Last-Event-ID: n} gets exactly the events after {@code n}; when
 * those are no longer kept (it was away too long, or the server restarted) it gets {@code state} events instead,
 * so it never shows a game with a hole in it. An idle stream gets a comment line every keep-alive period.
 */
final class EventStream {

    private static final byte[] KEEP_ALIVE = ": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII);
    /** Browsers reconnect after this many milliseconds when the stream breaks. */
    private static final byte[] RETRY = "retry: 2000\n\n".getBytes(StandardCharsets.US_ASCII);

    private final BroadcastHub hub;
    private final BoardId only;
    private final long keepAliveNanos;
    private final BooleanSupplier stopped;

    EventStream(BroadcastHub hub, BoardId only, long keepAliveNanos, BooleanSupplier stopped) {
        this.hub = hub;
        this.only = only;
        this.keepAliveNanos = keepAliveNanos;
        this.stopped = stopped;
    }

    /** The id a reconnecting client names, or -1 for a new client (absent or not a number: start afresh). */
    static long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return -1;
        }
        try {
            long id = Long.parseLong(header.strip());
            return id < 0 ? -1 : id;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Streams until the client leaves or the server stops. */
    void run(HttpExchange ex, long lastEventId) throws IOException, InterruptedException {
        var headers = ex.getResponseHeaders();
        headers.set("Content-Type", "text/event-stream; charset=utf-8");
        headers.set("Cache-Control", "no-cache");
        headers.set("X-Accel-Buffering", "no"); // nginx in front: do not buffer the stream
        EventLog log = hub.events();
        // What a client has not taken yet waits in the event log, which every stream shares, and in the socket's
        // buffers: nothing piles up per client. A client that takes nothing for the send timeout is dropped (each
        // write is watched; see ConnectionGuard), so a stream nobody reads holds its thread only that long.
        long position;
        OutputStream out;
        try (var sending = ConnectionGuard.sending()) {
            ex.sendResponseHeaders(200, 0);
            out = ex.getResponseBody();
            out.write(RETRY);
            if (lastEventId < 0) {
                position = sendState(out);
            } else {
                EventLog.Batch missed = log.after(lastEventId);
                position = missed.gap() ? sendState(out) : send(out, missed, lastEventId);
            }
            out.flush();
        }
        try (out) {
            while (!stopped.getAsBoolean()) {
                EventLog.Batch batch = log.await(position, keepAliveNanos);
                if (batch.closed() || stopped.getAsBoolean()) {
                    break;
                }
                try (var sending = ConnectionGuard.sending()) {
                    if (batch.gap()) {
                        position = sendState(out); // this client fell behind the log: start it afresh
                    } else if (batch.events().isEmpty()) {
                        out.write(KEEP_ALIVE);
                    } else {
                        position = send(out, batch, position);
                    }
                    out.flush();
                }
            }
        }
    }

    /** A {@code state} event per board, all with the id of the last event they include. */
    private long sendState(OutputStream out) throws IOException {
        BroadcastHub.PublicState state = hub.publicState();
        for (BoardView view : state.boards()) {
            if (only == null || only.equals(view.board())) {
                out.write(BroadcastEvent.frame(state.lastEventId(), "state", GameChanges.state(view)));
            }
        }
        return state.lastEventId();
    }

    private long send(OutputStream out, EventLog.Batch batch, long position) throws IOException {
        for (BroadcastEvent e : batch.events()) {
            if (only == null || only.equals(e.board())) {
                out.write(e.frame());
            }
            position = e.id();
        }
        return position;
    }
}
