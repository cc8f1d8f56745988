package org.marelle.bridge.mqtt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.marelle.bridge.broadcast.BoardId;
import org.marelle.bridge.broadcast.ControlResult;
import org.marelle.bridge.broadcast.RoundControl;

/**
 * The hub's round control ({@code PUT /api/round/tags}, {@code PUT /api/round/pairings}): keeps the round's tags and
 * each board's pairing, and puts each board's {@link HubOrders} on the broker, retained on
 * {@code PREFIX/ROUND/BOARD/control}, where the board reads them whenever it connects (a board switched on after the
 * pairing was made gets it too). What the broker already holds is not sent again.
 *
 * <p>A hub started again takes its settings back from the retained orders ({@link #onBroker}). A board is reached
 * under the round level it publishes under, learnt from its messages ({@link #boardSeen}); when the hub follows one
 * round, a board paired before it ever connected is reached under that round at once.
 *
 * <p>Publishing happens on a thread of its own, never on the MQTT client's (which delivers the messages that lead
 * to it); a broker that is down leaves the orders waiting until the client is connected again ({@link #resend}).
 */
public final class RoundDesk implements RoundControl, AutoCloseable {

    /** Puts a retained message on the broker (QoS 1), or says why it could not. */
    public interface Wire {
        void publishRetained(String topic, byte[] payload) throws IOException;
    }

