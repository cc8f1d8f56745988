package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The reader, one PGN feature at a time, and its error messages. */
class PgnReaderTest {

    private static List<PgnReader.Entry> read(String pgn) {
        return PgnReader.readAll(pgn);
    }

    /** The only game of the text, which must parse. */
    private static PgnGame game(String pgn) {
        List<PgnReader.Entry> entries = read(pgn);
        assertThat(entries).hasSize(1);
        assertThat(entries.getFirst()).isInstanceOf(PgnReader.Parsed.class);
        return ((PgnReader.Parsed) entries.getFirst()).game();
    }

    /** The only error of the text. */
    private static PgnError error(String pgn) {
        List<PgnError> errors = read(pgn).stream()
                .filter(e -> e instanceof PgnReader.Failed)
                .map(e -> ((PgnReader.Failed) e).error())
                .toList();
        assertThat(errors).hasSize(1);
        return errors.getFirst();
    }

    private static final String SCHOLAR = """
            [Event "Casual"]
            [Site "Paris"]
            [Date "2024.01.02"]
            [Round "1"]
            [White "A"]
            [Black "B"]
            [Result "1-0"]
            [WhiteElo "1500"]
            [Annotator "Z"]

            1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
            """;

    @Nested
    class Tags {

        @Test
        void keepsAllTagsInTheOrderRead() {
            PgnGame g = game(SCHOLAR);
            assertThat(g.tags().keySet()).containsExactly("Event", "Site", "Date", "Round", "White", "Black",
                    "Result", "WhiteElo", "Annotator");
            assertThat(g.tags()).containsEntry("WhiteElo", "1500");
        }

        @Test
        void tagsAreReadOnly() {
            assertThatThrownBy(() -> game(SCHOLAR).tags().put("X", "y"))
                    .isInstanceOf(UnsupportedOperationException.class);
        }

        @Test
        void escapedQuotesAndBackslashes() {
            PgnGame g = game("[White \"Dr. \\\"X\\\" \\\\ Y\"]\n[Black \"a\\b\"]\n*");
            assertThat(g.tags()).containsEntry("White", "Dr. \"X\" \\ Y").containsEntry("Black", "a\\b");
        }

        @Test
        void severalTagsOnOneLineAndTagsWithMoves() {
            PgnGame g = game("[White \"A\"] [Black \"B\"] 1. e4 e5 *");
            assertThat(g.tags()).containsOnlyKeys("White", "Black");
            assertThat(g.mainlineSan()).containsExactly("e4", "e5");
        }

        @Test
        void aBlankLineInsideTheTagSection() {
            PgnGame g = game("[Event \"E\"]\n\n[Site \"S\"]\n\n1. d4 *");
            assertThat(g.tags()).containsOnlyKeys("Event", "Site");
        }

        @Test
        void tagValuesAreKeptAsWritten() {
            assertThat(game("[Event \" spaced  \"]\n*").tags()).containsEntry("Event", " spaced  ");
        }
    }

    @Nested
    class Movetext {

        @Test
        void moveNumbersInAllForms() {
            PgnGame g = game("1.e4 1...e5 2. Nf3 2... Nc6 3 Bb5 3.. a6 4. ... Ba4 *");
            assertThat(g.mainlineSan()).containsExactly("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4");
        }

        @Test
        void theMoveAsReadIsKept() {
            PgnGame g = game("1. e4! e5?! 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7+ *");
            List<GameNode> line = mainNodes(g);
            assertThat(line).extracting(GameNode::san).containsExactly("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7+");
            assertThat(g.mainlineSan()).endsWith("Qxf7#");
        }

        @Test
        void resultTokens() {
            assertThat(game("1. e4 1-0").result()).isEqualTo("1-0");
            assertThat(game("1. e4 0-1").result()).isEqualTo("0-1");
            assertThat(game("1. e4 1/2-1/2").result()).isEqualTo("1/2-1/2");
            assertThat(game("1. e4 *").result()).isEqualTo("*");
            assertThat(game("1. e4 e5*").result()).isEqualTo("*");
        }

        @Test
        void withoutAResultTokenTheResultTagCounts() {
            assertThat(game("[Result \"0-1\"]\n1. e4").result()).isEqualTo("0-1");
            assertThat(game("1. e4").result()).isEqualTo("*");
        }

        @Test
        void castlingWithLettersOrZeros() {
            PgnGame g = game("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 O-O *");
            assertThat(g.mainline().subList(6, 8)).allMatch(m -> m instanceof Move.Castle);
        }

