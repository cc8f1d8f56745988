package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {

    private static String resource(String name) throws URISyntaxException {
        return Path.of(SimulateCommandTest.class.getResource(name).toURI()).toString();
    }

    @Test
    void playsTheGamesAndEndsWithTheTotals() throws Exception {
        CliRun run = CliRun.of("simulate", "--pgn", resource("/recognition/games/pgn-parser_lichess_mliebelt_2024-01-03.pgn.gz"),
                "--profile", "noisy", "--seed", "7");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.lastOutLine()).isEqualTo("games: 8, plies: 604, correct: 604, wrong: 0, missed: 0, spurious: 0");
    }

    @Test
    void courierGamesFromJsonLines() throws Exception {
        CliRun run = CliRun.of("simulate", "--pgn", resource("/recognition/games/fsf11_courier_selfplay_games.jsonl.gz"),
                "--profile", "human", "--variant", "courier");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.lastOutLine()).startsWith("games: 12, ").endsWith("wrong: 0, missed: 0, spurious: 0");
    }

    @Test
    void variantSelectsGames() throws Exception {
        CliRun run = CliRun.of("simulate", "--pgn", resource("/recognition/games/pgn-parser_lichess_mliebelt_2024-01-03.pgn.gz"),
                "--variant", "chess960");
        assertThat(run.exitCode()).isZero();
        assertThat(run.lastOutLine()).isEqualTo("games: 0, plies: 0, correct: 0, wrong: 0, missed: 0, spurious: 0");
    }

    @Test
    void unknownProfileIsAUsageError() throws Exception {
        CliRun run = CliRun.of("simulate", "--pgn", "x.pgn", "--profile", "lazy");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown profile: 'lazy'");
    }

    @Test
    void missingFileIsReportedAndFails(@TempDir Path dir) {
        CliRun run = CliRun.of("simulate", "--pgn", dir.resolve("none.pgn").toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("none.pgn: cannot read: no such file");
    }

    @Test
    void wrongMovesAreListedAndTheTraceDumped(@TempDir Path dir) throws Exception {
        // A game whose record is not what was played cannot go wrong in the simulator; dumping is checked on a game
        // that passes: nothing is written.
        CliRun run = CliRun.of("simulate", "--pgn", resource("/recognition/games/pgn-parser_lichess_mliebelt_2024-01-03.pgn.gz"),
                "--profile", "clean", "--dump", dir.toString(), "--threads", "1");
        assertThat(run.exitCode()).isZero();
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }
}
