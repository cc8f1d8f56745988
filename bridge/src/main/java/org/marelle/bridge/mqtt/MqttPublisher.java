package org.marelle.bridge.mqtt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;

/**
 * Publishes one board's game to an MQTT broker (docs/mqtt.md): each session event as it happens, with its sequence
 * number in the game, then the game's retained snapshot; {@code online}/{@code offline} on the status topic, offline
 * through the last will. QoS 1 throughout. It also reads the hub's orders for the board ({@link #onOrders}).
 *
 * <p>It never holds up the board loop: {@link #onEvent} only queues; a thread of its own talks to the broker. A broker
 * that is down or slow loses nothing: events wait, in order, until the broker has acknowledged them, and after a
 * reconnection are sent again from the first it had not; receivers drop what they already have by game id and
 * sequence number, so every event arrives once and in order. A daemon started again sends its game's events again
 * from the journal ({@link #start}'s {@code journaled}).
 *
 * <pre>{@code
 * MqttPublisher p = MqttPublisher.start(BoardTopics.of("marelle", "3", "12"), settings, game, journaled, log::warning);
 * session.addListener(p);
 * }</pre>
 */
public final class MqttPublisher implements GameSession.Listener, AutoCloseable {

    /**
     * How to reach the broker.
     *
     * @param url        {@code tcp://host:1883} or {@code ssl://host:8883}
     * @param username   null for none
     * @param password   null for none
     * @param clientId   the MQTT client id (unique per board on the broker)
     * @param firstRetry the wait before the first reconnection, doubling up to {@code maxRetry}
     */
    public record Settings(String url, String username, String password, String clientId, Duration firstRetry,
                           Duration maxRetry) {
        public Settings {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(clientId, "clientId");
            if (firstRetry.isNegative() || maxRetry.compareTo(firstRetry) < 0) {
                throw new IllegalArgumentException("retries must satisfy 0 <= firstRetry <= maxRetry");
            }
        }
    }

    /** An event of a game and its sequence number in that game. */
    private record Entry(String gameId, long seq, SessionEvent event) {
    }

    /** How long a stop waits for the broker to take what is still queued. */
    private static final long FLUSH_MILLIS = 5_000;

    /**
     * Paho's bound on publishes not yet acknowledged (its default is 10). This publisher sends one at a time, yet Paho
     * lets a publish return before it counts its acknowledgement (its callback thread does that, later; eclipse-paho
     * issue 551), so a burst of events on a busy machine could hit 10 with the broker perfectly well: "Too many
     * publishes in progress". A hub sending many boards' orders at once (RoundFeed) has several truly in flight.
     */
    static final int MAX_INFLIGHT = 1_000;
    private static final long INFLIGHT_RETRY_MILLIS = 20;

    private final BoardTopics topics;
    private final Settings settings;
    private final Consumer<String> warn;
    private final Object lock = new Object();
    /** Events the broker has not acknowledged yet, oldest first. */
    private final Deque<Entry> unsent = new ArrayDeque<>();
    private String gameId;
    private long seq;
    private GameRecord latest;
    private boolean snapshotDue = true;
    private volatile boolean running = true;
    private final Thread worker;
    private MqttClient client;
    /** The hub's orders for this board as last read, and who carries them out (see {@link #onOrders}). */
    private HubOrders orders;
    private Consumer<HubOrders> ordersListener;
    private byte[] badOrders;
    private boolean ordersRefused;

    private MqttPublisher(BoardTopics topics, Settings settings, Consumer<String> warn) {
        this.topics = topics;
        this.settings = settings;
        this.warn = warn;
        this.worker = Thread.ofPlatform().name("mqtt " + topics.board()).daemon(true).unstarted(this::run);
    }

    /**
     * Starts publishing {@code current}, whose events so far are {@code journaled} (since its {@code GameStarted}, as
     * the journal has them; sent again, receivers drop those they have).
     */
    public static MqttPublisher start(BoardTopics topics, Settings settings, GameRecord current,
                                      List<SessionEvent> journaled, Consumer<String> warn) {
        MqttPublisher p = new MqttPublisher(topics, settings, warn);
        synchronized (p.lock) {
            p.gameId = current.gameId();
            p.latest = current;
            for (SessionEvent e : journaled) p.unsent.add(new Entry(p.gameId, ++p.seq, e));
        }
        p.worker.start();
        return p;
    }

