package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;

import org.junit.jupiter.api.Test;

/** The check behind {@code marelle pgn check}. */
class PgnCheckTest {

    @Test
    void countsGamesPliesAndErrors() {
        String pgn = """
                [Event "one"]
                1. e4 e5 2. Nf3 (2. f4) Nc6 1-0

                [Event "two"]
                1. e4 e4 0-1

                [Event "three"]
                1. d4 *
                """;
        PgnCheck.Report report = PgnCheck.check(new StringReader(pgn), "games.pgn");
        assertThat(report.games()).isEqualTo(3);
        assertThat(report.moves()).isEqualTo(5); // main-line plies of the good games; the variation is not counted
        assertThat(report.ok()).isFalse();
        assertThat(report.errors()).hasSize(1);
        assertThat(report.errors().getFirst().toString())
                .isEqualTo("games.pgn: game 2, line 5:7: illegal move '1... e4' in position "
                        + "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }

    @Test
    void anEmptySourceIsFine() {
        PgnCheck.Report report = PgnCheck.check(new StringReader(""), "empty.pgn");
        assertThat(report).isEqualTo(new PgnCheck.Report(0, 0, java.util.List.of()));
        assertThat(report.ok()).isTrue();
    }
}
