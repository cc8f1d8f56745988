package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.daemon.DemoRun;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.Move;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * {@code marelle demo} run in-process at a high speed: the daemon's threads run for real, on a clock that runs
 * thousands of times faster than real time (and waits for the simulated hands when their thread is late).
 */
class DemoCommandTest {

    @TempDir
    Path dir;

    private static PgnGame bundled() throws IOException {
        try (InputStream in = DemoCommand.class.getResourceAsStream(DemoCommand.BUNDLED)) {
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return ((PgnReader.Parsed) PgnReader.readAll(text).get(0)).game();
        }
    }

    private static PgnGame only(Path pgnFile) throws IOException {
        List<PgnReader.Entry> all = PgnReader.readAll(Files.readString(pgnFile));
        assertThat(all).hasSize(1);
        return ((PgnReader.Parsed) all.get(0)).game();
    }

    private static Path pgnPath(CliRun run) {
        String line = run.outLines().stream().filter(l -> l.startsWith("PGN: ")).reduce((a, b) -> b).orElseThrow();
        return Path.of(line.substring("PGN: ".length()));
    }

    @Test
    void theDemoPlaysTheBundledGameToTheEndAndExitsZero() throws IOException {
        CliRun run = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.outLines().get(1)).isEqualTo("writing to " + dir.toAbsolutePath());
        assertThat(run.outLines()).contains("move 1. e4", "move 12. O-O-O", "move 17. Rd8#", "result 1-0 (checkmate)",
                "game over: 1-0 (checkmate)");
        PgnGame source = bundled();
        PgnGame written = only(pgnPath(run));
        assertThat(written.mainline()).isEqualTo(source.mainline());
        // The source's tags, but not its stale ones: no empty Elo, no trailing space in a name.
        assertThat(source.tags()).containsEntry("White", "Morphy, Paul ").containsEntry("WhiteElo", "");
        assertThat(written.tags()).containsEntry("White", "Morphy, Paul").containsEntry("Event", "Paris it")
                .containsEntry("Result", "1-0").doesNotContainKeys("WhiteElo", "BlackElo");
        assertThat(written.result()).isEqualTo("1-0");
        assertThat(dir.resolve("round-unknown/games.pgn")).exists();
        assertThat(dir.resolve("state/current.journal")).exists();
    }

    @Test
    void runAgainOnAFinishedGameItSaysSoAndExitsZero() {
        assertThat(CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.toString()).exitCode()).isZero();
        CliRun again = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.toString());
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).contains("the game is already over: 1-0 (checkmate)");
    }

    @Test
    void anInterruptedDemoResumesFromItsJournal() throws IOException {
        // A demo cut off after ten plies: its journal holds them.
        PgnGame source = bundled();
        try (Journal j = Journal.open(dir.resolve("state"))) {
            GameSession s = GameSession.resume(j.events(), source.initial(), DemoRun.tagsOf(source), j,
                    () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
            for (Move m : source.mainline().subList(0, 10)) s.play(m);
        }
        CliRun run = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.toString());
        assertThat(run.exitCode()).as(run.out()).isZero();
        assertThat(run.out()).contains("at ply 10 from the journal");
        assertThat(run.outLines().stream().filter(l -> l.startsWith("move ")).toList())
                .hasSize(23).first().isEqualTo("move 6. Bc4");
        assertThat(only(pgnPath(run)).mainline()).isEqualTo(source.mainline());
    }

    @Test
    void anotherGameFromAFileWithItsResultEnteredWhenTheKingsCannotShowIt() throws IOException {
        Path file = dir.resolve("games.pgn");
        try (InputStream in = DemoCommandTest.class.getResourceAsStream("/daemon/real-games.pgn")) {
            Files.write(file, in.readAllBytes());
        }
        CliRun run = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.resolve("out").toString(), "--pgn", file.toString(),
                "--game", "2", "--profile", "noisy");
        assertThat(run.exitCode()).as(run.out()).isZero();
        // The dark centre squares the kings would need for 0-1 are taken (a pawn on e5): the arbiter enters it.
        assertThat(run.out()).contains("move 22... gxf1=R+", "result 0-1 (entered as in the source game)");
        PgnGame source = ((PgnReader.Parsed) PgnReader.readAll(Files.readString(file)).get(1)).game();
        assertThat(only(pgnPath(run)).mainline()).isEqualTo(source.mainline());
    }

    @Test
    void aFolderHoldingAnotherGameIsRefused() throws IOException {
        Path file = dir.resolve("games.pgn");
        try (InputStream in = DemoCommandTest.class.getResourceAsStream("/daemon/real-games.pgn")) {
            Files.write(file, in.readAllBytes());
        }
        assertThat(CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.resolve("out").toString()).exitCode()).isZero();
        CliRun other = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.resolve("out").toString(), "--pgn",
                file.toString());
        assertThat(other.exitCode()).isEqualTo(1);
        // Issue #14: the game in the folder was shown as "GameRecord[...]", a Java record's name.
        assertThat(other.out()).containsPattern("holds another game \\(game \\d{8}-\\d{6}, \\d+ plies, 1-0\\)")
                .doesNotContain("GameRecord");
    }

    /** Issue #14: an --out that cannot be used ended in a stack trace; now one line with the reason. */
    @Test
    void anOutFolderThatIsAFileIsOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "");
        CliRun run = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", file.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("error: cannot start: --out '" + file + "': exists and is not a directory");
        assertThat(run.out() + run.err()).doesNotContain("Exception").doesNotContain("\tat ");
        CliRun folder = CliRun.of("demo", "--pgn", dir.toString());
        assertThat(folder.exitCode()).isEqualTo(2);
        assertThat(folder.err()).contains("--pgn '" + dir + "': is a directory").doesNotContain("Exception");
    }

    @Test
    void badOptionsAreUsageErrors() {
        CliRun zero = CliRun.of("demo", "--speed", "0", "--out", dir.toString());
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(zero.err()).contains("--speed must be above 0");
        CliRun missing = CliRun.of("demo", "--pgn", dir.resolve("nope.pgn").toString(), "--out", dir.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file");
        CliRun profile = CliRun.of("demo", "--profile", "sloppy", "--out", dir.toString());
        assertThat(profile.exitCode()).isEqualTo(2);
        assertThat(profile.err()).contains("unknown profile: 'sloppy'");
        CliRun game = CliRun.of("demo", "--game", "5", "--out", dir.toString());
        assertThat(game.exitCode()).isEqualTo(2);
        assertThat(game.err()).contains("has 1 game(s), no game 5");
        CliRun port = CliRun.of("demo", "--http-port", "70000", "--out", dir.toString());
        assertThat(port.exitCode()).isEqualTo(2);
        assertThat(port.err()).contains("--http-port must be between 0 and 65535, not 70000");
        CliRun stay = CliRun.of("demo", "--no-http", "--stay", "--out", dir.toString());
        assertThat(stay.exitCode()).isEqualTo(2);
        assertThat(stay.err()).contains("--stay keeps the viewer up; it cannot go with --no-http");
        CliRun mqtt = CliRun.of("demo", "--mqtt", "http://hub:1883", "--out", dir.toString());
        assertThat(mqtt.exitCode()).isEqualTo(2);
        assertThat(mqtt.err()).contains("--mqtt: 'http://hub:1883' is not tcp://HOST:PORT or ssl://HOST:PORT");
        CliRun board = CliRun.of("demo", "--board", "table 3", "--out", dir.toString());
        assertThat(board.exitCode()).isEqualTo(2);
        assertThat(board.err()).contains("--board: board id 'table 3' must be");
    }

    @Test
    void theDemoPrintsTheViewerAddressAndStillExitsZeroWhenTheGameIsOver() {
        CliRun run = CliRun.of("demo", "--http-port", "0", "--speed", "5000", "--out", dir.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.outLines()).anySatisfy(l -> assertThat(l).matches("live broadcast: http://127\\.0\\.0\\.1:\\d+/ .*"));
        CliRun off = CliRun.of("demo", "--no-http", "--speed", "5000", "--out", dir.resolve("off").toString());
        assertThat(off.exitCode()).as(off.out() + off.err()).isZero();
        assertThat(off.outLines()).noneMatch(l -> l.contains("live broadcast"));
    }

    @Test
    void theBundledCourierGameIsPlayedOnTheTwelveFileBoard() throws IOException {
        CliRun run = CliRun.of("demo", "--variant", "courier", "--no-http", "--speed", "5000", "--out", dir.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.outLines()).contains("game over: 0-1 (checkmate)");
        PgnGame written = only(pgnPath(run));
        assertThat(written.initial().variant().name()).isEqualTo("courier");
        assertThat(written.mainline()).hasSize(120);
    }

    @Test
    void demoOptionsThatCannotGoTogetherAreRefused() {
        CliRun a = CliRun.of("demo", "--variant", "chess960", "--no-http", "--out", dir.toString());
        assertThat(a.exitCode()).isEqualTo(2);
        assertThat(a.err()).contains("--variant: no bundled chess960 game; play one with --engine, or give --pgn");
        CliRun b = CliRun.of("demo", "--engine", "/nonexistent/engine", "--no-http", "--out", dir.toString());
        assertThat(b.exitCode()).isEqualTo(2);
        assertThat(b.err()).contains("--engine: engine '/nonexistent/engine' not found: install one with 'sudo apt install"
                + " stockfish fairy-stockfish', or give the engine's full path");
        CliRun c = CliRun.of("demo", "--engine", "stockfish", "--time-control", "5 min", "--no-http", "--out", dir.toString());
        assertThat(c.exitCode()).isEqualTo(2);
        assertThat(c.err()).contains("--time-control: time control '5 min'");
    }

    @Test
    void withoutOutTheDemoWritesUnderTheUsersCacheFolderNotWhereItRuns() {
        String home = System.getProperty("user.home");
        System.setProperty("user.home", dir.toString());
        try {
            CliRun run = CliRun.of("demo", "--no-http", "--speed", "5000");
            assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
            String xdg = System.getenv("XDG_CACHE_HOME");
            Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : dir.resolve(".cache");
            assertThat(run.outLines().get(1)).startsWith("writing to " + cache.resolve("marelle").toAbsolutePath() + "/demo-");
        } finally {
            System.setProperty("user.home", home);
        }
    }
}
