package org.marelle.bridge.daemon;

import java.util.Set;
import java.util.function.Function;
import org.marelle.bridge.play.EngineOpponent;
import org.marelle.bridge.play.Notices;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.Move;

/**
 * Connects an {@link EngineOpponent} to the board: its side and its moves go to the daemon's thread as commands,
 * where the move is played only if the game is still the one the engine was asked about, and its notices go to the
 * event log.
 */
final class EngineLink implements EngineOpponent.Board, Notices {

    /** Runs a command on the daemon's thread (see {@link Daemon#submit}). */
    interface Commands {
        void submit(Function<BoardLoop, ?> command);
    }

    private final Commands daemon;
    private final DaemonClock clock;
    private final EventLog log;

    EngineLink(Commands daemon, DaemonClock clock, EventLog log) {
        this.daemon = daemon;
        this.clock = clock;
        this.log = log;
        this.notes = new OpponentNotes(daemon);
    }

    @Override
    public void engineSide(String gameId, Color side) {
        log.info("the engine plays " + side.name().toLowerCase(java.util.Locale.ROOT) + " (game " + gameId + ")");
        daemon.submit(loop -> {
            loop.remoteSides(Set.of(side), clock.millis());
            return null;
        });
    }

    @Override
    public void play(EngineOpponent.Request asked, Move move) {
        daemon.submit(loop -> {
            GameRecord g = loop.session().game();
            if (!g.gameId().equals(asked.gameId()) || g.plies() != asked.ply() || g.isOver()) {
                return null;   // the game moved on while the engine thought: its answer is for another position
            }
            return loop.remoteMove(move, SessionEvent.MovePlayed.NO_CLOCK, clock.millis());
        });
    }

    @Override
    public void hint(String gameId, int ply, Move move) {
        daemon.submit(loop -> {
            if (loop.session().game().gameId().equals(gameId)) loop.showHint(move, ply);
            return null;
        });
    }

    /** Lets the player's hint gesture reach {@code opponent} (once the daemon runs). */
    void hintsFrom(EngineOpponent opponent) {
        daemon.submit(loop -> {
            loop.onHintGesture(() -> opponent.requestHint(loop.session().game()));
            return null;
        });
    }

    @Override
    public void declineDraw(String gameId) {
        daemon.submit(loop -> {
            GameRecord g = loop.session().game();
            if (g.gameId().equals(gameId) && g.result().equals("1/2-1/2") && g.reason().equals("gesture")) {
                loop.session().setResult("*", "draw declined by the engine");
                loop.reread(clock.millis());
            }
            return null;
        });
    }

    @Override
    public void info(String line) {
        log.info(line);
        notes.set(null);   // (the engine's notices after a failure say it answers again)
    }

    @Override
    public void error(String line) {
        log.error(line);
        notes.set("The engine is not answering: " + line);
    }

    /** The notes on the viewer and the LEDs while the engine fails. */
    final OpponentNotes notes;
}
