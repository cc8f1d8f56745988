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
    /** The newest game offered. */
    private volatile GameRecord latest;
    /** Whether the last write failed: the newest game is then written once more at stop. */
    private volatile boolean behind;
    /** The line that told of the last failed write, until a write succeeds (only the writer thread uses it). */
    private String lastFailure;

    /**
     * Failures are logged as one line (without a stack trace) through {@link System.Logger}; the daemon passes its
     * log with {@link #PgnOutput(PgnFiles, Consumer, Consumer)}.
     *
     * @param written told each time the files were written (for the log); may be a no-op
     */
    public PgnOutput(PgnFiles files, Consumer<PgnFiles.Written> written) {
        this(files, written, line -> System.getLogger(PgnOutput.class.getName()).log(System.Logger.Level.WARNING, line));
    }

    /**
     * @param written told each time the files were written (for the log); may be a no-op
     * @param failed  told, in one line naming the file and the reason, when writes start failing (disk full, folder
     *                gone, ...) or fail for another reason, and once more when a write succeeds again. The game is
     *                not lost: it is in the journal, and the next write (after the next move, or at stop) writes it
     *                whole.
     */
    public PgnOutput(PgnFiles files, Consumer<PgnFiles.Written> written, Consumer<String> failed) {
        this.files = files;
        this.writer = new Coalescer<>("marelle-pgn-output", game -> {
            try {
                lastWritten = files.write(game);
                if (lastFailure != null) failed.accept("PGN of game " + game.gameId() + " written again");
                lastFailure = null;
                behind = false;
            } catch (IOException | UncheckedIOException e) {
                behind = true;
                String line = "PGN of game " + game.gameId() + " not written: "
                        + IoReason.of(e, files.directory().toString()) + " (in " + files.directory()
                        + "; written again after the next move)";
                // One line when writing starts failing (or fails otherwise), not one a move while a disk stays full.
                if (!line.equals(lastFailure)) failed.accept(line);
                lastFailure = line;
                return;
            }
            written.accept(lastWritten);
        });
    }

    @Override
    public void onEvent(SessionEvent event, GameRecord game) {
        offer(game);
    }

    /** Writes this game (at start, so that the files exist before the first move). */
    public void offer(GameRecord game) {
        latest = game;
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

    /** Writes what is pending (or, when the last write failed, tries the newest game once more), then stops. */
    @Override
    public void close() {
        GameRecord newest = latest;
        if (behind && newest != null) writer.offer(newest);
        writer.close();
    }
}
