package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotationCommandTest {

    static String resource(String name) {
        try {
            return Path.of(NotationCommandTest.class.getResource("/scoresheet/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void writesAGameInFrench() {
        CliRun run = CliRun.of("notation", "--to", "fr", resource("opera.pgn"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.outLines()).containsExactly(
                "Game 1: Morphy, Paul  - Duke Karl Count Isouard (Paris it, 1858.??.??)",
                "1. e4 e5 2. Cf3 d6 3. d4 Fg4 4. dxe5 Fxf3 5. Dxf3 dxe5 6. Fc4 Cf6 7. Db3 De7",
                "8. Cc3 c6 9. Fg5 b5 10. Cxb5 cxb5 11. Fxb5+ Cbd7 12. O-O-O Td8 13. Txd7 Txd7",
                "14. Td1 De6 15. Fxd7+ Cxd7 16. Db8+ Cxb8 17. Td8# 1-0");
    }

    @Test
    void writesDescriptiveWithDrawOffers() {
        CliRun run = CliRun.of("notation", "--to", "descriptive-en", resource("ecc2018-malikentzos-kosic.pgn"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("Game 1: Malikentzos, Sotirios - Kosic, Dragan (ECC 2018 Open, 2018.10.14)\n"
                + "1. P-KN3 P-QB4 2. B-N2 N-QB3 3. P-QB4 P-KN3")
                .contains("40. R-B7 (=) R-Q2").contains("88. K-N8 1/2-1/2");
    }

    @Test
    void severalFilesAndFormats() {
        for (String format : new String[] {"san", "de", "es", "it", "nl", "figurine", "lan", "uci", "iccf",
                "vandermonde", "descriptive-fr"}) {
            CliRun run = CliRun.of("notation", "--to", format, resource("opera.pgn"),
                    resource("ecc2018-malikentzos-kosic.pgn"));
            assertThat(run.exitCode()).as(format + ": " + run.err()).isZero();
            assertThat(run.out()).as(format).contains("Game 1: Morphy").contains("\n\nGame 1: Malikentzos");
        }
        assertThat(CliRun.of("notation", "--to", "iccf", resource("opera.pgn")).out())
                .contains("1. 5254 5755 2. 7163 4746");
    }

    @Test
    void readsMovesAndPrintsSan() {
        CliRun fr = CliRun.of("notation", "--from", "fr", "1.", "e4", "e5", "2.", "Cf3", "(=)", "Cc6", "3.", "Fb5");
        assertThat(fr.exitCode()).as(fr.err()).isZero();
        assertThat(fr.out()).isEqualTo("1. e4 e5 2. Nf3 (=) Nc6 3. Bb5\n");

        CliRun descriptive = CliRun.of("notation", "--from", "descriptive-en", "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5");
        assertThat(descriptive.out()).isEqualTo("1. e4 e5 2. Nf3 Nc6 3. Bb5\n");

        CliRun iccf = CliRun.of("notation", "--from", "iccf", "5254", "5755", "1-0");
        assertThat(iccf.out()).isEqualTo("1. e4 e5 1-0\n");

        CliRun fromFen = CliRun.of("notation", "--from", "vandermonde", "--fen", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
                "51-41", "57-55");
        assertThat(fromFen.exitCode()).as(fromFen.err()).isZero();
        assertThat(fromFen.out()).isEqualTo("1... Kd8 2. e4\n");
    }

    @Test
    void aBadMoveIsAnErrorThatSaysWhich() {
        CliRun run = CliRun.of("notation", "--from", "fr", "e4", "e5", "Cf6");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("move 2. 'Cf6'").contains("not a legal move");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void usageErrors() {
        CliRun unknown = CliRun.of("notation", "--to", "klingon", "x.pgn");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown notation 'klingon'").contains("descriptive-fr");

        CliRun both = CliRun.of("notation", "--to", "fr", "--from", "fr", "e4");
        assertThat(both.exitCode()).isEqualTo(2);

        CliRun neither = CliRun.of("notation", "e4");
        assertThat(neither.exitCode()).isEqualTo(2);

        CliRun fen = CliRun.of("notation", "--from", "fr", "--fen", "not a fen", "e4");
        assertThat(fen.exitCode()).isEqualTo(2);
        assertThat(fen.err()).contains("--fen");
    }

    @Test
    void aMissingFileOrBrokenGameIsReportedAndTheRestWritten(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("two.pgn");
        Files.writeString(pgn, "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"B\"]\n\n1. d4 d5 *\n");

        CliRun run = CliRun.of("notation", "--to", "fr", pgn.toString(), dir.resolve("missing.pgn").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("Game 2: B - ?").contains("1. d4 d5 *");
        assertThat(run.err()).contains("Ke3").contains("missing.pgn: cannot read: no such file");
    }
}
