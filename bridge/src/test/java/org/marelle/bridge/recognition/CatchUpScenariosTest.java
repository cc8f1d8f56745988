package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Probe. */
class CatchUpScenariosTest {

    private static final String SCANDINAVIAN = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

    @Test
    void aFastCaptureThenAReply() {
        Hands h = Hands.at(SCANDINAVIAN).up("e4").after(200).up("d5").after(60).down("d5")
                .after(300).up("g8").after(400).down("f6").waitMs(3000);
        assertThat(h.committed()).containsExactly("exd5", "Nf6");
    }
}
