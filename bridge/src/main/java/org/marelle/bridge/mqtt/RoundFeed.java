package org.marelle.bridge.mqtt;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import java.time.Instant;
import org.marelle.bridge.broadcast.BoardId;
import org.marelle.bridge.broadcast.ClockState;
import org.marelle.bridge.broadcast.Ending;
import org.marelle.bridge.broadcast.GameSnapshot;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The receiving side of {@link MqttPublisher}: follows every board of a round on the broker, from their retained
 * {@code game} snapshots (docs/mqtt.md), and hands each board's game, as the broadcast shows it, to {@code sink}. A
 * snapshot older than one already had (an earlier {@code seq} of the same game) is dropped; a message that is no
 * snapshot is dropped and said once per board ({@code warn}), the other boards undisturbed. A hub started again
 * rebuilds the round at once from the retained snapshots.
 *
 * <pre>{@code
 * RoundFeed feed = RoundFeed.start("tcp://hub:1883", "marelle", "+", "marelle-hub", null, null, hub::gameChanged, log::warning);
 * }</pre>
 */
public final class RoundFeed implements AutoCloseable {

    private final MqttClient client;
    private final String filter;
    private final BiConsumer<BoardId, GameSnapshot> sink;
    private final Consumer<String> warn;
    /** Per board: the game id and seq of the snapshot last handed on. */
    private final Map<String, String> latest = new ConcurrentHashMap<>();
    /** Per board id: the game last handed on, to hand on again when the board goes offline or comes back. */
    private final Map<String, GameSnapshot> shown = new ConcurrentHashMap<>();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** The boards whose daemon said {@code offline} (or whose last will did), not back since. */
    private final Set<String> offline = ConcurrentHashMap.newKeySet();
    private final String statusFilter;
    private final String controlFilter;
    /** The hub's round control, told of the boards and of the orders the broker holds; null when none. */
    private final RoundDesk desk;

    private RoundFeed(MqttClient client, String filter, BiConsumer<BoardId, GameSnapshot> sink, Consumer<String> warn) {
        this(client, filter, sink, warn, null);
    }

    private RoundFeed(MqttClient client, String filter, BiConsumer<BoardId, GameSnapshot> sink, Consumer<String> warn,
                      RoundDesk desk) {
        this.client = client;
        this.filter = filter;
        this.statusFilter = filter.substring(0, filter.length() - "game".length()) + "status";
        this.controlFilter = filter.substring(0, filter.length() - "game".length()) + "control";
        this.desk = desk;
        this.sink = sink;
        this.warn = warn;
    }

    /**
     * Connects and subscribes to {@code PREFIX/ROUND/+/game} ({@code round} {@code +}: every round); reconnects by
     * itself after a lost connection.
     *
     * @throws IOException saying why the broker could not be reached or refused the client
     */
    public static RoundFeed start(String url, String prefix, String round, String clientId, String username,
                                  String password, BiConsumer<BoardId, GameSnapshot> sink, Consumer<String> warn)
            throws IOException {
        return start(url, prefix, round, clientId, username, password, sink, warn, null);
    }

    /**
     * The same, with the hub's round control: it learns where each board is reached and the orders the broker holds
     * ({@code PREFIX/ROUND/+/control}), and publishes through this feed's connection.
     */
    public static RoundFeed start(String url, String prefix, String round, String clientId, String username,
                                  String password, BiConsumer<BoardId, GameSnapshot> sink, Consumer<String> warn,
                                  RoundDesk desk) throws IOException {
        try {
            MqttClient c = new MqttClient(url, clientId, new MemoryPersistence());
            c.setTimeToWait(10_000);
            RoundFeed feed = new RoundFeed(c, prefix + "/" + round + "/+/game", sink, warn, desk);
            c.setCallback(feed.new Callback());
            MqttConnectOptions o = new MqttConnectOptions();
            o.setCleanSession(true);
            o.setAutomaticReconnect(true);
            o.setMaxReconnectDelay(30_000);
            o.setMaxInflight(MqttPublisher.MAX_INFLIGHT);   // many boards' orders may go at once
            if (username != null) o.setUserName(username);
            if (password != null) o.setPassword(password.toCharArray());
            c.connect(o);
            feed.subscribe();
            if (desk != null) desk.connect(feed::publishRetained);
            return feed;
        } catch (MqttException e) {
            throw new IOException(url + ": " + MqttPublisher.reason(e), e);
        }
    }

