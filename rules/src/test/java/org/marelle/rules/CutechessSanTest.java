package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * cutechess's sanStrings table (san/cutechess_sanStrings.tsv): the LAN (coordinate) move and the SAN move name the
 * same move, both ways. Only the variants Marelle plays are read ({@link #SUPPORTED_VARIANTS}); today every row of
 * the file is standard chess. A row whose comment calls it invalid or illegal must be rejected (none does today).
 */
class CutechessSanTest {

    /** cutechess variant names we play. Rows for any other variant are filtered out by name. */
    static final Set<String> SUPPORTED_VARIANTS = Set.of("standard", "fischerandom", "chess960");

    static Stream<RulesTestData.TsvRow> allRows() {
        return RulesTestData.tsv("san/cutechess_sanStrings.tsv").stream();
    }

    static Stream<RulesTestData.TsvRow> rows() {
        return allRows().filter(r -> SUPPORTED_VARIANTS.contains(r.get("variant")));
    }

    static boolean meantInvalid(RulesTestData.TsvRow row) {
        String comment = row.get("comment").toLowerCase(Locale.ROOT);
        return comment.contains("invalid") || comment.contains("illegal");
    }

    static Position position(RulesTestData.TsvRow row) {
        return Position.fromFen(Variant.byName(row.get("variant")), row.get("fen"));
    }

    /** The skipped rows, by name: none in the current file (every row is standard chess). */
    @Test
    void skippedRowsAreNamed() {
        assertThat(allRows().filter(r -> !SUPPORTED_VARIANTS.contains(r.get("variant")))
                .map(r -> r.get("name") + " (" + r.get("variant") + ")")).isEmpty();
        assertThat(rows()).hasSize(12);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void lanAndSanNameTheSameMove(RulesTestData.TsvRow row) {
        Position p = position(row);
        String lan = row.get("lanmove");
        String san = row.get("sanmove");
        if (meantInvalid(row)) {
            assertThatThrownBy(() -> p.parseSan(san)).as("%s", row).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> p.parseUci(lan)).as("%s", row).isInstanceOf(IllegalArgumentException.class);
            return;
        }
        Move fromLan = p.parseUci(lan);
        Move fromSan = p.parseSan(san);
        assertThat(fromSan).as("%s: parseSan(%s) vs parseUci(%s)", row.get("name"), san, lan).isEqualTo(fromLan);
        assertThat(p.san(fromLan)).as("%s: san(%s)", row.get("name"), lan).isEqualTo(san);
        assertThat(p.uci(fromSan)).as("%s: uci(%s)", row.get("name"), san).isEqualTo(lan);
    }

    /** The lenient SAN reader also takes the coordinate form (API: "e2e4" is accepted by parseSan). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void lenientSanReadsTheCoordinateForm(RulesTestData.TsvRow row) {
        if (meantInvalid(row)) {
            return;
        }
        Position p = position(row);
        String lan = row.get("lanmove");
        assertThat(p.parseSan(lan)).as("%s: parseSan(%s) in %s", row.get("name"), lan, row.get("fen"))
                .isEqualTo(p.parseUci(lan));
    }
}
