package org.marelle.bridge.journal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.marelle.bridge.output.AtomicFiles;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;

/**
 * The archive of finished games in a state directory ({@code archive/ID.journal} beside {@code archive/ID.pgn}), and
 * the names of the files kept there and beside the journal: a name already taken gets -2, -3, ..., so that nothing
 * kept is ever replaced.
 */
final class JournalArchive {

    private JournalArchive() {
    }

    /**
     * Moves the current journal (if any) to the archive with its game's PGN, or deletes it when the game has no move.
     * {@code game} is the game it holds, or null to replay it from the file (a damaged file is moved whole, with the
     * PGN of what its intact records replay to).
     */
    static void archive(Path dir, Path currentPath, GameRecord game) throws IOException {
        if (!Files.exists(currentPath)) return;
        if (game == null) {
            JournalRecovery.Outcome o;
            try {
                o = JournalRecovery.recover(JournalFile.read(currentPath), PgnCopy.Finder.NONE);
            } catch (IOException e) {
                o = null;
            }
            if (o == null || (o.events().isEmpty() && !o.notResumed().isEmpty())) {
                // No game to name it after: the bytes go to the archive whole for a person to look at, without a PGN.
                AtomicFiles.move(currentPath, unique(dir.resolve(Journal.ARCHIVE), "unreadable", ".journal"));
                return;
            }
            game = o.events().isEmpty() ? null : GameRecord.replay(o.events());
        }
        if (game == null || (game.plies() == 0 && !game.isOver())) {
            Files.delete(currentPath);
            AtomicFiles.forceDirectory(dir);
            return;
        }
        Path journalCopy = archiveName(dir, game);
        writeArchivedPgn(journalCopy, game);
        AtomicFiles.move(currentPath, journalCopy);
    }

    /** Archives a finished game the disk refused to archive when it ended, from its events in memory. */
    static void archiveFromMemory(Path dir, List<SessionEvent> events) throws IOException {
        GameRecord finished = GameRecord.replay(events);
        if (finished.plies() == 0 && !finished.isOver()) return;
        Path journalCopy = archiveName(dir, finished);
        Path tmp = journalCopy.resolveSibling("." + journalCopy.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        List<byte[]> records = new ArrayList<>(events.size());
        for (SessionEvent e : events) records.add(JournalCodec.encode(e));
        JournalFile.write(tmp, records);
        writeArchivedPgn(journalCopy, finished);
        AtomicFiles.move(tmp, journalCopy);
    }

    private static Path archiveName(Path dir, GameRecord game) {
        return unique(dir.resolve(Journal.ARCHIVE), game.gameId(), ".journal");
    }

    private static void writeArchivedPgn(Path journalCopy, GameRecord game) throws IOException {
        String stem = journalCopy.getFileName().toString();
        stem = stem.substring(0, stem.length() - ".journal".length());
        AtomicFiles.write(journalCopy.resolveSibling(stem + ".pgn"), game.toPgn().getBytes(StandardCharsets.UTF_8));
    }

    /** {@code dir/stem + suffix}, or with -2, -3, ... before the suffix when taken. */
    static Path unique(Path dir, String stem, String suffix) {
        Path p = dir.resolve(stem + suffix);
        for (int n = 2; Files.exists(p); n++) p = dir.resolve(stem + "-" + n + suffix);
        return p;
    }
}
