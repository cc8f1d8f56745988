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
import java.util.function.Supplier;
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

/**
 * The hub's round control (issue #16): the round's tags and the pairings set once on the hub reach every board
 * through the broker, also a board switched on later, and survive a hub started again.
 */
@Timeout(120)
class HubControlTest {

    private static final String TOKEN = "0123456789abcdef0123456789abcdef";

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

    /**
     * A board's daemon as far as the hub's orders go: its session, its publisher, and the orders carried out on the
     * session as the daemon does (under the session's lock here, the daemon's thread there).
     */
    private GameSession board(String round, String board, List<String> warnings) {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD),
                Map.of("Round", round, "Board", board, "Event", "Casual"), SessionJournal.NONE, InstantSource.system(),
                ZoneOffset.UTC);
        SessionEvent start = new SessionEvent.GameStarted(0, s.game().gameId(), "standard",
                Position.start(Variant.STANDARD).fen(), s.game().tags());
        MqttPublisher p = MqttPublisher.start(BoardTopics.of("marelle", round, board), new MqttPublisher.Settings(
                broker.url(), null, null, "board-" + board + "-" + open.size(), Duration.ofMillis(100),
                Duration.ofMillis(500)), s.game(), List.of(start), warnings::add);
        s.addListener(p);
        p.onOrders(o -> {
            synchronized (s) {
                s.setStandingTags(o.tags());
            }
        });
        open.add(p);
        return s;
    }

    private Hub hub(String round) throws Exception {
        Hub h = Hub.start(new Hub.Options(broker.url(), "marelle", round, null, "hub-" + open.size(),
                BroadcastConfig.defaults().withPort(0).withToken(TOKEN)), log);
        open.add(h);
        return h;
    }

    private HttpResponse<String> put(Hub h, String path, String json, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(h.uri().resolve(path)).PUT(HttpRequest.BodyPublishers.ofString(json))
                .header("Content-Type", "application/json");
        if (token != null) b.header("Authorization", "Bearer " + token);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String get(Hub h, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(h.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static <T> T await(Supplier<T> value, java.util.function.Predicate<T> until, String what)
            throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        T v = value.get();
        while (!until.test(v)) {
            if (System.nanoTime() > end) fail("waited 30 s for " + what + "; last: " + v);
            Thread.sleep(20);
            v = value.get();
        }
        return v;
    }

    private static Map<String, String> tags(GameSession s) {
        synchronized (s) {
            return Map.copyOf(s.game().tags());
        }
    }

    @Test
    void roundTagsAndPairingsReachEveryBoardAlsoOneSwitchedOnLater() throws Exception {
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        GameSession one = board("3", "1", warnings);
        Hub hub = hub("3");
        await(() -> get(hub), s -> s.contains("\"board\":\"1\""), "board 1 on the hub");

        assertThat(put(hub, "/api/round/tags", """
                {"tags": {"Event": "Club championship", "Site": "Lyon", "Date": "2026.12.02"}}""", TOKEN).statusCode())
                .isEqualTo(200);
        // Board 2 is paired before its daemon ever started: the hub follows round 3, so it is reached there.
        HttpResponse<String> paired = put(hub, "/api/round/pairings", """
                {"pairings": [{"board": "1", "white": "Ada", "black": "Bert"},
                              {"board": 2, "white": "Cleo", "black": "Dan", "tags": {"BlackElo": "1720"}}]}""", TOKEN);
        assertThat(paired.statusCode()).as(paired.body()).isEqualTo(200);

        Map<String, String> t1 = await(() -> tags(one), t -> "Bert".equals(t.get("Black")), "board 1's pairing");
        assertThat(t1).containsEntry("White", "Ada").containsEntry("Event", "Club championship")
                .containsEntry("Site", "Lyon").containsEntry("Date", "2026.12.02").containsEntry("Board", "1");

        GameSession two = board("3", "2", warnings);
        Map<String, String> t2 = await(() -> tags(two), t -> "Dan".equals(t.get("Black")), "board 2's pairing");
        assertThat(t2).containsEntry("White", "Cleo").containsEntry("BlackElo", "1720")
                .containsEntry("Event", "Club championship").containsEntry("Board", "2");

        // The hub's own view of each board follows (the boards publish their changed games).
        String pgn = await(() -> read(hub, "/games.pgn"), s -> s.contains("[White \"Cleo\"]") && s.contains("[White \"Ada\"]"),
                "the round's PGN with the pairings");
        assertThat(pgn).contains("[Event \"Club championship\"]", "[BlackElo \"1720\"]");
        assertThat(get(hub, "/api/round")).contains("\"Site\":\"Lyon\"", "\"2\":{\"White\":\"Cleo\"",
                "\"waiting\":[]");

        // A tag removed on the hub is removed on the boards.
        assertThat(put(hub, "/api/round/tags", "{\"tags\": {\"Site\": null}}", TOKEN).statusCode()).isEqualTo(200);
        await(() -> tags(two), t -> !t.containsKey("Site"), "Site removed on board 2");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aFinishedGameKeepsItsPlayersTheNextGameTakesTheNewPairing() throws Exception {
        GameSession one = board("3", "1", new ArrayList<>());
        Hub hub = hub("3");
        put(hub, "/api/round/pairings", "{\"pairings\": [{\"board\": \"1\", \"white\": \"Ada\", \"black\": \"Bert\"}]}", TOKEN);
        await(() -> tags(one), t -> "Ada".equals(t.get("White")), "the first pairing");
        synchronized (one) {
            one.play(one.game().position().parseSan("e4"));
            one.setResult("1-0", "resignation");
        }
        put(hub, "/api/round/pairings", "{\"pairings\": [{\"board\": \"1\", \"white\": \"Cleo\", \"black\": \"Dan\"}]}", TOKEN);
        await(() -> read(hub, "/api/round"), s -> s.contains("Cleo") && s.contains("\"waiting\":[]"), "the new pairing sent");
        // (The orders reach the board: nothing to see on the finished game, so look at what the next one starts with.)
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!"Cleo".equals(one.baseTags().get("White"))) {
            if (System.nanoTime() > end) fail("the board never took the new pairing: " + one.baseTags());
            Thread.sleep(20);
        }
        synchronized (one) {
            assertThat(one.game().tags()).containsEntry("White", "Ada").containsEntry("Black", "Bert");
            one.newGame(Position.start(Variant.STANDARD));
            assertThat(one.game().tags()).containsEntry("White", "Cleo").containsEntry("Black", "Dan");
        }
    }

    @Test
    void aHubStartedAgainHasItsSettingsBackAndABoardSeenLaterUnderAnyRoundIsReached() throws Exception {
        Hub first = hub("+");
        assertThat(put(first, "/api/round/tags", "{\"tags\": {\"Event\": \"Open\", \"Round\": \"5\"}}", TOKEN).statusCode())
                .isEqualTo(200);
        // Following every round, the hub cannot know under which one board 7 will publish: it waits for it.
        HttpResponse<String> r = put(first, "/api/round/pairings",
                "{\"pairings\": [{\"board\": \"7\", \"white\": \"Eve\", \"black\": \"Finn\"}]}", TOKEN);
        assertThat(r.body()).contains("board(s) 7 get them once they connect");
        assertThat(get(first, "/api/round")).contains("\"waiting\":[\"7\"]");
        GameSession seven = board("-", "7", new ArrayList<>());
        Map<String, String> t = await(() -> tags(seven), x -> "Eve".equals(x.get("White")), "board 7's pairing");
        assertThat(t).containsEntry("Event", "Open").containsEntry("Round", "5");
        first.close();
        open.remove(first);

        Hub again = hub("+");
        String settings = await(() -> read(again, "/api/round"), s -> s.contains("Eve"), "the settings back");
        assertThat(settings).contains("\"Event\":\"Open\"", "\"Round\":\"5\"",
                "\"7\":{\"White\":\"Eve\",\"Black\":\"Finn\"}");
        // Changed on the new hub, the board follows.
        put(again, "/api/round/tags", "{\"tags\": {\"Round\": \"6\"}}", TOKEN);
        await(() -> tags(seven), x -> "6".equals(x.get("Round")), "round 6 on board 7");
        assertThat(tags(seven)).containsEntry("White", "Eve").containsEntry("Event", "Open");
    }

    @Test
    void badRequestsAreRefusedNamingWhatIsWrongAndBadOrdersAreIgnoredByTheBoard() throws Exception {
        List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        GameSession one = board("3", "1", warnings);
        Hub hub = hub("3");
        assertThat(put(hub, "/api/round/tags", "{\"tags\": {\"Event\": \"X\"}}", null).statusCode()).isEqualTo(401);
        assertThat(put(hub, "/api/round/tags", "{\"tags\": {\"Event\": \"X\"}}", "wrong-token-wrong-token").statusCode())
                .isEqualTo(401);
        HttpResponse<String> board = put(hub, "/api/round/tags", "{\"tags\": {\"Board\": \"9\"}}", TOKEN);
        assertThat(board.statusCode()).isEqualTo(400);
        assertThat(board.body()).contains("\"field\":\"tags.Board\"", "its own configuration");
        HttpResponse<String> date = put(hub, "/api/round/tags", "{\"tags\": {\"Date\": \"2 Dec 2026\"}}", TOKEN);
        assertThat(date.statusCode()).isEqualTo(400);
        assertThat(date.body()).contains("tags.Date", "not a PGN date");
        HttpResponse<String> twice = put(hub, "/api/round/pairings",
                "{\"pairings\": [{\"board\": \"1\", \"white\": \"A\"}, {\"board\": \"1\", \"black\": \"B\"}]}", TOKEN);
        assertThat(twice.statusCode()).isEqualTo(400);
        assertThat(twice.body()).contains("pairings[1].board", "paired twice");
        HttpResponse<String> result = put(hub, "/api/round/pairings",
                "{\"pairings\": [{\"board\": \"1\", \"tags\": {\"Result\": \"1-0\"}}]}", TOKEN);
        assertThat(result.statusCode()).isEqualTo(400);
        assertThat(result.body()).contains("pairings[0].tags.Result");
        assertThat(get(hub, "/api/round")).contains("\"tags\":{}", "\"boards\":{}");
        // Requests each within the limits add up: the one that would pass what a game keeps is refused.
        StringBuilder many = new StringBuilder("{\"tags\": {");
        for (int i = 0; i < 30; i++) many.append(i == 0 ? "" : ",").append("\"A").append(i).append("\": \"x\"");
        assertThat(put(hub, "/api/round/tags", many + "}}", TOKEN).statusCode()).isEqualTo(200);
        HttpResponse<String> more = put(hub, "/api/round/tags", many.toString().replace("\"A", "\"B") + "}}", TOKEN);
        assertThat(more.statusCode()).isEqualTo(409);
        assertThat(more.body()).contains("the round would have 60 tags; at most 40");
        put(hub, "/api/round/tags", many.toString().replace("\"x\"", "null") + "}}", TOKEN);

        // Something else writes on the board's control topic: the board says so once and keeps its game as it is.
        MqttClient other = new MqttClient(broker.url(), "other", new MemoryPersistence());
        other.connect();
        other.publish("marelle/3/1/control", new MqttMessage("{\"issued\": 1, \"round\": {\"Board\": \"9\"}}"
                .getBytes(StandardCharsets.UTF_8)));
        other.publish("marelle/3/1/control", new MqttMessage("not json".getBytes(StandardCharsets.UTF_8)));
        other.disconnect();
        // (Awaited by what they say: other warnings, a reconnection say, may come first.)
        String said = await(() -> String.join("\n", warnings), w -> w.contains("its own configuration")
                && w.contains("(not JSON"), "the board's warnings");
        assertThat(said).contains("marelle/3/1/control: not the hub's orders, ignored", "its own configuration");
        assertThat(tags(one)).containsEntry("Board", "1").containsEntry("Event", "Casual");
        // The hub still works: a valid change reaches the board.
        put(hub, "/api/round/tags", "{\"tags\": {\"Event\": \"Blitz night\"}}", TOKEN);
        await(() -> tags(one), t -> "Blitz night".equals(t.get("Event")), "the board taking the hub's tags");
    }

    private String get(Hub h) {
        return read(h, "/api/games");
    }

    private String read(Hub h, String path) {
        try {
            return get(h, path);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
