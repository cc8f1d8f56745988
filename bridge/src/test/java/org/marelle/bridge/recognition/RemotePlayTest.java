package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame.Pattern;
import org.marelle.rules.Color;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Playing against an engine or an online opponent: the board plays one side, the other side's moves come through
 * {@code remoteMove}. The board is never read as the remote side's move, and the remote move is expected exactly.
 */
class RemotePlayTest {

    private static Hands whiteAtTheBoard() {
        return Hands.at(Position.start(Variant.STANDARD)).ticking(25).remoteSides(Color.BLACK);
    }

    @Test
    void thePlayersOwnMovesAreReadAsUsual() {
        Hands h = whiteAtTheBoard().up("e2").after(300).down("e4").after(2_000);
        assertThat(h.committed()).containsExactly("e4");
        assertThat(h.state().awaitingRemoteMove()).isTrue();
    }

    @Test
    void aMoveOfTheEnginesPieceBeforeItsMoveCameIsAMismatchNotAMove() {
        Hands h = whiteAtTheBoard().up("e2").after(300).down("e4").after(2_000).clearEvents();
        h.up("e7").after(300).down("e5").after(3_000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(RecognitionEvent.BoardMismatch.class)).isNotEmpty();
        assertThat(h.led("e7").rgb()).isEqualTo(BoardLeds.FILL);
        assertThat(h.led("e5").rgb()).isEqualTo(BoardLeds.CLEAR);
        // Put back, the board is in sync again, and the engine's move is still awaited.
        h.up("e5").after(300).down("e7").after(2_000);
        assertThat(h.events(RecognitionEvent.BoardInSync.class)).isNotEmpty();
        assertThat(h.state().awaitingRemoteMove()).isTrue();
    }

    @Test
    void twoPliesAreNotReadWhenTheSecondIsTheEngines() {
        // White's move and, at once, Black's pawn moved by the same hand: only White's move is the board's.
        Hands h = whiteAtTheBoard().up("e2").after(200).down("e4").after(150).up("e7").after(200).down("e5")
                .after(3_000);
        assertThat(h.committed()).doesNotContain("e5");
        assertThat(h.fen()).isNotEqualTo(Position.start(Variant.STANDARD).playSan("e4").playSan("e5").fen());
    }