    @Override
    public void onEvent(SessionEvent event, GameRecord game) {
        synchronized (lock) {
            if (!game.gameId().equals(gameId)) {
                gameId = game.gameId();
                seq = 0;
            }
            unsent.add(new Entry(gameId, ++seq, event));
            latest = game;
            snapshotDue = true;
            lock.notifyAll();
        }
    }

    /**
     * Who carries out the hub's orders for this board (docs/mqtt.md, {@code control}): called with the orders read
     * last, if any, then with each change, on the MQTT client's thread (hand them to the daemon's thread and return).
     */
    public void onOrders(Consumer<HubOrders> listener) {
        HubOrders now;
        synchronized (lock) {
            ordersListener = listener;
            now = orders;
        }
        if (now != null) listener.accept(now);
    }

    /** The control topic's retained message, read as it arrives (the broker sends it again at each connection). */
    private void ordersArrived(byte[] payload) {
        if (payload.length == 0) return;   // (a cleared retained message)
        HubOrders read;
        try {
            read = HubOrders.parse(payload);
        } catch (IllegalArgumentException e) {
            synchronized (lock) {
                if (java.util.Arrays.equals(payload, badOrders)) return;
                badOrders = payload;
            }
            warn.accept("mqtt: " + topics.control() + ": not the hub's orders, ignored (" + e.getMessage() + ")");
            return;
        }
        Consumer<HubOrders> to;
        synchronized (lock) {
            if (read.asksSameAs(orders)) return;
            orders = read;
            to = ordersListener;
        }
        if (to != null) to.accept(read);
    }

    /** How many events wait for the broker's acknowledgement (for tests and the status page). */
    public int waiting() {
        synchronized (lock) {
            return unsent.size();
        }
    }

    private void run() {
        long retry = settings.firstRetry().toMillis();
        boolean reported = false;
        while (running) {
            try {
                if (client == null || !client.isConnected()) connect();
                if (reported) warn.accept("mqtt: connected again to " + settings.url());
                reported = false;
                retry = settings.firstRetry().toMillis();
                publishWaiting();
                synchronized (lock) {
                    if (running && unsent.isEmpty() && !snapshotDue) lock.wait(1_000);
                }
            } catch (MqttException e) {
                if (!running) break;
                if (e.getReasonCode() == MqttException.REASON_CODE_MAX_INFLIGHT && client != null
                        && client.isConnected()) {
                    // Paho still counting acknowledgements it has (see MAX_INFLIGHT): the broker is there, the
                    // connection is kept, and the same event goes again in a moment; nothing to tell the operator.
                    try {
                        synchronized (lock) {
                            if (running) lock.wait(INFLIGHT_RETRY_MILLIS);
                        }
                    } catch (InterruptedException ie) {
                        break;
                    }
                    continue;
                }
                if (!reported) warn.accept("mqtt: " + settings.url() + ": " + reason(e) + "; the events wait, and are"
                        + " sent once the broker is back");
                reported = true;
                drop();
                try {
                    synchronized (lock) {
                        if (running) lock.wait(retry);
                    }
                } catch (InterruptedException ie) {
                    break;
                }
                retry = Math.min(settings.maxRetry().toMillis(), Math.max(1, retry * 2));
            } catch (InterruptedException e) {
                break;
            }
        }
    }

    /** Sends the waiting events, each removed once the broker acknowledged it, then the snapshot when due. */
    private void publishWaiting() throws MqttException {
        while (running) {
            Entry next;
            synchronized (lock) {
                next = unsent.peekFirst();
            }
            if (next == null) break;
            client.publish(topics.event(), message(GameMessages.event(topics, next.gameId(), next.seq(), next.event()),
                    false));
            synchronized (lock) {
                if (unsent.peekFirst() == next) unsent.removeFirst();
                lock.notifyAll();
            }
        }
        GameRecord g;
        long s;
        synchronized (lock) {
            if (!snapshotDue || !unsent.isEmpty()) return;
            g = latest;
            s = seq;
            snapshotDue = false;
        }
        try {
            client.publish(topics.game(), message(GameMessages.game(topics, g, s), true));
            synchronized (lock) {
                lock.notifyAll();
            }
        } catch (MqttException e) {
            synchronized (lock) {
                snapshotDue = true;
            }
            throw e;
        }
    }