        @Test
        void promotionsWithAndWithoutEquals() {
            String fen = "[FEN \"8/P6k/8/8/8/8/1p5K/8 w - - 0 1\"]\n";
            assertThat(game(fen + "1. a8=Q b1N *").mainlineSan()).containsExactly("a8=Q", "b1=N");
        }

        @Test
        void enPassantMarks() {
            String start = "1. e4 a6 2. e5 d5 ";
            for (String ep : List.of("exd6", "exd6ep", "exd6e.p.", "exd6 e.p.")) {
                PgnGame g = game(start + "3. " + ep + " *");
                assertThat(g.mainline().getLast()).as(ep).isInstanceOf(Move.EnPassant.class);
            }
        }

        @Test
        void uciMoves() {
            assertThat(game("e2e4 e7e5 g1f3 *").mainlineSan()).containsExactly("e4", "e5", "Nf3");
        }

        @Test
        void commasAndStrayDotsAreSkipped() {
            assertThat(game("1. e4, e5 2. ... Nf3 *").mainlineSan()).containsExactly("e4", "e5", "Nf3");
        }

        @Test
        void nullMoves() {
            PgnGame g = game("1. e4 -- 2. d4 Z0 3. Nf3 *");
            assertThat(g.mainline()).containsExactly(g.mainline().get(0), Move.NULL, g.mainline().get(2), Move.NULL,
                    g.mainline().get(4));
            assertThat(g.finalPosition().turn()).isEqualTo(Color.BLACK);
        }

        @Test
        void gamesWithoutTags() {
            List<PgnReader.Entry> entries = read("1. e4 e5 1-0\n1. d4 d5 0-1\n");
            assertThat(entries).hasSize(2).allMatch(e -> e instanceof PgnReader.Parsed);
            assertThat(((PgnReader.Parsed) entries.get(1)).game().mainlineSan()).containsExactly("d4", "d5");
            assertThat(((PgnReader.Parsed) entries.get(1)).line()).isEqualTo(2);
        }

        @Test
        void aGameWithoutResultEndsWhereTheNextTagSectionStarts() {
            List<PgnReader.Entry> entries = read("[Event \"1\"]\n1. e4\n\n[Event \"2\"]\n1. d4 *\n");
            assertThat(entries).hasSize(2).allMatch(e -> e instanceof PgnReader.Parsed);
            assertThat(((PgnReader.Parsed) entries.get(0)).game().result()).isEqualTo("*");
        }

        @Test
        void emptyInputHasNoGames() {
            assertThat(read("")).isEmpty();
            assertThat(read("\n\n  \n")).isEmpty();
            assertThat(read("% only an escape line\n")).isEmpty();
        }

        @Test
        void commentsOutsideAnyGameAreDropped() {
            List<PgnReader.Entry> entries = read("{file note}\n\n[Event \"A\"]\n1. e4 *\n{trailing}\n");
            assertThat(entries).hasSize(1);
            assertThat(entries.getFirst().gameNumber()).isEqualTo(1);
            assertThat(((PgnReader.Parsed) entries.getFirst()).game().root().commentsAfter()).isEmpty();
        }

        @Test
        void tagsOnlyGame() {
            PgnGame g = game("[Event \"E\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n");
            assertThat(g.mainline()).isEmpty();
            assertThat(g.finalPosition()).isEqualTo(g.initial());
        }

        @Test
        void headerOnlyGamesSplitWhereATagRepeats() {
            List<PgnReader.Entry> entries = read("[Event \"A\"]\n[Round \"1\"]\n\n[Event \"B\"]\n[Round \"2\"]\n");
            assertThat(entries).hasSize(2);
            assertThat(((PgnReader.Parsed) entries.get(1)).game().tags()).containsEntry("Event", "B");
        }
    }

    @Nested
    class Annotations {

        @Test
        void braceAndRestOfLineComments() {
            PgnGame g = game("{Before} 1. e4 {after e4} ; rest of line\ne5 {[%clk 0:03:00]} *");
            assertThat(g.root().commentsAfter()).containsExactly("Before");
            List<GameNode> line = mainNodes(g);
            assertThat(line.get(0).commentsAfter()).containsExactly("after e4", "rest of line");
            assertThat(line.get(1).commentsAfter()).containsExactly("[%clk 0:03:00]");
        }