    @Test
    void theEnginesMoveIsShownThenExpectedExactly() {
        Hands h = whiteAtTheBoard().up("e2").after(300).down("e4").after(2_000).remote("e7e5").clearEvents();
        assertThat(h.led("e7").rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(h.led("e5").rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(h.state().awaitingRemoteMove()).isFalse();
        // Another move of Black's than the one shown is not played: a mismatch that shows the fix.
        h.up("d7").after(300).down("d5").after(3_000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(RecognitionEvent.BoardMismatch.class)).isNotEmpty();
        h.up("d5").after(300).down("d7").after(1_000);
        // The move shown, made: nothing to commit (the game has it), and White plays on.
        h.up("e7").after(300).down("e5").after(1_000);
        h.up("g1").after(300).down("f3").after(2_000);
        assertThat(h.committed()).containsExactly("Nf3");
    }

    @Test
    void anEnPassantFromElsewhereLightsThePawnToTakeOff() {
        Hands h = Hands.at("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3").ticking(25)
                .remoteSides(Color.BLACK).remote("d4e3");
        assertThat(h.led("d4").rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(h.led("e3").rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(h.led("e4").rgb()).isEqualTo(BoardLeds.REMOTE);
        assertThat(h.led("e4").pattern()).isEqualTo(Pattern.BLINK);
    }

    @Test
    void aResultGestureStillWorksWhileTheEngineThinks() {
        // White resigns during Black's turn: kings on dark centre squares (0-1).
        Hands h = Hands.at("4k3/8/8/8/8/8/8/4K3 w - - 0 40").ticking(25).remoteSides(Color.BLACK);
        h.up("e1").after(300).down("e2").after(2_000);
        assertThat(h.committed()).containsExactly("Ke2");
        h.clearEvents();
        h.up("e2").after(400).down("d4").after(400).up("e8").after(400).down("e5").after(4_000);
        assertThat(h.events(RecognitionEvent.ResultGesture.class)).extracting(RecognitionEvent.ResultGesture::result)
                .containsExactly("0-1");
    }

    @Test
    void aCaptureFromElsewhereIsNotTakenBackWhileItsPieceIsStillInHand() {
        // Black's knight takes on e4 (from the engine). Lifted from f6, the board already shows the capture's
        // occupancy (e4 still holds White's pawn); set back on f6 a moment, it is no takeback of the capture.
        Hands h = Hands.at("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2").ticking(25)
                .remoteSides(Color.BLACK).remote("f6e4").clearEvents();
        h.up("f6").after(400).down("f6").after(1_500);
        assertThat(h.events(RecognitionEvent.TakenBack.class)).isEmpty();
        h.up("f6").after(300).up("e4").after(300).down("e4").after(2_000);
        assertThat(h.events(RecognitionEvent.TakenBack.class)).isEmpty();
        assertThat(h.fen()).startsWith("rnbqkb1r/pppppppp/8/8/4n3/");
        // White plays on.
        h.up("d2").after(300).down("d4").after(2_000);
        assertThat(h.committed()).containsExactly("d4");
    }

    @Test
    void aRecaptureOfTheEnginesPieceJustSetDownIsAskedAboutNotLeftWaiting() {
        // The engine (Black) plays ...h5; the player sets its pawn on h5 and takes it at once with the knight, one
        // hand: h5 reads empty for 100 ms only, 300 ms after the pawn landed, as Hall sensors may read a piece set
        // down off centre. That reads the same as the knight still held over h5, and the engine's next move waits
        // for this one: once the board is still for 1.5 s the board asks (h5 lit); a touch of h5 confirms Nxh5.
        Hands h = Hands.at(Position.fromFen("rnbqkbnr/ppppppp1/7p/8/8/6N1/PPPPPPPP/R1BQKBNR b KQkq - 1 2"),
                        RecognizerConfig.defaults()).ticking(20)
                .remoteSides(Color.BLACK).remote("h6h5");
        h.up("h6").after(400).down("h5").after(300).up("g3").after(180).up("h5").after(100).down("h5").after(1_000);
        assertThat(h.committed()).isEmpty();
        h.after(1_000);
        assertThat(h.events(RecognitionEvent.BoardAmbiguous.class)).singleElement()
                .satisfies(a -> assertThat(a.choices()).extracting(c -> c.san()).containsExactly(List.of("Nxh5")));
        h.up("h5").after(250).down("h5").after(1_200);
        assertThat(h.committed()).containsExactly("Nxh5");
        assertThat(h.state().awaitingRemoteMove()).isTrue();
    }

    @Test
    void aRecaptureOfTheEnginesPieceReadLateIsNotLeftWaitingForEver() {
        // As above, but the pawn set down off centre drops out until after the knight was lifted: the board never
        // showed the engine's move alone, in sync, before the player's began. The engine's move is made all the same
        // once its own squares show it; before, the board waited for that in-sync moment for ever, the engine with it
        // (a Chess960 engine game stalled so on Nxh4, a pawn just moved there for the engine).
        Hands h = Hands.at(Position.fromFen("rnbqkbnr/ppppppp1/7p/8/8/6N1/PPPPPPPP/R1BQKBNR b KQkq - 1 2"),
                        RecognizerConfig.defaults()).ticking(20)
                .remoteSides(Color.BLACK).remote("h6h5");
        h.up("h6").after(700).up("g3").after(100).down("h5").after(150).up("h5").after(100).down("h5").after(3_000);
        assertThat(h.committed()).containsExactly("Nxh5");
        assertThat(h.state().awaitingRemoteMove()).isTrue();
    }

    @Test
    void aRecaptureBegunInTheScanThatShowsTheEnginesMoveIsRead() {
        // From an engine game that stalled for good (EngineDemoTest, the person White): 16...Nge3+ came from the
        // engine; the person set the knight on e3 and lifted the bishop from f2 within one scan, so the board never
        // read the engine's move alone, then took the knight (17. Bxe3). The log still began with the board before the
        // engine's move, which no story from the game's position explains: nothing was ever committed or asked.
        Hands h = Hands.at(Position.fromFen("r1bqk2r/1pp2pp1/p6p/3p3P/5pn1/P1bP3N/2nQPBPR/4KB2 w kq - 0 16"),
                        RecognizerConfig.defaults()).ticking(20)
                .remoteSides(Color.BLACK);
        h.up("e1").after(300).down("d1").after(1_500);
        assertThat(h.committed()).containsExactly("Kd1");
        h.remote("g4e3").after(6_500).change("-g4 +e3 -f2").after(25).up("e3").after(200).down("e3").after(3_000);
        // Now the board asks (nothing can follow Bxe3 on this board: the engine waits for it); a touch confirms.
        assertThat(h.events(RecognitionEvent.BoardAmbiguous.class)).singleElement()
                .satisfies(a -> assertThat(a.choices()).extracting(c -> c.san()).containsExactly(List.of("Bxe3")));
        h.up("e3").after(250).down("e3").after(1_200);
        assertThat(h.committed()).containsExactly("Kd1", "Bxe3");
    }
}
