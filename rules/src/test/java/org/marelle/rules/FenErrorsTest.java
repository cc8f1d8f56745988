package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed FENs are rejected with a {@link FenException} whose message names the field and quotes the text; and
 * well-formed FENs from the suites read back to themselves.
 */
class FenErrorsTest {

    static final String START_BOARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    /**
     * A bad FEN, what it breaks, a few ways the message may name the field (any one will do, case-insensitive), and
     * the texts of which the message must contain one.
     */
    record BadFen(String what, String fen, List<String> fieldWords, List<String> texts) {
        @Override
        public String toString() {
            return what + ": \"" + fen + "\"";
        }
    }

    static final List<String> RANK = List.of("rank");
    static final List<String> PIECE = List.of("piece", "rank", "letter");
    static final List<String> TURN = List.of("side", "turn", "to move", "colour", "color", "active");
    static final List<String> CASTLING = List.of("castling");
    static final List<String> EN_PASSANT = List.of("en passant", "en-passant", "ep");
    static final List<String> HALFMOVE = List.of("halfmove", "half-move", "half move", "clock", "fifty");
    static final List<String> FULLMOVE = List.of("fullmove", "full-move", "full move", "move number");
    static final List<String> KING = List.of("king");
    static final List<String> FIELDS = List.of("field", "part");

