package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.rules.Position;

/** Which squares a promotion lights for the other pieces: the empty squares nearest the promotion square. */
class PromotionChoicesTest {

    @Test
    void theNearestEmptySquaresByKingStepsThenRookStepsThenTheLowerSquare() {
        Position p = Position.fromFen("8/P7/8/8/8/8/8/k6K w - - 0 1");
        List<PromotionChoice> choices = PromotionChoices.of(p, p.parseSan("a8=Q"));
        // b8 and b7 are a king step away (b8 one rook step, b7 two); a6 and c8 two king steps and two rook steps
        // each, a6 the lower square. a7, the pawn's square, is left empty by the move but is never a choice.
        assertThat(choices).extracting(c -> p.geometry().squareName(c.square()))
                .containsExactly("b8", "b7", "a6");
        assertThat(choices).extracting(c -> c.piece().letter()).containsExactly('R', 'B', 'N');
    }

    @Test
    void aCaptureThatPromotesLeavesItsVictimsSquareOccupiedAndLightsAroundIt() {
        Position p = Position.fromFen("1r6/P7/8/8/8/8/8/k6K w - - 0 1");
        List<PromotionChoice> choices = PromotionChoices.of(p, p.parseSan("axb8=Q"));
        // b8 is the new queen's: b7, a8 and c8 are each a king step and a rook step away, taken lowest square first
        // (c7 is two rook steps away; a7, the pawn's square, is never a choice).
        assertThat(choices).extracting(c -> p.geometry().squareName(c.square()))
                .containsExactly("b7", "a8", "c8");
    }

    @Test
    void aMoveThatDoesNotPromoteLightsNothing() {
        Position p = Position.fromFen("8/P7/8/8/8/8/8/k6K w - - 0 1");
        assertThat(PromotionChoices.of(p, p.parseSan("Kg1"))).isEmpty();
    }
}