        @Test
        void commentsMaySpanLinesAndEscapeBraces() {
            PgnGame g = game("1. e4 {one\ntwo \\} three \\\\ four \\x} *");
            assertThat(mainNodes(g).get(0).commentsAfter()).containsExactly("one\ntwo } three \\ four \\x");
        }

        @Test
        void nagsAndSuffixAnnotations() {
            PgnGame g = game("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 $1 $18 *");
            assertThat(mainNodes(g)).extracting(GameNode::nags).containsExactly(List.of(1), List.of(2), List.of(3),
                    List.of(4), List.of(5), List.of(6), List.of(14), List.of(1, 18));
        }

        @Test
        void symbolicEvaluationsAsSeparateTokens() {
            PgnGame g = game("1. d4 ! d5 ?! 2. c4 +/= c6 = 3. Nc3 -+ Nf6 N 4. Nf3 RR e6 \u00B1 5. e3 inf *");
            assertThat(mainNodes(g)).extracting(GameNode::nags).containsExactly(List.of(1), List.of(6), List.of(14),
                    List.of(10), List.of(19), List.of(146), List.of(145), List.of(16), List.of(13));
        }
    }

    @Nested
    class Variations {

        @Test
        void variationsAreAlternativesNotMainLine() {
            PgnGame g = game("1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) (1... e6) 2. Nf3 *");
            assertThat(g.mainlineSan()).containsExactly("e4", "e5", "Nf3");
            GameNode e4 = g.root().variations().getFirst();
            assertThat(e4.variations()).extracting(GameNode::san).containsExactly("e5", "c5", "e6");
            GameNode c5 = e4.variations().get(1);
            assertThat(c5.variations()).extracting(GameNode::san).containsExactly("Nf3", "Nc3");
            assertThat(c5.variations().get(0).variations()).extracting(GameNode::san).containsExactly("d6");
            assertThat(c5.variations().get(1).variations()).extracting(GameNode::san).containsExactly("Nc6");
        }

        @Test
        void aVariationOnTheFirstMove() {
            PgnGame g = game("1. e4 (1. d4 d5) 1... e5 *");
            assertThat(g.root().variations()).extracting(GameNode::san).containsExactly("e4", "d4");
            assertThat(g.mainlineSan()).containsExactly("e4", "e5");
        }

        @Test
        void commentsAndNagsAtTheStartOfAVariation() {
            PgnGame g = game("1. e4 e5 ({Or} $5 1... c5 {Sicilian}) *");
            GameNode c5 = g.root().variations().getFirst().variations().get(1);
            assertThat(c5.commentsBefore()).containsExactly("Or");
            assertThat(c5.commentsAfter()).containsExactly("Sicilian");
            assertThat(c5.nags()).containsExactly(5);
        }

        @Test
        void gameNodesKnowTheirPlace() {
            PgnGame g = game("1. e4 e5 (1... c5) *");
            GameNode c5 = g.root().variations().getFirst().variations().get(1);
            assertThat(c5.ply()).isEqualTo(2);
            assertThat(c5.parent().san()).isEqualTo("e4");
            assertThat(c5.next()).isEmpty();
            assertThat(g.root().isRoot()).isTrue();
        }
    }

    @Nested
    class Sources {

        @ParameterizedTest
        @ValueSource(strings = {"\n", "\r\n", "\r"})
        void lineEnds(String eol) {
            String pgn = "[Event \"E\"]" + eol + eol + "1. e4 e5" + eol + "2. Nf3 Nc6" + eol + "3. Bx5 *" + eol;
            PgnError e = error(pgn);
            assertThat(e.line()).isEqualTo(5);
            assertThat(e.column()).isEqualTo(4);
        }

        @Test
        void byteOrderMark() {
            assertThat(game("\uFEFF[Event \"E\"]\n*").tags()).containsOnlyKeys("Event");
        }

        @Test
        void escapeLinesAreSkipped() {
            PgnGame g = game("% produced by some program\n[Event \"E\"]\n% a note\n1. e4 e5 *");
            assertThat(g.mainlineSan()).containsExactly("e4", "e5");
        }