    private final class Callback implements MqttCallbackExtended {
        @Override
        public void connectComplete(boolean reconnect, String serverURI) {
            if (!reconnect) return;
            warn.accept("mqtt: connected again to " + serverURI);
            try {
                // (A clean session forgets subscriptions; the retained games come again.)
                subscribe();
                if (desk != null) desk.resend();
            } catch (MqttException e) {
                warn.accept("mqtt: cannot subscribe again to " + filter + ": " + MqttPublisher.reason(e));
            }
        }

        @Override
        public void connectionLost(Throwable cause) {
            warn.accept("mqtt: connection lost (" + cause.getMessage() + "); trying again");
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            if (topic.endsWith("/status")) status(topic, new String(message.getPayload(), StandardCharsets.UTF_8));
            else if (topic.endsWith("/control")) orders(topic, message.getPayload());
            else receive(topic, message.getPayload());
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
        }
    }

    /**
     * A board's {@code status}: the operator is told when a board goes offline (its daemon stopped, or died or lost
     * the network and its last will spoke), and when it is back.
     */
    void status(String topic, String text) {
        String[] levels = topic.split("/");
        String board = levels.length >= 2 ? levels[levels.length - 2] : topic;
        boolean changed = false;
        if (text.strip().equals("offline")) {
            if (offline.add(board)) {
                warn.accept("board " + board + " is offline (" + topic + "): its moves follow once it is back");
                changed = true;
            }
        } else if (text.strip().equals("online") && offline.remove(board)) {
            warn.accept("board " + board + " is back online");
            changed = true;
        }
        // The pages show it too: the board's game is handed on again, marked.
        GameSnapshot game = shown.get(board);
        if (changed && game != null) hand(BoardId.of(board), game);
    }

    /** Hands {@code game} on, marked offline while its board is. */
    private void hand(BoardId id, GameSnapshot game) {
        shown.put(id.value(), game);
        boolean off = offline.contains(id.value());
        sink.accept(id, game.status().offline() == off ? game : game.withStatus(game.status().withOffline(off)));
    }

    /** The boards offline now, by id. */
    public Set<String> offline() {
        return Set.copyOf(offline);
    }

    private void subscribe() throws MqttException {
        if (desk == null) client.subscribe(new String[] {filter, statusFilter}, new int[] {1, 1});
        else client.subscribe(new String[] {filter, statusFilter, controlFilter}, new int[] {1, 1, 1});
    }

    /** Publishes a retained message at QoS 1 on this feed's connection (the round desk's orders). */
    void publishRetained(String topic, byte[] payload) throws IOException {
        MqttMessage m = new MqttMessage(payload);
        m.setQos(1);
        m.setRetained(true);
        try {
            client.publish(topic, m);
        } catch (MqttException e) {
            throw new IOException(MqttPublisher.reason(e), e);
        }
    }

    /** The orders the broker holds for a board (the hub's own, read back, or left by the hub before it). */
    void orders(String topic, byte[] payload) {
        if (desk == null || payload.length == 0) return;
        String[] levels = topic.split("/");
        if (levels.length < 4) return;
        try {
            desk.onBroker(BoardId.of(levels[levels.length - 2]), levels[levels.length - 3], HubOrders.parse(payload));
        } catch (IllegalArgumentException e) {
            if (warned.add(topic)) warn.accept("mqtt: " + topic + ": not the hub's orders, ignored (" + e.getMessage() + ")");
        }
    }

