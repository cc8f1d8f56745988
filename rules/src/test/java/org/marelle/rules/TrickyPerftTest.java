package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * python-chess's "tricky" perft positions (perft/python-chess_tricky.perft): the classic positions 2-6, X-FEN
 * Chess960 positions whose castling rights are written KQkq for rooks that are not in the corners, impossible
 * checker alignments, en passant that would expose the king, and impossible castling rights.
 *
 * <p>All of them are loaded as {@link Variant#CHESS960}, as python-chess, shakmaty and scalachess do for this file:
 * the file's counts were computed with Chess960 castling. The xfen-* rows need it (king on c1 or d1 with castling
 * rights), and so does "asymmetrical-and-king-on-h" (see {@link #CHESS960_ONLY}); for the others Chess960 castling
 * generates exactly the standard castling moves, which a third test checks under {@link Variant#STANDARD}. The normal run checks every depth up to {@value #NORMAL_BUDGET} nodes; the
 * rest is {@code slow}.
 */
class TrickyPerftTest {

    static final String TRICKY = "perft/python-chess_tricky.perft";
    static final long NORMAL_BUDGET = 2_000_000L;

    static Stream<RulesTestData.PerftCase> trickyCases() {
        return RulesTestData.trickyPerft(TRICKY).stream();
    }

    @Test
    void fileHasAllItsCases() {
        assertThat(trickyCases()).hasSize(19);
        assertThat(trickyCases()).allSatisfy(c -> assertThat(c.counts()).isNotEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("trickyCases")
    void perftWithinBudget(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.CHESS960, c.fen());
        c.counts().forEach((depth, nodes) -> {
            if (nodes <= NORMAL_BUDGET) {
                PerftSuitesTest.assertPerft(p, c, depth, nodes);
            }
        });
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("trickyCases")
    void perftBeyondBudget(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.CHESS960, c.fen());
        c.counts().forEach((depth, nodes) -> {
            if (nodes > NORMAL_BUDGET) {
                PerftSuitesTest.assertPerft(p, c, depth, nodes);
            }
        });
    }

    /**
     * Rows whose counts hold only under Chess960 castling. "asymmetrical-and-king-on-h"
     * ({@code r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -}): in Chess960 the q right belongs to the a8 rook with the king on
     * h8, and once the d8 rook steps aside Black can castle long at ply 3, which python-chess counts (3672). In
     * standard chess that right is void and dropped, so depth 3 has 12 nodes fewer.
     */
    static final Set<String> CHESS960_ONLY = Set.of("xfen-00", "xfen-01", "xfen-02", "xfen-03",
            "xfen-04", "asymmetrical-and-king-on-h");

    /**
     * The positions that are ordinary chess (all but {@link #CHESS960_ONLY}) give the same counts under standard
     * rules: standard and Chess960 castling agree when king and rooks stand on e1/a1/h1.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("trickyCases")
    void standardPositionsAgreeUnderStandardRules(RulesTestData.PerftCase c) {
        if (CHESS960_ONLY.contains(c.id())) {
            return;
        }
        Position p = Position.fromFen(Variant.STANDARD, c.fen());
        c.counts().forEach((depth, nodes) -> {
            if (depth <= 3) {
                PerftSuitesTest.assertPerft(p, c, depth, nodes);
            }
        });
    }
}
