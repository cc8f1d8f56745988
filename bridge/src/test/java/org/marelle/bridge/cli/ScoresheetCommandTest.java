package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScoresheetCommandTest {

    @Test
    void textInFrenchByDefault() {
        CliRun run = CliRun.of("scoresheet", NotationCommandTest.resource("ecc2018-malikentzos-kosic.pgn"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("FEUILLE DE NOTATION").contains("Blancs : Malikentzos, Sotirios")
                .contains("  40  Tc7 (=)     Td7").contains("[X] ½-½").contains("Signature des Noirs");
    }

    @Test
    void htmlInEnglishToAFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("sheet.html");
        CliRun run = CliRun.of("scoresheet", NotationCommandTest.resource("opera.pgn"), "--lang", "en", "--format",
                "html", "--output", out.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(Files.readString(out, StandardCharsets.UTF_8)).startsWith("<!DOCTYPE html>")
                .contains("Score sheet").contains("Morphy, Paul").contains("<td>Rd8#</td>");
    }

    @Test
    void oneGameOfAFile(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("two.pgn");
        Files.writeString(pgn, "[White \"Anna\"]\n\n1. e4 e5 *\n\n[White \"Bertha\"]\n\n1. d4 d5 1-0\n");

        CliRun run = CliRun.of("scoresheet", pgn.toString(), "--game", "2");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("Bertha").doesNotContain("Anna").contains("[X] 1-0");
        assertThat(CliRun.of("scoresheet", pgn.toString(), "--game", "3").exitCode()).isEqualTo(1);
    }

    /** Issue #14: a FEN tag's fullmove number at int's maximum crashed the sheet; it is now a bad FEN tag. */
    @Test
    void aMoveNumberTooLargeIsAnErrorNamingTheField(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("far.pgn");
        Files.writeString(pgn, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2147483647\"]\n\n"
                + "2147483647... e5 Nf3 Nc6 *\n");

        CliRun run = CliRun.of("scoresheet", pgn.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("far.pgn: game 1, line 1:6: bad FEN tag",
                "fullmove number '2147483647' is too large (at most 99999)").doesNotContain("Exception");
    }

    @Test
    void usageErrors() {
        assertThat(CliRun.of("scoresheet", "x.pgn", "--lang", "de").exitCode()).isEqualTo(2);
        assertThat(CliRun.of("scoresheet", "x.pgn", "--format", "pdf").exitCode()).isEqualTo(2);
        CliRun missing = CliRun.of("scoresheet", "no-such-file.pgn");
        assertThat(missing.exitCode()).isEqualTo(2);   // a file that is not there is a usage error
        assertThat(missing.err()).contains("no-such-file.pgn: cannot read: no such file");
    }
}
