package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.Corrected;
import org.marelle.rules.Position;

/**
 * Corrections: a move committed as the likelier story that the moves after show wrong is withdrawn and the moves
 * read instead are committed ({@link Correction}); a move the board really showed is never rewritten.
 */
class CorrectionScenariosTest {

    /** White's queen on d4 can take the knight on d5 or the pawn on a7. */
    private static final String TWO_VICTIMS = "4k3/p7/8/3n4/3Q4/8/8/4K3 w - - 0 1";

    /** Reed switches at the daemon's scanning: no dropouts to allow for. */
    private static final RecognizerConfig REED = RecognizerConfig.defaults().withSensors(SensorModel.reed(50, 2));

    /**
     * Qxd5 one-handed, too fast for any scan (d5 never read empty), and the a7 pawn lifted and put back meanwhile:
     * the board reads as Qxa7, the likelier story.
     */
    private static Hands qxd5ReadAsQxa7() {
        Hands h = Hands.at(Position.fromFen(TWO_VICTIMS), REED).up("d4").after(150).up("a7").after(170).down("a7")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxa7");
        return h;
    }

    @Test
    void aCaptureTheNextMovesShowWrongIsCorrected() {
        Hands h = qxd5ReadAsQxa7();
        // Kf8 fits both. The queen then leaves d5, where Black's knight stands by the moves committed.
        h.up("e8").after(300).down("f8").waitMs(1500);
        // (The queen's move is read as any move once the moves before it are corrected: its window runs then.)
        h.up("d5").after(300).down("d6").waitMs(4000).waitMs(1000);
        assertThat(h.events(Corrected.class)).singleElement().satisfies(c -> {
            assertThat(c.plies()).isEqualTo(2);
            assertThat(c.position()).isEqualTo(Position.fromFen(TWO_VICTIMS));
        });
        assertThat(h.committed()).containsExactly("Qxa7", "Kf8", "Qxd5", "Kf8", "Qd6+");
        assertThat(h.state().position().fen()).isEqualTo("5k2/p7/3Q4/8/8/8/8/4K3 b - - 2 2");
        assertThat(h.events(BoardMismatch.class)).isEmpty();
    }

    @Test
    void aCaptureShownWrongMovesLaterIsExchangedForTheSamePiecesOther() {
        Hands h = qxd5ReadAsQxa7();
        // Kf8 Ke2 Ke8 fit both lines; the board reads the same after Qxa7 as after Qxd5 until the queen moves on.
        h.up("e8").after(300).down("f8").waitMs(1500);
        h.up("e1").after(300).down("e2").waitMs(1500);
        h.up("f8").after(300).down("e8").waitMs(1500);
        assertThat(h.committed()).containsExactly("Qxa7", "Kf8", "Ke2", "Ke8");
        h.up("d5").after(300).down("d6").waitMs(4000).waitMs(1000);
        assertThat(h.events(Corrected.class)).singleElement().satisfies(c -> assertThat(c.plies()).isEqualTo(4));
        assertThat(h.committed()).endsWith("Qxd5", "Kf8", "Ke2", "Ke8", "Qd6");
        assertThat(h.state().position().fen()).isEqualTo("4k3/p7/3Q4/8/8/8/4K3/8 b - - 4 3");
    }

    @Test
    void aStrayPieceIsAMismatchNotACorrection() {
        Hands h = qxd5ReadAsQxa7();
        h.up("e8").after(300).down("f8").waitMs(1500);
        // A piece set on h4, where no legal move of either line puts one: reported, nothing rewritten.
        h.down("h4").waitMs(4000);
        assertThat(h.events(Corrected.class)).isEmpty();
        assertThat(h.events(BoardMismatch.class)).isNotEmpty();
        assertThat(h.committed()).containsExactly("Qxa7", "Kf8");
    }
}
