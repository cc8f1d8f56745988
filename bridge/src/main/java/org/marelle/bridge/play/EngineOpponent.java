package org.marelle.bridge.play;

import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.marelle.bridge.engine.EngineException;
import org.marelle.bridge.engine.UciEngine;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.TimeControl;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The engine a person plays on the board. It listens to the game session; whenever it is the engine's turn it asks
 * the engine on its own thread (the board loop never waits for it) and hands the move to the {@link Board}, which
 * records it and shows it on the LEDs. The engine's answer is for the position it was asked about only: the board
 * drops it if the game moved on meanwhile (a takeback, a new game).
 *
 * <p>An engine that crashes, hangs past its time or answers nonsense is started again and asked again, after a
 * pause that grows from one second to thirty while it keeps failing; every failure is reported through
 * {@link Notices}, so the person learns why the engine's move does not come.
 */
public final class EngineOpponent implements GameSession.Listener, AutoCloseable {

    /** Where the engine's side and moves go: the board's thread. Both must return at once. */
    public interface Board {
        /** A new game: the engine plays {@code side} (the board then never reads that side's moves). */
        void engineSide(String gameId, Color side);

        /** The engine's answer to {@code asked}; to be played only if the game is still there. */
        void play(Request asked, Move move);

        /** The engine declines the draw the person offered (the game was recorded as drawn by their gesture). */
        void declineDraw(String gameId);

        /** The move the engine would make for the person at {@code ply}: a hint, to show until the board changes. */
        void hint(String gameId, int ply, Move move);
    }

    /** The engine takes a draw offered when it does not think itself better than this, in centipawns. */
    static final int DRAW_ACCEPT_CP = 25;

    /** One question to the engine: the game, and its moves when asked. */
    public record Request(String gameId, int ply, Position initial, List<Move> moves, UciEngine.Go go) {
        public Request {
            moves = List.copyOf(moves);
        }
    }

    static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    static final Duration LAST_RETRY = Duration.ofSeconds(30);

    private final EngineSettings settings;
    private final Function<GameRecord, Color> sideOf;
    private final Board board;
    private final Notices notices;
    private final InstantSource clock;
    private final Function<List<String>, UciEngine> starter;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition asked = lock.newCondition();
    private Request latest;
    /** A hint asked for and not yet given; null when none. */
    private Request hintAsked;
    /** Counts the questions: an answer is wanted only to the last one asked. */
    private long generation;
    private long taken;
    private volatile boolean closed;
    private final AtomicReference<UciEngine> engine = new AtomicReference<>();
    private String variant;
    private String gameId;
    private Color engineSide;
    private final Thread thread;
    private List<String> resolved;
    /** The engine's opinion of its last move's position, from its side (see {@link UciEngine#lastScore}). */
    private volatile Integer lastScore;

