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
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.broadcast.BroadcastConfig;
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
import org.marelle.bridge.simulation.Profile;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
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
     * @param randomPerson the person's moves at random among the legal ones (the seed's), not the engine's
     * @param broadcast   how to serve the live broadcast (viewer page, PGN, events), or null for none
     * @param stay        whether the broadcast stays up after the game, until the process is stopped
     */
    public record Options(EngineSettings engine, Variant variant, Color personSide, String timeControl, Path out,
                          double speed, Profile profile, long seed, int maxPlies, boolean randomPerson,
                          BroadcastConfig broadcast, boolean stay) {

        /** The person's moves from the engine at its weakest, no live broadcast. */
        public Options(EngineSettings engine, Variant variant, Color personSide, String timeControl, Path out,
                       double speed, Profile profile, long seed, int maxPlies) {
            this(engine, variant, personSide, timeControl, out, speed, profile, seed, maxPlies, false, null, false);
        }

        /** No live broadcast. */
        public Options(EngineSettings engine, Variant variant, Color personSide, String timeControl, Path out,
                       double speed, Profile profile, long seed, int maxPlies, boolean randomPerson) {
            this(engine, variant, personSide, timeControl, out, speed, profile, seed, maxPlies, randomPerson, null, false);
        }
    }

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
        board.set(new Occupancy(board.files(), board.ranks(), occ, clock.startMillis(), null));
        // The daemon comes after the session, the engine before it (its name is a tag): the engine's side and moves
        // go to the daemon through the link, which knows it once it exists.
        Daemon[] daemonRef = new Daemon[1];
        EngineLink link = new EngineLink(command -> daemonRef[0].submit(command), clock, log);
        EngineOpponent opponent;
        UciEngine personEngine;
        try {
            opponent = EngineOpponent.start(options.engine(), g -> engineSide, variant, link, link, clock);
            personEngine = options.randomPerson() ? null : weakEngine(variant);
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
        LiveBroadcast live = null;
        if (options.broadcast() != null) {
            try {
                live = LiveBroadcast.start(options.broadcast(), session, clock);
            } catch (IOException | RuntimeException e) {
                opponent.close();
                if (personEngine != null) personEngine.close();
                journal.close();
                log.error(DemoRun.broadcastRefused(options.broadcast(), e));
                return new DemoRun.Result(1, session.game(), null);
            }
        }
        LiveBroadcast viewer = live;
        Daemon daemon = DemoRun.daemonFor(board, session, recognition, clock, log, viewer, List.of(pgn, journal));
        daemonRef[0] = daemon;
        if (viewer != null) link.notes.onChange(() -> viewer.feed().boardChanged());
        log.info("the person plays " + name(person) + ", the engine (" + opponent.engineName() + ") " + name(engineSide)
                + (options.timeControl() != null ? ", clocks " + options.timeControl() : ""));
        session.addListener(opponent);
        daemon.start();
        pgn.offer(session.game());
        opponent.begin(session.game());
        link.hintsFrom(opponent);
        GameRecord end;
        try {
            UciEngine own = personEngine;
            end = new SimulatedPerson(daemon, board, clock, options.profile(), options.seed(), log)
                    .play(person, g -> choose(g, own, rnd), options.maxPlies());
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
        java.net.URI uri = viewer == null ? null : viewer.uri();
        if (viewer != null && options.stay()) {
            log.info("still serving " + uri + " (--stay); Ctrl-C to stop");
            new java.util.concurrent.CountDownLatch(1).await();   // until the process is stopped
        }
        if (viewer != null) viewer.close();
        return new DemoRun.Result(exit, recorded, file, uri);
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

    private Move choose(GameRecord g, UciEngine personEngine, SplittableRandom rnd) {
        List<Move> legal = g.position().legalMoves();
        if (personEngine != null) {
            try {
                // A depth, not a time: the same game comes again with the same seed and engine.
                return personEngine.bestMove(g.initial(), g.moves(), UciEngine.Go.depth(1), Duration.ofSeconds(10));
            } catch (EngineException e) {
                log.warning("the person's own engine failed (" + e.getMessage() + "); a random move instead");
            }
        }
        return legal.get(rnd.nextInt(legal.size()));
    }

}