    /** One message on a {@code …/BOARD/game} topic. */
    void receive(String topic, byte[] payload) {
        String[] levels = topic.split("/");
        String board = levels.length >= 2 ? levels[levels.length - 2] : topic;
        GameSnapshot game;
        long seq;
        String gameId;
        try {
            JsonNode j = GameMessages.JSON.readTree(payload);
            if (j == null || !j.isObject()) throw new IllegalArgumentException("not a JSON object");
            gameId = text(j, "gameId");
            seq = j.path("seq").asLong(-1);
            if (seq < 1) throw new IllegalArgumentException("no seq");
            game = snapshotOf(j);
        } catch (IOException | RuntimeException e) {
            if (warned.add(topic)) warn.accept("mqtt: " + topic + ": not a game snapshot, ignored (" + e.getMessage() + ")");
            return;
        }
        BoardId id;
        try {
            id = BoardId.of(board);
        } catch (IllegalArgumentException e) {
            if (warned.add(topic)) warn.accept("mqtt: " + topic + ": " + e.getMessage() + ", ignored");
            return;
        }
        // (Per board: a newer game, or a later seq of the same game; an older message is dropped.)
        String key = topic;
        String previous = latest.get(key);
        if (previous != null) {
            String[] p = previous.split("#");
            if (p[0].equals(gameId) && Long.parseLong(p[1]) >= seq) return;
        }
        latest.put(key, gameId + "#" + seq);
        warned.remove(topic);
        hand(id, game);
        if (desk != null && levels.length >= 3) desk.boardSeen(id, levels[levels.length - 3]);
    }

    /**
     * The broadcast's view of a board's game from its snapshot.
     *
     * @throws IllegalArgumentException naming what is missing or wrong (an illegal move, an unknown variant)
     */
    static GameSnapshot snapshotOf(JsonNode j) {
        Variant variant = Variant.byName(text(j, "variant"));
        Position initial = Position.fromFen(variant, text(j, "initialFen"));
        GameSnapshot g = GameSnapshot.start(text(j, "gameId"), initial);
        Map<String, String> tags = new LinkedHashMap<>();
        j.path("tags").fields().forEachRemaining(e -> tags.put(e.getKey(), e.getValue().asText()));
        g = g.withTags(tags);
        Position p = initial;
        for (JsonNode m : j.path("moves")) {
            Move move = p.parseUci(text(m, "uci"));
            long clock = m.path("clockMillis").asLong(-1);
            g = g.withMove(move, clock >= 0 ? Duration.ofMillis(clock) : null);
            p = p.play(move);
        }
        Set<Integer> offers = new TreeSet<>();
        for (JsonNode o : j.path("drawOffers")) offers.add(o.asInt());
        for (int ply : offers) {
            if (ply >= 1 && ply <= g.moves().size()) {
                // (A snapshot offers draws with the last move only: apply each on the game up to it.)
                g = withOfferAt(g, ply - 1);
            }
        }
        JsonNode c = j.path("clock");
        if (c.isObject()) {
            String running = c.path("running").asText(null);
            g = g.withClock(new ClockState(millis(c, "whiteMillis"), millis(c, "blackMillis"),
                    running == null ? null : running.equals("white") ? Color.WHITE : Color.BLACK,
                    c.has("asOfMillis") ? Instant.ofEpochMilli(c.path("asOfMillis").asLong()) : null));
        }
        String result = j.path("result").asText("*");
        return g.withResult(result, Ending.of(result, j.path("reason").asText(null)));
    }

    private static Duration millis(JsonNode c, String field) {
        return c.has(field) ? Duration.ofMillis(c.path(field).asLong()) : null;
    }

    private static GameSnapshot withOfferAt(GameSnapshot g, int index) {
        Set<Integer> offers = new TreeSet<>(g.drawOffers());
        offers.add(index);
        return new GameSnapshot(g.gameId(), g.initial(), g.moves(), g.clocks(), g.tags(), g.result(), g.ending(), offers,
                g.clock(), g.status(), g.casual());
    }

    private static String text(JsonNode j, String field) {
        JsonNode v = j.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) throw new IllegalArgumentException("no " + field);
        return v.asText();
    }

    @Override
    public void close() {
        try {
            if (client.isConnected()) client.disconnect(2_000);
        } catch (MqttException ignored) {
            // going anyway
        }
        try {
            client.close(true);
        } catch (MqttException ignored) {
            // going anyway
        }
    }
}
