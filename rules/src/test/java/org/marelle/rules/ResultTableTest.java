package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * cutechess's results table (rules/cutechess_results.tsv): the result each position stands at.
 *
 * <p>Reading of the {@code result} column: {@code *} means the game goes on, so {@link Position#outcome()} is empty;
 * 1-0 / 0-1 / 1/2-1/2 mean {@code outcome()} gives that result. One row needs a rule: "Fifty moves draw" (halfmove
 * clock 100, no mate) is 1/2-1/2 for cutechess, which adjudicates the fifty-move rule automatically. Under the FIDE
 * Laws (9.3 and 9.6.2), and in our API, fifty moves only make the draw claimable, and the game ends by itself only
 * at seventy-five; so for a drawn row with a clock from 100 to 149 the test expects {@code isFiftyMoves()} and no
 * outcome. "Fifty moves mate" shows that mate on the hundredth half-move still wins.
 *
 * <p>Rows for variants Marelle does not play are filtered out by the explicit list {@link #UNSUPPORTED_VARIANTS};
 * a test checks that the list is exactly the set found in the file, so a new variant is noticed.
 */
class ResultTableTest {

    static final String RESOURCE = "rules/cutechess_results.tsv";

    static final Set<String> SUPPORTED_VARIANTS = Set.of("standard", "fischerandom", "chess960");

    static final Set<String> UNSUPPORTED_VARIANTS = Set.of("kingofthehill", "racingkings", "horde", "extinction",
            "kinglet", "checkless", "coregal", "grid", "gryphon", "twokings", "shatranj", "courier", "makruk", "karouk",
            "asean", "sittuyin", "ai-wok", "jesonmor", "shogi", "almost", "codrus");

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
        assertThat(rows()).hasSize(16);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void resultOfPosition(RulesTestData.TsvRow row) {
        Position p = Position.fromFen(Variant.byName(row.get("variant")), row.get("fen"));
        String result = row.get("result");
        Optional<Outcome> outcome = p.outcome();
        String what = row.get("name") + ": " + row.get("fen");
        switch (result) {
            case "*" -> {
                assertThat(outcome).as("outcome of %s", what).isEmpty();
                assertThat(p.legalMoves()).as("legal moves of %s", what).isNotEmpty();
                assertThat(p.isFiftyMoves()).as("isFiftyMoves of %s", what).isEqualTo(p.halfmoveClock() >= 100);
            }
            case "1-0", "0-1" -> {
                assertThat(outcome).as("outcome of %s", what).isPresent();
                assertThat(outcome.get().result()).as("result of %s", what).isEqualTo(result);
                assertThat(outcome.get().termination()).as("termination of %s", what).isEqualTo(Termination.CHECKMATE);
                assertThat(outcome.get().winner()).as("winner of %s", what).isEqualTo(p.turn().other());
                assertThat(p.isCheckmate()).as("isCheckmate of %s", what).isTrue();
            }
            case "1/2-1/2" -> {
                if (p.halfmoveClock() >= 100 && p.halfmoveClock() < 150) {
                    assertThat(p.isFiftyMoves()).as("isFiftyMoves of %s", what).isTrue();
                    assertThat(outcome).as("outcome of %s (fifty moves is a claim, not an automatic end)", what).isEmpty();
                } else {
                    assertThat(outcome).as("outcome of %s", what).isPresent();
                    assertThat(outcome.get().result()).as("result of %s", what).isEqualTo(result);
                    Termination expected = p.isStalemate() ? Termination.STALEMATE : Termination.INSUFFICIENT_MATERIAL;
                    assertThat(outcome.get().termination()).as("termination of %s", what).isEqualTo(expected);
                    assertThat(p.isInsufficientMaterial()).as("isInsufficientMaterial of %s", what)
                            .isEqualTo(expected == Termination.INSUFFICIENT_MATERIAL);
                }
            }
            default -> throw new AssertionError("unknown result '" + result + "' at " + row);
        }
    }
}
