package org.marelle.bridge.daemon;

import com.pi4j.context.Context;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Supplier;
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.broadcast.LiveBroadcast;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.journal.PgnCopy;
import org.marelle.bridge.output.AtomicFiles;
import org.marelle.bridge.output.PgnFiles;
import org.marelle.bridge.output.PgnOutput;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.SquareSet;
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
     * @param pi4j gives the Pi4J context when a driver needs one ({@code Pi4J::newAutoContext} on a Pi; the mock
     *             platform's in tests)
     * @throws IOException when the journal or the output folders cannot be used, or the hardware cannot be opened
     */
    public static Running start(MarelleConfig config, Supplier<Context> pi4j, DaemonClock clock, EventLog log)
            throws IOException {
        Path state = Path.of(config.output().stateDirectory());
        PgnFiles files = new PgnFiles(Path.of(config.output().pgnDirectory()));
        // The PGN file fills what a damaged journal lost; it is read before anything writes it again.
        Journal journal = Journal.open(state, PgnCopy.in(files));
        try {
            if (journal.recovery().repaired()) log.warning("journal repaired: " + journal.recovery().describe());
            Variant variant = Variant.byName(config.board().variant());
            GameSession session = GameSession.resume(journal.events(), variant.startPosition(), config.game().tags(),
                    journal, clock, ZoneId.systemDefault());
            GameRecord game = session.game();
            if (!journal.events().isEmpty()) {
                log.info("resumed game " + game.gameId() + " at ply " + game.plies()
                        + (game.isOver() ? ", result " + game.result() : ""));
            }
            if (!game.variant().equals(variant)) {
                game = startConfiguredVariant(session, variant, state, log);
            }
            AtomicFiles.removeStaleTemporaries(files.gameFile(game).getParent());
            AtomicFiles.removeStaleTemporaries(files.roundFolder(game));
            Hardware hardware = Hardware.open(config, pi4j, clock);
            if (hardware.sensors() instanceof SimulatedBoard sim) {
                SquareSet occ = game.position().occupancy();
                sim.set(new Occupancy(sim.files(), sim.ranks(), occ.lo(), occ.hi(), clock.millis(), null));
            }
            PgnOutput pgn = new PgnOutput(files, w -> {
            });
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
                    // A bind failure says only "Address already in use": name what could not listen.
                    throw new IOException("broadcast: cannot listen on " + b.bindAddress() + ":" + b.port() + ": "
                            + e.getMessage(), e);
                }
            }
            LiveBroadcast viewer = live;
            Daemon daemon;
            if (viewer == null) {
                daemon = new Daemon(hardware.sensors(), hardware.leds(),
                        leds -> new BoardLoop(session, recognition, log, leds), clock, log,
                        List.of(pgn, journal, hardware));
            } else {
                // The server closes before the journal, so that no one reads a game whose files are closing.
                daemon = new Daemon(hardware.sensors(), hardware.leds(),
                        leds -> viewer.track(new BoardLoop(session, recognition, log, viewer.watching(leds))), clock,
                        log, List.of(viewer, pgn, journal, hardware));
                viewer.attach(daemon::submit);
            }
            journal.onSaveStatusChange(status -> {
                // Called on the daemon's thread, once per change between saved and not saved.
                if (status.saved()) log.info("the game's record is saved again: what waited in memory is on disk");
                else log.error(status.describe());
                if (viewer != null) viewer.feed().boardChanged();
            });
            if (!session.saveStatus().saved()) log.error(session.saveStatus().describe());
            daemon.start();
            log.info("board: " + hardware.description());
            if (live != null) log.info("live broadcast: " + live.uri());
            return new Running(daemon, hardware, session, journal, pgn, live);
        } catch (IOException | RuntimeException e) {
            journal.close();
            throw e;
        }
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
