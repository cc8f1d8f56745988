package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame.Led;
import org.marelle.board.LedFrame.Pattern;
import org.marelle.bridge.broadcast.BoardStatus;
import org.marelle.bridge.recognition.RecognitionEvent.BoardAmbiguous;
import org.marelle.bridge.recognition.RecognitionEvent.StoryChoice;

/**
 * A board that two stories explain equally well: nothing is committed; once the board has settled the player is asked
 * (an event, and each story's square blinking magenta) and touching one square chooses its story.
 */
class AmbiguousBoardTest {

    /**
     * The frames of the Lichess sample, game 3227, ply 34 (noisy, seed 13): f7-f5 dragged over f6, resting there 125
     * ms, then exf6 en passant. f6 was read about as long as f5, and f5 last: f6 then exf6 reads the same.
     */
    private static Hands pawnOnF6OrF5ThenTakenOnF6() {
        Hands h = Hands.at("r2q1rk1/p3bppp/1p2p3/2n1P3/2Pp2Q1/1P3NP1/PB3PKP/R3R3 b - - 2 17");
        h.after(50).up("f7")
                .after(50).down("g6")
                .after(25).change("-g6 +f6")
                .after(125).up("f6")
                .after(25).down("f5")
                .after(25).down("f4")
                .after(25).up("f4", "f5")
                .after(75).down("f5")
                .after(50).up("f5")
                .after(50).down("g5")
                .after(50).up("g5")
                .after(425).up("e5")
                .after(1025).down("f6");
        return h;
    }

    @Test
    void theBoardAsksOnceItHasSettled() {
        Hands h = pawnOnF6OrF5ThenTakenOnF6();
        h.waitMs(200);
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
        h.waitMs(100);
        List<BoardAmbiguous> asked = h.events(BoardAmbiguous.class);
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).choices()).extracting(StoryChoice::san)
                .containsExactlyInAnyOrder(List.of("f6", "exf6"), List.of("f5", "exf6"));
        assertThat(asked.get(0).choices()).extracting(StoryChoice::square)
                .containsExactlyInAnyOrder(h.square("f6"), h.square("f5"));
        assertThat(h.led("f6")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.BLINK));
        assertThat(h.led("f5")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.BLINK));
        assertThat(h.committed()).isEmpty();
        assertThat(h.state().situation()).isEqualTo(new Situation.Asking(asked.get(0).choices(), -1));
        // The viewer and the operator see the question too.
        assertThat(BoardStatus.of(h.state()).question())
                .containsExactlyInAnyOrder("f6 exf6 (touch f6)", "f5 exf6 (touch f5)");
        // Asked once, however long the board waits.
        h.waitMs(10_000);
        assertThat(h.events(BoardAmbiguous.class)).hasSize(1);
    }

    @Test
    void settingAPieceOnTheEmptySquareChoosesItsStory() {
        Hands h = pawnOnF6OrF5ThenTakenOnF6().waitMs(2000);
        h.after(500).down("f5");
        assertThat(h.led("f5")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.ON));
        h.after(200).up("f5").waitMs(2000);
        assertThat(h.committed()).containsExactly("f5", "exf6");
        assertThat(BoardStatus.of(h.state()).question()).isEmpty();
        assertThat(h.fen()).isEqualTo("r2q1rk1/p3b1pp/1p2pP2/2n5/2Pp2Q1/1P3NP1/PB3PKP/R3R3 b - - 0 18");
    }

    @Test
    void liftingThePieceOnTheOtherSquareAndSettingItBackChoosesItsStory() {
        Hands h = pawnOnF6OrF5ThenTakenOnF6().waitMs(2000);
        h.after(500).up("f6").after(200).down("f6").waitMs(2000);
        assertThat(h.committed()).containsExactly("f6", "exf6");
    }

    @Test
    void aTouchIsTakenOnceTheBoardStaysAsItWasForASecond() {
        Hands h = pawnOnF6OrF5ThenTakenOnF6().waitMs(2000);
        h.after(500).up("f6").after(200).down("f6").waitMs(RecognizerConfig.ANSWER_MILLIS - 100);
        // (Until then the touched square stays lit, the other blinking: the answer is being taken.)
        assertThat(h.committed()).isEmpty();
        assertThat(h.led("f6")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.ON));
        assertThat(h.led("f5")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.BLINK));
        h.waitMs(200);
        assertThat(h.committed()).containsExactly("f6", "exf6");
    }

    @Test
    void aTouchThatIsTheStartOfPlayAnswersNothing() {
        // White's queen on g4 is the next to move: the f6 pawn adjusted (j'adoube), then the queen lifted half a second
        // later. The touch of the lit f6 is no answer, and the question stands once the queen is set back.
        Hands h = pawnOnF6OrF5ThenTakenOnF6().waitMs(2000);
        h.after(500).up("f6").after(200).down("f6").after(500).up("g4").waitMs(3000);
        assertThat(h.committed()).isEmpty();
        h.down("g4").waitMs(2000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.led("f6")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.BLINK));
        assertThat(h.led("f5")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.BLINK));
    }

    @Test
    void aFlickerOnALitSquareIsNoTouch() {
        Hands h = pawnOnF6OrF5ThenTakenOnF6().waitMs(2000);
        h.after(500).down("f5").after(25).up("f5").waitMs(3000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.led("f5")).isEqualTo(new Led(BoardLeds.QUESTION, Pattern.BLINK));
    }

    @Test
    void noQuestionWhileTheBoardKeepsChanging() {
        Hands h = pawnOnF6OrF5ThenTakenOnF6();
        // The next move begins before the board has settled: the board is no longer the ambiguous one.
        h.after(150).up("g4").waitMs(3000);
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
    }
    @Test
    void aQuestionAboutMovesAlreadyCommittedSaysHowFarBackItBegins() {
        // (Asked when a capture nobody saw would be committed on a move itself in doubt: see Correction.doubted.)
        org.marelle.rules.Position p = org.marelle.rules.Position.fromFen(
                "r1b1r1k1/1p1nq2p/p1p3p1/3p1p2/1P1Pn3/P2BP1N1/2QN1PPP/R3R1K1 b - - 7 17");
        var g = p.geometry();
        org.marelle.rules.Move nxd2 = new org.marelle.rules.Move.Normal(g.parseSquare("e4"), g.parseSquare("d2"));
        org.marelle.rules.Move nxf2 = new org.marelle.rules.Move.Normal(g.parseSquare("e4"), g.parseSquare("f2"));
        List<StoryChoice> choices = List.of(
                new StoryChoice(List.of(nxd2), List.of(p.san(nxd2)), g.parseSquare("d2"), 1),
                new StoryChoice(List.of(nxf2), List.of(p.san(nxf2)), g.parseSquare("f2"), 1));
        assertThat(StoryChoice.describe(choices, g)).isEqualTo("Nxd2 (touch d2) or Nxf2 (touch f2), from 1 move back");
        assertThat(new StoryChoice(List.of(nxd2), List.of("Nxd2"), g.parseSquare("d2")).withdrawn()).isZero();
    }
}