        @Test
        void decodesUtf8AndFallsBackToLatin1() {
            byte[] utf8 = "[White \"Müller\"] *".getBytes(StandardCharsets.UTF_8);
            byte[] latin1 = "[White \"Müller\"] *".getBytes(StandardCharsets.ISO_8859_1);
            byte[] bom = "\uFEFF[White \"☃\"] *".getBytes(StandardCharsets.UTF_8);
            for (byte[] bytes : List.of(utf8, latin1)) {
                PgnReader r = new PgnReader(PgnReader.decode(new ByteArrayInputStream(bytes)), "x");
                assertThat(((PgnReader.Parsed) r.next()).game().tags()).containsEntry("White", "Müller");
            }
            PgnReader r = new PgnReader(PgnReader.decode(new ByteArrayInputStream(bom)), "x");
            assertThat(((PgnReader.Parsed) r.next()).game().tags()).containsEntry("White", "☃");
        }

        @Test
        void iteratesAndStreams() {
            PgnReader r = new PgnReader(new StringReader("1. e4 *\n1. d4 *\n1. c4 *"), "three.pgn");
            assertThat(r.stream().map(PgnReader.Entry::gameNumber).toList()).containsExactly(1, 2, 3);
            assertThat(r.hasNext()).isFalse();
            assertThatThrownBy(r::next).isInstanceOf(NoSuchElementException.class).hasMessageContaining("three.pgn");
        }
    }

    @Nested
    class StartPositions {

        @Test
        void fenTag() {
            PgnGame g = game("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e4 *");
            assertThat(g.initial().fen()).isEqualTo("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
            assertThat(g.mainlineSan()).containsExactly("Kd7", "e4");
        }

        @ParameterizedTest
        @ValueSource(strings = {"Chess960", "chess960", "Fischerandom", "fischerandom", "chess 960", "chess-960",
                "Fischer Random"})
        void chess960Names(String name) {
            PgnGame g = game("[Variant \"" + name + "\"]\n"
                    + "[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n\n1. O-O *");
            assertThat(g.initial().variant()).isSameAs(Variant.CHESS960);
            assertThat(g.mainline().getFirst()).isInstanceOf(Move.Castle.class);
        }

        @ParameterizedTest
        @ValueSource(strings = {"Standard", "standard", "Regular", "normal", "chess", "From Position", ""})
        void standardNames(String name) {
            assertThat(game("[Variant \"" + name + "\"]\n1. e4 *").initial().variant()).isSameAs(Variant.STANDARD);
        }

        @Test
        void aShredderFenWithoutVariantTagIsChess960() {
            PgnGame g = game("[FEN \"nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1\"]\n1. e4 *");
            assertThat(g.initial().variant()).isSameAs(Variant.CHESS960);
        }
    }

    /**
     * Issue #14: no input fills the memory. A game is bounded in moves and in text, a line and a comment in length;
     * past a bound the game fails with an error naming it and the line, and the reader goes on with the next game.
     */
    @Nested
    class Limits {

        private static final String NEXT = "\n\n[Event \"next\"]\n\n1. d4 *\n";

        /** The games of the text: "error message" for a failed one, the first main-line move for a good one. */
        private static List<String> outcomes(String pgn) {
            return outcomes(new PgnReader(new StringReader(pgn), "x"));
        }

        private static List<String> outcomes(PgnReader reader) {
            return reader.stream().map(e -> switch (e) {
                case PgnReader.Failed f -> f.error().line() + ":" + f.error().column() + " " + f.error().message();
                case PgnReader.Parsed p -> p.game().mainlineSan().getFirst();
            }).toList();
        }

        /** With a bound of 8 moves (the real one, 100000, is shown by PgnCommandTest): variations count too. */
        @Test
        void aGameOfMoreMovesThanTheBound() {
            String eight = "1. Nf3 Nf6 2. Ng1 Ng8 (2... Nh5 3. Nf3) 3. Nf3 Nf6 ";
            assertThat(outcomes(new PgnReader(new StringReader(eight + "*" + NEXT), "x", 8, 1 << 20)))
                    .containsExactly("Nf3", "d4");
            assertThat(outcomes(new PgnReader(new StringReader(eight + "4. Ng1 *" + NEXT), "x", 8, 1 << 20)))
                    .containsExactly("1:55 more than 8 moves in one game (variations included): too long to be a game",
                            "d4");
        }

        @Test
        void aGameOfMoreTextThanTheBound() {
            String comments = ("{" + "x".repeat(1000) + "}\n").repeat(400);
            List<String> out = outcomes(new PgnReader(new StringReader("[Event \"long\"]\n\n1. e4 " + comments + "e5 *"
                    + NEXT), "x", 100, 200_000));
            assertThat(out).hasSize(2).last().isEqualTo("d4");
            assertThat(out.getFirst()).endsWith("more than 200000 characters in one game: too long to be a game");
        }

