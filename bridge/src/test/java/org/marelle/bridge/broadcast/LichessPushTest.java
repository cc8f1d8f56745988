package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The push to Lichess against a local fake of its push endpoint, which checks each request and answers as
 * scripted. Waits between attempts are recorded, not slept.
 */
@Timeout(60)
class LichessPushTest {

    static final String ROUND = "AbCd1234";
    static final String TOKEN = "lip_secret_token";

    /** What the fake Lichess saw. */
    record Seen(String method, String path, String authorization, String contentType, String body) {
    }

    /** How the fake answers one request: a status and body, or dropping the connection. */
    record Answer(int status, String body, boolean drop, CountDownLatch hold) {
        static Answer ok() {
            return new Answer(200, "{\"games\":[{\"tags\":{\"White\":\"A\"},\"moves\":1}]}", false, null);
        }

        static Answer status(int s, String body) {
            return new Answer(s, body, false, null);
        }
    }

    private HttpServer fake;
    private final BlockingQueue<Seen> seen = new LinkedBlockingQueue<>();
    private final BlockingQueue<Answer> script = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Duration> pauses = new ConcurrentLinkedQueue<>();
    private BroadcastHub hub;
    private LichessPush push;
    private GameSnapshot game;

    @BeforeEach
    void startFakeLichess() throws IOException {
        fake = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        fake.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        fake.createContext("/", this::answer);
        fake.start();
        hub = new BroadcastHub(BroadcastConfig.defaults(), new ManualTime());
    }

    @AfterEach
    void stop() {
        if (push != null) {
            push.close();
        }
        hub.close();
        fake.stop(0);
    }

