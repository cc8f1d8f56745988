package org.marelle.bridge.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;

/**
 * Keeps the PGN files of a board up to date after every session event, on its own thread: the session hands over
 * the game and returns at once; when events come faster than files can be written, only the newest game is written
 * (each write holds the whole game, so nothing is lost by skipping one).
 */
public final class PgnOutput implements GameSession.Listener, AutoCloseable {

    private final PgnFiles files;
    private final Coalescer<GameRecord> writer;
    private volatile PgnFiles.Written lastWritten;

    /** @param written told each time the files were written (for the log); may be a no-op */
    public PgnOutput(PgnFiles files, Consumer<PgnFiles.Written> written) {
        this.files = files;
        this.writer = new Coalescer<>("marelle-pgn-output", game -> {
            try {
                lastWritten = files.write(game);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the PGN of game " + game.gameId() + " in "
                        + files.directory() + ": " + e.getMessage(), e);
            }
            written.accept(lastWritten);
        });
    }

    @Override
    public void onEvent(SessionEvent event, GameRecord game) {
        writer.offer(game);
    }

    /** Writes this game (at start, so that the files exist before the first move). */
    public void offer(GameRecord game) {
        writer.offer(game);
    }

    public PgnFiles files() {
        return files;
    }

    /** The files of the last write, or null before the first. */
    public PgnFiles.Written lastWritten() {
        return lastWritten;
    }

    /** Waits until the latest game offered is on disk. */
    public void flush() throws InterruptedException {
        writer.flush();
    }

    /** Writes what is pending, then stops. */
    @Override
    public void close() {
        writer.close();
    }
}
