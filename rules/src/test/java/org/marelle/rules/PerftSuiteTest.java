package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

// Counts below are the published perft numbers (Ethereal's standard.epd, python-chess's tricky.perft).
class PerftSuiteTest {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private static List<PerftSuite.Case> parse(String text) throws IOException {
        return PerftSuite.parse(new StringReader(text));
    }

    @Test
    void readsAnEpdLineWithMoveCounters() throws IOException {
        List<PerftSuite.Case> cases = parse(START + " ;D1 20 ;D2 400 ;D3 8902\n");

        assertThat(cases).singleElement().satisfies(c -> {
            assertThat(c.line()).isEqualTo(1);
            assertThat(c.fen()).isEqualTo(START);
            assertThat(c.counts()).containsExactly(Map.entry(1, 20L), Map.entry(2, 400L), Map.entry(3, 8902L));
        });
    }

    @Test
    void addsMissingMoveCountersToTheFen() throws IOException {
        List<PerftSuite.Case> cases = parse("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66\n");

        assertThat(cases.get(0).fen()).isEqualTo("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    }

    @Test
    void skipsCommentsAndBlankLinesAndCountsLinesFromOne() throws IOException {
        String text = """
                # a comment
                
                %s ;D1 20
                   # indented comment
                4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 71 ;
                """.formatted(START);

        List<PerftSuite.Case> cases = parse(text);

        assertThat(cases).extracting(PerftSuite.Case::line).containsExactly(3, 5);
        assertThat(cases.get(1).counts()).containsExactly(Map.entry(1, 16L), Map.entry(2, 71L));
    }

    @Test
    void readsThePythonChessPerftFormat() throws IOException {
        String text = """
                # Position 2: Kiwipete by Peter McKenzie.
                id pos-2
                epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
                perft 1 48
                perft 2 2039

                id pos-3
                epd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -
                perft 1 14
                perft 4 43238
                """;

        List<PerftSuite.Case> cases = parse(text);

        assertThat(cases).hasSize(2);
        assertThat(cases.get(0).line()).isEqualTo(3);
        assertThat(cases.get(0).fen())
                .isEqualTo("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        assertThat(cases.get(0).counts()).containsExactly(Map.entry(1, 48L), Map.entry(2, 2039L));
        assertThat(cases.get(1).line()).isEqualTo(8);
        assertThat(cases.get(1).counts()).containsExactly(Map.entry(1, 14L), Map.entry(4, 43238L));
    }

    @Test
    void readsBothFormatsInOneFileWithWindowsLineEndsAndABom() throws IOException {
        String text = "\uFEFF" + START + " ;D1 20\r\nid x\r\nepd 8/8/8/8/8/8/8/K6k w - -\r\nperft 1 3\r\n";

        List<PerftSuite.Case> cases = parse(text);

        assertThat(cases).extracting(PerftSuite.Case::fen).containsExactly(START, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assertThat(cases.get(1).counts()).containsExactly(Map.entry(1, 3L));
    }

    @Test
    void keepsAFenItCannotJudge() throws IOException {
        // Whether the FEN is a position is Position's business; the suite only reads counts.
        assertThat(parse("not a fen ;D1 1\n")).singleElement()
                .extracting(PerftSuite.Case::fen).isEqualTo("not a fen");
    }

    @Test
    void namesTheLineOfAMalformedCountField() {
        String text = START + " ;D1 20\n" + START + " ;D1 20 ;D2 four hundred\n";

        assertThatThrownBy(() -> parse(text))
                .isInstanceOf(PerftSuite.FormatException.class)
                .hasMessage("line 2: expected a count field like 'D3 8902', got 'D2 four hundred'")
                .satisfies(e -> assertThat(((PerftSuite.FormatException) e).line()).isEqualTo(2));
    }

    @Test
    void rejectsADepthGivenTwice() {
        assertThatThrownBy(() -> parse(START + " ;D1 20 ;D1 21\n"))
                .isInstanceOf(PerftSuite.FormatException.class)
                .hasMessageContaining("line 1").hasMessageContaining("depth 1 given twice");
    }

    @Test
    void rejectsDepthZeroAndNegativeCounts() {
        assertThatThrownBy(() -> parse(START + " ;D0 1\n"))
                .isInstanceOf(PerftSuite.FormatException.class).hasMessageContaining("depth must be at least 1");
        assertThatThrownBy(() -> parse(START + " ;D1 -20\n"))
                .isInstanceOf(PerftSuite.FormatException.class).hasMessageContaining("'D1 -20'");
    }

    @Test
    void rejectsAPerftLineWithoutAPosition() {
        assertThatThrownBy(() -> parse("id lonely\nperft 1 20\n"))
                .isInstanceOf(PerftSuite.FormatException.class)
                .hasMessage("line 2: 'perft 1 20' does not follow an 'epd' line");
    }

    @Test
    void rejectsAMalformedPerftLine() {
        assertThatThrownBy(() -> parse("epd " + START + "\nperft 1\n"))
                .isInstanceOf(PerftSuite.FormatException.class)
                .hasMessage("line 2: expected 'perft DEPTH COUNT', got 'perft 1'");
    }

    @Test
    void countsAreImmutable() throws IOException {
        PerftSuite.Case c = parse(START + " ;D1 20\n").get(0);

        assertThatThrownBy(() -> c.counts().put(2, 400L)).isInstanceOf(UnsupportedOperationException.class);
    }
}
