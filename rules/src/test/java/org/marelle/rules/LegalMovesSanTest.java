package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * chess.js's complete legal-move lists in SAN (san/chessjs_legal_moves_in_san.tsv): the SAN of every legal move,
 * as a set, equals the expected list exactly, with no duplicates, and each SAN reads back to its move.
 */
class LegalMovesSanTest {

    static Stream<RulesTestData.TsvRow> rows() {
        return RulesTestData.tsv("san/chessjs_legal_moves_in_san.tsv").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void sanOfAllLegalMoves(RulesTestData.TsvRow row) {
        Position p = Position.fromFen(row.get("fen"));
        List<String> expected = Arrays.asList(row.get("expected_legal_moves_san (space-separated, any order)").split(" "));
        assertThat(expected).hasSize(Integer.parseInt(row.get("n_legal_moves")));

        List<Move> moves = p.legalMoves();
        List<String> sans = moves.stream().map(p::san).toList();
        assertThat(sans).as("SAN of the legal moves of %s", row.get("fen")).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(expected);
        for (Move m : moves) {
            assertThat(p.parseSan(p.san(m))).as("parseSan(%s) in %s", p.san(m), row.get("fen")).isEqualTo(m);
        }
    }
}
