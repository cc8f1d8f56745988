package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The writer's export format. */
class PgnWriterTest {

    private static PgnGame read(String pgn) {
        return ((PgnReader.Parsed) PgnReader.readAll(pgn).getFirst()).game();
    }

    @Test
    void sevenTagRosterFirstThenTheOthersInOrder() {
        PgnGame g = read("""
                [WhiteElo "2700"]
                [Black "B"]
                [Event "E"]
                [ECO "C20"]
                [White "W"]

                1. e4 e5 1/2-1/2
                """);
        assertThat(g.toPgn()).isEqualTo("""
                [Event "E"]
                [Site "?"]
                [Date "????.??.??"]
                [Round "?"]
                [White "W"]
                [Black "B"]
                [Result "1/2-1/2"]
                [WhiteElo "2700"]
                [ECO "C20"]

                1. e4 e5 1/2-1/2
                """);
    }

    @Test
    void tagValuesAreEscaped() {
        PgnGame g = PgnGame.of(Map.of("Event", "a \"quoted\" \\ name"), Position.start(Variant.STANDARD), List.of(),
                "*");
        assertThat(g.toPgn()).startsWith("[Event \"a \\\"quoted\\\" \\\\ name\"]\n");
    }

    @Test
    void strictSanWithChecksAndMateWhateverTheSourceWrote() {
        PgnGame g = read("1. e2e4 e7e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0");
        assertThat(movetext(g)).isEqualTo("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0");
    }

    @Test
    void commentsNagsAndVariationsWithBlackMoveNumbers() {
        PgnGame g = read("{Start} 1. e4 $1 {best by test} e5 (1... c5 $5 {Sicilian} 2. Nf3) ({Or} 1... e6) "
                + "2. Nf3 (2. f4 exf4) 2... Nc6 *");
        assertThat(movetext(g).replace('\n', ' ')).isEqualTo("{Start} 1. e4 $1 {best by test} 1... e5 "
                + "(1... c5 $5 {Sicilian} 2. Nf3) ({Or} 1... e6) 2. Nf3 (2. f4 exf4) 2... Nc6 *");
    }

    @Test
    void aBlackStartIsNumberedWithDots() {
        PgnGame g = read("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n40... Kd7 41. e4 Ke6 *");
        assertThat(g.toPgn()).contains("[SetUp \"1\"]", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]")
                .endsWith("\n\n40... Kd7 41. e4 Ke6 *\n");
    }

    @Test
    void aNonStandardStartGetsSetUpAndFen() {
        Position p = Position.fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        PgnGame g = PgnGame.of(new LinkedHashMap<>(), p, List.of(p.parseSan("e4")), "*");
        String text = g.toPgn();
        assertThat(text).contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n");
        assertThat(read(text).initial()).isEqualTo(p);
    }

    @Test
    void chess960GamesGetTheirVariantAndFen() {
        Position p = Variant.CHESS960.chess960Position(0);
        PgnGame g = PgnGame.of(Map.of(), p, List.of(p.parseSan("e4")), "*");
        String text = g.toPgn();
        assertThat(text).contains("[Variant \"Chess960\"]", "[FEN \"" + p.fen() + "\"]");
        PgnGame back = read(text);
        assertThat(back.initial()).isEqualTo(p);
        assertThat(back.initial().variant()).isSameAs(Variant.CHESS960);
    }

    @Test
    void nullMovesAreWrittenAsDashes() {
        assertThat(movetext(read("1. e4 Z0 2. d4 *"))).isEqualTo("1. e4 -- 2. d4 *");
    }

    @Test
    void linesWrapAtEightyColumnsBetweenWords() {
        PgnGame g = read("1. e4 {" + "word ".repeat(60) + "} e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 "
                + "6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *");
        String text = g.toPgn();
        List<String> lines = text.lines().dropWhile(l -> !l.isEmpty()).skip(1).toList();
        assertThat(lines).hasSizeGreaterThan(3).allMatch(l -> l.length() <= PgnWriter.LINE_WIDTH);
        assertThat(lines).noneMatch(l -> l.startsWith(" ") || l.endsWith(" "));
        assertThat(PgnTestData.shape(read(text))).isEqualTo(PgnTestData.shape(g));
    }

