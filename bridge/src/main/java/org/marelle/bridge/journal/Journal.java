package org.marelle.bridge.journal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.marelle.bridge.output.AtomicFiles;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.SessionJournal;

/**
 * The journal of one board, in a state directory:
 *
 * <pre>
 * current.journal        the events of the game being played (its start first)
 * next.journal           only while a new game is being started
 * archive/ID.journal     each completed game's events, beside
 * archive/ID.pgn         its PGN
 * </pre>
 *
 * <p>{@link #open} replays the current game and repairs what a power cut can leave: a torn last record is dropped
 * (the file is cut after the last whole record), a half-written {@code next.journal} is deleted, a complete one
 * whose game start had not yet been put in place is put in place (the previous game archived first). None of this
 * is fatal; only a file that is not a journal, or records that do not replay, stop the start, with a message naming
 * the file and the record.
 *
 * <p>Starting a new game: the new journal is written whole and forced as {@code next.journal}, the old one is
 * archived, then the new one renamed to {@code current.journal}, each step forced to disk, so that at every moment
 * the directory holds either the old game as current or the new one.
 *
 * <p>Not thread-safe: the daemon's thread owns it.
 */
public final class Journal implements SessionJournal, AutoCloseable {

    public static final String CURRENT = "current.journal";
    public static final String NEXT = "next.journal";
    public static final String ARCHIVE = "archive";

    /**
     * What {@link #open} found and repaired.
     *
     * @param records         valid records of the current game
     * @param droppedBytes    bytes cut off the end of the current journal (a torn record), 0 when none
     * @param damagedCopy     where a copy of a journal damaged before its end was kept, or null
     * @param finishedNewGame whether a new game's start, interrupted by the cut, was completed
     * @param discardedNext   whether a half-written new game's start was deleted
     */
    public record Recovery(int records, long droppedBytes, Path damagedCopy, boolean finishedNewGame,
                           boolean discardedNext) {
        /** Whether anything needed repair. */
        public boolean repaired() {
            return droppedBytes > 0 || damagedCopy != null || finishedNewGame || discardedNext;
        }

        /** One line for the log. */
        public String describe() {
            List<String> parts = new ArrayList<>();
            parts.add(records + " records");
            if (droppedBytes > 0) parts.add("dropped a torn record (" + droppedBytes + " bytes) at the end");
            if (damagedCopy != null) parts.add("damaged before its end, copy kept as " + damagedCopy);
            if (finishedNewGame) parts.add("completed the start of a new game");
            if (discardedNext) parts.add("discarded a half-written new game start");
            return String.join(", ", parts);
        }
    }

    private final Path dir;
    private JournalFile current;
    private final List<SessionEvent> events;
    private final Recovery recovery;

    private Journal(Path dir, JournalFile current, List<SessionEvent> events, Recovery recovery) {
        this.dir = dir;
        this.current = current;
        this.events = events;
        this.recovery = recovery;
    }

    /**
     * Opens (creating it if needed) the journal in {@code dir}, repairing what a power cut left.
     *
     * @throws JournalException when a file is not a journal or its records do not replay
     * @throws IOException      when the directory cannot be read or written
     */
    public static Journal open(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.createDirectories(dir.resolve(ARCHIVE));
        Path currentPath = dir.resolve(CURRENT);
        Path nextPath = dir.resolve(NEXT);

        boolean finished = false, discarded = false;
        if (Files.exists(nextPath)) {
            List<SessionEvent> next = completeStart(nextPath);
            if (next == null) {
                Files.delete(nextPath);
                AtomicFiles.forceDirectory(dir);
                discarded = true;
            } else {
                archive(dir, currentPath, null);
                AtomicFiles.move(nextPath, currentPath);
                finished = true;
            }
        }

        if (!Files.exists(currentPath)) {
            return new Journal(dir, null, new ArrayList<>(), new Recovery(0, 0, null, finished, discarded));
        }
        JournalFile.Contents c = JournalFile.read(currentPath);
        Path damagedCopy = null;
        if (c.damaged()) {
            damagedCopy = unique(dir, CURRENT + ".damaged", "");
            Files.copy(currentPath, damagedCopy, StandardCopyOption.COPY_ATTRIBUTES);
        }
        List<SessionEvent> events = decodeAll(c.records(), currentPath);
        if (!events.isEmpty()) {
            try {
                GameRecord.replay(events);
            } catch (IllegalArgumentException e) {
                throw new JournalException(currentPath + ": " + e.getMessage(), e);
            }
        }
        JournalFile file = JournalFile.openForAppend(currentPath, c.validLength());
        return new Journal(dir, file, events,
                new Recovery(c.records().size(), c.droppedBytes(), damagedCopy, finished, discarded));
    }