    static Stream<BadFen> badFens() {
        return Stream.of(
                new BadFen("rank 1 has 9 squares", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
                        RANK, List.of("RNBQKBNRR", "9")),
                new BadFen("rank 7 has 7 squares", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        RANK, List.of("ppppppp", "7")),
                new BadFen("rank 6 written as 9 empty squares", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        RANK, List.of("9")),
                new BadFen("rank 4 has 5 squares", "rnbqkbnr/pppppppp/8/8/4P/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                        RANK, List.of("4P", "5")),
                new BadFen("only 7 ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        RANK, List.of("7")),
                new BadFen("9 ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        RANK, List.of("9")),
                new BadFen("bad piece letter", "rnbqkbnr/ppppJppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                        PIECE, List.of("J")),
                new BadFen("bad side to move", START_BOARD + " white KQkq - 0 1", TURN, List.of("white")),
                new BadFen("bad side to move letter", START_BOARD + " W KQkq - 0 1", TURN, List.of("W")),
                new BadFen("bad castling letter", START_BOARD + " w KQkY - 0 1", CASTLING, List.of("KQkY", "Y")),
                new BadFen("bad en passant square (off the board)", START_BOARD + " w KQkq e9 0 1",
                        EN_PASSANT, List.of("e9")),
                new BadFen("bad en passant square (no such file)", START_BOARD + " w KQkq j3 0 1",
                        EN_PASSANT, List.of("j3")),
                new BadFen("bad en passant square (rank 4 is never one)", START_BOARD + " w KQkq e4 0 1",
                        EN_PASSANT, List.of("e4")),
                new BadFen("negative halfmove clock", START_BOARD + " w KQkq - -1 1", HALFMOVE, List.of("-1")),
                new BadFen("non-numeric halfmove clock", START_BOARD + " w KQkq - ab 1", HALFMOVE, List.of("ab")),
                new BadFen("negative fullmove number", START_BOARD + " w KQkq - 0 -3", FULLMOVE, List.of("-3")),
                new BadFen("non-numeric fullmove number", START_BOARD + " w KQkq - 0 x1", FULLMOVE, List.of("x1")),
                new BadFen("fullmove number at int's maximum", START_BOARD + " b KQkq - 0 2147483647",
                        FULLMOVE, List.of("2147483647")),
                new BadFen("fullmove number beyond int", START_BOARD + " w KQkq - 0 99999999999", FULLMOVE,
                        List.of("99999999999")),
                new BadFen("fullmove number just over the bound", START_BOARD + " w KQkq - 0 100000", FULLMOVE,
                        List.of("100000")),
                new BadFen("halfmove clock at int's maximum", START_BOARD + " w KQkq - 2147483647 1", HALFMOVE,
                        List.of("2147483647")),
                new BadFen("no black king", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                        KING, List.of("black", "Black", "k")),
                new BadFen("no white king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
                        KING, List.of("white", "White", "K")),
                new BadFen("too many fields", START_BOARD + " w KQkq - 0 1 extra", FIELDS, List.of("extra", "7")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFens")
    void rejected(BadFen bad) {
        Throwable thrown = catchThrowable(() -> Position.fromFen(bad.fen()));
        assertThat(thrown).as("fromFen(\"%s\")", bad.fen()).isInstanceOf(FenException.class);
        String message = thrown.getMessage();
        assertThat(message).as("message of %s", bad).isNotBlank();
        String lower = message.toLowerCase(Locale.ROOT);
        assertThat(bad.fieldWords()).as("message \"%s\" names the field (%s)", message, bad.what())
                .anyMatch(word -> lower.contains(word.toLowerCase(Locale.ROOT)));
        assertThat(bad.texts()).as("message \"%s\" quotes the text (%s)", message, bad.what())
                .anyMatch(message::contains);
    }

    /** The largest counters read still count on without overflow: the move after 99999... is move 100000. */
    @org.junit.jupiter.api.Test
    void theLargestCountersCountOn() {
        Position p = Position.fromFen(START_BOARD + " b KQkq - 99999 99999");
        Position after = p.play(p.parseSan("e5"));
        assertThat(after.fullmoveNumber()).isEqualTo(100_000);
        assertThat(after.halfmoveClock()).isZero();
        assertThat(after.play(after.parseSan("Nf3")).halfmoveClock()).isEqualTo(1);
    }

    @ParameterizedTest(name = "blank FEN #{index}")
    @MethodSource("blankFens")
    void blankIsRejected(String fen) {
        assertThat(catchThrowable(() -> Position.fromFen(fen))).isInstanceOf(FenException.class);
    }

    static Stream<String> blankFens() {
        return Stream.of("", "   ");
    }

    /**
     * What is read leniently rather than rejected (the lead's answers in coord/FAILURES.md, matching python-chess and
     * chessops): trailing fields may be left out, and a castling right with no king and rook behind it is dropped.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "4k3/8/5p2/4P3/8/8/8/4K3 w -            | 4k3/8/5p2/4P3/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/4Pp2/8/8/8/4K3 w - f6          | 4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 7           | 4k3/8/8/8/8/8/8/4K2R w K - 7 1",
        "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -   | r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQ - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1       | 4k3/8/8/8/8/8/8/4K3 w - - 0 1"})
    void readLeniently(String fen, String expected) {
        assertThat(Position.fromFen(fen).fen()).isEqualTo(expected);
    }

    /** Suite positions written with both counters read back to exactly the same text. */
    @Nested
    class RoundTrip {

        static Stream<RulesTestData.PerftCase> standardSuite() {
            return PerftSuitesTest.standardCases();
        }

        static Stream<RulesTestData.PerftCase> chess960Suite() {
            return PerftSuitesTest.chess960Cases();
        }

        static Stream<String> otherStandardFens() {
            Stream<String> results = ResultTableTest.rows().filter(r -> r.get("variant").equals("standard"))
                    .map(r -> r.get("fen"));
            Stream<String> moveStrings = MoveStringsTest.rows()
                    .flatMap(r -> Stream.of(r.get("startfen"), r.get("endfen")));
            Stream<String> sunfish = Stream.of("sunfish_mate1.fen", "sunfish_mate3.fen", "sunfish_mate4.fen",
                    "sunfish_stalemate0.fen", "sunfish_stalemate1.fen", "sunfish_stalemate2.fen")
                    .flatMap(f -> RulesTestData.fenLines("rules/" + f).stream()).map(RulesTestData.Line::text);
            return Stream.of(results, moveStrings, sunfish).flatMap(s -> s).distinct();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("standardSuite")
        void standardSuite(RulesTestData.PerftCase c) {
            assertThat(RulesTestData.fieldCount(c.fen())).isEqualTo(6);
            assertThat(Position.fromFen(Variant.STANDARD, c.fen()).fen()).isEqualTo(c.fen());
        }

        /** The suite writes Shredder-FEN (HFhf); fen() writes X-FEN, which must read back to the same position. */
        @ParameterizedTest(name = "{0}")
        @MethodSource("chess960Suite")
        void chess960Suite(RulesTestData.PerftCase c) {
            Position p = Position.fromFen(Variant.CHESS960, c.fen());
            assertThat(p.shredderFen()).isEqualTo(c.fen());
            Position again = Position.fromFen(Variant.CHESS960, p.fen());
            assertThat(again.shredderFen()).isEqualTo(c.fen());
            assertThat(again.fen()).isEqualTo(p.fen());
            assertThat(again.zobrist()).isEqualTo(p.zobrist());
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("otherStandardFens")
        void otherStandardFens(String fen) {
            assertThat(Position.fromFen(fen).fen()).isEqualTo(fen);
        }
    }
}
