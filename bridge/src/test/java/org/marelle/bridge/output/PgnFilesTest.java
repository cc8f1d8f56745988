package org.marelle.bridge.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

class PgnFilesTest {

    @TempDir
    Path dir;

    private static GameSession session(String round, String board, String white) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Open");
        if (round != null) tags.put("Round", round);
        if (board != null) tags.put("Board", board);
        tags.put("White", white);
        return GameSession.resume(List.of(), Position.start(Variant.STANDARD), tags, SessionJournal.NONE,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
    }

    private static GameRecord game(String round, String board, String white, String... sans) {
        GameSession s = session(round, board, white);
        for (String san : sans) s.play(s.game().position().parseSan(san));
        return s.game();
    }

    private static List<PgnGame> read(Path file) throws IOException {
        return PgnReader.readAll(Files.readString(file)).stream().map(e -> ((PgnReader.Parsed) e).game()).toList();
    }

    @Test
    void aGameIsWrittenAsItsOwnFileItsBoardFileAndItsRound() throws IOException {
        PgnFiles files = new PgnFiles(dir);
        PgnFiles.Written w = files.write(game("3", "12", "Ann", "e4", "e5"));
        assertThat(w.game()).isEqualTo(dir.resolve("games/board12-20250301-100000.pgn"));
        assertThat(w.board()).isEqualTo(dir.resolve("round-3/board12.pgn"));
        assertThat(w.round()).isEqualTo(dir.resolve("round-3/games.pgn"));
        for (Path p : List.of(w.game(), w.board(), w.round())) {
            assertThat(read(p)).singleElement().satisfies(g -> assertThat(g.mainlineSan()).containsExactly("e4", "e5"));
        }
        try (Stream<Path> left = Files.walk(dir)) {
            assertThat(left.filter(p -> p.getFileName().toString().endsWith(".tmp"))).isEmpty();
        }
    }

    @Test
    void theRoundFileHoldsEveryBoardInBoardOrder() throws IOException {
        // Three daemons sharing one output folder, each with its own writer.
        new PgnFiles(dir).write(game("5", "10", "Ten", "d4"));
        new PgnFiles(dir).write(game("5", "2", "Two", "e4"));
        PgnFiles.Written w = new PgnFiles(dir).write(game("5", "1", "One", "c4"));
        assertThat(read(w.round())).extracting(g -> g.tags().get("White")).containsExactly("One", "Two", "Ten");
    }

    @Test
    void withoutRoundOrBoardTagsTheFoldersHaveDefaults() throws IOException {
        PgnFiles.Written w = new PgnFiles(dir).write(game(null, null, "Ann"));
        assertThat(w.board()).isEqualTo(dir.resolve("round-unknown/board1.pgn"));
        assertThat(new PgnFiles(dir).write(game("../../etc", "1/2", "Ann")).board())
                .isEqualTo(dir.resolve("round-_._.._etc/board1_2.pgn"));
    }

    @Test
    void changingTheRoundMovesTheBoardToTheNewRound() throws IOException {
        PgnFiles files = new PgnFiles(dir);
        GameSession s = session("1", "4", "Ann");
        files.write(s.game());
        new PgnFiles(dir).write(game("1", "5", "Bob"));
        s.setTag("Round", "2");
        files.write(s.game());
        assertThat(dir.resolve("round-1/board4.pgn")).doesNotExist();
        assertThat(read(dir.resolve("round-1/games.pgn"))).extracting(g -> g.tags().get("White")).containsExactly("Bob");
        assertThat(read(dir.resolve("round-2/games.pgn"))).extracting(g -> g.tags().get("White")).containsExactly("Ann");
    }

    @Test
    void temporaryFilesOfDeadProcessesAreRemovedOthersKept() throws IOException {
        long dead = ProcessHandle.current().pid() + 1_000_000;   // far above any pid in use here
        Path stale = dir.resolve(".games.pgn." + dead + ".tmp");
        Path mine = dir.resolve(".games.pgn." + ProcessHandle.current().pid() + ".tmp");
        Path other = dir.resolve(".notes.tmp");
        for (Path p : List.of(stale, mine, other)) Files.writeString(p, "x");
        AtomicFiles.removeStaleTemporaries(dir);
        assertThat(stale).doesNotExist();
        assertThat(mine).exists();
        assertThat(other).exists();
    }