    private void answer(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        seen.add(new Seen(ex.getRequestMethod(), ex.getRequestURI().getPath(),
                ex.getRequestHeaders().getFirst("Authorization"), ex.getRequestHeaders().getFirst("Content-Type"), body));
        Answer a = script.poll();
        if (a == null) {
            a = Answer.ok();
        }
        if (a.hold() != null) {
            try {
                a.hold().await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (a.drop()) {
            ex.close(); // nothing sent: the connection closes under the client
            throw new IOException("dropped on purpose");
        }
        byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(a.status(), bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    private LichessConfig config() {
        URI base = URI.create("http://127.0.0.1:" + fake.getAddress().getPort());
        return LichessConfig.of(ROUND, TOKEN).withBaseUrl(base).withBackoff(Duration.ofSeconds(1), Duration.ofSeconds(8));
    }

    private void startPush() {
        push = LichessPush.start(config(), hub, HttpClient.newHttpClient(), pauses::add);
    }

    private void play(String... sans) {
        game = Games.play(game, sans);
        hub.gameChanged(Games.ONE, game);
    }

    private Seen nextRequest() throws InterruptedException {
        Seen s = seen.poll(20, TimeUnit.SECONDS);
        assertThat(s).as("a push request").isNotNull();
        return s;
    }

    @Test
    void eachMovePostsTheRoundPgnToTheRoundsPushEndpoint() throws Exception {
        game = Games.standard("push-1");
        hub.gameChanged(Games.ONE, game);
        hub.gameChanged(Games.TWO, Games.standard("push-2"));
        startPush();
        assertThat(nextRequest().body()).isEqualTo(hub.publicState().round().pgn());

        play("e4");
        Seen s = nextRequest();
        assertThat(s.method()).isEqualTo("POST");
        assertThat(s.path()).isEqualTo("/api/broadcast/round/" + ROUND + "/push");
        assertThat(s.authorization()).isEqualTo("Bearer " + TOKEN);
        assertThat(s.contentType()).isEqualTo("text/plain; charset=utf-8");
        assertThat(s.body()).isEqualTo(hub.publicState().round().pgn());
        assertThat(s.body()).contains("[GameId \"push-1\"]", "1. e4 *", "[GameId \"push-2\"]");
        assertThat(push.awaitDone(hub.publicState().round().version(), Duration.ofSeconds(20))).isTrue();
        assertThat(push.status().lastStatus()).isEqualTo(200);
        assertThat(pauses).isEmpty();
    }

    @Test
    void failuresAreRetriedWithGrowingWaitsThenTheNewestPgnIsSent() throws Exception {
        game = Games.standard("retry");
        hub.gameChanged(Games.ONE, game);
        script.add(Answer.status(503, "down for maintenance"));
        script.add(new Answer(0, "", true, null));          // connection dropped
        script.add(Answer.status(502, "bad gateway"));
        script.add(Answer.status(500, "oops"));
        script.add(Answer.status(504, "timeout"));
        startPush();
        for (int i = 0; i < 5; i++) {
            nextRequest();
        }
        Seen sixth = nextRequest();
        assertThat(sixth.body()).contains("[GameId \"retry\"]");
        assertThat(push.awaitDone(1, Duration.ofSeconds(20))).isTrue();
        assertThat(pauses).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
                Duration.ofSeconds(8), Duration.ofSeconds(8));
        assertThat(push.status().failures()).isEqualTo(5);

        // After a success the waits start small again.
        script.add(Answer.status(503, "again"));
        play("d4");
        nextRequest();
        nextRequest();                              // the retry comes after its pause
        assertThat(pauses).hasSize(6).last().isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void theLatestPgnWinsAndTheBoardNeverWaits() throws Exception {
        game = Games.standard("latest");
        hub.gameChanged(Games.ONE, game);
        CountDownLatch release = new CountDownLatch(1);
        script.add(new Answer(200, "{\"games\":[]}", false, release)); // Lichess is slow to answer the first push
        startPush();
        Seen first = nextRequest();
        assertThat(first.body()).doesNotContain("1. e4").endsWith("\n*\n");

        // Moves keep coming while the push hangs: the board does not wait for it.
        play("e4");
        play("e5");
        play("Nf3");
        release.countDown();
        Seen second = nextRequest();
        assertThat(second.body()).contains("1. e4 e5 2. Nf3 *");
        assertThat(push.awaitDone(hub.publicState().round().version(), Duration.ofSeconds(20))).isTrue();
        assertThat(seen).isEmpty();   // the overtaken PGNs (after e4, after e5) were never sent
        assertThat(push.status().attempts()).isEqualTo(2);
    }

    @Test
    void aRefusedPgnIsNotRetriedButTheNextMoveIsPushed() throws Exception {
        game = Games.standard("refused");
        hub.gameChanged(Games.ONE, game);
        script.add(Answer.status(400, "{\"error\":\"Invalid PGN\"}"));
        startPush();
        nextRequest();
        assertThat(push.awaitDone(1, Duration.ofSeconds(20))).isTrue();
        assertThat(push.status().lastStatus()).isEqualTo(400);
        assertThat(push.status().lastError()).isEqualTo("HTTP 400: Invalid PGN");
        assertThat(pauses).isEmpty();

        script.add(Answer.status(403, "{\"error\":\"Missing scope\"}"));
        play("e4");
        nextRequest();
        assertThat(push.awaitDone(2, Duration.ofSeconds(20))).isTrue();
        assertThat(push.status().lastError()).contains("study:write");

        play("e5");
        assertThat(nextRequest().body()).contains("1. e4 e5 *");
        assertThat(push.awaitDone(3, Duration.ofSeconds(20))).isTrue();
        assertThat(push.status().lastStatus()).isEqualTo(200);
        assertThat(pauses).isEmpty();
    }

    @Test
    void rateLimitingWaitsAFullMinute() throws Exception {
        game = Games.standard("limited");
        hub.gameChanged(Games.ONE, game);
        script.add(Answer.status(429, "{\"error\":\"Too many requests\"}"));
        startPush();
        nextRequest();
        nextRequest();
        assertThat(push.awaitDone(1, Duration.ofSeconds(20))).isTrue();
        assertThat(pauses).containsExactly(Duration.ofMinutes(1));
    }

    @Test
    void theTokenNeverAppearsInTheConfigsText() {
        assertThat(config().toString()).doesNotContain(TOKEN).contains(ROUND);
        assertThat(BroadcastConfig.defaults().withLichess(config()).withToken("0123456789abcdef0123").toString())
                .doesNotContain(TOKEN).doesNotContain("0123456789abcdef0123");
        assertThat(config().pushUri().toString()).isEqualTo(
                "http://127.0.0.1:" + fake.getAddress().getPort() + "/api/broadcast/round/AbCd1234/push");
        assertThat(LichessConfig.of(ROUND, TOKEN).pushUri().toString())
                .isEqualTo("https://lichess.org/api/broadcast/round/AbCd1234/push");
    }
}
