package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    void scanRateAndDebounceOverrideTheProfiles() throws Exception {
        String games = resource("/recognition/games/pgn-parser_lichess_mliebelt_2024-01-03.pgn.gz");
        CliRun reed = CliRun.of("simulate", "--pgn", games, "--profile", "reed", "--threads", "1");
        assertThat(reed.err()).contains("sensors: 50 Hz, debounce 2 scan(s)");
        CliRun noisy = CliRun.of("simulate", "--pgn", games, "--profile", "noisy", "--threads", "1");
        assertThat(noisy.err()).contains("sensors: 40 Hz, debounce 1 scan(s)");
        // The textbook player on the daemon's own scanning: every move committed; stalled is printed before the totals.
        CliRun clean = CliRun.of("simulate", "--pgn", games, "--profile", "clean", "--scan-hz", "50", "--debounce", "2");
        assertThat(clean.err()).contains("sensors: 50 Hz, debounce 2 scan(s)");
        assertThat(clean.exitCode()).as(clean.out() + clean.err()).isZero();
        List<String> lines = clean.out().lines().toList();
        assertThat(lines.subList(lines.size() - 2, lines.size())).containsExactly("stalled: 0",
                "games: 8, plies: 604, correct: 604, wrong: 0, missed: 0, spurious: 0");
    }

    @Test
    void unansweredQuestionsAreLeftUnanswered() throws Exception {
        // Morphy's games under `swap` at 24 Hz, seeded by their place in this file: the board asks, and nobody
        // answering, it follows a game only as far as the moves after tell the stories apart.
        String games = resource("/recognition/games/chesslib_Morphy_UTF8.pgn.gz");
        CliRun unanswered = CliRun.of("simulate", "--pgn", games, "--profile", "swap", "--scan-hz", "24", "--unanswered");
        assertThat(unanswered.out()).containsPattern("questions: [1-9][0-9]* \\(.*the simulated player never answered\\)");
        assertThat(unanswered.lastOutLine()).contains("wrong: 0, ");
        CliRun answered = CliRun.of("simulate", "--pgn", games, "--profile", "swap", "--scan-hz", "24");
        assertThat(answered.out()).contains("touched the square of the game's");
        assertThat(stalled(answered)).isLessThan(stalled(unanswered));
    }

    private static int stalled(CliRun run) {
        return run.out().lines().filter(l -> l.startsWith("stalled: ")).mapToInt(l -> Integer.parseInt(l.substring(9)))
                .findFirst().orElseThrow();
    }

    @Test
    void badScanRatesAndDebouncesAreUsageErrors() {
        for (String[] bad : new String[][] {{"--scan-hz", "0"}, {"--scan-hz", "1001"}, {"--scan-hz", "fast"},
                {"--debounce", "0"}, {"--debounce", "51"}, {"--debounce", "-1"}}) {
            CliRun run = CliRun.of("simulate", "--pgn", "x.pgn", bad[0], bad[1]);
            assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(run.err()).as(String.join(" ", bad)).contains(bad[0]);
        }
    }

    @Test
    void theHelpListsEveryProfile() {
        CliRun run = CliRun.of("simulate", "--help");
        assertThat(run.exitCode()).isZero();
        for (String p : List.of("clean", "human", "noisy", "blitz", "reed", "hall", "swap", "drag", "--scan-hz", "--debounce",
                "--unanswered")) {
            assertThat(run.out()).as(p).contains(p);
        }
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
        assertThat(run.exitCode()).isEqualTo(2);   // a file that is not there is a usage error
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
