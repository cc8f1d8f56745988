package org.marelle.bridge.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.marelle.bridge.output.AtomicFiles;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SaveStatus;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.SessionJournal;

/**
 * The journal of one board, in a state directory:
 *
 * <pre>
 * current.journal             the events of the game being played (its start first)
 * next.journal                only while a new game is being started, or the current journal rewritten
 * archive/ID.journal          each completed game's events, beside
 * archive/ID.pgn              its PGN
 * current.journal.damaged     a damaged journal as it was found, kept when the game was resumed from a repaired one
 * current.journal.unreadable  a file in the journal's place that holds no record at all, set aside
 * ID.kept.pgn                 a PGN file that held a game the journal could not confirm, kept before it was replaced
 * </pre>
 *
 * <p>{@link #open} replays the current game and repairs what a power cut or a bad disk left, never destroying an
 * intact record: a torn last record is cut off; a damaged stretch is skipped and every intact record after it read
 * (see {@link JournalRecovery} for how the PGN file fills what was lost and which copy wins); the damaged file is
 * kept as it was before the repaired one replaces it. A file that holds no record is set aside and a new game starts.
 * Nothing found in a journal stops the start; {@link #recovery()} says, in moves, what was done.
 *
 * <p>Starting a new game: the new journal is written whole and forced as {@code next.journal}, the old one is
 * archived, then the new one renamed to {@code current.journal}, each step forced to disk, so that at every moment
 * the directory holds either the old game as current or the new one. Rewriting the current journal goes the same
 * way (a {@code next.journal} of the same game replaces the current one without archiving it).
 *
 * <p>When the disk refuses a write (full, read-only), no part of the record is left in the file, the event is kept
 * in memory and the game goes on; {@link #saveStatus()} says so, watchers hear of each change between saved and not
 * saved (not of each refused write), and {@link #retrySaving()} (called by the daemon every second, and on each new
 * event) writes everything once the disk takes it again.
 *
 * <p>Not thread-safe: the daemon's thread owns it.
 */
public final class Journal implements SessionJournal, AutoCloseable {

    public static final String CURRENT = "current.journal";
    public static final String NEXT = "next.journal";
    public static final String ARCHIVE = "archive";

    /**
     * What {@link #open} found and did.
     *
     * @param records         intact records found in the current journal
     * @param droppedBytes    bytes cut off the end of the current journal (a torn record), 0 when none
     * @param damagedCopy     where the journal as found was kept (damaged, or unreadable), or null
     * @param finishedNewGame whether a new game's start, interrupted by the cut, was completed
     * @param discardedNext   whether a half-written new game's start was deleted
     * @param findings        what was found and done, in moves, one sentence each
     * @param notResumed      intact events the game could not resume (they are in {@code damagedCopy})
     * @param recoveredMoves  moves taken from the PGN file where the journal had lost them
     * @param keptPgn         where a PGN file holding a game the journal does not confirm was kept, or null
     */
    public record Recovery(int records, long droppedBytes, Path damagedCopy, boolean finishedNewGame,
                           boolean discardedNext, List<String> findings, List<SessionEvent> notResumed,
                           int recoveredMoves, Path keptPgn) {

        public Recovery {
            findings = List.copyOf(findings);
            notResumed = List.copyOf(notResumed);
        }

        static Recovery none(boolean finishedNewGame, boolean discardedNext) {
            return new Recovery(0, 0, null, finishedNewGame, discardedNext, List.of(), List.of(), 0, null);
        }

        /** Whether anything needed repair. */
        public boolean repaired() {
            return droppedBytes > 0 || damagedCopy != null || finishedNewGame || discardedNext || !findings.isEmpty();
        }

        /** Whether a person should hear of it beyond the log: moves recovered, not resumed, or a copy kept aside. */
        public boolean needsAttention() {
            return damagedCopy != null || keptPgn != null || recoveredMoves > 0 || !notResumed.isEmpty();
        }

        /** One line for the log. */
        public String describe() {
            List<String> parts = new ArrayList<>();
            parts.add(records + " records");
            parts.addAll(findings);
            if (damagedCopy != null) parts.add("the journal as found is kept as " + damagedCopy);
            if (keptPgn != null) parts.add("that PGN file is kept as " + keptPgn);
            if (finishedNewGame) parts.add("completed the start of a new game");
            if (discardedNext) parts.add("discarded a half-written new game start");
            return String.join("; ", parts);
        }
    }

