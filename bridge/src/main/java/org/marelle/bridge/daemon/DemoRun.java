package org.marelle.bridge.daemon;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.marelle.board.LedBoard;
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.journal.PgnCopy;
import org.marelle.bridge.output.AtomicFiles;
import org.marelle.bridge.output.PgnFiles;
import org.marelle.bridge.output.PgnOutput;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.GameTags;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.simulation.Profile;
import org.marelle.bridge.simulation.SourceClocks;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.pgn.PgnGame;

/**
 * {@code marelle demo}: a recorded game played by simulated hands on a simulated board, through the real daemon
 * (recognizer, game session, journal, PGN files), in real time or faster. Run again with the same output folder
 * after an interruption (Ctrl-C, a kill, a power cut), it resumes the game from the journal, which is how the
 * crash test uses it.
 */
public final class DemoRun {

    /**
     * @param game    the game to play (its tags become the session's)
     * @param out     folder for the PGN files; the journal goes in its {@code state} subfolder
     * @param speed   how many times faster than real time
     * @param profile how the simulated person plays
     * @param seed    the simulator's seed (the same seed plays the same way)
     * @param broadcast how to serve the live broadcast (viewer page, PGN, events), or null for none
     * @param stay    whether the broadcast stays up after the game is over, until the process is stopped (Ctrl-C,
     *                SIGTERM), for a person still watching; without it the demo stops the server and returns
     */
    public record Options(PgnGame game, Path out, double speed, Profile profile, long seed, BroadcastConfig broadcast,
                          boolean stay, String board, String mqtt) {

        /** Without a live broadcast. */
        public Options(PgnGame game, Path out, double speed, Profile profile, long seed) {
            this(game, out, speed, profile, seed, null, false);
        }

        /** As its own board, publishing nowhere. */
        public Options(PgnGame game, Path out, double speed, Profile profile, long seed, BroadcastConfig broadcast,
                       boolean stay) {
            this(game, out, speed, profile, seed, broadcast, stay, null, null);
        }
    }

    /**
     * How the demo ended: exit code 0 when the game was played to its end, the game as recorded.
     *
     * @param viewer the live broadcast's address while it ran, or null without one
     */
    public record Result(int exitCode, GameRecord game, Path pgn, URI viewer) {

        public Result(int exitCode, GameRecord game, Path pgn) {
            this(exitCode, game, pgn, null);
        }
    }

    /**
     * How long after the daemon handled the last frame the game may take to end before the demo gives up (simulated
     * time; at least 3 s of real time).
     */
    private static final long GIVE_UP_MILLIS = 10_000;

    private final Options options;
    private final EventLog log;

    public DemoRun(Options options, EventLog log) {
        this.options = options;
        this.log = log;
    }

    /**
     * The session's tags for a recorded game: its tags, values trimmed, but those the game itself decides
     * ({@link GameTags#RESERVED}, and {@code PlyCount}, which counts the plies played here, not the source's) and those
     * left empty ({@code WhiteElo ""}: a tag that says nothing is not copied into the new record).
     */
    public static Map<String, String> tagsOf(PgnGame game) {
        Map<String, String> tags = new LinkedHashMap<>();
        game.tags().forEach((name, value) -> {
            String v = value.strip();
            if (!v.isEmpty() && !GameTags.RESERVED.contains(name) && !name.equals("PlyCount")) tags.put(name, v);
        });
        return tags;
    }

    public Result run() throws IOException, InterruptedException {
        return run(live -> {
        });
    }