    private final String prefix;
    private final String round;
    private final LongSupplier clock;
    private final Consumer<String> warn;
    private final ExecutorService sender = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("round desk")
            .factory());
    private final Map<String, String> roundTags = new LinkedHashMap<>();
    private final Map<BoardId, Map<String, String>> boardTags = new TreeMap<>();
    /** The round level each board publishes under, as its messages showed. */
    private final Map<BoardId, String> levelOf = new TreeMap<>();
    /** What the broker holds on each control topic, as far as the desk knows (sent, or read back). */
    private final Map<String, HubOrders> held = new java.util.HashMap<>();
    private long issued;
    private volatile Wire wire;
    private boolean warned;

    /**
     * @param round the round the hub follows, or {@code +} for every round
     * @param clock epoch milliseconds (when orders are issued)
     */
    public RoundDesk(String prefix, String round, LongSupplier clock, Consumer<String> warn) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        this.round = Objects.requireNonNull(round, "round");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.warn = Objects.requireNonNull(warn, "warn");
    }

    /** Where to publish: set once the MQTT client exists; the orders due are then sent. */
    public void connect(Wire w) {
        this.wire = Objects.requireNonNull(w, "wire");
        resend();
    }

    // ---- the operator's side ---------------------------------------------------------------------------------------

    /** The most boards the desk keeps: more than any hall holds. */
    static final int MAX_BOARDS = 500;

    @Override
    public synchronized ControlResult setRoundTags(Map<String, String> tags) {
        Map<String, String> after = new LinkedHashMap<>(roundTags);
        after.putAll(tags);
        String over = overLimits(after, "the round");
        if (over != null) return new ControlResult.Rejected("tags", over);
        roundTags.putAll(tags);
        touch();
        return new ControlResult.Accepted(tags.size() + " round tag(s) set for " + boards().size() + " board(s)"
                + waitingNote());
    }

    @Override
    public synchronized ControlResult pair(List<Pairing> pairings) {
        java.util.Set<BoardId> all = boards();
        for (Pairing p : pairings) {
            all.add(p.board());
            Map<String, String> after = new LinkedHashMap<>(boardTags.getOrDefault(p.board(), Map.of()));
            after.putAll(p.tags());
            String over = overLimits(after, "board " + p.board());
            if (over != null) return new ControlResult.Rejected("pairings", over);
        }
        if (all.size() > MAX_BOARDS) {
            return new ControlResult.Rejected("pairings", "the round would have " + all.size() + " boards; at most "
                    + MAX_BOARDS);
        }
        for (Pairing p : pairings) {
            boardTags.computeIfAbsent(p.board(), b -> new LinkedHashMap<>()).putAll(p.tags());
        }
        touch();
        return new ControlResult.Accepted(pairings.size() + " board(s) paired" + waitingNote());
    }

    @Override
    public synchronized Settings settings() {
        Map<BoardId, Map<String, String>> boards = new TreeMap<>();
        boardTags.forEach((b, t) -> boards.put(b, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(t))));
        return new Settings(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(roundTags)), boards, waiting());
    }

    /** The boards whose orders the broker does not hold yet. */
    private List<BoardId> waiting() {
        List<BoardId> out = new ArrayList<>();
        for (BoardId b : boards()) {
            HubOrders due = due(b);
            String l = level(b);
            if (!due.isEmpty() && (l == null || !due.asksSameAs(held.get(topic(b, l))))) out.add(b);
        }
        return out;
    }

    private String waitingNote() {
        // (Said as the orders stand before this change is sent: the boards not reachable yet.)
        List<BoardId> unknown = new ArrayList<>();
        for (BoardId b : boards()) {
            if (level(b) == null) unknown.add(b);
        }
        return unknown.isEmpty() ? "" : "; board(s) " + unknown.stream().map(BoardId::value)
                .collect(java.util.stream.Collectors.joining(", ")) + " get them once they connect";
    }

    /**
     * What is wrong with {@code tags} as one part of a board's orders, or null: each part holds at most
     * {@link HubOrders#MAX_TAGS} tags (a removed one counts until it is set again) and 4,096 characters, as a game's
     * tags do.
     */
    private static String overLimits(Map<String, String> tags, String whose) {
        if (tags.size() > HubOrders.MAX_TAGS) {
            return whose + " would have " + tags.size() + " tags; at most " + HubOrders.MAX_TAGS + " are kept";
        }
        int chars = 0;
        for (Map.Entry<String, String> t : tags.entrySet()) {
            chars += t.getKey().length() + (t.getValue() == null ? 0 : t.getValue().length());
        }
        return chars > 4096 ? whose + "'s tags would hold " + chars + " characters; at most 4096 are kept" : null;
    }

    private void touch() {
        issued = Math.max(issued + 1, clock.getAsLong());
        resend();
    }

    // ---- the broker's side -----------------------------------------------------------------------------------------

    /** A board's message arrived under {@code level} (its round): it is reached there. */
    public synchronized void boardSeen(BoardId board, String level) {
        if (level.equals(levelOf.put(board, level))) return;
        resend();
    }

    /**
     * The broker holds {@code orders} for {@code board} (the desk's own, read back, or a retained one from before the
     * hub started): a hub started again takes the round's tags from the newest and each board's pairing from its own.
     */
    public synchronized void onBroker(BoardId board, String level, HubOrders orders) {
        levelOf.putIfAbsent(board, level);
        held.put(topic(board, level), orders);
        if (orders.issued() > issued) {
            issued = orders.issued();
            roundTags.clear();
            roundTags.putAll(orders.round());
            boardTags.put(board, new LinkedHashMap<>(orders.board()));
        } else if (!boardTags.containsKey(board) && !orders.board().isEmpty()) {
            boardTags.put(board, new LinkedHashMap<>(orders.board()));
        }
        resend();
    }

    /** Sends every board's orders the broker does not hold (after a change, or once the broker is back). */
    public void resend() {
        if (wire == null) return;
        try {
            sender.execute(this::sendDue);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closing
        }
    }

    private void sendDue() {
        Wire w = wire;
        while (true) {
            BoardId board;
            HubOrders due;
            String level;
            synchronized (this) {
                board = null;
                due = null;
                level = null;
                for (BoardId b : boards()) {
                    HubOrders d = due(b);
                    String l = level(b);
                    if (l != null && !d.isEmpty() && !d.asksSameAs(held.get(topic(b, l)))) {
                        board = b;
                        due = d;
                        level = l;
                        break;
                    }
                }
                if (board == null) {
                    warned = false;
                    return;
                }
            }
            String topic = topic(board, level);
            try {
                w.publishRetained(topic, due.json());
            } catch (IOException e) {
                synchronized (this) {
                    if (!warned) warn.accept("mqtt: cannot send the round's orders to " + topic + ": " + e.getMessage()
                            + "; sent once the broker is back");
                    warned = true;
                }
                return;
            }
            synchronized (this) {
                held.put(topic, due);
            }
        }
    }

    /** Every board the desk knows: seen on the broker, or paired. */
    private TreeSet<BoardId> boards() {
        TreeSet<BoardId> all = new TreeSet<>(levelOf.keySet());
        all.addAll(boardTags.keySet());
        return all;
    }

    private HubOrders due(BoardId b) {
        return new HubOrders(issued, roundTags, boardTags.getOrDefault(b, Map.of()));
    }

    private String topic(BoardId b, String level) {
        return BoardTopics.of(prefix, level, b.value()).control();
    }

    /** The round level a board is reached under, or null while it is not known. */
    private String level(BoardId b) {
        String l = levelOf.get(b);
        return l != null ? l : round.equals("+") ? null : round;
    }

    @Override
    public void close() {
        sender.shutdown();
    }
}
