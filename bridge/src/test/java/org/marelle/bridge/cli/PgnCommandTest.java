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

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines().get(0)).isEqualTo(missing + ": cannot read: no such file");
        assertThat(run.lastOutLine()).startsWith("games: 8, ").endsWith(", errors: 1");
    }

    @Test
    void noFileIsAUsageError() {
        CliRun run = CliRun.of("pgn", "check");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing required parameter: 'FILE'").contains("Usage: marelle pgn check");
    }
}
