package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@link RecognizerState#wakeUpAt()}: a driver loop ticks when asked, so the time asked for is never already past. */
class WakeUpTest {

    @Test
    void aBoardTakenApartAfterMateNeverAsksForATickAlreadyPast() {
        // After a mate no move is legal and no mismatch is reported (the game is over); the board taken apart is
        // unexplained all the same. The recognizer asked to be woken when the mismatch would be due, then, that time
        // passed with nothing reported, again at that same time: a daemon's loop ticked without pause (found with
        // Lichess 2016-05 game 548 under `swap` at 40 Hz, seed 1, nobody answering).
        Hands h = Hands.at("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
                .up("a2").after(300).up("b2").after(300).up("h8");
        RecognizerState s = h.state();
        int ticks = 0;
        for (; ticks < 50; ticks++) {
            OptionalLong wake = s.wakeUpAt();
            if (wake.isEmpty()) break;
            assertThat(wake.getAsLong()).as("tick %d", ticks).isGreaterThan(s.now());
            s = s.tick(wake.getAsLong()).state();
        }
        assertThat(ticks).isLessThan(50);
    }
}
