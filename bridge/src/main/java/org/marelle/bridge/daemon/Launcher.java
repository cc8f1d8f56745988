package org.marelle.bridge.daemon;

import com.pi4j.context.Context;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.config.DriverConfig;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.PlayConfig;
import org.marelle.bridge.config.PublishConfig;
import org.marelle.bridge.mqtt.BoardTopics;
import org.marelle.bridge.mqtt.Credentials;
import org.marelle.bridge.mqtt.MqttPublisher;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.journal.PgnCopy;
import org.marelle.bridge.output.AtomicFiles;
import org.marelle.bridge.output.IoReason;
import org.marelle.bridge.output.PgnFiles;
import org.marelle.bridge.output.PgnOutput;
import org.marelle.bridge.play.EngineOpponent;
import org.marelle.bridge.play.LichessApi;
import org.marelle.bridge.play.LichessOpponent;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.GameTags;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Variant;

/**
 * {@code marelle run}: starts the daemon a checked configuration describes. The journal is opened (and repaired, with
 * the PGN file last written as the other copy of the game) first and the game resumed, then the hardware, the PGN
 * output and the daemon's thread; a simulated board starts out showing the resumed position. A journal whose game is
 * of another variant than the configuration's is archived and a new game started. Whether the game's record is being
 * saved is logged once per change.
 */
public final class Launcher {

    /**
     * What a start opened, for the command (which waits for the end) and for tests (which look inside).
     *
     * @param live the live broadcast, or null when the configuration has no {@code broadcast} section
     */
    public record Running(Daemon daemon, Hardware hardware, GameSession session, Journal journal, PgnOutput pgn,
                          LiveBroadcast live) {
    }

    private Launcher() {
    }

    /**
     * A start that failed on a folder the configuration names: the key, the folder, and the reason in words
     * ({@code output.stateDirectory 'data/state': data/state/current.journal: permission denied}), where Java would
     * say only the path.
     */
    private static IOException because(String key, Path folder, IOException e) {
        return new IOException(key + " '" + folder + "': " + IoReason.of(e, folder.toString()), e);
    }