    private void connect() throws MqttException {
        drop();
        MqttClient c = new MqttClient(settings.url(), settings.clientId(), new MemoryPersistence());
        c.setTimeToWait(10_000);   // a publish the broker does not acknowledge in time counts as a lost connection
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        o.setAutomaticReconnect(false);
        o.setConnectionTimeout(10);
        o.setKeepAliveInterval(20);
        o.setMaxInflight(MAX_INFLIGHT);
        if (settings.username() != null) o.setUserName(settings.username());
        if (settings.password() != null) o.setPassword(settings.password().toCharArray());
        o.setWill(topics.status(), "offline".getBytes(StandardCharsets.UTF_8), 1, true);
        try {
            c.connect(o);
        } catch (MqttException e) {
            closeQuietly(c);
            throw e;
        }
        client = c;
        client.publish(topics.status(), message("online".getBytes(StandardCharsets.UTF_8), true));
        // (A clean session: subscribed again at each connection, and the retained orders come again.) A broker that
        // refuses this client the control topic (its access list) costs the hub's orders, never the game's publishing.
        String refused = null;
        try {
            int[] granted = client.subscribeWithResponse(topics.control(), 1, (topic, m) -> ordersArrived(m.getPayload()))
                    .getGrantedQos();
            if (granted.length > 0 && granted[0] == 0x80) refused = "the broker refused the subscription";
        } catch (MqttException e) {
            if (!client.isConnected()) throw e;
            refused = reason(e);
        }
        if (refused != null && !ordersRefused) {
            warn.accept("mqtt: cannot read the hub's orders on " + topics.control() + " (" + refused + "); the game is"
                    + " published all the same");
        }
        ordersRefused |= refused != null;
        synchronized (lock) {
            snapshotDue = true;
        }
    }

    private static MqttMessage message(byte[] payload, boolean retained) {
        MqttMessage m = new MqttMessage(payload);
        m.setQos(1);
        m.setRetained(retained);
        return m;
    }

    /** What went wrong, in words (Paho's messages name a reason code only at times). */
    static String reason(MqttException e) {
        return switch (e.getReasonCode()) {
            case MqttException.REASON_CODE_FAILED_AUTHENTICATION, MqttException.REASON_CODE_NOT_AUTHORIZED ->
                    "the broker refused the user name or password (publish.mqtt.credentialsFile)";
            case MqttException.REASON_CODE_SERVER_CONNECT_ERROR -> "cannot connect (is the broker running there?)";
            case MqttException.REASON_CODE_CLIENT_TIMEOUT -> "the broker did not answer in time";
            case MqttException.REASON_CODE_CONNECTION_LOST -> "the connection was lost";
            default -> e.getMessage() != null ? e.getMessage() : "error " + e.getReasonCode();
        };
    }

    private void drop() {
        MqttClient c = client;
        client = null;
        if (c != null) closeQuietly(c);
    }

    private static void closeQuietly(MqttClient c) {
        try {
            if (c.isConnected()) c.disconnectForcibly(0, 1_000);
        } catch (MqttException ignored) {
            // going anyway
        }
        try {
            c.close(true);
        } catch (MqttException ignored) {
            // going anyway
        }
    }

    /**
     * Stops: while connected, first sends what waits (for at most {@link #FLUSH_MILLIS}; what is left is sent at the
     * next start, from the journal); a clean stop says {@code offline} itself (a killed daemon's broker says it through
     * the last will).
     */
    @Override
    public void close() {
        long until = System.nanoTime() + FLUSH_MILLIS * 1_000_000L;
        synchronized (lock) {
            try {
                // (Also while the first connection is still being made, a short game may end before it is, and while
                // the broker is being tried again: the worker, woken, tries at once.)
                lock.notifyAll();
                while ((!unsent.isEmpty() || snapshotDue) && System.nanoTime() < until) {
                    lock.wait(50);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        running = false;
        synchronized (lock) {
            lock.notifyAll();
        }
        try {
            worker.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        MqttClient c = client;
        if (c != null && c.isConnected()) {
            try {
                c.publish(topics.status(), message("offline".getBytes(StandardCharsets.UTF_8), true));
            } catch (MqttException ignored) {
                // the last will says it
            }
        }
        drop();
    }
}
