package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// Expected counts are published perft results (see src/test/resources/perft/PROVENANCE.md).
class PerftCommandTest {

    private static final String KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    @TempDir
    Path dir;

    private static String resource(String name) throws URISyntaxException {
        return Path.of(PerftCommandTest.class.getResource("/perft/" + name).toURI()).toString();
    }

    @Test
    void countsTheStartPositionWithTheCountAloneOnTheLastLine() {
        CliRun run = CliRun.of("perft", "--depth", "3");

        assertThat(run.exitCode()).isZero();
        assertThat(run.lastOutLine()).isEqualTo("8902");
    }

    @Test
    void countsAFenPosition() {
        CliRun run = CliRun.of("perft", "--variant", "standard", "--fen", KIWIPETE, "--depth", "2");

        assertThat(run.exitCode()).isZero();
        assertThat(run.lastOutLine()).isEqualTo("2039");
    }

    @Test
    void countsAChess960Position() {
        // The first position of Ethereal's fischer.epd, in Shredder-FEN.
        CliRun run = CliRun.of("perft", "--variant", "chess960",
                "--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "--depth", "2");

        assertThat(run.exitCode()).isZero();
        assertThat(run.lastOutLine()).isEqualTo("528");
    }

    @Test
    void countsTheCourierVariants() {
        // Fairy-Stockfish's Courier perft: 26, 678, 18406 from the start.
        CliRun courier = CliRun.of("perft", "--variant", "courier", "--depth", "3");
        assertThat(courier.exitCode()).isZero();
        assertThat(courier.lastOutLine()).isEqualTo("18406");
        // The eight plies of the opening jumps: 12 orders for each side.
        CliRun jumps = CliRun.of("perft", "--variant", "courier-jumps", "--depth", "8");
        assertThat(jumps.lastOutLine()).isEqualTo("144");
        CliRun modern = CliRun.of("perft", "--variant", "Courier-Modern", "--depth", "1");
        assertThat(modern.lastOutLine()).isEqualTo("36");
        CliRun divide = CliRun.of("perft", "--variant", "courier", "--depth", "1", "--divide");
        assertThat(divide.outLines()).contains("g3h4: 1", "k1l3: 1");
    }

    @Test
    void dividePrintsOneLinePerMoveThenABlankLineThenTheTotal() {
        CliRun run = CliRun.of("perft", "--depth", "2", "--divide");

        assertThat(run.exitCode()).isZero();
        List<String> lines = run.outLines();
        assertThat(lines).hasSize(20 + 2);
        List<String> moves = lines.subList(0, 20);
        assertThat(moves).allMatch(line -> line.matches("[a-h][1-8][a-h][1-8]: 20"));
        assertThat(moves).contains("e2e4: 20", "g1f3: 20").isSorted();
        assertThat(lines.get(20)).isEmpty();
        assertThat(lines.get(21)).isEqualTo("400");
    }

    @Test
    void divideTotalsMatchPerft() {
        CliRun run = CliRun.of("perft", "--fen", KIWIPETE, "--depth", "2", "--divide");

        List<String> lines = run.outLines();
        long sum = lines.subList(0, lines.size() - 2).stream()
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(": ") + 2))).sum();
        assertThat(lines).hasSize(48 + 2);
        assertThat(sum).isEqualTo(2039);
        assertThat(run.lastOutLine()).isEqualTo("2039");
    }

    @Test
    void suiteReportsTheWrongCountAndFails() throws URISyntaxException {
        CliRun run = CliRun.of("perft", "--epd", resource("suite-with-one-wrong-count.epd"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).containsExactly(
                "line 6: depth 3: expected 1198, got 1197: 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                "positions: 5, checks: 14, failed: 1");
        assertThat(run.err()).contains("[5/5] line 10");
    }

    @Test
    void suiteUpToAMaxDepthPasses() throws URISyntaxException {
        CliRun run = CliRun.of("perft", "--epd", resource("suite-with-one-wrong-count.epd"), "--max-depth", "2");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).containsExactly("positions: 5, checks: 10, failed: 0");
    }

    @Test
    void aBadFenInASuiteIsAFailureOfItsLine() throws IOException {
        Path suite = dir.resolve("bad.epd");
        Files.writeString(suite, """
                # header
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20
                rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1 ;D1 20
                """);

        CliRun run = CliRun.of("perft", "--epd", suite.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.outLines()).hasSize(2);
        assertThat(run.outLines().get(0)).startsWith("line 3: bad FEN: ").endsWith("RNBQKBNZ w KQkq - 0 1");
        assertThat(run.lastOutLine()).isEqualTo("positions: 2, checks: 1, failed: 1");
    }

    /** Issue #14: a missing suite said "java.nio.file.NoSuchFileException: FILE"; now the reason in words. */
    @Test
    void aMissingSuiteIsNamedInWords() {
        Path missing = dir.resolve("none.epd");
        CliRun run = CliRun.of("perft", "--epd", missing.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Cannot read --epd " + missing + ": no such file or directory")
                .doesNotContain("Exception");
    }

    @Test
    void aMalformedCountFieldNamesItsLine() throws IOException {
        Path suite = dir.resolve("malformed.epd");
        Files.writeString(suite, "8/8/8/8/8/8/8/K6k w - - ;D1 3\n8/8/8/8/8/8/8/K6k w - - ;D1 three\n");

        CliRun run = CliRun.of("perft", "--epd", suite.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("malformed.epd: line 2: ").contains("'D1 three'");
    }

    @Test
    void anUnknownVariantIsAUsageError() {
        CliRun run = CliRun.of("perft", "--variant", "crazyhouse", "--depth", "1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("unknown variant").contains("crazyhouse").contains("Usage:");
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        CliRun run = CliRun.of("perft", "--depht", "3");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("'--depht'").contains("Possible solutions: --depth").contains("Usage:");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aMissingDepthIsAUsageError() {
        CliRun run = CliRun.of("perft");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing --depth");
    }

    @Test
    void aNegativeDepthIsAUsageError() {
        CliRun run = CliRun.of("perft", "--depth", "-1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--depth must be at least 0");
    }

    @Test
    void aBadFenArgumentIsAUsageError() {
        CliRun run = CliRun.of("perft", "--fen", "not a fen", "--depth", "1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Invalid value for option '--fen'");
    }

    @Test
    void fenAndEpdTogetherAreAUsageError() {
        CliRun run = CliRun.of("perft", "--fen", KIWIPETE, "--epd", "x.epd");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("mutually exclusive");
    }

    @Test
    void depthWithEpdIsAUsageError() {
        CliRun run = CliRun.of("perft", "--epd", "x.epd", "--depth", "2");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("with --epd use --max-depth");
    }
}
