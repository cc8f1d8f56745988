package org.marelle.bridge.daemon;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Predicate;
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.recognition.RecognitionEvent.StoryChoice;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A simulated person at a simulated board, playing one side against an opponent elsewhere (an engine, Lichess): their
 * own moves when it is their turn, the opponent's once the game has it (shown on the LEDs), each made by simulated
 * hands ({@link HumanPlaySimulator}) on the board the real daemon reads.
 */
final class SimulatedPerson {

    /** How long the person may wait for the board to take a move before the board counts as having missed it. */
    private static final long MISSED_MILLIS = 30_000;
    /** How long after a question the person touches the square, and how long the touch lasts (as GameCheck's). */
    private static final long REACT_MILLIS = 500, TOUCH_MILLIS = 250;

    private final Daemon daemon;
    private final SimulatedBoard board;
    private final ScaledClock clock;
    private final Profile profile;
    private final long seed;
    private final EventLog log;

    SimulatedPerson(Daemon daemon, SimulatedBoard board, ScaledClock clock, Profile profile, long seed, EventLog log) {
        this.daemon = daemon;
        this.board = board;
        this.clock = clock;
        this.profile = profile;
        this.seed = seed;
        this.log = log;
    }

    /**
     * The person at the board, ply by ply: their own move when it is their turn, the opponent's once it is shown; then
     * waits until the board's reading of it is in the game. Returns the game at its end, or null when a move was not
     * recognized in time.
     */
    GameRecord play(Color person, Function<GameRecord, Move> choose, int maxPlies)
            throws InterruptedException, ExecutionException {
        int furthest = -1, stuck = 0;
        while (true) {
            GameRecord g = daemon.submit(l -> l.session().game()).get();
            if (g.isOver() || g.plies() >= maxPlies) return g;
            // A game that keeps coming back to where it was (a move read as taken back, and made again) goes nowhere.
            if (g.plies() > furthest) {
                furthest = g.plies();
                stuck = 0;
            } else if (++stuck > 4) {
                log.error("the game does not advance past ply " + furthest + " (" + g.sans() + ")");
                return null;
            }
            Position p = g.position();
            Move move;
            Position before;
            int target;
            if (p.turn() == person) {
                move = choose.apply(g);
                before = p;
                target = g.plies() + 1;
            } else {
                // The opponent's move: wait until it is in the game (shown on the LEDs), then make it on the board.
                GameRecord after = waitFor(x -> x.isOver() || x.plies() > g.plies() || !x.gameId().equals(g.gameId()),
                        Duration.ofMinutes(10));
                if (after == null) {
                    log.error("the opponent's move never came");
                    return null;
                }
                if (after.isOver() && after.plies() == g.plies()) return after;
                move = after.moves().get(g.plies());
                before = p;
                target = -1;
            }
            feed(before, move, seed * 1_000_003L + g.plies(), thinking(g, target > 0));
            if (target > 0) {
                GameRecord done = awaitTaken(move, target);
                if (done == null) {
                    log.error("the board did not take the person's move " + before.san(move) + " in time");
                    return null;
                }
            } else {
                // The opponent's move made on the board: the recognizer is back in sync with the game.
                Boolean inSync = waitUntil(l -> l.recognizer().inSync(), Duration.ofMillis(MISSED_MILLIS));
                if (inSync == null) {
                    log.error("the board did not show the opponent's move " + before.san(move) + " in time");
                    return null;
                }
            }
        }
    }

    /**
     * How long the person thinks before the move: making the opponent's move shown on the LEDs takes a moment; their
     * own, with clocks, a share of the time left (a person does not think three minutes on a three-minute clock);
     * without clocks, as the profile would (-1).
     */
    private long thinking(GameRecord g, boolean own) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed * 31 + g.plies());
        if (!own) return 300 + r.nextLong(900);
        long left = g.hasClocks() ? g.clockOf(g.position().turn()) : -1;
        if (left < 0) return -1;
        long most = Math.max(600, Math.min(20_000, left / 30));
        return 300 + r.nextLong(most);
    }

    /**
     * Waits until the board has taken the person's {@code move} (the game at ply {@code target}); if the board asks
     * meanwhile which move was made (its question's squares lit), the person touches the square of theirs, as
     * docs/recognition.md tells players to. Returns null when the board did not take it in time.
     */
    private GameRecord awaitTaken(Move move, int target) throws InterruptedException, ExecutionException {
        boolean answered = false;
        long until = clock.millis() + MISSED_MILLIS;
        while (true) {
            boolean answering = !answered;
            Object seen = waitUntil(l -> {
                GameRecord g = l.session().game();
                if (g.isOver() || g.plies() >= target) return g;
                List<StoryChoice> q = l.recognizer().question();
                return answering && !q.isEmpty() ? q : null;
            }, Duration.ofMillis(Math.max(1, until - clock.millis())));
            if (seen == null || seen instanceof GameRecord) return (GameRecord) seen;
            answered = true;
            @SuppressWarnings("unchecked") List<StoryChoice> question = (List<StoryChoice>) seen;
            int square = question.stream().filter(c -> c.moves().get(0).equals(move)).mapToInt(StoryChoice::square)
                    .findFirst().orElse(-1);
            if (square >= 0) touch(square);
        }
    }

    /** The person touches {@code square} a moment after the question: its piece lifted and set back, or a tap. */
    private void touch(int square) {
        long at = clock.millis() + REACT_MILLIS;
        Occupancy before = board.current();
        Occupancy touched = before.occupied(square) ? before.without(square) : before.with(square);
        show(touched.at(at));
        show(before.at(at + TOUCH_MILLIS));
        clock.holdAt(Long.MAX_VALUE);
    }

    /** The hands make {@code move} on the board: the simulator's frames, from now on the demo's clock. */
    private void feed(Position before, Move move, long seed, long think) {
        List<Occupancy> frames = think < 0 ? HumanPlaySimulator.frames(before, List.of(move), profile, seed)
                : HumanPlaySimulator.frames(before, List.of(move), profile, seed, new long[] {think});
        long base = clock.millis();
        for (int i = 1; i < frames.size(); i++) show(frames.get(i).at(base + frames.get(i).atMillis()));
        clock.holdAt(Long.MAX_VALUE);
    }

    /**
     * Sets the board to {@code frame} when the demo's clock reaches its time (the clock held just before it meanwhile,
     * so that the daemon never reads past a frame not yet set).
     */
    private void show(Occupancy frame) {
        clock.holdAt(frame.atMillis() - 1);
        long due = clock.nanoTimeAt(frame.atMillis());
        for (long wait; (wait = due - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
        board.set(frame);
    }

    private GameRecord waitFor(Predicate<GameRecord> done, Duration gameTime) throws InterruptedException, ExecutionException {
        return waitUntil(l -> {
            GameRecord g = l.session().game();
            return done.test(g) ? g : null;
        }, gameTime);
    }

    /** Asks the daemon's thread until {@code check} answers (not null), or {@code gameTime} of the demo's clock passes. */
    private <T> T waitUntil(Function<BoardLoop, T> check, Duration gameTime) throws InterruptedException, ExecutionException {
        long until = clock.millis() + gameTime.toMillis();
        long realUntil = System.nanoTime() + Math.max(10_000_000_000L, (long) (gameTime.toNanos() / clock.speed()));
        while (true) {
            T t;
            try {
                t = daemon.submit(check).get(10, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                t = null;
            }
            if (t != null) return t;
            if (clock.millis() > until && System.nanoTime() > realUntil) return null;
            Thread.sleep(5);
        }
    }
}