        @Test
        void aLineLongerThanTheBound() {
            String tag = "[Annotator \"" + "x".repeat(PgnLexer.MAX_LINE_CHARS) + "\"]";
            assertThat(outcomes("[Event \"E\"]\n" + tag + "\n\n1. e4 *" + NEXT)).containsExactly(
                    "2:1 the line is longer than 1048576 characters (is this PGN text?)", "d4");
        }

        @Test
        void aCommentLongerThanTheBound() {
            String open = "1. e4 {" + "a long note, never closed\n".repeat(PgnLexer.MAX_COMMENT_CHARS / 26 + 10);
            assertThat(outcomes(open + NEXT)).containsExactly(
                    "1:7 comment longer than 1048576 characters (is a '}' missing?)", "d4");
        }

        @Test
        void theFirstByteThatIsNotUtf8IsToldWithItsLine() throws Exception {
            byte[] bytes = "[Event \"E\"]\r\n[White \"Caf\u00e9\"]\r\n\r\n1. e4 {\u00e9} *\n"
                    .getBytes(StandardCharsets.ISO_8859_1);
            List<Integer> told = new java.util.ArrayList<>();
            try (PgnReader r = new PgnReader(PgnReader.decode(new ByteArrayInputStream(bytes), told::add), "x")) {
                assertThat(((PgnReader.Parsed) r.next()).game().tags()).containsEntry("White", "Caf\u00e9");
            }
            assertThat(told).containsExactly(2);
        }
    }

    @Nested
    class Errors {