    @Test
    void bracesAndBackslashesInCommentsSurviveTheTrip() {
        GameNode root = GameNode.root();
        Position start = Position.start(Variant.STANDARD);
        GameNode e4 = root.addChild(start.parseSan("e4"), null);
        e4.addCommentAfter("a } brace, a \\ backslash, \\} both, and an end \\");
        PgnGame g = new PgnGame(Map.of(), start, root, "*");
        PgnGame back = read(g.toPgn());
        assertThat(back.root().variations().getFirst().commentsAfter())
                .containsExactly("a } brace, a \\ backslash, \\} both, and an end \\");
    }

    @Test
    void aWordStartingWithPercentNeverStartsALine() {
        GameNode root = GameNode.root();
        Position start = Position.start(Variant.STANDARD);
        GameNode e4 = root.addChild(start.parseSan("e4"), null);
        e4.addCommentAfter("x".repeat(70) + " %looks-like-an-escape");
        PgnGame g = new PgnGame(Map.of(), start, root, "*");
        assertThat(g.toPgn().lines()).noneMatch(l -> l.startsWith("%"));
        assertThat(read(g.toPgn()).root().variations().getFirst().commentsAfter())
                .extracting(PgnTestData::collapse).containsExactly("x".repeat(70) + " %looks-like-an-escape");
    }

    @Test
    void gamesAreSeparatedByABlankLine() {
        List<PgnGame> games = List.of(read("1. e4 1-0"), read("1. d4 0-1"));
        StringBuilder sb = new StringBuilder();
        PgnWriter.writeAll(games, sb);
        assertThat(sb.toString()).contains("1. e4 1-0\n\n[Event \"?\"]").endsWith("1. d4 0-1\n");
        assertThat(PgnReader.readAll(sb.toString())).hasSize(2);
    }

    @Test
    void deepVariationsAndLongGamesAreWritten() {
        Position p = Position.start(Variant.STANDARD);
        List<Move> moves = new ArrayList<>();
        String[] shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
        for (int i = 0; i < 400; i++) {
            Move m = p.parseSan(shuffle[i % 4]);
            moves.add(m);
            p = p.play(m);
        }
        PgnGame g = PgnGame.of(Map.of(), Position.start(Variant.STANDARD), moves, "1/2-1/2");
        assertThat(read(g.toPgn()).mainline()).isEqualTo(moves);
    }

    /** The movetext of a written game, line breaks kept. */
    private static String movetext(PgnGame g) {
        String text = g.toPgn();
        return text.substring(text.indexOf("\n\n") + 2).stripTrailing();
    }

    @Test
    void clockCommandsAreNeverBrokenAcrossLines() {
        StringBuilder pgn = new StringBuilder("[Event \"Clocks\"]\n\n");
        org.marelle.rules.Position p = org.marelle.rules.Position.start(org.marelle.rules.Variant.STANDARD);
        String[] sans = {"Nf3", "Nf6", "Ng1", "Ng8"};
        for (int i = 0; i < 40; i++) {
            String san = sans[i % 4];
            pgn.append(i % 2 == 0 ? (i / 2 + 1) + ". " : "").append(san)
                    .append(" { ").append("o".repeat(1 + i % 7)).append(" [%eval 0.1").append(i).append("] [%clk 1:2")
                    .append(i % 10).append(":0").append(i % 10).append("] } ");
        }
        pgn.append("*");
        PgnGame game = ((PgnReader.Parsed) PgnReader.readAll(pgn.toString()).get(0)).game();
        String written = PgnWriter.toPgn(game);
        for (String line : written.split("\n")) {
            assertThat(line.length()).isLessThanOrEqualTo(PgnWriter.LINE_WIDTH);
            // Every opened command closes on its own line.
            assertThat(line.chars().filter(ch -> ch == '[').count()).isEqualTo(line.chars().filter(ch -> ch == ']').count());
        }
        assertThat(written).contains("[%clk 1:20:00]", "[%clk 1:29:09]");
    }
}
