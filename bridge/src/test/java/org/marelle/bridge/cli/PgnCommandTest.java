package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// The PGN files and where they come from: src/test/resources/pgn/PROVENANCE.md.
class PgnCommandTest {

    @TempDir
    Path dir;

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(PgnCommandTest.class.getResource("/pgn/" + name).toURI());
    }

    @Test
    void aGoodFileEndsWithItsTotals() throws URISyntaxException {
        CliRun run = CliRun.of("pgn", "check", resource("lichess-user-export-8-games.pgn").toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).singleElement().asString().matches("games: 8, moves: \\d+, errors: 0");
    }

    @Test
    void anIllegalMoveIsNamedByFileGameAndLine() throws URISyntaxException {
        String file = resource("illegal-king-move.pgn").toString();

        CliRun run = CliRun.of("pgn", "check", file);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).hasSize(2);
        assertThat(run.outLines().get(0)).startsWith(file + ": game 1, line 14:").contains("Kg2");
        assertThat(run.lastOutLine()).isEqualTo("games: 1, moves: 0, errors: 1");
    }

    @Test
    void totalsAddUpOverFilesAndReadGzip() throws IOException, URISyntaxException {
        Path gzipped = dir.resolve("games.pgn.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzipped))) {
            Files.copy(resource("lichess-user-export-8-games.pgn"), out);
        }
        CliRun plain = CliRun.of("pgn", "check", resource("lichess-user-export-8-games.pgn").toString());
        long movesInOneCopy = Long.parseLong(plain.lastOutLine().replaceAll(".*moves: (\\d+),.*", "$1"));

        CliRun run = CliRun.of("pgn", "check", resource("lichess-user-export-8-games.pgn").toString(),
                gzipped.toString(), resource("illegal-king-move.pgn").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.lastOutLine()).isEqualTo("games: 17, moves: " + 2 * movesInOneCopy + ", errors: 1");
    }

    @Test
    void aMissingFileIsAnErrorAndTheOthersAreStillChecked() throws URISyntaxException {
        Path missing = dir.resolve("missing.pgn");

        CliRun run = CliRun.of("pgn", "check", missing.toString(),
                resource("lichess-user-export-8-games.pgn").toString());

        // A path that is not there was mistyped: a usage error (2), said once every file is checked.
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.outLines().get(0)).isEqualTo(missing + ": cannot read: no such file or directory");
        assertThat(run.lastOutLine()).startsWith("games: 8, ").endsWith(", errors: 1");
        assertThat(run.err()).contains(missing + ": 0 games, 0 moves, 1 error").contains(": 8 games, ");
    }

    /**
     * Issue #14: an 800,000-ply game ended in an OutOfMemoryError. A game is now read only up to 100000 moves: past
     * that it is one error naming the game and the line, and the games after it are checked.
     */
    @Test
    void aGameTooLongIsOneErrorNamingTheGameAndLine() throws IOException {
        Path pgn = dir.resolve("long.pgn");
        Files.writeString(pgn, "1. e4 *\n\n[Event \"long\"]\n\n1. " + "Nf3 Nf6 Ng1 Ng8\n".repeat(25_001)
                + "*\n\n[Event \"after\"]\n\n1. d4 d5 *\n");

        CliRun run = CliRun.of("pgn", "check", pgn.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).containsExactly(pgn + ": game 2, line 25005:1: more than 100000 moves in one game"
                + " (variations included): too long to be a game", "games: 3, moves: 3, errors: 1");
    }

    /** Issue #14: a gzip bomb ended in an OutOfMemoryError; the gunzipped text is now bounded, with one line. */
    @Test
    void aGzipBombIsStoppedWithOneLine() throws IOException {
        Path bomb = dir.resolve("bomb.pgn.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb))) {
            byte[] zeros = new byte[1 << 20];
            java.util.Arrays.fill(zeros, (byte) '0');
            for (int i = 0; i < 70; i++) out.write(zeros);
        }

        CliRun run = CliRun.of("pgn", "check", bomb.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).containsExactly(bomb + ": cannot read: the gunzipped text grows past 67108864 bytes"
                + " (100 times the file's size, or 64 MiB): not a PGN archive, perhaps a gzip bomb",
                "games: 0, moves: 0, errors: 1");
    }

    /**
     * Issue #14: bytes that are not UTF-8 were read as Latin-1 without a word. They still are (PGN's own character
     * set is Latin-1), with a warning naming the file and the line.
     */
    @Test
    void latin1IsReadWithAWarningNamingTheLine() throws IOException {
        Path pgn = dir.resolve("latin1.pgn");
        Files.write(pgn, "[Event \"Open\"]\n[White \"M\u00fcller\"]\n\n1. e4 e5 *\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

        CliRun run = CliRun.of("pgn", "check", pgn.toString());

        assertThat(run.exitCode()).isZero();
        assertThat(run.lastOutLine()).isEqualTo("games: 1, moves: 2, errors: 0");
        assertThat(run.err()).contains(pgn + ": line 2: not valid UTF-8; its bytes that are not are read as Latin-1"
                + " (ISO-8859-1)");
    }

    @Test
    void noFileIsAUsageError() {
        CliRun run = CliRun.of("pgn", "check");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required parameter: 'FILE'").contains("Usage: marelle pgn check");
    }
}
