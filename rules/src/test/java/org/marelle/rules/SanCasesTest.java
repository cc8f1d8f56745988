package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.geometry.BoardGeometry;

/**
 * Every row of san/san_unit_test_cases.tsv (python-chess, chessops, shakmaty and cutechess SAN tests), dispatched on
 * its {@code kind} column:
 * <ul>
 * <li>{@code parse_san} (also "parse_san (lenient: ...)"): parsing {@code expected} gives the move {@code uci_standard}.
 * <li>{@code move_to_san}: {@code san(uci_standard)} is exactly {@code expected}.
 * <li>{@code move_to_san+parse_san}: both directions.
 * <li>{@code move_to_lan}: long algebraic. The core has no LAN writer, so the test composes LAN from the core's own
 * answers (piece, squares, capture, and the SAN's check suffix), and checks that the lenient SAN reader accepts it.
 * <li>{@code parse_san_must_fail:<Error>}: python-chess's error names mapped to ours (IllegalMoveError,
 * AmbiguousMoveError, InvalidMoveError); a bare {@code parse_san_must_fail} accepts any of the three.
 * </ul>
 * In {@code expected}, the two characters {@code \n} stand for a newline (python-chess's test_san_newline).
 * {@code uci_in_source} is the source's own spelling of the move (e1a1 for python-chess's castling): it must parse
 * to the same move as {@code uci_standard}.
 */
class SanCasesTest {

    static final String RESOURCE = "san/san_unit_test_cases.tsv";

    static final Map<String, Class<? extends IllegalArgumentException>> ERRORS = Map.of(
            "IllegalMoveError", IllegalMoveException.class,
            "AmbiguousMoveError", AmbiguousMoveException.class,
            "InvalidMoveError", InvalidMoveException.class);

    static final Set<String> KINDS = Set.of("parse_san", "move_to_san", "move_to_san+parse_san", "move_to_lan",
            "parse_san_must_fail");

    static Stream<RulesTestData.TsvRow> rows() {
        return RulesTestData.tsv(RESOURCE).stream();
    }

    /** The kind without its parenthesised note or ":Error" suffix. */
    static String baseKind(RulesTestData.TsvRow row) {
        String kind = row.get("kind");
        int paren = kind.indexOf(" (");
        if (paren >= 0) {
            kind = kind.substring(0, paren);
        }
        int colon = kind.indexOf(':');
        return colon >= 0 ? kind.substring(0, colon) : kind;
    }

    static String expected(RulesTestData.TsvRow row) {
        return row.get("expected").replace("\\n", "\n");
    }

    @Test
    void everyKindIsHandled() {
        Map<String, Long> kinds = rows().collect(Collectors.groupingBy(SanCasesTest::baseKind, Collectors.counting()));
        assertThat(KINDS).containsAll(kinds.keySet());
        assertThat(rows()).hasSize(52);
        assertThat(rows().filter(r -> r.get("kind").startsWith("parse_san_must_fail:")))
                .allSatisfy(r -> assertThat(ERRORS).containsKey(r.get("kind").substring(r.get("kind").indexOf(':') + 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void row(RulesTestData.TsvRow row) {
        Position p = Position.fromFen(row.get("fen"));
        String kind = row.get("kind");
        switch (baseKind(row)) {
            case "parse_san" -> assertParses(p, row);
            case "move_to_san" -> assertFormats(p, row);
            case "move_to_san+parse_san" -> {
                assertFormats(p, row);
                assertParses(p, row);
            }
            case "move_to_lan" -> assertLan(p, row);
            case "parse_san_must_fail" -> assertRejected(p, row);
            default -> throw new AssertionError("unhandled kind '" + kind + "' at " + row);
        }
    }

    static Move standardMove(Position p, RulesTestData.TsvRow row) {
        Move move = p.parseUci(row.get("uci_standard"));
        if (!row.get("uci_in_source").isEmpty()) {
            assertThat(p.parseUci(row.get("uci_in_source"))).as("uci_in_source of %s", row).isEqualTo(move);
        }
        return move;
    }

    static void assertParses(Position p, RulesTestData.TsvRow row) {
        Move move = standardMove(p, row);
        assertThat(p.parseSan(expected(row))).as("parseSan(%s) in %s", expected(row), row.get("fen")).isEqualTo(move);
    }

    static void assertFormats(Position p, RulesTestData.TsvRow row) {
        Move move = standardMove(p, row);
        assertThat(p.san(move)).as("san(%s) in %s", row.get("uci_standard"), row.get("fen")).isEqualTo(expected(row));
    }

    static void assertLan(Position p, RulesTestData.TsvRow row) {
        Move move = standardMove(p, row);
        assertThat(lan(p, move)).as("LAN of %s in %s", row.get("uci_standard"), row.get("fen")).isEqualTo(expected(row));
        assertThat(p.parseSan(expected(row))).as("lenient parseSan(%s) in %s", expected(row), row.get("fen"))
                .isEqualTo(move);
    }

    /** Long algebraic, built from the core's answers: piece letter, from, '-' or 'x', to, promotion, check mark. */
    static String lan(Position p, Move move) {
        BoardGeometry g = p.geometry();
        Piece piece = p.pieceAt(move.from());
        boolean capture = move instanceof Move.EnPassant || p.pieceAt(move.to()) != null;
        StringBuilder sb = new StringBuilder();
        if (piece.type() != PieceType.PAWN) {
            sb.append(piece.type().letter());
        }
        sb.append(g.squareName(move.from())).append(capture ? 'x' : '-').append(g.squareName(move.to()));
        if (move instanceof Move.Promotion pr) {
            sb.append('=').append(pr.promotion().letter());
        }
        String san = p.san(move);
        char last = san.charAt(san.length() - 1);
        if (last == '+' || last == '#') {
            sb.append(last);
        }
        return sb.toString();
    }

    static void assertRejected(Position p, RulesTestData.TsvRow row) {
        String kind = row.get("kind");
        String text = expected(row);
        if (kind.startsWith("parse_san_must_fail:")) {
            Class<? extends IllegalArgumentException> error = ERRORS.get(kind.substring(kind.indexOf(':') + 1));
            assertThatThrownBy(() -> p.parseSan(text)).as("parseSan(%s) in %s", text.replace("\n", "\\n"), row.get("fen"))
                    .isInstanceOf(error);
        } else {
            Throwable thrown = catchThrowable(() -> p.parseSan(text));
            assertThat(thrown).as("parseSan(%s) in %s", text, row.get("fen"))
                    .isInstanceOfAny(IllegalMoveException.class, AmbiguousMoveException.class, InvalidMoveException.class);
        }
    }

    /** The rejections quote the text they reject (API: "messages quote the bad input"). */
    @Test
    void rejectionsQuoteTheMove() {
        List<RulesTestData.TsvRow> failing = rows().filter(r -> baseKind(r).equals("parse_san_must_fail")).toList();
        for (RulesTestData.TsvRow row : failing) {
            Position p = Position.fromFen(row.get("fen"));
            String text = expected(row);
            Throwable thrown = catchThrowable(() -> p.parseSan(text));
            assertThat(thrown).as("parseSan(%s) in %s", text, row.get("fen")).isNotNull();
            assertThat(thrown.getMessage()).as("message for %s", text).contains(text.strip());
        }
    }
}
