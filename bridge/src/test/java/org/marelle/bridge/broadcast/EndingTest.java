package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a game ended, from the session's reason: what the viewer says beside a result the position did not decide. */
class EndingTest {

    @Test
    void theSessionsReasonsAndLichessStatuses() {
        assertThat(Ending.of("0-1", "gesture")).isEqualTo(Ending.RESIGNATION);
        assertThat(Ending.of("1/2-1/2", "gesture")).isEqualTo(Ending.AGREEMENT);
        assertThat(Ending.of("1-0", "time forfeit")).isEqualTo(Ending.TIME_FORFEIT);
        assertThat(Ending.of("1/2-1/2", "threefold repetition")).isEqualTo(Ending.REPETITION);
        assertThat(Ending.of("1/2-1/2", "fifty moves")).isEqualTo(Ending.FIFTY_MOVES);
        assertThat(Ending.of("1-0", "arbiter")).isEqualTo(Ending.ARBITER);
        assertThat(Ending.of("1-0", "lichess: resign")).isEqualTo(Ending.RESIGNATION);
        assertThat(Ending.of("0-1", "lichess: outoftime")).isEqualTo(Ending.TIME_FORFEIT);
        assertThat(Ending.of("1/2-1/2", "lichess: draw")).isEqualTo(Ending.AGREEMENT);
        assertThat(Ending.TIME_FORFEIT.id()).isEqualTo("time-forfeit");
    }

    @Test
    void nothingWhileTheGameRunsOrWhenThePositionEndedIt() {
        assertThat(Ending.of("*", "gesture")).isNull();
        assertThat(Ending.of("1-0", "checkmate")).isNull();
        assertThat(Ending.of("1-0", "lichess: mate")).isNull();
        assertThat(Ending.of("1-0", "entered as in the source game")).isNull();
        assertThat(Ending.of("1-0", null)).isNull();
    }

    @Test
    void aReopenedGameForgetsItsEnding() {
        GameSnapshot g = Games.play(Games.standard("ending"), "e4", "e5").withResult("0-1", Ending.RESIGNATION);
        assertThat(g.ending()).isEqualTo(Ending.RESIGNATION);
        assertThat(g.withResult("*", Ending.RESIGNATION).ending()).isNull();
        assertThat(g.withMove(g.position().parseSan("Nf3")).ending()).isEqualTo(Ending.RESIGNATION);
    }
}
