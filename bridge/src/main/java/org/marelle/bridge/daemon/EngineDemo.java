package org.marelle.bridge.daemon;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.marelle.board.LedBoard;
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.engine.EngineException;
import org.marelle.bridge.engine.UciEngine;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.journal.PgnCopy;
import org.marelle.bridge.output.PgnFiles;
import org.marelle.bridge.output.PgnOutput;
import org.marelle.bridge.play.EngineOpponent;
import org.marelle.bridge.play.EngineSettings;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.GameTags;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.SquareSet;
import org.marelle.rules.Variant;

/**
 * {@code marelle demo --engine}: a simulated person plays an engine on the simulated board, through the real daemon.
 * The person's own moves are chosen by a second, weak instance of the engine (or at random among the legal moves);
 * the simulated hands make them on the board, the recognizer reads them, the engine answers on its own thread, its
 * move is shown on the LEDs and the hands then make it on the board too, as a person at a real board would.
 */
public final class EngineDemo {

    /**
     * @param engine      the engine to play, as configured
     * @param variant     the variant (standard, chess960 from a random start, courier)
     * @param personSide  the side the person plays, or null for a random one
     * @param timeControl the clocks ({@code 180+2}), or null for none
     * @param maxPlies    a game still running after this many plies is stopped (a demo should end)
     */
    public record Options(EngineSettings engine, Variant variant, Color personSide, String timeControl, Path out,
                          double speed, Profile profile, long seed, int maxPlies) {
    }

    /** How long the person may wait for the board to take a move before the demo says the recognizer missed it. */
    private static final long MISSED_MILLIS = 30_000;

    private final Options options;
    private final EventLog log;

    public EngineDemo(Options options, EventLog log) {
        this.options = options;
        this.log = log;
    }

    public DemoRun.Result run() throws IOException, InterruptedException {
        FatalErrors.install(log);
        SplittableRandom rnd = new SplittableRandom(options.seed());
        Color person = options.personSide() != null ? options.personSide() : rnd.nextBoolean() ? Color.WHITE : Color.BLACK;
        Color engineSide = person.other();
        Variant variant = options.variant();
        Position start = variant.name().equals("chess960") ? chess960(rnd) : variant.startPosition();
        EngineSettings.variantOptions(variant);   // refuses a variant no engine plays, before anything starts

        PgnFiles files = new PgnFiles(options.out());
        Journal journal = Journal.open(options.out().resolve("state"), PgnCopy.in(files));
        if (!journal.events().isEmpty()) {
            journal.close();
            log.error(options.out() + " holds a game already; give another --out folder");
            return new DemoRun.Result(1, GameRecord.replay(journal.events()), null);
        }
        ScaledClock clock = new ScaledClock(System.currentTimeMillis(), options.speed());
        SimulatedBoard board = new SimulatedBoard(start.geometry().files(), start.geometry().ranks());
        SquareSet occ = start.occupancy();
        board.set(new Occupancy(board.files(), board.ranks(), occ.lo(), occ.hi(), clock.startMillis(), null));
        // The daemon comes after the session, the engine before it (its name is a tag): the engine's side and moves
        // go to the daemon through the link, which knows it once it exists.
        Daemon[] daemonRef = new Daemon[1];
        EngineLink link = new EngineLink(command -> daemonRef[0].submit(command), clock, log);
        EngineOpponent opponent;
        UciEngine personEngine;
        try {
            opponent = EngineOpponent.start(options.engine(), g -> engineSide, variant, link, link, clock);
            personEngine = weakEngine(variant);
        } catch (EngineException | IllegalArgumentException e) {
            journal.close();
            log.error("cannot start the engine: " + e.getMessage());
            return new DemoRun.Result(1, null, null);
        }
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put(GameTags.EVENT, "Marelle demo against an engine");
        tags.put(GameTags.WHITE, person == Color.WHITE ? "Simulated person" : opponent.engineName());
        tags.put(GameTags.BLACK, person == Color.BLACK ? "Simulated person" : opponent.engineName());
        if (options.timeControl() != null) tags.put(GameTags.TIME_CONTROL, options.timeControl());
        GameSession session = GameSession.resume(List.of(), start, tags, journal, clock, ZoneId.systemDefault());
        session.keepClocks(true);
        PgnOutput pgn = new PgnOutput(files, w -> {
        }, log::error);
        session.addListener(log::session);
        session.addListener(pgn);
        RecognizerConfig recognition = RecognizerConfig.defaults();
        Daemon daemon = new Daemon(board, LedBoard.none(), leds -> new BoardLoop(session, recognition, log, leds), clock,
                log, List.of(pgn, journal));
        daemonRef[0] = daemon;
        log.info("the person plays " + name(person) + ", the engine (" + opponent.engineName() + ") " + name(engineSide)
                + (options.timeControl() != null ? ", clocks " + options.timeControl() : ""));
        session.addListener(opponent);
        daemon.start();
        pgn.offer(session.game());
        opponent.begin(session.game());
        GameRecord end;
        try {
            end = play(daemon, board, clock, person, personEngine, rnd);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            opponent.close();
            if (personEngine != null) personEngine.close();
            daemon.stop();
        }
        GameRecord recorded = session.game();
        Path file = pgn.lastWritten() != null ? pgn.lastWritten().game() : files.gameFile(recorded);
        int exit = 0;
        if (end == null) {
            exit = 1;
        } else if (!recorded.isOver()) {
            log.info("stopped after " + recorded.plies() + " plies (--max-plies), the game unfinished");
        } else {
            log.info("game over: " + recorded.result() + (recorded.reason().isEmpty() ? "" : " (" + recorded.reason() + ")"));
        }
        log.info("PGN: " + file);
        return new DemoRun.Result(exit, recorded, file);
    }

