package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * cutechess's moveStrings table (rules/cutechess_moveStrings.tsv): play the move list from {@code startfen} and
 * reach {@code endfen} exactly, counters and en passant field included.
 *
 * <p>Moves are SAN or coordinate (UCI) tokens; a coordinate token is played with {@link Position#playUci}, and
 * (separate test) must also be read the same by the lenient {@link Position#parseSan}. The "illegal en passant ..." rows show cutechess's
 * FEN convention, which the end FENs require: the en passant square is written only when a legal en passant capture
 * exists (after e7e5 with the capturing pawn pinned, the field is "-").
 *
 * <p>Rows for variants Marelle does not play are filtered out by the explicit list {@link #UNSUPPORTED_VARIANTS}.
 */
class MoveStringsTest {

    static final String RESOURCE = "rules/cutechess_moveStrings.tsv";

    static final Set<String> SUPPORTED_VARIANTS = Set.of("standard", "fischerandom", "chess960");

    static final Set<String> UNSUPPORTED_VARIANTS = Set.of("atomic", "crazyhouse", "berolina", "3check", "embassy",
            "janus", "knightmate", "chancellor", "modern", "circulargryphon", "giveaway", "suicide", "twokings", "grand",
            "seirawan", "makruk", "cambodian", "asean", "sittuyin", "shogi", "losalamos", "almost", "placement",
            "gustav3", "shoot");

    static final Pattern COORDINATE = Pattern.compile("[a-h][1-8][a-h][1-8][qrbn]?");

    static Stream<RulesTestData.TsvRow> allRows() {
        return RulesTestData.tsv(RESOURCE).stream();
    }

    static Stream<RulesTestData.TsvRow> rows() {
        return allRows().filter(r -> SUPPORTED_VARIANTS.contains(r.get("variant")));
    }

    @Test
    void skippedVariantsAreExactlyTheListedOnes() {
        Set<String> skipped = allRows().map(r -> r.get("variant")).filter(v -> !SUPPORTED_VARIANTS.contains(v))
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(skipped).containsExactlyInAnyOrderElementsOf(UNSUPPORTED_VARIANTS);
        assertThat(rows()).hasSize(14);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void playToEndFen(RulesTestData.TsvRow row) {
        Variant variant = Variant.byName(row.get("variant"));
        Position p = Position.fromFen(variant, row.get("startfen"));
        String moves = row.get("moves").strip();
        int ply = 0;
        for (String token : moves.isEmpty() ? new String[0] : moves.split("\\s+")) {
            ply++;
            String where = row.get("name") + " ply " + ply + " '" + token + "' in " + p.fen();
            if (COORDINATE.matcher(token).matches()) {
                Move m = p.parseUci(token);
                assertThat(p.uci(m)).as("uci, %s", where).isEqualTo(token);
                p = p.playUci(token);
            } else {
                Move m = p.parseSan(token);
                assertThat(p.san(m)).as("san, %s", where).isEqualTo(token);
                p = p.playSan(token);
            }
        }
        assertThat(p.fen()).as("end position of %s", row.get("name")).isEqualTo(row.get("endfen"));
    }

    /** The lenient SAN reader takes every coordinate token of the table as the same move UCI names. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void coordinateTokensAlsoReadAsSan(RulesTestData.TsvRow row) {
        Position p = Position.fromFen(Variant.byName(row.get("variant")), row.get("startfen"));
        String moves = row.get("moves").strip();
        for (String token : moves.isEmpty() ? new String[0] : moves.split("\\s+")) {
            Move m = COORDINATE.matcher(token).matches() ? p.parseUci(token) : p.parseSan(token);
            if (COORDINATE.matcher(token).matches()) {
                assertThat(p.parseSan(token)).as("%s: lenient parseSan('%s') in %s", row.get("name"), token, p.fen())
                        .isEqualTo(m);
            }
            p = p.play(m);
        }
    }
}
