package org.marelle.bridge.broadcast;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The meeting point of the game session and the public: the session hands it each board's game after every change
 * ({@link #gameChanged}); it keeps, per board, what the public sees (PGN with its entity tag, the JSON view) and a
 * bounded log of events with increasing ids, which the HTTP server and the Lichess push read.
 *
 * <p>With a broadcast delay, a change becomes public {@code delay} after it was handed in: it waits in a queue
 * until {@link #releaseDue()} runs at or after its time. {@link #create} starts a virtual thread that does so on
 * the system clock; tests build the hub on their own {@link InstantSource} and call {@link #releaseDue()} after
 * moving time on, so they never sleep. Without a delay a change is public before {@link #gameChanged} returns.
 *
 * <p>Thread-safe. {@link #gameChanged} renders the game (a few hundred microseconds for a long game) and returns;
 * it never waits for a client or the network.
 */
public final class BroadcastHub implements AutoCloseable {

    /** Hears every change of the public round PGN (all boards); must return at once (it runs under the hub's lock). */
    public interface RoundListener {
        void roundChanged(RoundPgn round);
    }

    /** The public PGN of all boards, in board order, with its entity tag and a version that increases. */
    public record RoundPgn(long version, String pgn, String etag) {
    }

    /**
     * What the public sees at one moment, consistent with the event log: {@code lastEventId} is the id of the last
     * event that led to these views. An event stream starts from here.
     */
    public record PublicState(long lastEventId, List<BoardView> boards, RoundPgn round) {
        public Optional<BoardView> board(BoardId id) {
            return boards.stream().filter(b -> b.board().equals(id)).findFirst();
        }
    }

    private record Staged(long dueMillis, BoardView view) {
    }

    private static final System.Logger LOG = System.getLogger(BroadcastHub.class.getName());

    private final Duration delay;
    private final InstantSource time;
    private final GameRenderer renderer;
    private final EventLog log;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition stagedCondition = lock.newCondition();
    private final Map<BoardId, GameSnapshot> latest = new LinkedHashMap<>();
    private final Map<BoardId, BoardView> published = new LinkedHashMap<>();
    private final ArrayDeque<Staged> staged = new ArrayDeque<>();
    private final List<RoundListener> listeners = new CopyOnWriteArrayList<>();
    private volatile PublicState state;
    private volatile GameControl control = GameControl.NONE;
    private volatile RoundControl roundControl = RoundControl.NONE;
    private boolean closed;
    private Thread releaser;

    /**
     * A hub on {@code time}, with the config's delay, notation and event log size. Nothing releases delayed changes
     * by itself: call {@link #releaseDue()}, or use {@link #create}.
     */
    public BroadcastHub(BroadcastConfig config, InstantSource time) {
        this.delay = config.delay();
        this.time = Objects.requireNonNull(time, "time");
        this.renderer = new GameRenderer(config.notation());
        this.log = new EventLog(config.eventLogCapacity());
        this.state = new PublicState(0, List.of(), new RoundPgn(0, "", GameRenderer.etag(new byte[0])));
    }

    /** A hub on the system clock; with a delay, a virtual thread releases each change when its time comes. */
    public static BroadcastHub create(BroadcastConfig config) {
        BroadcastHub hub = new BroadcastHub(config, InstantSource.system());
        if (!config.delay().isZero()) {
            hub.startReleaser();
        }
        return hub;
    }

    // ---- the session's side --------------------------------------------------------------------------------------

    /**
     * The game on {@code board} is now {@code game}. Renders it at once (an illegal move throws here, an
     * {@code IllegalArgumentException} naming the board and the move), then publishes it now or after the delay.
     * Handing in an unchanged game publishes nothing.
     */
    public void gameChanged(BoardId board, GameSnapshot game) {
        Objects.requireNonNull(board, "board");
        Objects.requireNonNull(game, "game");
        BoardView view = renderer.render(board, game);
        lock.lock();
        try {
            if (closed) {
                return;
            }
            latest.put(board, game);
            if (delay.isZero()) {
                publish(view);
            } else {
                staged.addLast(new Staged(time.millis() + delay.toMillis(), view));
                stagedCondition.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Who carries out the control API's actions; {@link GameControl#NONE} (refuse all) until set. */
    public void setControl(GameControl control) {
        this.control = Objects.requireNonNull(control, "control");
    }

    public GameControl control() {
        return control;
    }

    /** Who sets the round's tags and pairings (the hub); {@link RoundControl#NONE} on a board's own server. */
    public void setRoundControl(RoundControl control) {
        this.roundControl = Objects.requireNonNull(control, "control");
    }

    public RoundControl roundControl() {
        return roundControl;
    }

    /**
     * The newest game of a board as the session handed it in, delay or not: what control requests are checked
     * against (never shown to the public).
     */
    public Optional<GameSnapshot> latest(BoardId board) {
        lock.lock();
        try {
            return Optional.ofNullable(latest.get(board));
        } finally {
            lock.unlock();
        }
    }

    /** The boards the session has handed in, in the order it first did. */
    public List<BoardId> latestBoards() {
        lock.lock();
        try {
            return List.copyOf(latest.keySet());
        } finally {
            lock.unlock();
        }
    }

    // ---- the delay -------------------------------------------------------------------------------------------------

    /** Publishes every change whose delay has passed on this hub's clock. */
    public void releaseDue() {
        lock.lock();
        try {
            long now = time.millis();
            while (!staged.isEmpty() && staged.peekFirst().dueMillis() <= now) {
                publish(staged.pollFirst().view());
            }
        } finally {
            lock.unlock();
        }
    }

    /** When the next delayed change becomes public (hub clock, epoch milliseconds); empty when none waits. */
    public OptionalLong nextReleaseMillis() {
        lock.lock();
        try {
            return staged.isEmpty() ? OptionalLong.empty() : OptionalLong.of(staged.peekFirst().dueMillis());
        } finally {
            lock.unlock();
        }
    }

    private void startReleaser() {
        releaser = Thread.ofVirtual().name("broadcast-delay").start(this::releaseLoop);
    }

    private void releaseLoop() {
        lock.lock();
        try {
            while (!closed) {
                Staged first = staged.peekFirst();
                if (first == null) {
                    stagedCondition.await();
                    continue;
                }
                long wait = first.dueMillis() - time.millis();
                if (wait > 0) {
                    stagedCondition.await(wait, TimeUnit.MILLISECONDS);
                } else {
                    releaseDue();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    // ---- the public's side -----------------------------------------------------------------------------------------

    /** What the public sees now. */
    public PublicState publicState() {
        return state;
    }

    /** Hears every change of the public round PGN, starting with the next one. */
    public void addRoundListener(RoundListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeRoundListener(RoundListener listener) {
        listeners.remove(listener);
    }

    EventLog events() {
        return log;
    }

    /** The public events after {@code afterId} that are still kept (for tests and tools). */
    public List<BroadcastEvent> eventsAfter(long afterId) {
        return log.after(afterId).events();
    }

    private void publish(BoardView view) {
        BoardView before = published.get(view.board());
        List<GameChanges.Draft> drafts = GameChanges.between(before, view);
        if (drafts.isEmpty()) {
            return;
        }
        published.put(view.board(), view);
        for (GameChanges.Draft d : drafts) {
            log.append(view.board(), d.type(), d.json());
        }
        List<BoardView> boards = List.copyOf(published.values());
        RoundPgn round = state.round();
        String pgn = roundPgn(boards);
        if (!pgn.equals(round.pgn())) {
            round = new RoundPgn(round.version() + 1, pgn, GameRenderer.etag(pgn.getBytes(StandardCharsets.UTF_8)));
        }
        boolean roundChanged = round != state.round();
        state = new PublicState(log.lastId(), boards, round);
        if (roundChanged) {
            for (RoundListener l : listeners) {
                try {
                    l.roundChanged(round);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "round listener failed", e);
                }
            }
        }
    }

    /** The games of the round, a blank line between two. */
    static String roundPgn(List<BoardView> boards) {
        List<String> games = new ArrayList<>(boards.size());
        for (BoardView b : boards) {
            games.add(b.pgn());
        }
        return String.join("\n", games);
    }

    /** Stops the delay thread and ends every event stream; later changes are ignored. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            stagedCondition.signalAll();
        } finally {
            lock.unlock();
        }
        log.close();
        if (releaser != null) {
            releaser.interrupt();
        }
    }
}