    private static String name(Color c) {
        return c.name().toLowerCase(java.util.Locale.ROOT);
    }

    private static Position chess960(SplittableRandom rnd) {
        return Variant.CHESS960.chess960Position(rnd.nextInt(960));
    }

    /** The person's own engine: the same program at its weakest, a few milliseconds a move. */
    private UciEngine weakEngine(Variant variant) {
        EngineSettings weak = options.engine().withSkill(null).withDepth(null);
        Map<String, String> opts = new LinkedHashMap<>(EngineSettings.variantOptions(variant));
        UciEngine e = UciEngine.start(weak.resolvedCommand(), opts, weak.timeout());
        if (e.hasOption("Skill Level")) e.setOption("Skill Level", "0");
        return e;
    }

    /**
     * The person at the board, ply by ply: their own move when it is their turn, the engine's once it is shown; then
     * waits until the board's reading of it is in the game. Returns the game at its end, or null when a move was not
     * recognized in time.
     */
    private GameRecord play(Daemon daemon, SimulatedBoard board, ScaledClock clock, Color person, UciEngine personEngine,
                            SplittableRandom rnd) throws InterruptedException, ExecutionException {
        while (true) {
            GameRecord g = daemon.submit(l -> l.session().game()).get();
            if (g.isOver() || g.plies() >= options.maxPlies()) return g;
            Position p = g.position();
            Move move;
            Position before;
            int target;
            if (p.turn() == person) {
                move = choose(g, personEngine, rnd);
                before = p;
                target = g.plies() + 1;
            } else {
                // The engine's move: wait until it is in the game (shown on the LEDs), then make it on the board.
                GameRecord after = waitFor(daemon, clock, x -> x.isOver() || x.plies() > g.plies() || !x.gameId().equals(g.gameId()),
                        Duration.ofMinutes(10));
                if (after == null) {
                    log.error("the engine's move never came");
                    return null;
                }
                if (after.isOver() && after.plies() == g.plies()) return after;
                move = after.moves().get(g.plies());
                before = p;
                target = -1;
            }
            feed(board, clock, before, move, options.seed() * 1_000_003L + g.plies());
            if (target > 0) {
                GameRecord done = waitFor(daemon, clock, x -> x.isOver() || x.plies() >= target, Duration.ofMillis(MISSED_MILLIS));
                if (done == null) {
                    log.error("the board did not take the person's move " + before.san(move) + " in time");
                    return null;
                }
            } else {
                // The engine's move made on the board: the recognizer is back in sync with the game.
                Boolean inSync = waitUntil(daemon, clock, l -> l.recognizer().inSync(), Duration.ofMillis(MISSED_MILLIS));
                if (inSync == null) {
                    log.error("the board did not show the engine's move " + before.san(move) + " in time");
                    return null;
                }
            }
        }
    }

    private Move choose(GameRecord g, UciEngine personEngine, SplittableRandom rnd) {
        List<Move> legal = g.position().legalMoves();
        if (personEngine != null) {
            try {
                return personEngine.bestMove(g.initial(), g.moves(), UciEngine.Go.moveTime(Duration.ofMillis(20)),
                        Duration.ofSeconds(10));
            } catch (EngineException e) {
                log.warning("the person's own engine failed (" + e.getMessage() + "); a random move instead");
            }
        }
        return legal.get(rnd.nextInt(legal.size()));
    }

    /** The hands make {@code move} on the board: the simulator's frames, from now on the demo's clock. */
    private void feed(SimulatedBoard board, ScaledClock clock, Position before, Move move, long seed) {
        List<Occupancy> frames = HumanPlaySimulator.frames(before, List.of(move), options.profile(), seed);
        long base = clock.millis();
        for (int i = 1; i < frames.size(); i++) {
            long at = base + frames.get(i).atMillis();
            clock.holdAt(at - 1);
            long due = clock.nanoTimeAt(at);
            for (long wait; (wait = due - System.nanoTime()) > 0; ) LockSupport.parkNanos(wait);
            board.set(frames.get(i).at(at));
        }
        clock.holdAt(Long.MAX_VALUE);
    }

    private GameRecord waitFor(Daemon daemon, ScaledClock clock, java.util.function.Predicate<GameRecord> done,
                               Duration gameTime) throws InterruptedException, ExecutionException {
        return waitUntil(daemon, clock, l -> {
            GameRecord g = l.session().game();
            return done.test(g) ? g : null;
        }, gameTime);
    }

    /** Asks the daemon's thread until {@code check} answers (not null), or {@code gameTime} of the demo's clock passes. */
    private static <T> T waitUntil(Daemon daemon, ScaledClock clock, java.util.function.Function<BoardLoop, T> check,
                                   Duration gameTime) throws InterruptedException, ExecutionException {
        long until = clock.millis() + gameTime.toMillis();
        long realUntil = System.nanoTime() + Math.max(3_000_000_000L, (long) (gameTime.toNanos() / clock.speed()));
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
