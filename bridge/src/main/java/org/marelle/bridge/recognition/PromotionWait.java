package org.marelle.bridge.recognition;

import java.util.List;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.rules.Move;

/**
 * A promotion the story search waits on before it commits the moves that lead to it ({@link CatchUp}): the last move
 * of every story close enough to be the one, its piece still to be chosen. {@code choices}: the squares to set a
 * piece on to choose another than the default, lit as for a promotion pending ({@link BoardLeds}).
 */
record PromotionWait(Move move, List<PromotionChoice> choices) {
    PromotionWait {
        choices = List.copyOf(choices);
    }
}