    /**
     * @param sideOf the side the engine plays in a new game (fixed, or chosen at random per game)
     * @param starter starts the engine from its resolved command (tests give a fake)
     */
    EngineOpponent(EngineSettings settings, Function<GameRecord, Color> sideOf, Board board, Notices notices,
                   InstantSource clock, Function<List<String>, UciEngine> starter) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sideOf = Objects.requireNonNull(sideOf, "sideOf");
        this.board = Objects.requireNonNull(board, "board");
        this.notices = Objects.requireNonNull(notices, "notices");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.starter = Objects.requireNonNull(starter, "starter");
        this.thread = Thread.ofPlatform().daemon().name("marelle-engine").unstarted(this::run);
    }

    /**
     * An opponent running {@code settings}' engine, started at once so that a missing or broken engine is said at
     * start (the daemon refuses to run without it).
     *
     * @throws IllegalArgumentException when the engine is not installed or cannot play the game's variant
     * @throws EngineException          when it does not start or speak UCI
     */
    public static EngineOpponent start(EngineSettings settings, Function<GameRecord, Color> sideOf, Variant variant,
                                       Board board, Notices notices, InstantSource clock) {
        List<String> command = settings.resolvedCommand();
        Map<String, String> options = settings.startOptions(variant);
        EngineOpponent o = new EngineOpponent(settings, sideOf, board, notices, clock,
                c -> UciEngine.start(c, options, settings.timeout()));
        o.variant = variant.name();
        o.resolved = command;
        o.engine.set(o.starter.apply(command));
        return o;
    }

    /** Starts answering: the current game is looked at at once (the engine may have the first move). */
    public void begin(GameRecord game) {
        if (resolved == null) resolved = settings.resolvedCommand();
        if (variant == null) variant = game.variant().name();
        thread.start();
        newGame(game);
        consider(game);
    }

    /** The side the engine plays in the current game. */
    public Color engineSide() {
        return engineSide;
    }

    /** The engine's name, as it says it. */
    public String engineName() {
        UciEngine e = engine.get();
        return e == null ? String.join(" ", settings.command()) : e.name();
    }

    @Override
    public void onEvent(SessionEvent event, GameRecord game) {
        if (event instanceof SessionEvent.GameStarted) newGame(game);
        if (event instanceof SessionEvent.GameEnded e && e.result().equals("1/2-1/2") && e.reason().equals("gesture")
                && game.gameId().equals(gameId)) {
            Integer score = lastScore;
            if (score == null || score > DRAW_ACCEPT_CP) {
                notices.info("the engine declines the draw (" + (score == null ? "it has not looked at the game yet"
                        : "it thinks it is " + score + " centipawns better") + "): put the kings back and play on");
                board.declineDraw(game.gameId());
            } else {
                notices.info("the engine accepts the draw");
            }
        }
        consider(game);
    }

    private void newGame(GameRecord game) {
        if (!game.variant().name().equals(variant)) {
            notices.error("the engine plays " + variant + ", not " + game.variant().name() + ": restart Marelle to"
                    + " play another variant against it");
        }
        gameId = game.gameId();
        lastScore = null;
        engineSide = sideOf.apply(game);
        board.engineSide(gameId, engineSide);
    }

    /** Asks the engine when it is its turn; any older question is dropped. */
    private void consider(GameRecord game) {
        lock.lock();
        try {
            generation++;
            if (game.isOver() || game.position().turn() != engineSide || !game.gameId().equals(gameId)
                    || !game.variant().name().equals(variant)) {
                latest = null;
                return;
            }
            latest = new Request(game.gameId(), game.plies(), game.initial(), game.moves(), go(game));
            asked.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The search limits: the configured ones, with both clocks when the game keeps them; a fixed depth alone, clocks
     * or not (a depth is a strength: the engine plays to it, the same move every time).
     */
    private UciEngine.Go go(GameRecord game) {
        UciEngine.Go go = settings.go();
        if (!game.hasClocks() || settings.depth() != null) return go;
        long white = game.clockOf(Color.WHITE), black = game.clockOf(Color.BLACK);
        if (white < 0 || black < 0) return go;
        long running = game.turnStartedAt() < 0 ? 0 : Math.max(0, clock.millis() - game.turnStartedAt());
        if (game.position().turn() == Color.WHITE) white = Math.max(1, white - running);
        else black = Math.max(1, black - running);
        long inc = game.timeControl().map(TimeControl::periods).map(p -> p.get(0).incrementMillis()).orElse(0L);
        return go.withClocks(white, black, inc, inc);
    }

    /**
     * The person asks for a hint (their gesture): the engine looks for their best move on its own thread, then the
     * board shows it. Nothing when it is not the person's turn.
     */
    public void requestHint(GameRecord game) {
        lock.lock();
        try {
            if (game.isOver() || game.position().turn() == engineSide || !game.gameId().equals(gameId)) return;
            hintAsked = new Request(game.gameId(), game.plies(), game.initial(), game.moves(),
                    UciEngine.Go.moveTime(Duration.ofMillis(settings.moveTime() == null ? 1_000 : settings.moveTime().toMillis())));
            asked.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The hint asked for, if any (taken: given at most once). */
    private Request takeHint() {
        lock.lock();
        try {
            Request h = hintAsked;
            hintAsked = null;
            return h;
        } finally {
            lock.unlock();
        }
    }

    private Request take() throws InterruptedException {
        lock.lock();
        try {
            while (latest == null && hintAsked == null && !closed) asked.await();
            Request r = latest;
            latest = null;
            taken = generation;
            return r;
        } finally {
            lock.unlock();
        }
    }

    /** Whether the game moved on since the question being answered was taken (a newer one, or none, replaced it). */
    private boolean superseded() {
        lock.lock();
        try {
            return generation != taken;
        } finally {
            lock.unlock();
        }
    }

    private void run() {
        try {
            while (!closed) {
                Request r = take();
                Request h = takeHint();
                if (h != null) giveHint(h);
                if (r == null) {
                    if (closed) return;
                    continue;
                }
                Duration pause = FIRST_RETRY;
                int failures = 0;
                while (!closed && !superseded()) {
                    try {
                        Move m = ask(r);
                        if (failures > 0) notices.info("the engine answers again (" + engineName() + ")");
                        board.play(r, m);
                        break;
                    } catch (EngineException | IllegalArgumentException e) {
                        failures++;
                        notices.error("the engine failed (" + e.getMessage() + "); starting it again"
                                + (failures > 1 ? " in " + pause.toSeconds() + " s (attempt " + (failures + 1) + ")" : ""));
                        restart();
                        if (failures > 1) {
                            waitFor(pause);
                            pause = pause.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : pause.multipliedBy(2);
                        }
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void giveHint(Request h) {
        Integer own = lastScore;   // (the draw offers go by the engine's view of its own moves, not of the hint)
        try {
            board.hint(h.gameId(), h.ply(), ask(h));
        } catch (EngineException | IllegalArgumentException e) {
            notices.error("no hint: " + e.getMessage());
            restart();
        } finally {
            lastScore = own;
        }
    }

    private Move ask(Request r) {
        UciEngine e = engine.get();
        if (e == null || !e.isAlive()) {
            e = starter.apply(resolved);
            engine.set(e);
        }
        boolean white = r.moves().size() % 2 == 0 ? r.initial().turn() == Color.WHITE : r.initial().turn() == Color.BLACK;
        Duration limit = r.go().limit(white, settings.timeout(), settings.timeout().plus(Duration.ofMinutes(5)));
        Move m = e.bestMove(r.initial(), r.moves(), r.go(), limit);
        lastScore = e.lastScore();
        return m;
    }

    /** Ends the engine's process (a new one starts at the next question). */
    private void restart() {
        UciEngine e = engine.getAndSet(null);
        if (e != null) e.close();
    }

    private void waitFor(Duration d) throws InterruptedException {
        lock.lock();
        try {
            long nanos = d.toNanos();
            while (nanos > 0 && !closed) nanos = asked.awaitNanos(nanos);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        closed = true;
        lock.lock();
        try {
            asked.signalAll();
        } finally {
            lock.unlock();
        }
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        restart();
    }
}