    @Test
    void theOutputThreadWritesTheNewestGame() throws Exception {
        List<PgnFiles.Written> seen = new CopyOnWriteArrayList<>();
        GameSession s = session("1", "1", "Ann");
        try (PgnOutput out = new PgnOutput(new PgnFiles(dir), seen::add)) {
            s.addListener(out);
            for (String san : List.of("e4", "e5", "Nf3", "Nc6", "Bb5")) s.play(s.game().position().parseSan(san));
            out.flush();
            assertThat(read(out.lastWritten().game()).get(0).mainlineSan()).containsExactly("e4", "e5", "Nf3", "Nc6", "Bb5");
            assertThat(seen).isNotEmpty().hasSizeLessThanOrEqualTo(5);
            s.setResult("1-0", "resignation");
        }
        // close() wrote what was pending.
        assertThat(read(dir.resolve("round-1/board1.pgn")).get(0).result()).isEqualTo("1-0");
    }

    /**
     * Issue #14: a failed write printed a 17-line stack trace. It is now one line naming the file and the reason; the
     * game is not lost: the next write, after the next move or at stop, writes it whole.
     */
    @Test
    void aFailingWriteIsOneLineUntilAWriteSucceedsAndTheGameIsWrittenLater() throws Exception {
        Path blocker = Files.writeString(dir.resolve("games"), "a file where the games folder goes");
        List<String> failures = new CopyOnWriteArrayList<>();
        List<PgnFiles.Written> written = new CopyOnWriteArrayList<>();
        GameSession s = session("1", "1", "Ann");
        try (PgnOutput out = new PgnOutput(new PgnFiles(dir), written::add, failures::add)) {
            s.addListener(out);
            s.play(s.game().position().parseSan("e4"));
            out.flush();
            assertThat(failures).containsExactly("PGN of game " + s.game().gameId() + " not written: " + blocker
                    + ": exists and is not a directory (in " + dir + "; written again after the next move)");
            assertThat(written).isEmpty();
            // While it keeps failing for the same reason, nothing more is said (a full disk: not a line a move).
            s.play(s.game().position().parseSan("e5"));
            out.flush();
            assertThat(failures).hasSize(1);

            Files.delete(blocker);
            s.play(s.game().position().parseSan("Nf3"));
            out.flush();
            assertThat(written).hasSize(1);
            assertThat(failures).hasSize(2).last().isEqualTo("PGN of game " + s.game().gameId() + " written again");
            assertThat(read(out.lastWritten().game()).get(0).mainlineSan()).containsExactly("e4", "e5", "Nf3");

            Files.delete(out.lastWritten().game());
            Files.delete(out.lastWritten().game().getParent());
            Files.writeString(blocker, "in the way again");
            s.setResult("1-0", "resignation");
            out.flush();
            assertThat(failures).hasSize(3);
            Files.delete(blocker);
        }
        // The last write failed, so close() tried the newest game again.
        assertThat(read(dir.resolve("games").resolve("board1-" + s.game().gameId() + ".pgn")).get(0).result())
                .isEqualTo("1-0");
    }

    @Test
    void theLastWrittenGameIsReadBackByItsIdEvenAfterItsBoardTagChanged() throws IOException {
        PgnFiles files = new PgnFiles(dir);
        assertThat(files.lastWritten(game("3", "12", "Ann"))).isEmpty();
        files.write(game("3", "12", "Ann", "e4", "e5", "Nf3"));
        var found = files.lastWritten(game("3", "12", "Ann")).orElseThrow();
        assertThat(found.file()).isEqualTo(dir.resolve("games/board12-20250301-100000.pgn"));
        assertThat(found.game().mainlineSan()).containsExactly("e4", "e5", "Nf3");
        // The journal's game as it stood before its Board tag was set: found by its id.
        assertThat(files.lastWritten(game("3", null, "Ann")).orElseThrow().file()).isEqualTo(found.file());
    }

    @Test
    void aGameFileThatHoldsNoGameIsAnErrorNamingIt() throws IOException {
        PgnFiles files = new PgnFiles(dir);
        GameRecord g = game("3", "12", "Ann");
        Files.createDirectories(files.gameFile(g).getParent());
        Files.writeString(files.gameFile(g), "1. e4 e5 2. Ke3 *\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> files.lastWritten(g))
                .hasMessageContaining(files.gameFile(g).toString()).hasMessageContaining("holds no readable game");
    }

    @Test
    void aDirectoryThatCannotBeCreatedYetIsNoErrorUntilAWriteNeedsIt() throws IOException {
        Path blocked = dir.resolve("blocked");
        Files.writeString(blocked, "a file where the PGN directory's parent should be");
        PgnFiles files = new PgnFiles(blocked.resolve("pgn"));
        GameRecord g = game("1", "1", "Ann", "e4");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> files.write(g)).isInstanceOf(IOException.class);
        Files.delete(blocked);
        assertThat(files.write(g).game()).exists();
    }
}
