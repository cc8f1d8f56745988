package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Every file of the pgn-syntax collection (chesslib, chessops, python-chess, kokopu, scalachess, sunfish test data).
 * Game counts were checked by hand against the files (and, for kokopu, against its own pgns.csv where we split games
 * the same way). Broken files must report each bad game with its number and line:column, and still load the others.
 */
class PgnSyntaxFilesTest {

    /** An expected error: game number, line, column, and a piece of the message. */
    record Fault(int game, int line, int column, String message) {
        @Override
        public String toString() {
            return "game " + game + ", line " + line + ":" + column + ": ..." + message + "...";
        }
    }

    /** A file, how many games it holds, how many main-line plies the good ones replay, and the errors. */
    record SyntaxFile(String name, int games, long plies, List<Fault> faults) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static SyntaxFile ok(String name, int games, long plies) {
        return new SyntaxFile(name, games, plies, List.of());
    }

    private static SyntaxFile bad(String name, int games, long plies, Fault... faults) {
        return new SyntaxFile(name, games, plies, List.of(faults));
    }

    private static Fault fault(int game, int line, int column, String message) {
        return new Fault(game, line, column, message);
    }

    static final List<SyntaxFile> FILES = List.of(
            ok("syntax/chesslib_alekseenko_grachev_2017.pgn", 1, 250),
            ok("syntax/chesslib_ep.pgn", 1, 164),                          // "gxf6ep"
            bad("syntax/chesslib_err.pgn", 1, 0,                           // the file's deliberate error
                    fault(1, 14, 551, "illegal move '46... Kg2' in position 8/1Q1k2p1/5b2/pPq5/P7/5P2/7P/7K b - - 7 46")),
            ok("syntax/chesslib_longest.pgn", 1, 17_697),
            ok("syntax/chesslib_nikolic_arsovic_1989.pgn", 1, 538),
            ok("syntax/chesslib_no_repetition_1.pgn", 1, 2290),
            ok("syntax/chesslib_no_repetition_2.pgn", 1, 1759),
            ok("syntax/chesslib_oo.pgn", 1, 93),
            ok("syntax/chesslib_pgn_order.pgn", 1, 63),
            ok("syntax/chesslib_promoting.pgn", 1, 77),
            ok("syntax/chesslib_rav_alternative.pgn", 1, 89),
            ok("syntax/chesslib_redqueen_enginegames.pgn", 270, 35_040),   // BOM before the first tag
            ok("syntax/chesslib_test_shortened.pgn", 1, 79),
            ok("syntax/chesslib_teststartpos.pgn", 1, 4),
            ok("syntax/chesslib_z0.pgn", 1, 58),                           // Z0 null move, "Ugra Cup \"
            // Antichess: not a variant we play; each of the three games says so, none crashes.
            bad("syntax/chessops_headers-and-moves-on-the-same-line.pgn", 3, 0,
                    fault(1, 1, 10, "unsupported variant 'Antichess'"),
                    fault(2, 3, 10, "unsupported variant 'Antichess'"),
                    fault(3, 6, 10, "unsupported variant 'Antichess'")),
            ok("syntax/chessops_leading-whitespace.pgn", 4, 20),
            ok("syntax/chessops_pathological-headers.pgn", 1, 0),
            ok("syntax/python-chess_anastasian-lewis.pgn", 1, 84),
            ok("syntax/python-chess_chessbase-empty-line.pgn", 1, 134),
            // Annotated games typed by hand: four ambiguous knight/rook moves and one garbled move are errors of
            // the file itself (python-chess reports them too); the 31 other games load.
            bad("syntax/python-chess_immortal-games.pgn", 36, 1712,
                    fault(1, 17, 8, "ambiguous move '5... Nd7' in position"),
                    fault(17, 1139, 7, "ambiguous move '15... Rf8' in position"),
                    fault(25, 1537, 6, "ambiguous move '13. Rd1' in position"),
                    fault(32, 2064, 24, "illegal move '23. g1xd1' in position"),
                    fault(34, 2185, 6, "ambiguous move '9... Nd7' in position")),
            ok("syntax/python-chess_kasparov-deep-blue-1997.pgn", 6, 519),
            ok("syntax/python-chess_molinari-bordais-1979.pgn", 1, 10),
            ok("syntax/python-chess_nepomniachtchi-liren-game1.pgn", 1, 97),
            ok("syntax/python-chess_stockfish-learning.pgn", 1, 154),
            ok("syntax/python-chess_uci-moves.pgn", 1, 113),
            ok("syntax/python-chess_utf8-bom.pgn", 2, 0),
            ok("syntax/python-chess_variations-nags-and-comments.pgn", 1, 13),
            ok("syntax/scalachess_FWWRC_headers_only.pgn", 605, 0),
            ok("syntax/scalachess_uzchesscup_headers_only.pgn", 45, 0),
            ok("syntax/sunfish_3fold_enginegames.pgn", 713, 75_273),
            ok("syntax/kokopu/games_custom-initial-position-2.pgn", 1, 1),
            ok("syntax/kokopu/games_escaped-text.pgn", 1, 0),
            ok("syntax/kokopu/games_long-short-comments-variations-1.pgn", 1, 6),
            ok("syntax/kokopu/games_missing-headers-1.pgn", 1, 0),
            ok("syntax/kokopu/games_null-moves.pgn", 1, 6),
            ok("syntax/kokopu/games_sub-variations.pgn", 1, 5),
            ok("syntax/kokopu/games_variant-chess960.pgn", 1, 1),
            bad("syntax/kokopu/pgns_antichess.pgn", 2, 0,
                    fault(1, 9, 10, "unsupported variant 'Antichess'"),
                    fault(2, 24, 10, "unsupported variant 'Anti-chess'")),
            ok("syntax/kokopu/pgns_bom.pgn", 1, 61),
            ok("syntax/kokopu/pgns_chess960.pgn", 4, 103),
            ok("syntax/kokopu/pgns_empty.pgn", 0, 0),
            ok("syntax/kokopu/pgns_headers.pgn", 16, 1),
            bad("syntax/kokopu/pgns_horde.pgn", 1, 0, fault(1, 7, 10, "unsupported variant 'Horde'")),
            bad("syntax/kokopu/pgns_linebreak-linux.pgn", 1, 0, fault(1, 3, 4, "illegal move '1. e5' in position")),
            bad("syntax/kokopu/pgns_linebreak-mac.pgn", 1, 0, fault(1, 3, 4, "illegal move '1. e5' in position")),
            bad("syntax/kokopu/pgns_linebreak-windows.pgn", 1, 0, fault(1, 3, 4, "illegal move '1. e5' in position")),
            ok("syntax/kokopu/pgns_mini1.pgn", 1, 0),
            ok("syntax/kokopu/pgns_mini2.pgn", 2, 25),
            ok("syntax/kokopu/pgns_misc.pgn", 15, 129),
            ok("syntax/kokopu/pgns_missing-last-end-of-game.pgn", 2, 9),
            // Variants without kings (kokopu's extension): not ours, reported per game.
            bad("syntax/kokopu/pgns_optional-kings.pgn", 3, 0,
                    fault(1, 5, 10, "unsupported variant 'No king'"),
                    fault(2, 15, 10, "unsupported variant 'White king only'"),
                    fault(3, 25, 10, "unsupported variant 'Black king only'")),
            bad("syntax/kokopu/pgns_redos-comment.pgn", 1, 0,
                    fault(1, 3, 7, "unterminated comment (no '}' before the end of the input)")),
            bad("syntax/kokopu/pgns_redos-header.pgn", 1, 0, fault(1, 2, 7, "unterminated string")),
            bad("syntax/kokopu/pgns_semantic-error.pgn", 7, 0,
                    fault(1, 3, 4, "illegal move '1. e5' in position "
                            + "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                    fault(2, 8, 7, "illegal move '1... Nf3' in position"),
                    fault(3, 13, 6, "bad FEN tag 'Something invalid'"),
                    fault(4, 19, 10, "unsupported variant 'Something invalid'"),
                    fault(5, 27, 10, "variant 'Chess960' needs a FEN tag"),
                    fault(6, 37, 4, "illegal move '1. O-O' in position"),  // line count across a 2-line comment
                    fault(7, 42, 18, "illegal null move '2... --' in position")),
            // Games 16 and 17: "Header after movetext" reads as a game without result, then a game with only a
            // Site tag (as python-chess and chessops read it; kokopu calls it an error). Game 22 is valid.
            bad("syntax/kokopu/pgns_syntactic-error-1.pgn", 22, 10,
                    fault(1, 3, 4, "invalid move '1. pawn' (not SAN)"),
                    fault(2, 8, 4, "invalid move '1. Pe4'"),
                    fault(3, 12, 2, "expected a tag name after '[', found \"Somewhere\""),
                    fault(4, 18, 6, "expected a quoted value for tag Site, found ']'"),
                    fault(5, 24, 7, "unterminated string"),
                    fault(6, 31, 20, "expected ']' to close tag Site, found 'else'"),
                    fault(7, 38, 50, "invalid move '1... character'"),
                    fault(8, 44, 4, "invalid move '1. Pe4'"),
                    fault(9, 48, 7, "unterminated string"),
                    fault(10, 58, 13, "invalid move '1... Pe5'"),
                    fault(11, 64, 4, "invalid move '1. Pe4'"),
                    fault(12, 71, 1, "invalid move '3. whatever'"),
                    fault(13, 76, 19, "result '*' inside a variation (the '(' at 76:10 is not closed)"),
                    fault(14, 81, 11, "'(' must follow the move the variation replaces"),
                    fault(15, 86, 10, "')' without a matching '('"),
                    fault(18, 98, 1, "invalid move '1. Event'"),
                    fault(19, 105, 1, "expected ']' to close tag Event, found '*'"),
                    fault(20, 109, 2, "unexpected character '%'"),
                    fault(21, 115, 19, "expected ']' to close tag Site")),
            bad("syntax/kokopu/pgns_syntactic-error-2.pgn", 1, 0, fault(1, 1, 1, "invalid move '1. I'")),
            bad("syntax/kokopu/pgns_syntactic-error-3.pgn", 1, 0, fault(1, 1, 1, "unexpected character '#'")),
            // The unclosed comment stops before the next game's tag line, so that game still loads.
            bad("syntax/kokopu/pgns_syntactic-error-4.pgn", 2, 7,
                    fault(1, 3, 7, "unterminated comment (no '}' before the tag pair on line 8)")),
            bad("syntax/kokopu/pgns_syntactic-error-5.pgn", 2, 7, fault(1, 2, 7, "unterminated string")),
            ok("syntax/kokopu/pgns_tag-name-token-collision.pgn", 6, 12));

    static Stream<SyntaxFile> files() {
        return FILES.stream();
    }

    @Test
    void theTableCoversEveryFile() {
        Set<String> onDisk = new TreeSet<>(PgnTestData.files("syntax"));
        onDisk.addAll(PgnTestData.files("syntax/kokopu"));
        assertThat(FILES.stream().map(SyntaxFile::name).toList()).containsExactlyInAnyOrderElementsOf(onDisk);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void readsWithTheExpectedGamesAndErrors(SyntaxFile file) {
        List<PgnReader.Entry> entries = PgnTestData.read(file.name());
        assertThat(entries).hasSize(file.games());
        for (int i = 0; i < entries.size(); i++) {
            assertThat(entries.get(i).gameNumber()).isEqualTo(i + 1);
        }

        List<PgnError> errors = entries.stream()
                .filter(e -> e instanceof PgnReader.Failed).map(e -> ((PgnReader.Failed) e).error()).toList();
        assertThat(errors).hasSize(file.faults().size());
        for (int i = 0; i < errors.size(); i++) {
            PgnError actual = errors.get(i);
            Fault expected = file.faults().get(i);
            assertThat(actual.source()).isEqualTo(file.name());
            assertThat(List.of(actual.gameNumber(), actual.line(), actual.column()))
                    .as(actual.toString())
                    .containsExactly(expected.game(), expected.line(), expected.column());
            assertThat(actual.message()).as(actual.toString()).contains(expected.message());
        }

        long plies = entries.stream().filter(e -> e instanceof PgnReader.Parsed)
                .mapToLong(e -> ((PgnReader.Parsed) e).game().mainline().size()).sum();
        assertThat(plies).isEqualTo(file.plies());

        List<String> roundTripFaults = entries.parallelStream()
                .filter(e -> e instanceof PgnReader.Parsed)
                .map(e -> {
                    String fault = PgnRealGamesTest.roundTrip(((PgnReader.Parsed) e).game()).fault();
                    return fault == null ? null : "game " + e.gameNumber() + ": " + fault;
                })
                .filter(java.util.Objects::nonNull)
                .toList();
        assertThat(roundTripFaults).isEmpty();
    }

    /** The broken files and a few good ones (the big ones are read once, above). */
    static Stream<SyntaxFile> checkedFiles() {
        return FILES.stream().filter(f -> !f.faults().isEmpty() || f.plies() < 1000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checkedFiles")
    void pgnCheckAgreesWithTheReader(SyntaxFile file) {
        PgnCheck.Report report = PgnCheck.check(PgnTestData.open(file.name()), file.name());
        assertThat(report.games()).isEqualTo(file.games());
        assertThat(report.moves()).isEqualTo(file.plies());
        assertThat(report.errors()).hasSize(file.faults().size());
    }

    // ---- what some files are there to show ---------------------------------------------------------------------

    /** Game {@code number} of a file, reading no further than that game. */
    private static PgnGame game(String name, int number) {
        try (PgnReader r = new PgnReader(PgnTestData.open(name), name)) {
            PgnReader.Entry e = r.stream().skip(number - 1).findFirst().orElseThrow();
            assertThat(e).isInstanceOf(PgnReader.Parsed.class);
            return ((PgnReader.Parsed) e).game();
        }
    }

    @Test
    void theLongestGameReplaysToItsEnd() {
        PgnGame g = game("syntax/chesslib_longest.pgn", 1);
        assertThat(g.mainline()).hasSize(17_697);
        assertThat(g.finalPosition().fullmoveNumber()).isEqualTo(8849);
    }

    @Test
    void nullMovesLoad() {
        assertThat(game("syntax/chesslib_z0.pgn", 1).mainline().getLast()).isEqualTo(Move.NULL);
        assertThat(game("syntax/kokopu/games_null-moves.pgn", 1).mainline())
                .filteredOn(m -> m instanceof Move.Null).hasSize(2);
        assertThat(game("syntax/python-chess_anastasian-lewis.pgn", 1).mainline())
                .filteredOn(m -> m instanceof Move.Null).hasSize(1);
    }

    @Test
    void aTagValueEndingInABackslashIsRead() {
        assertThat(game("syntax/chesslib_z0.pgn", 1).tags()).containsEntry("Event", "Ugra Cup \\");
    }

    @Test
    void pathologicalTagValuesKeepTheirEscapedCharacters() {
        assertThat(game("syntax/chessops_pathological-headers.pgn", 1).tags()).containsExactly(
                Map.entry("A", "b\""), Map.entry("B", "b\""), Map.entry("C", "A]]"), Map.entry("D", "A]]["),
                Map.entry("E", "\"A]][\""), Map.entry("F", "\"A]][\"\\"), Map.entry("G", "\"]"));
    }

    @Test
    void escapedTextInTagsAndComments() {
        PgnGame g = game("syntax/kokopu/games_escaped-text.pgn", 1);
        assertThat(g.tags()).containsEntry("Event", "Event with a \\ backslash")
                .containsEntry("Site", "Site with \" double-quotes");
        assertThat(g.root().commentsAfter()).containsExactly("Comment with \\ backslash and { some } braces...");
    }

    @Test
    void byteOrderMarksAreSkipped() {
        assertThat(game("syntax/kokopu/pgns_bom.pgn", 1).tags().keySet().iterator().next()).isEqualTo("Event");
        assertThat(game("syntax/python-chess_utf8-bom.pgn", 1).tags()).containsEntry("Event", "A");
        assertThat(game("syntax/chesslib_redqueen_enginegames.pgn", 1).tags())
                .containsEntry("Event", "RedQueen Gauntlet");
    }

    @Test
    void aFenTagSetsTheStart() {
        PgnGame g = game("syntax/chesslib_teststartpos.pgn", 1);
        assertThat(g.initial().fen()).isEqualTo("3k4/8/8/8/3K4/3R4/8/8 w - - 15 100");
        assertThat(g.mainlineSan()).containsExactly("Re3", "Kc7", "Re5", "Kc6");
        PgnGame black = game("syntax/kokopu/games_custom-initial-position-2.pgn", 1);
        assertThat(black.mainlineSan()).containsExactly("O-O");
    }

    @Test
    void uciMovesAreRead() {
        PgnGame g = game("syntax/python-chess_uci-moves.pgn", 1);
        assertThat(g.mainlineSan()).startsWith("Nf3", "c5", "e4", "d6", "d4");
        assertThat(g.mainlineSan()).contains("O-O-O"); // e1c1
    }

    @Test
    void enPassantMarksAreDropped() {
        assertThat(game("syntax/chesslib_ep.pgn", 1).mainline()).filteredOn(m -> m instanceof Move.EnPassant)
                .hasSize(1);
    }

    @Test
    void headerOnlyGamesHaveTagsAndNoMoves() {
        List<PgnReader.Entry> games = PgnTestData.read("syntax/scalachess_uzchesscup_headers_only.pgn");
        PgnGame second = ((PgnReader.Parsed) games.get(1)).game();
        assertThat(second.tags()).containsEntry("Round", "1.2").containsEntry("White", "Yakubboev, Nodirbek");
        assertThat(second.mainline()).isEmpty();
        assertThat(second.result()).isEqualTo("0-1"); // from the Result tag: there is no movetext
    }

    @Test
    void variantTagsMapToOurVariants() {
        for (PgnReader.Entry e : PgnTestData.read("syntax/kokopu/pgns_chess960.pgn")) {
            assertThat(((PgnReader.Parsed) e).game().initial().variant()).isSameAs(Variant.CHESS960);
        }
        assertThat(game("syntax/kokopu/games_variant-chess960.pgn", 1).mainline().getFirst())
                .isInstanceOf(Move.Castle.class);
        assertThat(game("syntax/kokopu/pgns_misc.pgn", 9).initial()).isEqualTo(Position.start(Variant.STANDARD));
        assertThat(game("syntax/kokopu/pgns_misc.pgn", 10).initial().turn()).isEqualTo(org.marelle.rules.Color.BLACK);
    }

    @Test
    void variationsStayOffTheMainLine() {
        PgnGame g = game("syntax/kokopu/games_sub-variations.pgn", 1);
        assertThat(g.mainlineSan()).containsExactly("e4", "e5", "Nf3", "Nc6", "Bc4");
        GameNode e4 = g.root().variations().getFirst();
        assertThat(e4.variations()).extracting(GameNode::san).containsExactly("e5", "c6", "c5");
        GameNode c5 = e4.variations().get(2);
        GameNode nc3 = c5.variations().getFirst();
        assertThat(c5.variations()).extracting(GameNode::san).containsExactly("Nc3", "Nf3");
        assertThat(nc3.variations()).isEmpty();
    }
}