    /**
     * Plays the game; {@code whileServing} then gets the live broadcast (when there is one) after the game ended
     * and the board stopped, but before the server closes: tests read the finished game's PGN and JSON there.
     */
    public Result run(java.util.function.Consumer<LiveBroadcast> whileServing) throws IOException, InterruptedException {
        FatalErrors.install(log);   // as the daemon: no essential thread dies quietly
        PgnGame source = options.game();
        List<Move> moves = source.mainline();
        RecognizerConfig recognition = RecognizerConfig.defaults();
        Path stateDir = options.out().resolve("state");
        ScaledClock clock = new ScaledClock(System.currentTimeMillis(), options.speed());

        PgnFiles files = new PgnFiles(options.out());
        Journal journal = Journal.open(stateDir, PgnCopy.in(files));
        journal.onSaveStatusChange(status -> {
            if (status.saved()) log.info("the game's record is saved again: what waited in memory is on disk");
            else log.error(status.describe());
        });
        if (journal.recovery().repaired()) log.warning("journal repaired: " + journal.recovery().describe());
        List<SessionEvent> replayed = journal.events();
        if (!replayed.isEmpty()) {
            GameRecord before = GameRecord.replay(replayed);
            if (!before.initial().equals(source.initial()) || before.plies() > moves.size()
                    || !moves.subList(0, before.plies()).equals(before.moves())) {
                journal.close();
                log.error(options.out() + " holds another game (game " + before.gameId() + ", " + before.plies()
                        + " plies" + (before.isOver() ? ", " + before.result() : "") + "); give another --out folder");
                return new Result(1, before, null);
            }
        }
        Map<String, String> tags = tagsOf(source);
        // (--board: the game's Board tag, which names the board in the broadcast and on the broker.)
        if (options.board() != null) tags.put(GameTags.BOARD, options.board());
        GameSession session = GameSession.resume(replayed, source.initial(), tags, journal, clock,
                ZoneId.systemDefault());
        // With the source game's clocks, the hands take the time its players took, and the clocks are kept (the
        // source's result stands: no flag falls). Otherwise the hands keep their own time, and the time control
        // stays a tag, never a clock that was not the players'.
        long[] thinking = SourceClocks.thinking(source);
        session.keepClocks(thinking != null && SourceClocks.timeControl(source) != null);
        session.flagsFall(false);
        GameRecord game = session.game();
        AtomicFiles.removeStaleTemporaries(files.gameFile(game).getParent());
        if (!replayed.isEmpty()) log.info("resumed game " + game.gameId() + " at ply " + game.plies() + " from the journal");
        if (game.isOver()) {
            PgnFiles.Written w = files.write(game);
            journal.close();
            log.info("the game is already over: " + game.result() + " (" + game.reason() + ")");
            log.info("PGN: " + w.game());
            return new Result(0, game, w.game());
        }

        int done = game.plies();
        Position start = game.position();
        SimulatedGame plan = SimulatedGame.plan(start, moves.subList(done, moves.size()), source.result(),
                options.profile(), options.seed() + done, recognition.longestWindow(),
                thinking == null ? null : java.util.Arrays.copyOfRange(thinking, done, thinking.length));
        SimulatedBoard board = new SimulatedBoard(start.geometry().files(), start.geometry().ranks());
        SquareSet occ = start.occupancy();
        board.set(new Occupancy(board.files(), board.ranks(), occ, clock.startMillis(), null));

        PgnOutput pgn = new PgnOutput(files, w -> {
        }, log::error);
        CompletableFuture<GameRecord> over = new CompletableFuture<>();
        session.addListener(log::session);
        session.addListener(pgn);
        LiveBroadcast live = null;
        if (options.broadcast() != null) {
            try {
                live = LiveBroadcast.start(options.broadcast(), session, clock);
            } catch (IOException | RuntimeException e) {
                journal.close();
                log.error(broadcastRefused(options.broadcast(), e));
                return new Result(1, game, null);
            }
        }
        LiveBroadcast viewer = live;
        List<AutoCloseable> closing = new java.util.ArrayList<>();
        if (options.mqtt() != null) {
            // --mqtt: the simulated board publishes its game as a board of a club's round would (docs/mqtt.md).
            closing.add(Launcher.startMqtt(new org.marelle.bridge.config.PublishConfig.Mqtt(options.mqtt(), null, null,
                    null, null), session, journal, log));
        }
        closing.addAll(List.of(pgn, journal));
        // The broadcast is not closed with the daemon: with --stay it serves the finished game until the end.
        Daemon daemon = daemonFor(board, session, recognition, clock, log, viewer, closing);
        session.addListener((e, g) -> {
            if (g.isOver()) {
                over.complete(g);
            } else if (e instanceof SessionEvent.MovePlayed && g.plies() == moves.size()
                    && g.position().outcome().isEmpty()) {
                if (source.result().equals("*")) {
                    over.complete(g);
                } else if (!plan.gesture()) {
                    // The game ended off the board and the kings cannot show it: the arbiter enters the result.
                    daemon.submit(loop -> loop.session().game().isOver() ? null
                            : loop.session().setResult(source.result(), "entered as in the source game"));
                }
            }
        });
        long base = clock.startMillis() + 1_000;   // a second of quiet before the first hand moves
        if (plan.frames().size() > 1) clock.holdAt(base + plan.frames().get(1).atMillis() - 1);
        pgn.offer(game);
        // Ctrl-C or SIGTERM: stop as the daemon does, files closed (the journal resumes the game next time).
        CountDownLatch shutDown = new CountDownLatch(1);
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            daemon.stop();
            if (viewer != null) viewer.close();
            shutDown.countDown();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        daemon.start();
        log.info("ready: playing from ply " + done + ", " + (moves.size() - done) + " plies to go");

        Thread feeder = Thread.ofPlatform().daemon().name("marelle-demo-hands").start(() -> feed(plan, board, clock, base));
        GameRecord end = null;
        CompletableFuture<Object> caughtUp = null;
        long giveUpAtNanos = Long.MAX_VALUE;
        while (end == null) {
            try {
                end = over.get(20, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // Once the hands are done and the daemon has handled every frame (a command queued behind them has
                // run), the game has a few windows' time to end; the daemon may lag behind the hands when the
                // journal's disk is slow, so the grace counts from then, in real time.
                if (caughtUp == null && !feeder.isAlive()) caughtUp = daemon.submit(loop -> null);
                if (caughtUp != null && caughtUp.isDone() && giveUpAtNanos == Long.MAX_VALUE) {
                    giveUpAtNanos = System.nanoTime() + Math.max(3_000_000_000L, (long) (GIVE_UP_MILLIS * 1e6 / options.speed()));
                }
                if (System.nanoTime() > giveUpAtNanos) break;
            } catch (ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        feeder.interrupt();
        daemon.stop();
        GameRecord recorded = session.game();
        Path file = pgn.lastWritten() != null ? pgn.lastWritten().game() : files.gameFile(recorded);
        URI uri = viewer == null ? null : viewer.uri();
        int exit = 0;
        if (end == null) {
            log.error("the game did not end: " + recorded.plies() + " of " + moves.size() + " plies recorded"
                    + (recorded.plies() < moves.size() ? ", ply " + (recorded.plies() + 1) + " ("
                    + recorded.position().san(moves.get(recorded.plies())) + ") was never recognized" : ""));
            exit = 1;
        } else {
            log.info("game over: " + recorded.result() + (recorded.reason().isEmpty() ? "" : " (" + recorded.reason() + ")"));
        }
        log.info("PGN: " + file);
        if (viewer != null) whileServing.accept(viewer);
        if (viewer != null && options.stay()) {
            // The board has stopped; the page, the PGN and the events still serve the game until Ctrl-C or SIGTERM,
            // when the hook closes the server and the JVM exits.
            log.info("still serving " + uri + " (--stay); Ctrl-C to stop");
            shutDown.await();
            return new Result(exit, recorded, file, uri);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Shutting down already: the hook has run or is running.
        }
        if (viewer != null) viewer.close();
        return new Result(exit, recorded, file, uri);
    }

    /** What a demo says when its live broadcast cannot start: where it tried, why, and what to do. */
    static String broadcastRefused(BroadcastConfig b, Exception e) {
        return "cannot serve the live broadcast on " + b.bindAddress() + ":" + b.port() + ": " + e.getMessage()
                + "; give another --http-port, or --no-http";
    }

    /**
     * The daemon of a demo on the simulated board, its board loop watched by the live broadcast when there is one
     * (whose address is said, and whose control API then reaches the daemon).
     */
    static Daemon daemonFor(SimulatedBoard board, GameSession session, RecognizerConfig recognition, DaemonClock clock,
                            EventLog log, LiveBroadcast viewer, List<AutoCloseable> closeAtStop) {
        Daemon daemon = viewer == null
                ? new Daemon(board, LedBoard.none(), leds -> new BoardLoop(session, recognition, log, leds), clock, log,
                        closeAtStop)
                : new Daemon(board, LedBoard.none(),
                        leds -> viewer.track(new BoardLoop(session, recognition, log, viewer.watching(leds))), clock, log,
                        closeAtStop);
        if (viewer != null) {
            viewer.attach(daemon::submit);
            log.info("live broadcast: " + viewer.uri() + " (PGN: " + viewer.uri().resolve("/game.pgn") + ")");
        }
        return daemon;
    }

    /**
     * The hands: each frame is put on the board when its time comes; before that the clock is held just short of it,
     * so the recognizer never lets a window run out ahead of a frame that is late.
     */
    private static void feed(SimulatedGame plan, SimulatedBoard board, ScaledClock clock, long base) {
        List<Occupancy> frames = plan.frames();
        for (int i = 1; i < frames.size(); i++) {
            long at = base + frames.get(i).atMillis();
            clock.holdAt(at - 1);
            long due = clock.nanoTimeAt(at);
            for (long wait; (wait = due - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(wait);
                if (Thread.currentThread().isInterrupted()) return;
            }
            board.set(frames.get(i).at(at));
        }
        clock.holdAt(Long.MAX_VALUE);
    }
}
