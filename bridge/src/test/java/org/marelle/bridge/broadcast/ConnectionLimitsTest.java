package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The HTTP server's limits ({@link HttpLimits}), one at a time, on loopback: the cap on requests served at once, the
 * cap per client address, the time a client has to send its request and to take a write. Time is the test's own
 * nanosecond clock; the server's timeouts act when the test calls {@link ConnectionGuard#expire()}.
 */
@Timeout(60)
class ConnectionLimitsTest {

    private final ManualTime time = new ManualTime();
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final List<Socket> sockets = new ArrayList<>();
    private BroadcastHub hub;
    private BroadcastServer server;
    private GameSnapshot game;

    private void start(HttpLimits limits) throws IOException {
        BroadcastConfig config = BroadcastConfig.defaults().withPort(0).withToken(BroadcastServerTest.TOKEN)
                .withLimits(limits);
        hub = new BroadcastHub(config, time);
        game = Games.standard("limits");
        hub.gameChanged(Games.ONE, game);
        server = BroadcastServer.start(config, hub, nanos::get);
    }

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        if (server != null) {
            server.close();
            hub.close();
        }
    }

    private Socket connect() throws IOException {
        Socket s = new Socket(server.address().getAddress(), server.port());
        s.setSoTimeout(20_000);
        sockets.add(s);
        return s;
    }

    private static void send(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
    }

    /** What the server sent until it closed the connection ("" when it sent nothing). */
    private static String readToEnd(Socket s) throws IOException {
        try (InputStream in = s.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (SocketException reset) {
            return "";
        }
    }

    /** The status line and headers of one answer. */
    private static String head(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder b = new StringBuilder();
        while (!b.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) break;
            b.append((char) c);
        }
        return b.toString();
    }

    /** Waits for something the server does on its own threads (never for a time to pass). */
    private static void until(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("never happened: " + what);
            LockSupport.parkNanos(1_000_000);
        }
    }

    private void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }

    @Test
    void overTheLimitOfRequestsAtOnceAConnectionIsClosedUnanswered() throws Exception {
        start(HttpLimits.defaults().withMaxConnections(2, 2));
        Socket first = connect();
        Socket second = connect();
        send(first, "GET /api/games HTTP/1.1\r\n");
        send(second, "GET /api/games HTTP/1.1\r\n");
        until(() -> server.guard().inFlight() == 2, "two requests being read");

        Socket third = connect();
        send(third, "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(readToEnd(third)).isEmpty();
        assertThat(server.guard().refusedOverall()).isEqualTo(1);

        // Once one of the two is answered and gone, a new client is served.
        send(first, "Host: x\r\nConnection: close\r\n\r\n");
        assertThat(readToEnd(first)).startsWith("HTTP/1.1 200");
        until(() -> server.guard().inFlight() == 1, "the first request done");
        Socket fourth = connect();
        send(fourth, "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(readToEnd(fourth)).startsWith("HTTP/1.1 200");
    }

    @Test
    void overTheLimitPerAddressARequestIs429NamingTheAddress() throws Exception {
        start(HttpLimits.defaults().withMaxConnections(10, 2));
        SseClient a = SseClient.open(server.uri(), "/events", null, Duration.ofSeconds(20));
        SseClient b = SseClient.open(server.uri(), "/events", null, Duration.ofSeconds(20));
        try {
            assertThat(a.status()).isEqualTo(200);
            assertThat(b.status()).isEqualTo(200);
            Socket third = connect();
            send(third, "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n");
            String answer = readToEnd(third);
            assertThat(answer).startsWith("HTTP/1.1 429").containsIgnoringCase("Retry-After: 10")
                    .contains("too many requests at once from 127.0.0.1 (at most 2, event streams included)");
            assertThat(server.guard().refusedPerAddress()).isEqualTo(1);
        } finally {
            a.close();
        }
        // A stream notices that its client left when it next writes: events until it has.
        for (int i = 0; server.streamCount() > 1; i++) {
            assertThat(i).as("events sent before the stream noticed").isLessThan(10_000);
            hub.gameChanged(Games.ONE, game.withTag("Annotator", "note " + i));
            LockSupport.parkNanos(1_000_000);
        }
        Socket fourth = connect();
        send(fourth, "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(readToEnd(fourth)).startsWith("HTTP/1.1 200");
        b.close();
    }

    @Test
    void aClientThatDoesNotFinishItsRequestInTimeIsDisconnected() throws Exception {
        start(HttpLimits.defaults().withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(30)));
        Socket slow = connect();
        send(slow, "GET /api/games HTTP/1.1\r\nHost: x\r\n");
        until(() -> server.guard().waiting() == 1, "the request being read");

        advance(Duration.ofMillis(9_900));
        send(slow, "X-Slow: 1\r\n");   // a header line now and then does not earn more time
        assertThat(server.guard().expire()).isZero();
        advance(Duration.ofMillis(200));
        assertThat(server.guard().expire()).isEqualTo(1);
        assertThat(readToEnd(slow)).isEmpty();
        until(() -> server.guard().inFlight() == 0, "the slow request's thread ended");
        assertThat(server.guard().timedOut()).isEqualTo(1);

        // A whole request in time is answered as usual.
        Socket quick = connect();
        send(quick, "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(readToEnd(quick)).startsWith("HTTP/1.1 200");
    }

    @Test
    void aControlBodyIsReadWithinTheRequestTimeout() throws Exception {
        start(HttpLimits.defaults().withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(30)));
        Socket slow = connect();
        send(slow, "PUT /api/game/result HTTP/1.1\r\nHost: x\r\nAuthorization: " + BroadcastServerTest.AUTH
                + "\r\nContent-Length: 100\r\n\r\n{\"res");
        // Headers in (the request is being answered) and the thread waiting for the client: for the rest of the body.
        until(() -> server.guard().answering() == 1 && server.guard().waiting() == 1, "the body being read");
        advance(Duration.ofSeconds(11));
        assertThat(server.guard().expire()).isEqualTo(1);
        assertThat(readToEnd(slow)).isEmpty();
    }

    @Test
    void anEventStreamWhoseClientTakesNothingIsDroppedAfterTheSendTimeout() throws Exception {
        start(HttpLimits.defaults().withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(30)));
        Socket deaf = new Socket();
        sockets.add(deaf);
        deaf.setReceiveBufferSize(4096);
        deaf.connect(server.address());
        send(deaf, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n");
        until(() -> server.streamCount() == 1, "the stream open");

        // Events until the deaf client's socket is full and the server's write to it waits past the send timeout.
        // What it has not taken waits in the shared event log, never in a queue of its own.
        String note = "n".repeat(250);
        int dropped = 0;
        for (int i = 0; dropped == 0; i++) {
            assertThat(i).as("events sent before a write waited").isLessThan(100_000);
            game = game.withTag("Annotator", note + i);
            hub.gameChanged(Games.ONE, game);
            if (server.guard().waiting() > 0) {
                advance(Duration.ofSeconds(31));
                dropped = server.guard().expire();
            }
        }
        assertThat(dropped).isEqualTo(1);
        until(() -> server.streamCount() == 0, "the deaf client dropped");
        assertThat(server.guard().timedOut()).isEqualTo(1);

        // A client that reads is never dropped for waiting for events, however long nothing happens.
        SseClient reader = SseClient.open(server.uri(), "/events", null, Duration.ofSeconds(20));
        assertThat(reader.nextEvent().event()).isEqualTo("state");
        until(() -> server.guard().waiting() == 0, "the state written");
        advance(Duration.ofHours(1));
        assertThat(server.guard().expire()).isZero();
        hub.gameChanged(Games.ONE, Games.play(game, "e4"));
        assertThat(reader.nextEvent().event()).isEqualTo("move");
        reader.close();
    }

    @Test
    void limitsThatCannotWorkAreRefusedSayingWhich() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HttpLimits.defaults().withMaxConnections(10, 11))
                .hasMessage("HTTP limits: maxConnectionsPerAddress 11 is outside 1..10 (maxConnections)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> HttpLimits.defaults().withTimeouts(Duration.ZERO,
                Duration.ofSeconds(1))).hasMessage("HTTP limits: requestTimeout must be positive, got PT0S");
    }
}