    /**
     * @param pi4j gives the Pi4J context when a driver needs one ({@code Pi4J::newAutoContext} on a Pi; the mock
     *             platform's in tests)
     * @throws IOException when the journal or the output folders cannot be used, or the hardware cannot be opened
     */
    public static Running start(MarelleConfig config, Supplier<Context> pi4j, DaemonClock clock, EventLog log)
            throws IOException {
        FatalErrors.install(log);   // from here on, no essential thread dies quietly
        Path state = Path.of(config.output().stateDirectory());
        Path pgnDirectory = Path.of(config.output().pgnDirectory());
        PgnFiles files;
        try {
            files = new PgnFiles(pgnDirectory);
        } catch (IOException e) {
            throw because("output.pgnDirectory", pgnDirectory, e);
        }
        // The PGN file fills what a damaged journal lost; it is read before anything writes it again.
        Journal journal;
        try {
            journal = Journal.open(state, PgnCopy.in(files));
        } catch (IOException e) {
            throw because("output.stateDirectory", state, e);
        }
        try {
            if (journal.recovery().repaired()) log.warning("journal repaired: " + journal.recovery().describe());
            Variant variant = Variant.byName(config.board().variant());
            Map<String, String> baseTags = new LinkedHashMap<>(config.game().tags());
            if (config.play() != null && config.play().timeControl() != null) {
                baseTags.put(GameTags.TIME_CONTROL, config.play().timeControl());
            }
            GameSession session = GameSession.resume(journal.events(), variant.startPosition(), baseTags,
                    journal, clock, ZoneId.systemDefault());
            session.keepClocks(config.game().clocks());
            GameRecord game = session.game();
            if (!journal.events().isEmpty()) {
                log.info("resumed game " + game.gameId() + " at ply " + game.plies()
                        + (game.isOver() ? ", result " + game.result() : ""));
            }
            if (!game.variant().equals(variant)) {
                game = startConfiguredVariant(session, variant, state, log);
            }
            try {
                AtomicFiles.removeStaleTemporaries(files.gameFile(game).getParent());
                AtomicFiles.removeStaleTemporaries(files.roundFolder(game));
            } catch (IOException e) {
                throw because("output.pgnDirectory", pgnDirectory, e);
            }
            Hardware hardware;
            try {
                hardware = Hardware.open(config, pi4j, clock);
            } catch (IOException e) {
                // Only the simulator's console listens on anything at start; the other drivers' failures are Pi4J's
                // (IllegalArgumentException, naming the pin) or come later, while the board runs.
                String key = config.board().driver() instanceof DriverConfig.Simulated sim && sim.listen() != null
                        ? "board.driver.listen " + sim.listen() : "board.driver";
                throw new IOException(key + ": " + IoReason.of(e), e);
            }
            if (hardware.sensors() instanceof SimulatedBoard sim) {
                SquareSet occ = game.position().occupancy();
                sim.set(new Occupancy(sim.files(), sim.ranks(), occ, clock.millis(), null));
            }
            PgnOutput pgn = new PgnOutput(files, w -> {
            }, log::error);
            session.addListener(log::session);
            session.addListener(pgn);
            pgn.offer(game);
            RecognizerConfig recognition = config.recognition().toRecognizerConfig()
                    .withSensors(config.board().sensorModel());
            LiveBroadcast live = null;
            if (config.broadcast() != null) {
                BroadcastConfig b = config.broadcast().toBroadcastConfig();
                try {
                    live = LiveBroadcast.start(b, session, clock);
                } catch (IOException | RuntimeException e) {
                    pgn.close();
                    hardware.close();
                    // A bind failure says only "Address already in use": name what could not listen, and the keys.
                    throw new IOException("broadcast: cannot listen on " + b.bindAddress() + ":" + b.port()
                            + " (broadcast.bind, broadcast.port): " + IoReason.of(e), e);
                }
            }
            MqttPublisher mqtt = null;
            if (config.publish() != null) {
                try {
                    mqtt = startMqtt(config.publish().mqtt(), session, journal, log);
                } catch (IOException | RuntimeException e) {
                    pgn.close();
                    hardware.close();
                    if (live != null) live.close();
                    throw e;
                }
            }
            LiveBroadcast viewer = live;
            // The engine starts before the daemon, so that a missing or broken one stops the start with its reason;
            // its side and moves reach the daemon's thread once it exists.
            Daemon[] daemonRef = new Daemon[1];
            EngineOpponent opponent = null;
            EngineLink engineLink = null;
            LichessOpponent online = null;
            if (config.play() != null && config.play().opponent().equals("lichess")) {
                try {
                    LichessLink link = new LichessLink(c -> daemonRef[0].submit(c), clock, log);
                    if (viewer != null) link.notes.onChange(() -> viewer.feed().boardChanged());
                    online = startLichess(config.play().lichess(), link, log);
                } catch (RuntimeException e) {
                    pgn.close();
                    hardware.close();
                    if (viewer != null) viewer.close();
                    throw new IOException(e.getMessage(), e);
                }
                // Lichess keeps the time: the clocks are recorded, its flags decide.
                session.keepClocks(true);
                session.flagsFall(false);
            } else if (config.play() != null) {
                try {
                    engineLink = new EngineLink(c -> daemonRef[0].submit(c), clock, log);
                    LiveBroadcast v = viewer;
                    if (v != null) engineLink.notes.onChange(() -> v.feed().boardChanged());
                    opponent = startEngine(config.play(), variant, engineLink, clock);
                } catch (RuntimeException e) {
                    pgn.close();
                    hardware.close();
                    if (viewer != null) viewer.close();
                    throw new IOException("play.engine: " + e.getMessage(), e);
                }
                log.info("playing against " + opponent.engineName() + " (" + config.play().engineSettings() + ")");
            }
            List<AutoCloseable> closing = new ArrayList<>();
            // (The publisher stops before the journal: what the broker has not acknowledged is sent again at the next
            // start, from the journal.)
            if (mqtt != null) closing.add(mqtt);
            if (opponent != null) closing.add(opponent);
            if (online != null) closing.add(online);
            Daemon daemon;
            if (viewer == null) {
                closing.addAll(List.of(pgn, journal, hardware));
                daemon = new Daemon(hardware.sensors(), hardware.leds(),
                        leds -> new BoardLoop(session, recognition, log, leds), clock, log, closing);
            } else {
                // The server closes before the journal, so that no one reads a game whose files are closing.
                closing.addAll(List.of(viewer, pgn, journal, hardware));
                daemon = new Daemon(hardware.sensors(), hardware.leds(),
                        leds -> viewer.track(new BoardLoop(session, recognition, log, viewer.watching(leds))), clock,
                        log, closing);
                viewer.attach(daemon::submit);
            }
            daemonRef[0] = daemon;
            journal.onSaveStatusChange(status -> {
                // Called on the daemon's thread, once per change between saved and not saved.
                if (status.saved()) log.info("the game's record is saved again: what waited in memory is on disk");
                else log.error(status.describe());
                if (viewer != null) viewer.feed().boardChanged();
            });
            if (!session.saveStatus().saved()) log.error(session.saveStatus().describe());
            daemon.start();
            if (mqtt != null) {
                // The hub's orders (the round's tags, who plays here) are carried out on the daemon's thread.
                mqtt.onOrders(orders -> daemon.submit(l -> {
                    var changed = l.session().setStandingTags(orders.tags());
                    if (!changed.isEmpty()) {
                        log.info("the hub set " + changed.stream().map(t -> t.name() + (t.value() == null ? " (removed)"
                                : " \"" + t.value() + "\"")).collect(java.util.stream.Collectors.joining(", ")));
                    }
                    return null;
                }).exceptionally(e -> {
                    log.warning("the hub's orders were not carried out: " + e.getMessage());
                    return null;
                }));
            }
            if (opponent != null) {
                session.addListener(opponent);
                opponent.begin(session.game());
                engineLink.hintsFrom(opponent);
            }
            if (online != null) {
                session.addListener(online);
                online.start();
                log.info("Lichess: waiting for " + (config.play().lichess().challenge() != null
                        ? "the game with " + config.play().lichess().challenge()
                        : config.play().lichess().seek() ? "a game from the seek" : "a challenge"));
            }
            log.info("board: " + hardware.description());
            if (live != null) log.info("live broadcast: " + live.uri());
            return new Running(daemon, hardware, session, journal, pgn, live);
        } catch (IOException | RuntimeException e) {
            journal.close();
            throw e;
        }
    }