        @Test
        void illegalMoveNamesGameLineColumnMoveNumberAndPosition() {
            String pgn = SCHOLAR + "\n" + SCHOLAR + "\n" + SCHOLAR.replace("Nf6 4. Qxf7#", "Nf6\n4. Qxf8#");
            PgnError e = error(pgn);
            assertThat(e.gameNumber()).isEqualTo(3);
            assertThat(e.line()).isEqualTo(36);
            assertThat(e.column()).isEqualTo(4);
            assertThat(e.message()).isEqualTo("illegal move '4. Qxf8#' in position "
                    + "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
            assertThat(e.toString()).isEqualTo("<string>: game 3, line 36:4: " + e.message());
        }

        @Test
        void blackMovesAreNumberedWithDots() {
            PgnError e = error("1. e4 e5 2. Nf3 Ke6 3. Bc4 Nf6 *");
            assertThat(e.message()).startsWith("illegal move '2... Ke6' in position");
            assertThat(e.column()).isEqualTo(17);
        }

        @Test
        void ambiguousMove() {
            PgnError e = error("1. Nf3 e5 2. d3 d5 3. Nd2 *");
            assertThat(e.message()).isEqualTo("ambiguous move '3. Nd2' in position "
                    + "rnbqkbnr/ppp2ppp/8/3pp3/8/3P1N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3");
        }

        @Test
        void notAMove() {
            assertThat(error("1. e4 hello *").message()).isEqualTo("invalid move '1... hello' (not SAN)");
            assertThat(error("1. Pe4 *").message()).startsWith("invalid move '1. Pe4'");
        }

        @Test
        void badFenTag() {
            PgnError e = error("[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n*");
            assertThat(e.line()).isEqualTo(2);
            assertThat(e.column()).isEqualTo(6);
            assertThat(e.message()).startsWith("bad FEN tag '8/8/8 w - - 0 1': ");
        }

        @Test
        void unknownVariant() {
            PgnError e = error("[Variant \"Crazyhouse\"]\n\n1. e4 *");
            assertThat(e.message()).startsWith("unsupported variant 'Crazyhouse'");
            assertThat(List.of(e.line(), e.column())).containsExactly(1, 10);
        }

        @Test
        void nullMoveInCheck() {
            assertThat(error("1. e4 f6 2. Qh5+ -- *").message())
                    .startsWith("illegal null move '2... --' in position")
                    .endsWith("(the side to move is in check)");
        }

        @Test
        void syntaxErrors() {
            assertThat(error("[Event \"x\n1. e4 *").message()).startsWith("unterminated string");
            assertThat(error("[Event x]\n1. e4 *").message()).isEqualTo("expected a quoted value for tag Event, found 'x'");
            assertThat(error("[\"x\"]\n1. e4 *").message()).isEqualTo("expected a tag name after '[', found \"x\"");
            assertThat(error("1. e4 ) *").message()).isEqualTo("')' without a matching '('");
            assertThat(error("( 1. e4 ) *").message()).isEqualTo("'(' must follow the move the variation replaces");
            assertThat(error("1. e4 (1. d4 *").message()).startsWith("result '*' inside a variation");
            assertThat(error("1. e4 (1. d4").message()).startsWith("unclosed variation: the '(' at 1:7 has no ')'");
            assertThat(error("1. e4 {open").message()).startsWith("unterminated comment");
            assertThat(error("1. e4 } *").message()).isEqualTo("'}' without a matching '{'");
            assertThat(error("1. e4 @ *").message()).isEqualTo("unexpected character '@'");
            assertThat(error("1. e4 $ *").message()).isEqualTo("bad NAG '$'");
            assertThat(error("1. e4 $999 *").message()).isEqualTo("bad NAG '$999'");
            assertThat(error("1. e4 \"str\" *").message()).isEqualTo("unexpected string \"str\" in movetext");
            assertThat(error("1. e4 e5 [Event \"x\"] *").message()).startsWith("'[' in movetext");
        }

        @Test
        void aBadGameDoesNotStopTheRest() {
            String pgn = """
                    [Event "bad move"]

                    1. e4 e4 2. Nf3 {1-0 in a comment does not end it} Nc6 1-0

                    [Event "good"]

                    1. d4 d5 *

                    [Event "bad tag"]
                    [Site "unterminated
                    [Round "1"]

                    1. c4 *

                    [Event "bad, no result"]

                    1. Nf3 Nf3

                    [Event "good again"]
                    1. g3 *
                    """;
            List<PgnReader.Entry> entries = read(pgn);
            assertThat(entries).extracting(e -> e.getClass().getSimpleName())
                    .containsExactly("Failed", "Parsed", "Failed", "Failed", "Parsed");
            assertThat(entries).extracting(PgnReader.Entry::gameNumber).containsExactly(1, 2, 3, 4, 5);
            assertThat(((PgnReader.Failed) entries.get(0)).error().line()).isEqualTo(3);
            assertThat(((PgnReader.Failed) entries.get(2)).error().line()).isEqualTo(10);
            assertThat(((PgnReader.Failed) entries.get(3)).error().message()).startsWith("illegal move '1... Nf3'");
            assertThat(((PgnReader.Parsed) entries.get(4)).game().tags()).containsEntry("Event", "good again");
            assertThat(((PgnReader.Parsed) entries.get(4)).line()).isEqualTo(19);
        }

        @Test
        void anUnclosedCommentStopsBeforeTheNextGamesTags() {
            List<PgnReader.Entry> entries = read("1. e4 {open\n\n*\n\n[Event \"next\"]\n1. d4 *\n");
            assertThat(entries).hasSize(2);
            assertThat(((PgnReader.Failed) entries.get(0)).error().message())
                    .isEqualTo("unterminated comment (no '}' before the tag pair on line 5)");
            assertThat(((PgnReader.Parsed) entries.get(1)).game().mainlineSan()).containsExactly("d4");
        }

        @Test
        void gamesWithoutTagsAfterAnErrorStartAtMoveOne() {
            List<PgnReader.Entry> entries = read("1. e4 e4\n\n1. d4 d5\n");
            assertThat(entries).hasSize(2);
            assertThat(entries.get(1)).isInstanceOf(PgnReader.Parsed.class);
        }
    }

    @Test
    void pgnGameOfMoves() {
        Position start = Position.start(Variant.STANDARD);
        List<Move> moves = List.of(start.parseSan("e4"), start.playSan("e4").parseSan("e5"));
        PgnGame g = PgnGame.of(Map.of("Event", "Live"), start, moves, "*");
        assertThat(g.mainline()).isEqualTo(moves);
        assertThat(g.mainlineSan()).containsExactly("e4", "e5");
        assertThatThrownBy(() -> PgnGame.of(Map.of(), start, moves, "2-0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'2-0'");
    }

    private static List<GameNode> mainNodes(PgnGame g) {
        List<GameNode> nodes = new java.util.ArrayList<>();
        for (GameNode n = g.root(); !n.variations().isEmpty(); ) {
            n = n.variations().getFirst();
            nodes.add(n);
        }
        return nodes;
    }
}
