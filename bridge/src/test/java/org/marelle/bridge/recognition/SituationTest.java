package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.junit.jupiter.api.Test;

/** The recognizer's situation ({@link RecognizerState#situation()}) through the life of a game, one at a time. */
class SituationTest {

    private static Hands start() {
        return Hands.at(Position.start(Variant.STANDARD));
    }

    @Test
    void beforeTheFirstFrameTheBoardIsUnread() {
        assertThat(RecognizerState.start(Position.start(Variant.STANDARD)).situation())
                .isInstanceOf(Situation.Unread.class);
        Hands h = start();
        assertThat(h.state().readingLost(10).state().situation()).isInstanceOf(Situation.Unread.class);
    }

    @Test
    void aMoveGoesFromInSyncThroughPieceInHandAndPendingToInSync() {
        Hands h = start();
        assertThat(h.state().situation()).isEqualTo(new Situation.InSync(null));
        h.up("e2");
        assertThat(h.state().situation())
                .isEqualTo(new Situation.PieceInHand(SquareSet.of(h.square("e2")), SquareSet.EMPTY));
        h.after(300).down("e4");
        Situation pending = h.state().situation();
        assertThat(pending).isInstanceOf(Situation.MovePending.class);
        assertThat(((Situation.MovePending) pending).move()).isEqualTo(h.state().provisionalMove().orElseThrow());
        assertThat(((Situation.MovePending) pending).choices()).isEmpty();
        h.waitMs(300);
        assertThat(h.committed()).containsExactly("e4");
        assertThat(h.state().situation()).isEqualTo(new Situation.InSync(h.state().lastMove().orElseThrow()));
    }

    @Test
    void aReplyMadeAtOnceIsTwoPliesPending() {
        Hands h = start().up("e2").after(200).down("e4").after(50).up("e7").after(150).down("e5");
        assertThat(h.committed()).isEmpty();
        Situation s = h.state().situation();
        assertThat(s).isInstanceOf(Situation.TwoPliesPending.class);
        assertThat(((Situation.TwoPliesPending) s).move()).isEqualTo(h.state().provisionalMoves().get(0));
        assertThat(((Situation.TwoPliesPending) s).reply()).isEqualTo(h.state().provisionalMoves().get(1));
    }

    @Test
    void aPromotionPendingNamesItsChoiceSquares() {
        Hands h = Hands.at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").up("a7").after(300).down("a8");
        Situation s = h.state().situation();
        assertThat(s).isInstanceOf(Situation.MovePending.class);
        assertThat(((Situation.MovePending) s).choices()).hasSize(3);
        assertThat(((Situation.MovePending) s).chosen()).isNull();
    }

    @Test
    void aBoardNothingExplainsIsAMismatchOnceReported() {
        Hands h = start().up("e2").after(200).down("e5");
        assertThat(h.state().situation()).isInstanceOf(Situation.PieceInHand.class);
        h.waitMs(5000);
        Situation s = h.state().situation();
        assertThat(s).isInstanceOf(Situation.Mismatch.class);
        assertThat(((Situation.Mismatch) s).report()).isEqualTo(h.state().mismatch().orElseThrow());
    }

    @Test
    void aMoveMadeElsewhereIsAwaitedUntilMadeOnTheBoard() {
        Hands h = start().ticking(25).remoteSides(Color.BLACK).up("e2").after(300).down("e4").after(2_000);
        h.remote("e7e5");
        Situation s = h.state().situation();
        assertThat(s).isInstanceOf(Situation.AwaitingRemoteMove.class);
        h.up("e7").after(300).down("e5").waitMs(500);
        assertThat(h.state().situation()).isInstanceOf(Situation.InSync.class);
    }

    @Test
    void aResultGestureEndsTheGame() {
        Hands h = start().up("e1").after(300).down("d4").after(300).up("e8").after(300).down("e5").waitMs(1000);
        assertThat(h.state().situation()).isEqualTo(new Situation.GameOver("0-1"));
    }
}
