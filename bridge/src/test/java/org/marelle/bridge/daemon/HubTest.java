package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.mqtt.BoardTopics;
import org.marelle.bridge.mqtt.Mosquitto;
import org.marelle.bridge.mqtt.MqttPublisher;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** {@code marelle hub}: boards publishing to a real mosquitto, one hub serving the round (issue #16). */
@Timeout(120)
class HubTest {

    @TempDir
    Path dir;
    private Mosquitto broker;
    private final List<AutoCloseable> open = new ArrayList<>();
    private final StringWriter logged = new StringWriter();
    private final EventLog log = EventLog.to(new PrintWriter(logged, true), false);
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void broker() throws Exception {
        Path exe = Mosquitto.required();
        broker = Mosquitto.start(exe, dir);
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open.reversed()) c.close();
        if (broker != null) broker.close();
    }

    /** A board's daemon as far as publishing goes: its session and publisher. */
    private GameSession board(String board, String white) {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD),
                Map.of("Round", "3", "Board", board, "White", white), SessionJournal.NONE, InstantSource.system(),
                ZoneOffset.UTC);
        SessionEvent start = new SessionEvent.GameStarted(0, s.game().gameId(), "standard",
                Position.start(Variant.STANDARD).fen(), s.game().tags());
        MqttPublisher p = MqttPublisher.start(BoardTopics.of("marelle", "3", board), new MqttPublisher.Settings(
                broker.url(), null, null, "board-" + board, Duration.ofMillis(100), Duration.ofMillis(500)), s.game(),
                List.of(start), w -> { });
        s.addListener(p);
        open.add(p);
        return s;
    }

    private Hub hub() throws Exception {
        Hub h = Hub.start(new Hub.Options(broker.url(), "marelle", "+", null, "hub-" + open.size(),
                BroadcastConfig.defaults().withPort(0)), log);
        open.add(h);
        return h;
    }

    private static void play(GameSession s, String... sans) {
        for (String san : sans) s.play(s.game().position().parseSan(san));
    }

    private String get(Hub h, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(h.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** Polls {@code path} until it contains every part, at most 30 s; returns the last answer. */
    private String await(Hub h, String path, String... parts) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String body = "";
        while (System.nanoTime() < until) {
            body = get(h, path);
            boolean all = true;
            for (String p : parts) all &= body.contains(p);
            if (all) return body;
            Thread.sleep(50);
        }
        fail("waited 30 s for " + path + " to hold " + List.of(parts) + "; it said " + body);
        return body;
    }

    @Test
    void theRoundsBoardsOnOnePageTheirPgnGameForGame() throws Exception {
        GameSession one = board("1", "Anna");
        GameSession two = board("2", "Bert");
        Hub hub = hub();
        play(one, "e4", "e5", "Nf3");
        play(two, "d4", "Nf6");
        String games = await(hub, "/api/games", "\"board\":\"1\"", "\"board\":\"2\"", "\"Nf3\"", "\"Nf6\"");
        assertThat(games).contains("Anna", "Bert");
        String round = await(hub, "/games.pgn", "1. e4 e5 2. Nf3", "1. d4 Nf6");
        assertThat(round).contains("[Board \"1\"]", "[Board \"2\"]");
        // Each board's PGN is the board's own game, move for move.
        assertThat(await(hub, "/game.pgn?board=2", "1. d4 Nf6")).contains("[White \"Bert\"]")
                .isEqualTo(get(hub, "/game.pgn?board=2"));
        assertThat(one.game().toPgn()).contains("1. e4 e5 2. Nf3");
    }

    @Test
    void theOperatorIsToldWhenABoardStops() throws Exception {
        GameSession one = board("1", "Anna");
        Hub h = hub();
        play(one, "e4");
        await(h, "/api/games", "\"e4\"");
        // The board's daemon stops: its publisher says offline (a killed one's last will says the same).
        MqttPublisher p = (MqttPublisher) open.get(0);
        p.close();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!logged.toString().contains("board 1 is offline")) {
            if (System.nanoTime() > until) fail("the hub never said board 1 went offline: " + logged);
            Thread.sleep(20);
        }
        // The pages say so too (the viewer and the round page read it from the board's status).
        assertThat(await(h, "/api/game?board=1", "\"offline\":true")).contains("\"e4\"");
        // The daemon is back: the hub says so, and the mark goes.
        MqttPublisher again = MqttPublisher.start(BoardTopics.of("marelle", "3", "1"), new MqttPublisher.Settings(
                broker.url(), null, null, "board-1", Duration.ofMillis(100), Duration.ofMillis(500)), one.game(),
                List.of(), w -> { });
        open.add(again);
        await(h, "/api/game?board=1", "\"offline\":false");
        assertThat(logged.toString()).contains("board 1 is back online");
    }

    @Test
    void theHubPushesTheWholeRoundToLichessOnce() throws Exception {
        // A fake Lichess: what each push to the round's endpoint carried.
        List<String> pushes = java.util.Collections.synchronizedList(new ArrayList<>());
        com.sun.net.httpserver.HttpServer lichess = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        lichess.createContext("/api/broadcast/round/AbCd1234/push", ex -> {
            pushes.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] ok = "{}".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, ok.length);
            ex.getResponseBody().write(ok);
            ex.close();
        });
        lichess.start();
        try {
            GameSession one = board("1", "Anna");
            GameSession two = board("2", "Bert");
            BroadcastConfig config = BroadcastConfig.defaults().withPort(0).withLichess(
                    org.marelle.bridge.broadcast.LichessConfig.of("AbCd1234", "lip_0123456789abcdefghij")
                            .withBaseUrl(java.net.URI.create("http://127.0.0.1:" + lichess.getAddress().getPort())));
            Hub h = Hub.start(new Hub.Options(broker.url(), "marelle", "+", null, "hub-lichess", config), log);
            open.add(h);
            play(one, "e4");
            play(two, "d4");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) {
                String last;
                synchronized (pushes) {
                    last = pushes.isEmpty() ? "" : pushes.get(pushes.size() - 1);
                }
                // One push carries the round: both boards' games.
                if (last.contains("[White \"Anna\"]") && last.contains("[White \"Bert\"]") && last.contains("1. e4")
                        && last.contains("1. d4")) break;
                if (System.nanoTime() > until) fail("no push held the whole round: " + pushes);
                Thread.sleep(50);
            }
        } finally {
            lichess.stop(0);
        }
    }

    @Test
    void aHubStartedAgainHasTheRoundBackAndAMalformedMessageDisturbsNothing() throws Exception {
        GameSession one = board("1", "Anna");
        Hub first = hub();
        play(one, "c4", "c5");
        await(first, "/api/games", "\"c5\"");
        // Something else on the round's topics: dropped and said once; board 1 still follows.
        MqttClient other = new MqttClient(broker.url(), "other", new MemoryPersistence());
        other.connect();
        other.publish("marelle/3/9/game", new MqttMessage("not json".getBytes(StandardCharsets.UTF_8)));
        other.publish("marelle/3/8/game", new MqttMessage("{\"gameId\":\"x\",\"seq\":1,\"variant\":\"standard\",\"initialFen\":\"8/8 w\"}"
                .getBytes(StandardCharsets.UTF_8)));
        other.disconnect();
        play(one, "Nc3");
        String games = await(first, "/api/games", "\"Nc3\"");
        assertThat(games).doesNotContain("\"board\":\"9\"", "\"board\":\"8\"");
        assertThat(logged.toString()).contains("marelle/3/9/game: not a game snapshot, ignored",
                "marelle/3/8/game: not a game snapshot, ignored");
        first.close();
        open.remove(first);
        // A new hub: the retained games give the round back at once.
        Hub again = hub();
        assertThat(await(again, "/game.pgn?board=1", "1. c4 c5 2. Nc3")).contains("[White \"Anna\"]");
    }
}
