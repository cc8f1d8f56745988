package org.marelle.bridge.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameTags;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * The PGN files of a board, under an output directory:
 *
 * <pre>
 * games/boardB-ID.pgn       one file per game (B: the Board tag, 1 when absent; ID: the game id), kept
 * round-R/boardB.pgn        board B's current game in round R (the Round tag; "unknown" when absent)
 * round-R/games.pgn         every board's current game in that round, in board order: what broadcast relays read
 * </pre>
 *
 * Every file is replaced atomically ({@link AtomicFiles}), so a relay polling {@code games.pgn} never reads half a
 * file. Several daemons (one per board) may share an output directory: each writes its own board file and then
 * rebuilds {@code games.pgn} from all the board files it finds.
 *
 * <p>Not thread-safe: one writer (a {@link PgnOutput} thread) per instance.
 */
public final class PgnFiles {

    /** Where one write put the game. */
    public record Written(Path game, Path board, Path round) {
    }

    private static final Pattern BOARD_FILE = Pattern.compile("board(.+)\\.pgn");
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._-]");

    private final Path directory;
    private Path lastBoardFile;

    /**
     * A directory that cannot be created now (a read-only or full disk at boot) is no reason for the daemon not to
     * start: each write creates what it needs, and a write that fails says why.
     */
    public PgnFiles(Path directory) throws IOException {
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            // A file where the folder goes is a mistake in the configuration, not a disk that may take it later.
            if (Files.exists(directory) && !Files.isDirectory(directory)) throw e;
            // The first write tries again.
        }
    }

    public Path directory() {
        return directory;
    }

    /** The file of this game alone. */
    public Path gameFile(GameRecord game) {
        return directory.resolve("games").resolve("board" + board(game.tags()) + "-" + game.gameId() + ".pgn");
    }

    /**
     * The PGN file last written for this game, read back: its own file, or, when its Board tag changed since, the one
     * file of its id. Empty when there is none.
     *
     * @throws IllegalArgumentException naming the file when it holds no readable game
     */
    public Optional<LastWritten> lastWritten(GameRecord game) throws IOException {
        Path file = gameFile(game);
        if (!Files.exists(file)) {
            Path games = file.getParent();
            if (!Files.isDirectory(games)) return Optional.empty();
            List<Path> same;
            try (DirectoryStream<Path> found = Files.newDirectoryStream(games, "board*-" + game.gameId() + ".pgn")) {
                same = new ArrayList<>();
                found.forEach(same::add);
            }
            if (same.size() != 1) return Optional.empty();
            file = same.get(0);
        }
        List<PgnReader.Entry> entries = PgnReader.readAll(Files.readString(file, StandardCharsets.UTF_8));
        if (entries.isEmpty() || !(entries.get(0) instanceof PgnReader.Parsed parsed)) {
            throw new IllegalArgumentException(file + " holds no readable game"
                    + (entries.isEmpty() ? "" : ": " + ((PgnReader.Failed) entries.get(0)).error()));
        }
        return Optional.of(new LastWritten(file, parsed.game()));
    }

    /** A game's PGN file as read back. */
    public record LastWritten(Path file, PgnGame game) {
    }

    /** The round folder the game belongs to. */
    public Path roundFolder(GameRecord game) {
        return directory.resolve("round-" + round(game.tags()));
    }

    /** Writes the game's own file, its board file and its round's {@code games.pgn}. */
    public Written write(GameRecord game) throws IOException {
        byte[] pgn = game.toPgn().getBytes(StandardCharsets.UTF_8);
        Path gameFile = gameFile(game);
        AtomicFiles.write(gameFile, pgn);
        Path round = roundFolder(game);
        Path boardFile = round.resolve("board" + board(game.tags()) + ".pgn");
        AtomicFiles.write(boardFile, pgn);
        if (lastBoardFile != null && !lastBoardFile.equals(boardFile)) {
            // The Round or Board tag changed: the board's game is no longer in the old round.
            Files.deleteIfExists(lastBoardFile);
            rebuildRound(lastBoardFile.getParent());
        }
        lastBoardFile = boardFile;
        Path games = rebuildRound(round);
        return new Written(gameFile, boardFile, games);
    }

    /** Rebuilds {@code games.pgn} of a round folder from its board files. */
    static Path rebuildRound(Path round) throws IOException {
        record BoardFile(String board, Path path) {
        }
        List<BoardFile> boards = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(round, "board*.pgn")) {
            for (Path f : files) {
                Matcher m = BOARD_FILE.matcher(f.getFileName().toString());
                if (m.matches()) boards.add(new BoardFile(m.group(1), f));
            }
        }
        boards.sort(Comparator.comparing(BoardFile::board, PgnFiles::compareBoards));
        StringBuilder all = new StringBuilder();
        for (BoardFile b : boards) {
            String text;
            try {
                text = Files.readString(b.path(), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                continue;   // another daemon moved its board away meanwhile
            }
            if (!all.isEmpty()) all.append('\n');
            all.append(text);
        }
        Path games = round.resolve("games.pgn");
        AtomicFiles.write(games, all.toString().getBytes(StandardCharsets.UTF_8));
        return games;
    }

    /** Numbers in numeric order (2 before 10), then anything else as text. */
    private static int compareBoards(String a, String b) {
        boolean na = a.chars().allMatch(Character::isDigit) && !a.isEmpty() && a.length() < 10;
        boolean nb = b.chars().allMatch(Character::isDigit) && !b.isEmpty() && b.length() < 10;
        if (na && nb) return Integer.compare(Integer.parseInt(a), Integer.parseInt(b));
        if (na != nb) return na ? -1 : 1;
        return a.compareTo(b);
    }

    static String round(Map<String, String> tags) {
        String r = tags.getOrDefault(GameTags.ROUND, "").strip();
        return r.isEmpty() || r.equals("?") || r.equals("-") ? "unknown" : safe(r);
    }

    static String board(Map<String, String> tags) {
        String b = tags.getOrDefault(GameTags.BOARD, "").strip();
        return b.isEmpty() || b.equals("?") || b.equals("-") ? "1" : safe(b);
    }

    /** A tag value as part of a file name: letters, digits, dot, dash, underscore; nothing that climbs folders. */
    private static String safe(String s) {
        String t = UNSAFE.matcher(s).replaceAll("_");
        return t.startsWith(".") ? "_" + t.substring(1) : t;
    }
}