    /** The events of a fully written new-game journal, or null when it is not one (cut while being written). */
    private static List<SessionEvent> completeStart(Path next) {
        try {
            JournalFile.Contents c = JournalFile.read(next);
            if (c.records().size() != 1 || c.droppedBytes() != 0) return null;
            SessionEvent e = JournalCodec.decode(c.records().get(0));
            return e instanceof SessionEvent.GameStarted ? List.of(e) : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    private static List<SessionEvent> decodeAll(List<byte[]> records, Path file) throws JournalException {
        List<SessionEvent> out = new ArrayList<>(records.size());
        for (int i = 0; i < records.size(); i++) {
            try {
                out.add(JournalCodec.decode(records.get(i)));
            } catch (IllegalArgumentException e) {
                throw new JournalException(file + ", record " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** The current game's events as replayed at {@link #open} (empty when there is no game yet). */
    public List<SessionEvent> events() {
        return List.copyOf(events);
    }

    public Recovery recovery() {
        return recovery;
    }

    public Path directory() {
        return dir;
    }

    @Override
    public void append(SessionEvent event) throws IOException {
        if (current == null) throw new IllegalStateException("no game in the journal yet: start one first");
        if (event instanceof SessionEvent.GameStarted) {
            throw new IllegalArgumentException("a new game goes through startGame");
        }
        current.append(JournalCodec.encode(event));
    }

    @Override
    public void startGame(GameRecord finished, SessionEvent.GameStarted start) throws IOException {
        Path currentPath = dir.resolve(CURRENT);
        Path nextPath = dir.resolve(NEXT);
        Files.deleteIfExists(nextPath);
        JournalFile.write(nextPath, List.of(JournalCodec.encode(start)));
        AtomicFiles.forceDirectory(dir);
        if (current != null) {
            current.close();
            current = null;
        }
        archive(dir, currentPath, finished);
        AtomicFiles.move(nextPath, currentPath);
        current = JournalFile.openForAppend(currentPath, Files.size(currentPath));
    }

    /**
     * Moves the current journal (if any) to the archive with its game's PGN, or deletes it when the game has no move.
     * {@code game} is the game it holds, or null to replay it from the file.
     */
    private static void archive(Path dir, Path currentPath, GameRecord game) throws IOException {
        if (!Files.exists(currentPath)) return;
        if (game == null) {
            try {
                JournalFile.Contents c = JournalFile.read(currentPath);
                List<SessionEvent> events = decodeAll(c.records(), currentPath);
                game = events.isEmpty() ? null : GameRecord.replay(events);
            } catch (IOException | IllegalArgumentException e) {
                // Unreadable: keep the bytes in the archive for a person to look at, without a PGN.
                AtomicFiles.move(currentPath, unique(dir.resolve(ARCHIVE), "unreadable", ".journal"));
                return;
            }
        }
        if (game == null || (game.plies() == 0 && !game.isOver())) {
            Files.delete(currentPath);
            AtomicFiles.forceDirectory(dir);
            return;
        }
        Path archive = dir.resolve(ARCHIVE);
        Path journalCopy = unique(archive, game.gameId(), ".journal");
        String stem = journalCopy.getFileName().toString();
        stem = stem.substring(0, stem.length() - ".journal".length());
        AtomicFiles.write(archive.resolve(stem + ".pgn"), game.toPgn().getBytes(StandardCharsets.UTF_8));
        AtomicFiles.move(currentPath, journalCopy);
    }

    /** {@code dir/stem + suffix}, or with -2, -3, ... before the suffix when taken. */
    private static Path unique(Path dir, String stem, String suffix) {
        Path p = dir.resolve(stem + suffix);
        for (int n = 2; Files.exists(p); n++) p = dir.resolve(stem + "-" + n + suffix);
        return p;
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    @Override
    public String toString() {
        return "Journal[" + Objects.toString(dir) + "]";
    }
}
