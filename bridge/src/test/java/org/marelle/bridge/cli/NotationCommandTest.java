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
    void keepsThePgnHeadersAndWritesToAFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("partie.txt");
        CliRun run = CliRun.of("notation", "--to", "fr", "--headers", "-o", out.toString(), resource("opera.pgn"));
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(Files.readString(out)).startsWith("[Event \"Paris it\"]\n[Site \"Paris\"]\n")
                .contains("[White \"Morphy, Paul \"]\n", "[Result \"1-0\"]\n", "\n\n1. e4 e5 2. Cf3 d6")
                .endsWith("17. Td8# 1-0\n")
                .doesNotContain("Game 1:");
        // A file that cannot be written: named, exit 1.
        CliRun bad = CliRun.of("notation", "--to", "fr", "-o", dir.resolve("no/such/folder/x.txt").toString(),
                resource("opera.pgn"));
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("-o " + dir.resolve("no/such/folder/x.txt") + ": cannot write");
    }

    @Test
    void enPassantMarkRaisedVandermondeAndCastlingInWords(@TempDir Path dir) throws Exception {
        Path pgn = Files.writeString(dir.resolve("ep.pgn"), "[Event \"t\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 Nc6 4. Nf3 e5 "
                + "5. Be2 Be7 6. O-O O-O *\n");
        assertThat(CliRun.of("notation", "--to", "fr", "--ep", pgn.toString()).out()).contains("3. exd6 e.p. Cc6");
        assertThat(CliRun.of("notation", "--to", "fr", pgn.toString()).out()).contains("3. exd6 Cc6");
        assertThat(CliRun.of("notation", "--to", "vandermonde", "--raised", pgn.toString()).out())
                .contains("1. 5⁷-5⁵ 7¹-6³");   // Vandermonde counts the ordonnées from the top
        // (Lines break between moves, never inside one.)
        assertThat(CliRun.of("notation", "--to", "descriptive-fr", "--castling-in-words", pgn.toString()).out())
                .contains("6. petit roque\npetit roque *");
        assertThat(CliRun.of("notation", "--to", "descriptive-en", "--castling-in-words", pgn.toString()).out())
                .contains("6. Castles Castles *");
        // A mark the notation does not have is a usage error that says which formats have it.
        CliRun wrong = CliRun.of("notation", "--to", "iccf", "--ep", pgn.toString());
        assertThat(wrong.exitCode()).isEqualTo(2);
        assertThat(wrong.err()).contains("--ep is for san, fr, de, es, it, nl or figurine, not iccf");
        CliRun fromWithMark = CliRun.of("notation", "--from", "fr", "--raised", "e4");
        assertThat(fromWithMark.exitCode()).isEqualTo(2);
        assertThat(fromWithMark.err()).contains("go with --to");
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

    /** Issue #14: a fullmove number at int's maximum printed the next move as "-2147483648."; now it is refused. */
    @Test
    void aMoveNumberTooLargeIsRefusedNotPrintedNegative(@TempDir Path dir) throws Exception {
        String fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2147483647";
        Path pgn = dir.resolve("far.pgn");
        Files.writeString(pgn, "[FEN \"" + fen + "\"]\n\n2147483647... e5 Nf3 *\n");

        CliRun file = CliRun.of("notation", "--to", "fr", pgn.toString());
        CliRun moves = CliRun.of("notation", "--from", "fr", "--fen", fen, "e5", "Cf3");

        assertThat(file.out()).doesNotContain("-2147483648");
        assertThat(file.err()).contains("fullmove number '2147483647' is too large (at most 99999)");
        assertThat(moves.exitCode()).isEqualTo(2);
        assertThat(moves.out()).doesNotContain("-2147483648");
        assertThat(moves.err()).contains("--fen: fullmove number '2147483647' is too large (at most 99999)");
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

    /** The opening of a Fairy-Stockfish self-play Courier game (rules test resources, courier/), every piece moving. */
    static final String COURIER_PGN = """
            [Event "Courier test"]
            [White "A"]
            [Black "B"]
            [Result "*"]
            [Variant "Courier"]

            1. d3 El6 2. Rl3 i6 3. Fh4 Na6 4. Fxg5 Nj6 5. Fh6 Ni4 6. Fi7 e6 7. Nj3 Wg8 8. e3
            Nxj2 9. Rk3 Nb4 10. Wg1 Nk4 11. Fh6 Bf6 12. d4 Ej8 13. Fi5 e5 14. g5 Bh8 15. c3
            Nd3 16. Bf3 c6 17. Nd2 j6 18. Me2 Nxb2 *

            [Event "Albers test"]
            [White "C"]
            [Black "D"]
            [Result "*"]
            [Variant "Courier-modern"]
            [SetUp "1"]
            [FEN "4k7/1P10/12/12/12/12/R11/5K6 w - - 0 1"]

            1. b8 Kd7 2. Ra3 Kc7 3. Ra4_b8=M+ *
            """;

    @Test
    void writesACourierGameInFrenchAndGerman(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("courier.pgn");
        Files.writeString(pgn, COURIER_PGN);

        CliRun fr = CliRun.of("notation", "--to", "fr", pgn.toString());
        assertThat(fr.exitCode()).as(fr.err()).isZero();
        assertThat(fr.outLines()).containsExactly(
                "Game 1: A - B (Courier test)",
                "1. d3 Fl6 2. Tl3 i6 3. Dh4 Ca6 4. Dxg5 Cj6 5. Dh6 Ci4 6. Di7 e6 7. Cj3 Bg8 8. e3",
                "Cxj2 9. Tk3 Cb4 10. Bg1 Ck4 11. Dh6 Cof6 12. d4 Fj8 13. Di5 e5 14. g5 Coh8",
                "15. c3 Cd3 16. Cof3 c6 17. Cd2 j6 18. Se2 Cxb2 *",
                "",
                "Game 2: C - D (Albers test)",
                "1. b8 Rd7 2. Ta3 Rc7 3. Ta4_b8=S+ *");

        CliRun de = CliRun.of("notation", "--to", "de", pgn.toString());
        assertThat(de.exitCode()).as(de.err()).isZero();
        assertThat(de.out()).contains("1. d3 Al6 2. Tl3 i6 3. Dh4 Sa6").contains("16. Lf3 c6 17. Sd2 j6 18. Me2 Sxb2 *")
                .contains("3. Ta4_b8=M+ *");

        for (String format : new String[] {"san", "es", "it", "nl", "figurine", "lan", "uci"}) {
            CliRun run = CliRun.of("notation", "--to", format, pgn.toString());
            assertThat(run.exitCode()).as(format + ": " + run.err()).isZero();
            assertThat(run.out()).as(format).contains("Game 1: A - B").contains("18. ").contains("Game 2: C - D");
        }
    }

    @Test
    void readsCourierMovesInFrench() {
        CliRun run = CliRun.of("notation", "--from", "fr", "--variant", "courier", "1. d3 Fl6 2. Tl3 i6 3. Dh4");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEqualTo("1. d3 El6 2. Rl3 i6 3. Fh4\n");
    }

    @Test
    void aCourierGameInAChessboardNotationIsAnErrorThatSaysWhy(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("courier.pgn");
        Files.writeString(pgn, COURIER_PGN);

        CliRun run = CliRun.of("notation", "--to", "iccf", pgn.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("ICCF numeric notation is only defined on an 8x8 chessboard, not on the 12x8"
                + " board of courier");
    }

    @Test
    void aMissingFileOrBrokenGameIsReportedAndTheRestWritten(@TempDir Path dir) throws Exception {
        Path pgn = dir.resolve("two.pgn");
        Files.writeString(pgn, "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"B\"]\n\n1. d4 d5 *\n");

        CliRun run = CliRun.of("notation", "--to", "fr", pgn.toString(), dir.resolve("missing.pgn").toString());

        assertThat(run.exitCode()).isEqualTo(2);   // a file that is not there is a usage error; the others written
        assertThat(run.out()).contains("Game 2: B - ?").contains("1. d4 d5 *");
        assertThat(run.err()).contains("Ke3").contains("missing.pgn: cannot read: no such file");
    }
}