    private final Path dir;
    private final Recovery recovery;
    private final List<Consumer<SaveStatus>> watchers = new CopyOnWriteArrayList<>();
    /** The current game's events, all of them, whatever the disk holds. */
    private final List<SessionEvent> game;
    /** Finished games the disk refused to archive, their events, oldest first. */
    private final List<List<SessionEvent>> unarchived = new ArrayList<>();
    /** The open current journal, or null when there is none or it must be written anew ({@link #install}). */
    private JournalFile current;
    /** How many of {@link #game}'s events {@link #current} holds. */
    private int onDisk;
    /** Where the file in the journal's place must be copied before it is replaced, or null. */
    private Path keepBeforeReplacing;
    /** Why the record is not being saved, or null. */
    private String problem;
    /** What the last start recovered, for the viewer, until the next game starts. */
    private String note;

    private Journal(Path dir, List<SessionEvent> events, Recovery recovery) {
        this.dir = dir;
        this.game = new ArrayList<>(events);
        this.recovery = recovery;
        this.note = recovery.needsAttention() ? "At the last start, the journal was repaired: " + recovery.describe() : null;
    }

    /** {@link #open(Path, PgnCopy.Finder)} with no other copy of the game. */
    public static Journal open(Path dir) throws IOException {
        return open(dir, PgnCopy.Finder.NONE);
    }

