package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Damaged PGN never crashes the reader: whatever the edits, every game comes out parsed or failed, numbered 1, 2, 3...
 * in order, and every parsed game writes and reads back.
 */
class PgnReaderRobustnessTest {

    private static final String SAMPLE = """
            [Event "Game with variations"]
            [Site "?"]
            [FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

            {Start} 1.e4 e5 (1...e6 +- {French}) 2.Nf3 Nc6 3.Bb5 ({Italian:} 3.Bc4 Bc5)
            (3.d4 exd4 4.Nxd4 ($42 4.Bc4 !? Nf6 inf) 4...Bc5) 3...a6 4.Bxc6 dxc6 ; a line comment
            5. O-O $1 f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 1/2-1/2

            % an escape line
            [Event "Null moves"]
            1. e4 -- 2. d4 Z0 3. Nf3 e5 4. dxe5 d6 5. exd6 Bxd6 *

            1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 1-0
            """;

    private static final String NOISE = "[]{}()\"\\;%$!?+-=/*.0123456789abcdefghNBRQKOxZ \n\r\t";

    /** An edit: at a position, delete, insert or replace a character. */
    record Edit(int position, int kind, char c) {
    }

    @Provide
    Arbitrary<List<Edit>> edits() {
        Arbitrary<Edit> edit = Combinators.combine(
                Arbitraries.integers().between(0, SAMPLE.length() - 1),
                Arbitraries.integers().between(0, 2),
                Arbitraries.of(NOISE.chars().mapToObj(c -> (char) c).toList())).as(Edit::new);
        return edit.list().ofMinSize(1).ofMaxSize(25);
    }

    @Property(tries = 300)
    void damagedTextGivesGamesOrErrorsNeverACrash(@ForAll("edits") List<Edit> edits) {
        StringBuilder sb = new StringBuilder(SAMPLE);
        for (Edit e : edits) {
            int at = Math.min(e.position(), sb.length() - 1);
            switch (e.kind()) {
                case 0 -> sb.deleteCharAt(at);
                case 1 -> sb.insert(at, e.c());
                default -> sb.setCharAt(at, e.c());
            }
        }
        List<PgnReader.Entry> entries = PgnReader.readAll(sb.toString());
        for (int i = 0; i < entries.size(); i++) {
            assertThat(entries.get(i).gameNumber()).isEqualTo(i + 1);
            if (entries.get(i) instanceof PgnReader.Failed f) {
                assertThat(f.error().line()).isPositive();
                assertThat(f.error().column()).isPositive();
            } else if (entries.get(i) instanceof PgnReader.Parsed p) {
                assertThat(PgnRealGamesTest.roundTrip(p.game()).fault()).isNull();
            }
        }
    }
}