    /**
     * The MQTT publisher of the {@code publish} section, publishing the current game (its events so far from the
     * journal: receivers drop those they have) and listening to the session.
     *
     * @throws IOException naming {@code publish.mqtt.credentialsFile} when it cannot be read
     */
    static MqttPublisher startMqtt(PublishConfig.Mqtt m, GameSession session, Journal journal, EventLog log)
            throws IOException {
        Credentials account = Credentials.read(m.credentialsFile() == null ? null : Path.of(m.credentialsFile()),
                "publish.mqtt.credentialsFile");
        Map<String, String> tags = session.game().tags();
        String board = LiveBroadcast.boardOf(tags).value();
        String round = m.round() != null ? m.round() : tags.getOrDefault(GameTags.ROUND, "-").strip();
        if (!BoardTopics.isLevel(round)) round = "-";
        BoardTopics topics = BoardTopics.of(m.prefix(), round, board);
        MqttPublisher.Settings settings = new MqttPublisher.Settings(m.url(), account.user(), account.password(),
                m.clientId() != null ? m.clientId() : "marelle-board-" + board, java.time.Duration.ofSeconds(1),
                java.time.Duration.ofSeconds(30));
        MqttPublisher p = MqttPublisher.start(topics, settings, session.game(), journal.events(), log::warning);
        session.addListener(p);
        log.info("publishing to " + m.url() + " under " + topics.prefix() + "/" + topics.round() + "/" + topics.board());
        return p;
    }

    /** The Lichess opponent of the {@code play} section (not yet started: its threads begin with the daemon). */
    private static LichessOpponent startLichess(PlayConfig.Lichess l, LichessLink link, EventLog log) {
        String[] clock = l.clock().split("\\+");
        LichessOpponent.Settings settings = new LichessOpponent.Settings(java.util.Set.copyOf(l.accept()), l.challenge(),
                Integer.parseInt(clock[0]), clock.length > 1 ? Integer.parseInt(clock[1]) : 0, l.color(), l.rated(),
                null, null, null, l.seek());
        LichessApi api = new LichessApi(java.net.URI.create(l.url()), l.token(), java.time.Duration.ofSeconds(20));
        LichessOpponent o = new LichessOpponent(api, settings, link, link);
        link.connect(o);
        return o;
    }

    /** The engine of the {@code play} section, started; the person's side fixed or drawn for each game. */
    private static EngineOpponent startEngine(PlayConfig play, Variant variant, EngineLink link, DaemonClock clock) {
        java.util.SplittableRandom random = new java.util.SplittableRandom();
        java.util.function.Function<GameRecord, Color> engineSide = switch (play.side()) {
            case "white" -> g -> Color.BLACK;
            case "black" -> g -> Color.WHITE;
            default -> g -> random.nextBoolean() ? Color.WHITE : Color.BLACK;
        };
        return EngineOpponent.start(play.engineSettings(), engineSide, variant, link, link, clock);
    }

    /**
     * The journal's game is of another variant than the configuration's (the board was set up for another game since):
     * a board of the configured variant could recognize nothing of it. The journal's game is archived with its PGN,
     * as any finished game, and a new game of the configured variant starts; the log names both.
     */
    private static GameRecord startConfiguredVariant(GameSession session, Variant variant, Path state, EventLog log) {
        GameRecord other = session.game();
        session.newGame(variant.startPosition());
        log.warning("the journal's game " + other.gameId() + " is " + other.variant().name() + " but the configuration "
                + "says " + variant.name() + ": that game " + (other.plies() > 0 || other.isOver()
                ? "is archived in " + state.resolve(Journal.ARCHIVE) : "had no move and is dropped")
                + ", and a new " + variant.name() + " game starts");
        return session.game();
    }
}