    /**
     * Opens (creating it if needed) the journal in {@code dir}, repairing what a power cut or a bad disk left.
     *
     * @param copies finds the PGN file last written for the game, which fills what the journal lost
     * @throws IOException when the directory cannot be read, or is a file; one that cannot be created or written is no
     *                     error: the game goes on in memory and {@link #saveStatus()} says why
     */
    public static Journal open(Path dir, PgnCopy.Finder copies) throws IOException {
        try {
            Files.createDirectories(dir);   // (first alone: a file where it goes is then named, not its archive)
            Files.createDirectories(dir.resolve(ARCHIVE));
        } catch (IOException e) {
            // A file where the folder goes is a mistake in the configuration, not a disk that may take it later.
            if (Files.exists(dir) && !Files.isDirectory(dir)) throw e;
            Journal j = new Journal(dir, List.of(), Recovery.none(false, false));
            j.failed(e);
            return j;
        }
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
                String currentId = gameIdOf(currentPath);
                String nextId = ((SessionEvent.GameStarted) next.get(0)).gameId();
                if (currentId == null || !currentId.equals(nextId)) {
                    JournalArchive.archive(dir, currentPath, null);
                    finished = true;
                }
                AtomicFiles.move(nextPath, currentPath);   // a new game's start, or a rewrite of the same game
            }
        }

        if (!Files.exists(currentPath)) {
            return new Journal(dir, List.of(), Recovery.none(finished, discarded));
        }
        JournalFile.Contents contents;
        try {
            contents = JournalFile.read(currentPath);
        } catch (JournalException notAJournal) {
            return setAside(dir, currentPath, notAJournal.getMessage(), finished, discarded);
        } catch (IOException unreadable) {
            return setAside(dir, currentPath, currentPath + " cannot be read (" + unreadable.getMessage() + ")",
                    finished, discarded);
        }
        JournalRecovery.Outcome o = JournalRecovery.recover(contents, copies);
        List<String> findings = new ArrayList<>(o.findings());
        Path keptPgn = null;
        if (o.keepPgn() != null) {
            keptPgn = JournalArchive.unique(dir, gameIdOr(o.events(), "game") + ".kept", ".pgn");
            try {
                Files.copy(o.keepPgn().file(), keptPgn);
            } catch (IOException e) {
                findings.add("the PGN file " + o.keepPgn().file() + " could not be kept (" + e.getMessage() + ")");
                keptPgn = null;
            }
        }
        Path damagedCopy = o.keepCopy() ? JournalArchive.unique(dir, CURRENT + ".damaged", "") : null;
        Recovery recovery = new Recovery(contents.frames().size(), contents.droppedBytes(), damagedCopy, finished,
                discarded, findings, o.notResumed(), o.recoveredMoves(), keptPgn);
        Journal j = new Journal(dir, o.events(), recovery);
        if (o.events().isEmpty()) {
            // No game to resume: the file is kept whole under another name, and a new game starts.
            if (damagedCopy != null) j.moveAside(currentPath, damagedCopy);
            return j;
        }
        try {
            if (o.rewrite()) {
                if (damagedCopy != null) j.keepBeforeReplacing = damagedCopy;
                j.install();
            } else {
                j.current = JournalFile.openForAppend(currentPath, contents.validLength());
                j.onDisk = j.game.size();
            }
        } catch (IOException e) {
            j.failed(e);
        }
        return j;
    }

    /** A file in the journal's place that holds no record: renamed, so that a new game can start. */
    private static Journal setAside(Path dir, Path currentPath, String why, boolean finished, boolean discarded)
            throws IOException {
        Path aside = JournalArchive.unique(dir, CURRENT + ".unreadable", "");
        List<String> findings = List.of(why + ": set aside, and a new game starts");
        Journal j = new Journal(dir, List.of(), new Recovery(0, 0, aside, finished, discarded, findings, List.of(), 0,
                null));
        j.moveAside(currentPath, aside);
        return j;
    }

    /**
     * Moves the file in the journal's place to {@code aside}, kept whole; when the disk refuses, it is kept there
     * before anything replaces it (the game goes on in memory meanwhile).
     */
    private void moveAside(Path currentPath, Path aside) {
        try {
            AtomicFiles.move(currentPath, aside);
        } catch (IOException e) {
            keepBeforeReplacing = aside;
            failed(e);
        }
    }

    /** The events of a fully written {@code next.journal} (a game's start first), or null when it was cut. */
    private static List<SessionEvent> completeStart(Path next) {
        try {
            JournalFile.Contents c = JournalFile.read(next);
            if (c.records().isEmpty() || c.droppedBytes() != 0 || c.damaged()) return null;
            List<SessionEvent> events = new ArrayList<>();
            for (byte[] r : c.records()) events.add(JournalCodec.decode(r));
            return events.get(0) instanceof SessionEvent.GameStarted ? events : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The id of the game a journal file starts, or null when it has none that can be read. */
    private static String gameIdOf(Path file) {
        try {
            for (byte[] r : JournalFile.read(file).records()) {
                if (JournalCodec.decode(r) instanceof SessionEvent.GameStarted s) return s.gameId();
                return null;
            }
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        return null;
    }

    private static String gameIdOr(List<SessionEvent> events, String otherwise) {
        return !events.isEmpty() && events.get(0) instanceof SessionEvent.GameStarted s ? s.gameId() : otherwise;
    }

    /** The current game's events as replayed at {@link #open} (empty when there is no game yet). */
    public List<SessionEvent> events() {
        return List.copyOf(game);
    }

    public Recovery recovery() {
        return recovery;
    }

    public Path directory() {
        return dir;
    }

    /** {@code watcher} hears of each change between saved and not saved, on the thread that caused it. */
    public void onSaveStatusChange(Consumer<SaveStatus> watcher) {
        watchers.add(Objects.requireNonNull(watcher, "watcher"));
    }

    @Override
    public SaveStatus saveStatus() {
        if (problem == null) return SaveStatus.SAVED;
        int waiting = game.size() - onDisk;
        for (List<SessionEvent> g : unarchived) waiting += g.size();
        return new SaveStatus(problem, waiting);
    }

    @Override
    public String recordNote() {
        return problem != null ? saveStatus().describe() : note;
    }

    @Override
    public void append(SessionEvent event) throws IOException {
        if (game.isEmpty()) throw new IllegalStateException("no game in the journal yet: start one first");
        if (event instanceof SessionEvent.GameStarted) {
            throw new IllegalArgumentException("a new game goes through startGame");
        }
        game.add(event);
        if (problem == null && current != null && onDisk == game.size() - 1) {
            try {
                current.append(JournalCodec.encode(event));
                onDisk++;
            } catch (IOException e) {
                failed(e);
            }
        } else {
            retrySaving();
        }
    }

    @Override
    public void startGame(GameRecord finished, SessionEvent.GameStarted start) throws IOException {
        Path currentPath = dir.resolve(CURRENT);
        boolean clean = problem == null && unarchived.isEmpty() && keepBeforeReplacing == null
                && (game.isEmpty() || (current != null && onDisk == game.size()));
        if (clean) {
            try {
                Path nextPath = dir.resolve(NEXT);
                Files.deleteIfExists(nextPath);
                JournalFile.write(nextPath, List.of(JournalCodec.encode(start)));
                AtomicFiles.forceDirectory(dir);
                closeCurrent();
                JournalArchive.archive(dir, currentPath, finished);
                AtomicFiles.move(nextPath, currentPath);
                current = JournalFile.openForAppend(currentPath, Files.size(currentPath));
                game.clear();
                game.add(start);
                onDisk = 1;
                note = null;
                return;
            } catch (IOException e) {
                // Below: the new game goes on in memory. The old one is archived from memory unless it already was.
                if (Files.exists(currentPath) && !game.isEmpty()) unarchived.add(List.copyOf(game));
                startInMemory(start);
                failed(e);
                return;
            }
        }
        if (!game.isEmpty()) unarchived.add(List.copyOf(game));
        startInMemory(start);
        retrySaving();
    }

    private void startInMemory(SessionEvent.GameStarted start) {
        closeCurrent();
        game.clear();
        game.add(start);
        onDisk = 0;
        note = null;
    }

    @Override
    public SaveStatus retrySaving() {
        boolean everythingOnDisk = unarchived.isEmpty() && keepBeforeReplacing == null
                && (game.isEmpty() || (current != null && onDisk == game.size()));
        if (everythingOnDisk) {
            if (problem != null) saved();
            return saveStatus();
        }
        try {
            while (!unarchived.isEmpty()) {
                JournalArchive.archiveFromMemory(dir, unarchived.get(0));
                unarchived.remove(0);
            }
            if (!game.isEmpty()) {
                if (current == null) {
                    install();
                } else {
                    while (onDisk < game.size()) {
                        current.append(JournalCodec.encode(game.get(onDisk)));
                        onDisk++;
                    }
                }
            }
            if (problem != null) saved();
        } catch (IOException e) {
            failed(e);
        }
        return saveStatus();
    }

    /**
     * Writes the whole current game as {@code current.journal}, through {@code next.journal} (a crash in between
     * leaves a whole next journal of the same game, which {@link #open} puts in place), first keeping the file it
     * replaces when it must be kept.
     */
    private void install() throws IOException {
        Path currentPath = dir.resolve(CURRENT);
        Path nextPath = dir.resolve(NEXT);
        closeCurrent();
        Files.createDirectories(dir.resolve(ARCHIVE));   // a state directory that could not be created at start
        if (keepBeforeReplacing != null) {
            if (Files.exists(currentPath)) {
                Files.deleteIfExists(keepBeforeReplacing);   // a copy an earlier attempt did not finish
                Files.copy(currentPath, keepBeforeReplacing);
                try (var ch = java.nio.channels.FileChannel.open(keepBeforeReplacing, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.force(true);
                }
                AtomicFiles.forceDirectory(dir);
            }
            keepBeforeReplacing = null;
        }
        Files.deleteIfExists(nextPath);
        List<byte[]> records = new ArrayList<>(game.size());
        for (SessionEvent e : game) records.add(JournalCodec.encode(e));
        try {
            JournalFile.write(nextPath, records);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(nextPath);   // a half-written next journal would only be deleted at the next start
            } catch (IOException ignored) {
                // The next start deletes it.
            }
            throw e;
        }
        AtomicFiles.forceDirectory(dir);
        AtomicFiles.move(nextPath, currentPath);
        current = JournalFile.openForAppend(currentPath, Files.size(currentPath));
        onDisk = game.size();
    }

    private void closeCurrent() {
        if (current != null) {
            try {
                current.close();
            } catch (IOException e) {
                // Every record it promised was forced; closing adds nothing.
            }
            current = null;
        }
    }

    private void failed(IOException e) {
        boolean was = problem == null;
        String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        problem = what.contains(dir.toString()) ? what : "cannot write in " + dir + ": " + what;
        if (was) tellWatchers();
    }

    private void saved() {
        problem = null;
        tellWatchers();
    }

    private void tellWatchers() {
        SaveStatus s = saveStatus();
        for (Consumer<SaveStatus> w : watchers) w.accept(s);
    }

    /** Makes a last attempt to write what waits in memory, then closes the file. */
    @Override
    public void close() throws IOException {
        if (problem != null) retrySaving();
        closeCurrent();
    }

    @Override
    public String toString() {
        return "Journal[" + Objects.toString(dir) + "]";
    }
}
