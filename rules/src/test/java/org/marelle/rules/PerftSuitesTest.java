package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two Ethereal perft suites (see src/test/resources/perft/PROVENANCE.md): 128 standard positions and the 960
 * Chess960 positions (Shredder-FEN castling), one test per position so a failure names its FEN.
 *
 * <p>The normal run checks the standard suite to depth 4 and the Chess960 suite to depth 3 (about 12M and 20M leaf
 * nodes). The {@code slow} tag (run with {@code -Pslow}) goes deeper, up to a node budget per (position, depth):
 * {@code -Dmarelle.perft.maxNodes=N} (default 2,000,000,000, i.e. every depth of the standard suite) and
 * {@code -Dmarelle.perft960.maxDepth=D} (default 4: depth 5 of all 960 positions is 17 billion nodes).
 */
class PerftSuitesTest {

    static final String STANDARD_SUITE = "perft/ethereal_standard.epd";
    static final String CHESS960_SUITE = "perft/ethereal_fischer_chess960.epd";

    /** A position with no count at or below the normal depth is still checked at its shallowest depth under this. */
    static final long SHALLOWEST_DEPTH_BUDGET = 20_000_000L;

    static Stream<RulesTestData.PerftCase> standardCases() {
        return RulesTestData.epdPerft(STANDARD_SUITE).stream();
    }

    static Stream<RulesTestData.PerftCase> chess960Cases() {
        return RulesTestData.epdPerft(CHESS960_SUITE).stream();
    }

    static long slowNodeBudget() {
        return Long.getLong("marelle.perft.maxNodes", 2_000_000_000L);
    }

    @Test
    void suitesHaveTheExpectedSize() {
        assertThat(standardCases()).hasSize(128);
        assertThat(chess960Cases()).hasSize(960);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("standardCases")
    void standardToDepth4(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.STANDARD, c.fen());
        boolean any = false;
        for (Map.Entry<Integer, Long> e : c.counts().entrySet()) {
            if (e.getKey() <= 4) {
                assertPerft(p, c, e.getKey(), e.getValue());
                any = true;
            }
        }
        if (!any) {
            // The last row (line 128, an en passant position) only gives D5; check that when it is affordable.
            Map.Entry<Integer, Long> shallowest = c.counts().entrySet().iterator().next();
            if (shallowest.getValue() <= SHALLOWEST_DEPTH_BUDGET) {
                assertPerft(p, c, shallowest.getKey(), shallowest.getValue());
            }
        }
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("standardCases")
    void standardAllDepths(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.STANDARD, c.fen());
        long budget = slowNodeBudget();
        c.counts().forEach((depth, nodes) -> {
            if (depth > 4 && nodes <= budget) {
                assertPerft(p, c, depth, nodes);
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("chess960Cases")
    void chess960ToDepth3(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.CHESS960, c.fen());
        c.counts().forEach((depth, nodes) -> {
            if (depth <= 3) {
                assertPerft(p, c, depth, nodes);
            }
        });
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("chess960Cases")
    void chess960Deeper(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.CHESS960, c.fen());
        int maxDepth = Integer.getInteger("marelle.perft960.maxDepth", 4);
        long budget = slowNodeBudget();
        c.counts().forEach((depth, nodes) -> {
            if (depth > 3 && depth <= maxDepth && nodes <= budget) {
                assertPerft(p, c, depth, nodes);
            }
        });
    }

    /** Divide is consistent with perft: the per-move counts add up, one entry per legal move. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("standardCases")
    void divideAddsUpToPerft(RulesTestData.PerftCase c) {
        Position p = Position.fromFen(Variant.STANDARD, c.fen());
        if (!c.counts().containsKey(2)) {
            return;
        }
        Map<Move, Long> divide = Perft.divide(p, 2);
        assertThat(divide.keySet()).as("divide moves of %s", c.fen()).containsExactlyInAnyOrderElementsOf(p.legalMoves());
        assertThat(divide.values().stream().mapToLong(Long::longValue).sum()).as("divide sum of %s", c.fen())
                .isEqualTo(c.counts().get(2));
        List<String> ucis = divide.keySet().stream().map(p::uci).toList();
        assertThat(ucis).as("divide order (by uci) of %s", c.fen()).isSorted();
    }

    /**
     * The main-code suite reader ({@link PerftSuite}) reads the three perft files to the same cases as this test's own
     * reader (which adds no counters, so a four-field FEN gets "0 1" appended for the comparison).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {STANDARD_SUITE, CHESS960_SUITE, TrickyPerftTest.TRICKY})
    void perftSuiteReaderAgrees(String resource) throws IOException {
        List<RulesTestData.PerftCase> ours = resource.endsWith(".perft") ? RulesTestData.trickyPerft(resource)
                : RulesTestData.epdPerft(resource);
        List<PerftSuite.Case> theirs;
        try (InputStream in = PerftSuitesTest.class.getResourceAsStream("/" + resource);
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            theirs = PerftSuite.parse(reader);
        }
        assertThat(theirs).hasSameSizeAs(ours);
        for (int i = 0; i < ours.size(); i++) {
            RulesTestData.PerftCase c = ours.get(i);
            String fen = RulesTestData.fieldCount(c.fen()) == 4 ? c.fen() + " 0 1" : c.fen();
            assertThat(theirs.get(i).fen()).as("case %s", c).isEqualTo(fen);
            assertThat(theirs.get(i).counts()).as("case %s", c).isEqualTo(c.counts());
            assertThat(theirs.get(i).line()).as("case %s", c).isEqualTo(c.line());
        }
    }

    static void assertPerft(Position p, RulesTestData.PerftCase c, int depth, long expected) {
        long actual = Perft.perft(p, depth);
        assertThat(actual).as("perft(%d) of %s [%s:%d]", depth, c.fen(), c.resource(), c.line()).isEqualTo(expected);
    }
}
