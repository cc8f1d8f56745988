package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.RecognitionEvent.BoardAmbiguous;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.StoryChoice;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The story search: a still board the evidence rules could not follow as it changed is searched for the legal moves
 * that lead to it (up to four plies), read against what the sensors saw, and committed, asked, or left as a mismatch.
 */
class CatchUpScenariosTest {

    private static final String SCANDINAVIAN = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

    /** Reed switches at the daemon's scanning: no dropouts to allow for. */
    private static final RecognizerConfig REED = RecognizerConfig.defaults().withSensors(SensorModel.reed(50, 2));
    /** Hall sensors at the daemon's scanning: pieces set down off centre may drop out. */
    private static final RecognizerConfig HALL = RecognizerConfig.defaults().withSensors(SensorModel.hall(50, 2));

    @Test
    void aFastCaptureIsConfirmedByTheReply() {
        // exd5 one-handed: the pawn lifted, the victim plucked off, the pawn set down 60 ms later (below the proof).
        Hands h = Hands.at(Position.fromFen(SCANDINAVIAN), REED).up("e4").after(200).up("d5").after(60).down("d5")
                .waitMs(1000);
        // Alone, for a while, it reads as the pawn still held over d5: nothing is committed.
        assertThat(h.committed()).isEmpty();
        h.after(200).up("g8").after(400).down("f6").waitMs(3000);
        assertThat(h.committed()).containsExactly("exd5", "Nf6");
    }

    @Test
    void aFastCaptureIsConfirmedByABoardThatStaysStill() {
        // The same capture, and no reply for a while: reed switches do not read a piece as gone for 60 ms unless a
        // hand lifted it, and nobody holds a pawn over d5 that long on a still board.
        Hands h = Hands.at(Position.fromFen(SCANDINAVIAN), REED).up("e4").after(200).up("d5").after(60).down("d5")
                .waitMs(1000);
        assertThat(h.committed()).isEmpty();
        h.waitMs(600);
        assertThat(h.committed()).containsExactly("exd5");
    }

    @Test
    void aCaptureADropoutCouldHaveShownWaitsForTheReply() {
        // On Hall sensors, the pawn on d5 set down a moment before may read empty for a while without any hand: the
        // pawn on e4 lifted and held reads the same as exd5. Nothing is committed, however long the board is still.
        Hands h = Hands.at(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), HALL)
                .up("d7").after(400).down("d5").after(700).up("e4").after(200).up("d5").after(100).down("d5")
                .waitMs(4000);
        assertThat(h.committed()).containsExactly("d5");
        h.up("g8").after(400).down("f6").waitMs(3000);
        assertThat(h.committed()).containsExactly("d5", "exd5", "Nf6");
    }

    @Test
    void aCaptureTheScansNeverSawIsConfirmedByTheReply() {
        // At 24 Hz with two-scan debouncing the victim's square never read empty: the frames go from the pawn in hand
        // straight to the next move.
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.reed(24, 2));
        Hands h = Hands.at(Position.fromFen(SCANDINAVIAN), slow).up("e4").after(2000).up("g8").after(400).down("f6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("exd5", "Nf6");
    }

    @Test
    void aFastCaptureAndAFastRecaptureAreConfirmedByTheMoveAfter() {
        // exd5 and Qxd5 both one-handed; then Nc3, seen whole.
        Hands h = Hands.at(Position.fromFen(SCANDINAVIAN), REED)
                .up("e4").after(200).up("d5").after(80).down("d5")
                .after(400).up("d8").after(200).up("d5").after(80).down("d5")
                .after(600).up("b1").after(300).down("c3").waitMs(3000);
        assertThat(h.committed()).containsExactly("exd5", "Qxd5", "Nc3");
    }

    @Test
    void movesMadeBeforeTheRecognizerStartedAreFoundAndConfirmedByThePlayer() {
        // A daemon restarted after 1. e4 d5 2. exd5 Nf6 were played: the first frame shows them. Nothing but that
        // board tells of them, so the board asks the player to confirm the one story it found (touch e4). (1. Na3 d5
        // 2. Nb1 Nf6 with the e-pawn in hand leaves the same board: a piece out and back while the board was not read
        // did nothing it could show, and is no story.)
        Position start = Position.start(Variant.STANDARD);
        Position after = start.playSan("e4").playSan("d5").playSan("exd5").playSan("Nf6");
        RecognizerState s = RecognizerState.start(start, REED);
        List<RecognitionEvent> events = new java.util.ArrayList<>();
        s = feed(s.accept(frameOf(after.occupancy(), 0)), events);
        s = feed(s.tick(1000), events);
        assertThat(sans(events)).isEmpty();
        List<BoardAmbiguous> asked = events.stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e)
                .toList();
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).choices()).extracting(StoryChoice::san)
                .containsExactly(List.of("e4", "d5", "exd5", "Nf6"));
        // Not reported as a mismatch while it asks.
        s = feed(s.tick(3000), events);
        assertThat(events).noneMatch(e -> e instanceof BoardMismatch);
        // The player touches e4 (empty now): sets a piece down there for a moment and lifts it again.
        int e4 = start.geometry().parseSquare("e4");
        s = feed(s.accept(frameOf(after.occupancy().with(e4), 3500)), events);
        s = feed(s.accept(frameOf(after.occupancy(), 3800)), events);
        feed(s.tick(5000), events);
        assertThat(sans(events)).containsExactly("e4", "d5", "exd5", "Nf6");
    }

    @Test
    void aSquareLeftAndFilledAgainWhileTheBoardWasNotReadIsFound() {
        // A daemon restarted after 1. e4 b6 2. d4 Bb7: b7 was left by the pawn and filled by the bishop, so it reads
        // as if nothing happened there; the search still finds the story (a piece may leave a square that never
        // changed while the board was not read). 1... b6 2. d3 Bb7 3. d4 leaves the same board: the player is asked
        // where the two part: b6 d3 Bb7 d4 (touch d3) or b6 d4 Bb7 (touch d4); before, b6 alone was asked, a question
        // that told nothing. (Before that, nothing was found and a mismatch reported.)
        Position start = Position.start(Variant.STANDARD).playSan("e4");
        List<RecognitionEvent> events = restartedAt(start, start.playSan("b6").playSan("d4").playSan("Bb7"), 1000);
        assertThat(events.stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e).toList())
                .singleElement().satisfies(a -> {
                    assertThat(a.choices()).extracting(StoryChoice::san)
                            .containsExactlyInAnyOrder(List.of("b6", "d3", "Bb7", "d4"), List.of("b6", "d4", "Bb7"));
                    assertThat(a.choices()).extracting(c -> start.geometry().squareName(c.square()))
                            .containsExactlyInAnyOrder("d3", "d4");
                });
        assertThat(events).noneMatch(e -> e instanceof BoardMismatch);
    }

    /** A recognizer started at {@code start} whose first frame (at 0 ms) shows {@code after}, ticked at each time. */
    private static List<RecognitionEvent> restartedAt(Position start, Position after, long... ticks) {
        List<RecognitionEvent> events = new java.util.ArrayList<>();
        RecognizerState s = feed(RecognizerState.start(start, REED).accept(frameOf(after.occupancy(), 0)), events);
        for (long t : ticks) s = feed(s.tick(t), events);
        return events;
    }

    @Test
    void movesNobodyReadAreAskedAboutOnceStoriesWithAPieceInHandDropOut() {
        // A daemon restarted after 5. Bxh6 gxh6 6. Be2 Qg5 (chessjs benchmark game 1). Three-ply stories with the g7
        // pawn in hand leave the same board; once the board has been still for the mismatch window they drop out, and
        // the moves nobody read are put to the player then (Bxh6 gxh6 Be2 Qg5, or Be2 g5 Bxg5 Qxg5: touch h6 or
        // e2). They are confirmed by nothing that follows: they were asked about only after half a minute.
        Position start = Position.fromFen("rn1qkb1r/pbpp1ppp/1p2p2n/8/3PP3/P1N5/1PP2PPP/R1BQKBNR w KQkq - 3 5");
        List<RecognitionEvent> events = restartedAt(start,
                start.playSan("Bxh6").playSan("gxh6").playSan("Be2").playSan("Qg5"), 1000, 1500);
        assertThat(events.stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e).toList())
                .singleElement().satisfies(a -> assertThat(a.choices()).extracting(StoryChoice::san)
                        .contains(List.of("Bxh6")));
        assertThat(events).noneMatch(e -> e instanceof BoardMismatch);
    }

    @Test
    void aBoardOnlyAPieceStillInHandExplainsIsReportedOnceNoPieceCanStillBeHeld() {
        // A daemon restarted after 17... g4 18. Bxg4 Bc7 19. Bf3 (Morphy's game 1): the bishop went to g4 and back,
        // so only g5, b6 and c7 changed, and the one story the search finds is 17... Bc7 with White's capture of g5
        // begun (its victim lifted). No one holds a piece for half a minute: the board is then reported, not waited
        // on in silence (it was, for good: CatchUpWorstCase counted 517 such restarts).
        Position start = Position.fromFen("2kr3r/1p1n4/pbp2q1p/4p1p1/PP6/1QPPBB2/5PPP/R4RK1 b - - 1 17");
        Position after = start.playSan("g4").playSan("Bxg4").playSan("Bc7").playSan("Bf3");
        List<RecognitionEvent> events = restartedAt(start, after, 1000, 1500, 29_000);
        assertThat(events).noneMatch(e -> e instanceof BoardMismatch);
        events = restartedAt(start, after, 1000, 1500, 30_000);
        assertThat(events.stream().filter(e -> e instanceof BoardMismatch).map(e -> (BoardMismatch) e).toList())
                .singleElement().satisfies(m -> assertThat(m.toFill().toArray())
                        .containsExactly(start.geometry().parseSquare("g5")));
        assertThat(sans(events)).isEmpty();
    }

    @Test
    void storiesThatPartOnMovesOfOnePieceToOneSquareAreLitApartAndAsked() {
        // A daemon restarted after 28... Rxg2+ 29. Kxg2 Qg5+ 30. Kh1 (Morphy's game 1). Stories parting at 28...
        // Rxg2+, Rg5, Qxd3, Qg5 and Qxb6+ go to g2, g5, d3, g5, b6 and come from g8, g8, d8, d8, d8: neither all
        // their destinations nor all their origins tell them apart, so nothing was asked and the board waited in
        // silence. Lit each on one of the two, no two on one square, they are asked.
        Position start = Position.fromFen("Rbkq2r1/1p6/1BP4p/4p3/4B3/1QPP1P2/6RP/6K1 b - - 0 28");
        Position after = start.playSan("Rxg2+").playSan("Kxg2").playSan("Qg5+").playSan("Kh1");
        List<RecognitionEvent> events = restartedAt(start, after, 1000, 1500);
        assertThat(events.stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e).toList())
                .singleElement().satisfies(a -> {
                    assertThat(a.choices()).extracting(c -> c.san().get(0))
                            .containsExactlyInAnyOrder("Rxg2+", "Rg5", "Qxd3", "Qg5", "Qxb6+");
                    assertThat(a.choices()).extracting(StoryChoice::square).doesNotHaveDuplicates();
                    assertThat(a.choices()).filteredOn(c -> c.san().get(0).equals("Rxg2+")).singleElement()
                            .satisfies(c -> assertThat(c.san()).containsExactly("Rxg2+", "Kxg2", "Qg5+", "Kh1"));
                });
        assertThat(sans(events)).isEmpty();
    }

    @Test
    void movesMadeWhileTheBoardWasNotReadAreFoundAndConfirmedByThePlayer() {
        // 1. e4 followed as played; then the serial link drops (a cable pulled), 1... e5 2. Nf3 are played, and the
        // board is read again. Nothing but the board tells of the moves, and 1... e6 2. Nf3 e5 leaves it too: the
        // board asks (touch e5 for 1... e5, e6 for 1... e6).
        Position start = Position.start(Variant.STANDARD);
        Hands h = Hands.at(start, REED).up("e2").after(400).down("e4").waitMs(1000);
        assertThat(h.committed()).containsExactly("e4");
        Position after = start.playSan("e4").playSan("e5").playSan("Nf3");
        RecognizerState s = h.state();
        List<RecognitionEvent> events = new java.util.ArrayList<>();
        long t = h.now();
        s = feed(s.readingLost(t + 100), events);
        s = feed(s.accept(frameOf(after.occupancy(), t + 20_000)), events);
        s = feed(s.tick(t + 21_000), events);
        assertThat(sans(events)).isEmpty();
        assertThat(events.stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e).toList())
                .singleElement().satisfies(a -> assertThat(a.choices()).extracting(StoryChoice::san)
                        .containsExactlyInAnyOrder(List.of("e5", "Nf3"), List.of("e6", "Nf3", "e5")));
        int e5 = start.geometry().parseSquare("e5");
        s = feed(s.accept(frameOf(after.occupancy().without(e5), t + 21_500)), events);
        s = feed(s.accept(frameOf(after.occupancy(), t + 21_800)), events);
        feed(s.tick(t + 23_000), events);
        assertThat(sans(events)).containsExactly("e5", "Nf3");
    }

    @Test
    void twoOrdersOfMovesMadeBeforeTheRecognizerStartedAreAsked() {
        Position start = Position.start(Variant.STANDARD);
        Position after = start.playSan("e4").playSan("e5").playSan("Nf3");
        RecognizerState s = RecognizerState.start(start, REED);
        List<RecognitionEvent> events = new java.util.ArrayList<>();
        s = feed(s.accept(frameOf(after.occupancy(), 0)), events);
        feed(s.tick(1000), events);
        assertThat(sans(events)).isEmpty();
        assertThat(events.stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e).toList())
                .singleElement().satisfies(a -> assertThat(a.choices()).extracting(StoryChoice::square)
                        .containsExactlyInAnyOrder(start.geometry().parseSquare("e4"), start.geometry().parseSquare("f3")));
    }

    @Test
    void twoPliesMadeQuicklyInTheMiddleOfAGame() {
        Hands h = Hands.at(Position.fromFen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"), REED);
        Position after = h.state().position().playSan("d3").playSan("Bc5");
        h.frame(squaresOf(after)).waitMs(1000);
        assertThat(h.committed()).containsExactly("d3", "Bc5");
    }

    @Test
    void aPromotionTheSearchWaitsOnLightsItsChoiceSquares() {
        // bxa1 promoting, a fast swap (a1 empty 60 ms): too brief to prove as the board changes, so the story search
        // reads it once the board is still, and waits while the promotion's piece may still be chosen on the board.
        // Its choice squares are lit meanwhile, as for a promotion the board followed move by move; the knight's square
        // touched, a knight is made.
        Hands h = Hands.at(Position.fromFen("8/8/8/8/8/3k4/1p5K/R7 b - - 0 1"), REED);
        h.up("b2").after(300).up("a1").after(60).down("a1").waitMs(600);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(RecognitionEvent.PromotionPending.class)).singleElement().satisfies(p -> assertThat(p.choices())
                .extracting(RecognitionEvent.PromotionChoice::piece)
                .containsExactly(org.marelle.rules.PieceType.ROOK, org.marelle.rules.PieceType.BISHOP,
                        org.marelle.rules.PieceType.KNIGHT));
        RecognitionEvent.PromotionPending pending = h.events(RecognitionEvent.PromotionPending.class).get(0);
        for (RecognitionEvent.PromotionChoice c : pending.choices()) {
            assertThat(h.leds().led(c.square()).rgb()).isEqualTo(BoardLeds.choiceColour(c.piece()));
        }
        String knight = h.state().position().geometry().squareName(pending.choices().get(2).square());
        h.up("a1").after(300).down("a1").after(300).down(knight).after(200).up(knight).waitMs(2500);
        assertThat(h.committed()).containsExactly("bxa1=N");
    }

    @Test
    void aTranspositionTheLogCannotOrderIsAskedNotGuessed() {
        // 1. Nf3 Nf6 2. g3 g6 and 1. g3 g6 2. Nf3 Nf6 (and the two mixed orders) leave the same board; with no
        // readings in between nothing tells them apart.
        Position start = Position.start(Variant.STANDARD);
        Position after = start.playSan("Nf3").playSan("Nf6").playSan("g3").playSan("g6");
        Hands h = Hands.at(start, REED).frame(squaresOf(after)).waitMs(1000);
        assertThat(h.committed()).isEmpty();
        List<BoardAmbiguous> asked = h.events(BoardAmbiguous.class);
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).choices()).extracting(StoryChoice::square)
                .containsExactlyInAnyOrder(h.square("f3"), h.square("g3"));
        // The player touches g3 (lifts the pawn and sets it back): White's first move was g3; then Black's.
        h.after(500).up("g3").after(200).down("g3").waitMs(1000);
        assertThat(h.committed()).containsExactly("g3");
        asked = h.events(BoardAmbiguous.class);
        assertThat(asked).hasSize(2);
        assertThat(asked.get(1).choices()).extracting(StoryChoice::square)
                .containsExactlyInAnyOrder(h.square("f6"), h.square("g6"));
        // Black's first move was g6: what is left, Nf3 Nf6, has one order only.
        h.after(500).up("g6").after(200).down("g6").waitMs(1000);
        assertThat(h.committed()).containsExactly("g3", "g6", "Nf3", "Nf6");
        assertThat(h.events(BoardAmbiguous.class)).hasSize(2);
    }

    @Test
    void anOrderTheLogSawIsNotAsked() {
        // The same moves read as they were made, quickly: the log orders them.
        Hands h = Hands.at(Position.start(Variant.STANDARD), REED)
                .change("-g1 +f3").after(150).change("-g8 +f6").after(150).change("-g2 +g3").after(150)
                .change("-g7 +g6").waitMs(3000);
        assertThat(h.committed()).containsExactly("Nf3", "Nf6", "g3", "g6");
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
    }

    /**
     * Lichess 2016-05 game 3771's position before 13...f6 (or f5), `hall` at 24 Hz: the pawn stands on f6 a second
     * before it is taken, then exf6. However a double step's landing may go unread on Hall sensors, a pawn that stood
     * that long stopped there: f6 and exf6 are committed, nothing asked.
     */
    @Test
    void aSingleStepThatStoodBeforeItWasTakenIsNoDoubleStep() {
        RecognizerConfig hall24 = RecognizerConfig.defaults().withSensors(SensorModel.hall(24, 2));
        Hands h = Hands.at(Position.fromFen("r2q1rk1/2pnbppp/p1n1b3/1p1pP3/3P4/5N1P/PPB2PP1/RNBQR1K1 b - - 0 13"),
                hall24).ticking(42);
        h.after(1000).up("f7")
                .after(83).down("f6")
                .after(1000).up("f6")
                .after(583).up("e5")
                .after(167).down("f6")
                .waitMs(3000);
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
        assertThat(h.committed()).containsExactly("f6", "exf6");
    }

    @Test
    void aStrayPieceDroppedOnASlidersPathIsAMismatchNotPartOfTheMove() {
        // Ra1-a4 while a knight falls on a3 (and stays): no legal story leaves a3 occupied, so it is reported.
        Hands h = Hands.at(Position.fromFen("4k3/8/8/8/8/8/8/R3K2N w - - 0 1"), REED)
                .up("a1").after(200).down("a3").after(50).up("h1").after(200).down("a4").waitMs(3000);
        assertThat(h.committed()).doesNotContain("Ra4", "Ra3");
        assertThat(h.events(BoardMismatch.class)).isNotEmpty();
    }

    @Test
    void aHallDropoutOnAPieceJustSetDownIsNoCapture() {
        // 1. e4 d5, then White's pawn lifted towards d5 while the d5 pawn, set down off centre, reads empty for
        // 100 ms: with Hall sensors that is no capture; the pawn goes on to e5.
        Hands h = Hands.at(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
                .up("d7").after(300).down("d5").waitMs(400)
                .up("e4").after(100).up("d5").after(100).down("d5").after(600).down("e5").waitMs(3000);
        assertThat(h.committed()).containsExactly("d5", "e5");
    }

    @Test
    void theSameReadingOnReedSwitchesIsACapture() {
        // Reed switches do not drop out: the d5 square read empty while the pawn was in hand, then filled: exd5.
        Hands h = Hands.at(Position.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), REED)
                .up("d7").after(300).down("d5").waitMs(400)
                .up("e4").after(100).up("d5").after(150).down("d5").waitMs(3000);
        assertThat(h.committed()).containsExactly("d5", "exd5");
    }

    @Test
    void aFastCaptureIsNotTradedForAHesitationTheCapturingPieceCouldHaveBeen() {
        // Found in the swap profile (Morphy, game 130): Nxg4 one-handed (g4 empty 60 ms, two seconds after its pawn
        // was set down: no dropout), then Black lifts the d7 pawn and puts it back 1.4 s later (a hesitation), then
        // plays d5. Nxd7 is proven by the long emptiness of d7 and Nxg4 is not, but the fast capture came first: the
        // recognizer must not decide for Nxd7 before the board tells (d7-d5 is no move after Nxd7).
        Hands h = Hands.at(Position.fromFen("rnbqkb1r/pppppp1p/5n2/4N1p1/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1"), HALL)
                .up("g5").after(300).down("g4").after(2200)
                .up("e5").after(280).up("g4").after(60).down("g4")
                .after(860).up("d7").after(1380).down("d7")
                .after(660).up("d7").after(400).down("d5").waitMs(3000);
        assertThat(h.committed()).containsExactly("g4", "Nxg4", "d5");
    }

    @Test
    void aFastCaptureTheScansMissedIsNotTradedForAHesitationEither() {
        // The settled frames of Morphy game 130 at 24 Hz with two-scan debouncing (swap, seed 1, the wrong move left
        // at 24 Hz): the knight lifted from e5 takes on g4 so fast that g4 never reads empty; Black touches b8, then
        // lifts the d7 pawn and puts it back 1.4 s later, then plays d7-d5 (dragged over d6). Nxd7 is the only capture
        // the scans saw, but the knight may have taken on g4 unseen: only what follows tells (d7-d5 is no move after
        // Nxd7). Then Nxg4 and Nxf7, both unseen, leave the same board: the player is asked, and touches g4.
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.hall(24, 2));
        Hands h = Hands.at(Position.fromFen("rnbqkb1r/pppp1p1p/5n2/4N3/4PppP/8/PPPP2P1/RNBQKB1R w KQkq - 2 6"), slow)
                .up("e5").after(834).up("b8").after(208).down("b8")
                .after(167).up("d7").after(1375).down("d7")
                .after(625).up("d7").after(41).down("d6").after(125).change("-d6 +d5").waitMs(3000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(BoardAmbiguous.class)).singleElement()
                .satisfies(a -> assertThat(a.choices()).extracting(StoryChoice::san).extracting(san -> san.get(0))
                        .containsExactlyInAnyOrder("Nxg4", "Nxf7"));
        h.up("g4").after(300).down("g4").waitMs(3000);
        assertThat(h.committed()).containsExactly("Nxg4", "d5");
    }

    @Test
    void aCaptureWithItsVictimLiftedTogetherIsNoHesitationAfterAnUnseenSwap() {
        // Morphy game 206 in the drag profile at 24 Hz (seed 1): Qxe8+ with the queen and the rook on e8 lifted in the
        // same scan, the queen dragged over g6 and f7; the reply Bg8 dragged from d5 begins 200 ms after the queen
        // landed. The other side's touch of a piece comes after the mover's swap, never with it: no swap elsewhere
        // can have gone unseen here, and the capture is the rules' to commit (left to the search, the reply came
        // first and "Qf7, Bxf7" was read).
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.reed(24, 2));
        Hands h = Hands.at(Position.fromFen("4r2k/ppp3rp/2p2N2/3b3Q/3P4/8/P4P1P/5K2 w - - 0 29"), slow)
                .up("h5", "e8").waitMs(42).down("g6").waitMs(250).change("-g6 +f7").waitMs(167).up("f7")
                .waitMs(750).down("e8").waitMs(126).waitMs(82).up("d5").waitMs(84).down("e6").waitMs(125)
                .change("-e6 +f7").waitMs(125).change("-f7 +g8").waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxe8+", "Bg8");
    }

    @Test
    void aPieceRestingOnItsWayIsNoMoveWhenTheReplyWouldHaveComeTooSoon() {
        // Found in the drag profile at 24 Hz (game 13): Bxe6 dragged from b3, the victim plucked in the scan the
        // bishop left, the bishop resting on c4 and d5. "Bc4, then Black's e6 bishop to d5" reads the same squares,
        // but Black's bishop would have left e6 before White's had landed: no player answers that fast.
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.reed(24, 2));
        Hands h = Hands.at(Position.fromFen("4k3/8/4b3/8/8/1B6/8/4K3 w - - 0 1"), slow)
                .up("b3", "e6").after(42).down("c4").after(125).change("-c4 +d5").after(250).up("d5")
                .after(900).down("e6").waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxe6");
    }

    @Test
    void aReplyTakenVictimFirstAfterACaptureTakenVictimFirst() {
        // Found in the blitz profile (Morphy game 103, seed 1): Ne4, Black takes the knight off e4 150 ms after it
        // landed and plays Nxe4, White touches the d5 pawn for 75 ms (which reads like Nxd5 one-handed, so the rules
        // leave the choice to the story search), then takes the knight off e4 and plays Bxe4. The first two were
        // decided together; the search must read Nxe4's landing after Ne4 was done, not as Ne4 settling.
        RecognizerConfig blitz = RecognizerConfig.defaults().withSensors(SensorModel.ideal(40, 1));
        Hands h = Hands.at(Position.fromFen("4k3/8/5n2/3P4/8/6N1/8/1B2K3 w - - 0 1"), blitz)
                .up("g3").after(500).down("e4").after(150).up("e4").after(75).up("f6").after(300).down("e4")
                .after(125).up("d5").after(75).down("d5").after(75).up("b1").after(50).up("e4").after(250).down("e4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Ne4", "Nxe4", "Bxe4");
    }

    @Test
    void aPieceStillOnItsWayAfterItLandedIsNoDrag() {
        // Found in the blitz profile (ECC 2018 game 51, seed 1): Qe4 dragged from e6 over e5; White lifts the e3 pawn
        // and puts it back (125 ms), then takes the queen off e4 and plays Qxe4. "Qxe3, dragged over e4" reads the
        // same squares, but the queen would have stood on e4 200 ms after landing on e3.
        RecognizerConfig blitz = RecognizerConfig.defaults().withSensors(SensorModel.ideal(40, 1));
        Hands h = Hands.at(Position.fromFen("4k3/8/4q3/8/8/3QP3/8/4K3 b - - 0 1"), blitz)
                .up("e6").after(100).down("e5").after(175).change("-e5 +e4").after(125).up("e3").after(125).down("e3")
                .after(75).up("d3").after(125).up("e4").after(250).down("e4").waitMs(3000);
        assertThat(h.committed()).containsExactly("Qe4", "Qxe4+");
    }

    @Test
    void movesFollowedByTheOtherSidesAreCommittedWhileTheLastMayStillGrow() {
        // Found in the swap profile (chessjs game 61): Nxd4 one-handed right after cxd4 (a capture a Hall dropout
        // could show) waits for what follows; g6, Be3 and Bg7 follow, the board never still for a settle window in
        // between, and White plays Be2 500 ms after Bg7 landed, while the bishop could still have been on its way to
        // h6. The moves before Bg7 are done (the other side moved after each): they are committed before the next
        // move takes the story past the four plies the search looks at.
        Hands h = Hands.at(Position.fromFen("rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3"), HALL)
                .up("c5").after(200).up("d4").after(150).down("d4")
                .after(300).up("f3").after(200).up("d4").after(70).down("d4")
                .after(2000).up("g7").after(200).down("g6")
                .after(150).up("c1").after(200).down("e3")
                .after(150).up("f8").after(200).down("g7")
                .after(500).up("f1").after(200).down("e2")
                .after(300).up("g8").after(300).down("f6").waitMs(3000);
        assertThat(h.committed()).containsExactly("cxd4", "Nxd4", "g6", "Be3", "Bg7", "Be2", "Nf6");
    }

    @Test
    void aFlurryOfMovesWithNoStillBoardIsFollowedAGlanceAtATime() {
        // Blitz: exd5 and Qxd5 one-handed, then Nc3 Qa5 d4 Nf6, each move begun 200 ms after the one before landed
        // and held 200 ms: the board is never still for a settle window. Six plies are more than a search looks at;
        // the board is searched once no reading in it can still be a misreading, and what the other side answered
        // is committed on the way.
        Hands h = Hands.at(Position.fromFen(SCANDINAVIAN), REED)
                .up("e4").after(150).up("d5").after(60).down("d5")
                .after(200).up("d8").after(150).up("d5").after(80).down("d5")
                .after(200).up("b1").after(200).down("c3")
                .after(200).up("d5").after(200).down("a5")
                .after(200).up("d2").after(200).down("d4")
                .after(200).up("g8").after(200).down("f6").waitMs(3000);
        assertThat(h.committed()).containsExactly("exd5", "Qxd5", "Nc3", "Qa5", "d4", "Nf6");
    }

    @Test
    void aPieceTakenBeforeItsLandingWasReadIsBelievedOnceTheMovesAfterItBearItOut() {
        // Found in the hall profile at 24 Hz (chessjs game 29): 14. f5, the pawn set down off centre and dropping out
        // at once, taken by exf5 before a reading of it settled (two scans of 42 ms): the board never showed White's
        // pawn on f5. "f5 exf5" is the only story, but one made of what was not seen: alone, it is not built on.
        // Once gxf5 took on f5 (the capturing pawn found there) and ...Nf8 was seen whole, it is the one story that
        // explains the board, borne out: committed without a question. (Until this session the player was asked.)
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.hall(24, 2));
        Hands h = Hands.at(Position.fromFen("r2qk2r/pp1bbppp/4p1n1/3pP3/3P1PP1/P1NQ1N2/1P5P/R1B2RK1 w kq - 1 14"), slow)
                .up("f4").after(1300).up("e6").after(830).down("f5").waitMs(3000);
        assertThat(h.committed()).isEmpty();
        h.up("g4").after(40).up("f5").after(750).down("f5")
                .after(120).up("g6").after(1300).down("f8").waitMs(3000).waitMs(20);
        assertThat(h.committed()).containsExactly("f5", "exf5", "gxf5", "Nf8");
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
    }

    @Test
    void aPawnNeverReadOnItsSquareBeforeItWasTakenIsFoundByTheMovesAfterIt() {
        // Found in the hall profile at 50 Hz (Lichess sample game 2462, seed 1): 3. d4 dragged over d3 and set down
        // off centre, dropping out at once; Black plucks it off within 180 ms, so d4 never reads occupied, and lifts
        // the c-pawn 800 ms later. Read plainly, the c-pawn left before White's move landed. 3...cxd4 4. Nxd4 e5
        // 5. Nxc6 follow: five plies, past what a search looks ahead, unless the first ones are committed on the way.
        // Nxd4 finds Black's pawn on d4 and is seen whole: it bears the unseen landing out.
        Hands h = scannedOnHall("r1bqkbnr/pp1ppppp/2n5/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .up("d2").after(60).down("d3").after(120).up("d3")
                .after(1020).up("c5").after(800).down("d4")
                .after(1620).up("d4").after(740).up("f3").after(400).down("d4")
                .after(160).up("e7").after(80).down("e6").after(180).up("e6").after(20).down("e5")
                .after(120).up("d4").after(900).up("c6").after(300).down("c6").after(3000);
        assertThat(h.committed()).containsExactly("d4", "cxd4", "Nxd4", "e5", "Nxc6");
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
    }

    @Test
    void aCapturingPieceTakenBackAtOnceIsReadFromItsBriefLanding() {
        // The settled frames of Lichess sample game 542 (hall, 50 Hz, seed 1): 14. a3, the pawn dropping out for
        // 100 ms as Black answers; 14...Bxc3+, the bishop set down off centre, reading there 60 ms only (no longer
        // than a hand brushing a square may) before 15. bxc3 plucks it off; the hand brushes b4 on its way. Taking
        // the pawn's landing for the bishop's left no story for bxc3, and the game was never followed again. The brief
        // reading is the bishop's, since the next move takes on that square; O-O follows, then White lifts a piece.
        Hands h = scannedOnHall("r2qk2r/pp1b1pp1/2n1p1np/3pP3/1b1P4/2NBBN2/PP1Q1PPP/R4RK1 w kq - 6 14")
                .up("a2").after(800).down("a3").after(120).up("c3").after(120).up("a3").after(60).up("b4")
                .after(40).down("a3").after(240).down("c3").after(60).up("c3").after(40).up("b2")
                .after(720).down("b4").after(40).up("b4").after(40).down("c3")
                .after(260).up("h8").after(120).up("e8").after(180).down("f8").after(220).down("g8")
                .after(200).up("d3").after(3000);
        assertThat(h.committed()).containsExactly("a3", "Bxc3", "bxc3", "O-O");
    }

    @Test
    void aLandingReadLateAfterTwoDropoutsRanTogetherIsFollowed() {
        // The settled frames of Lichess sample game 1372 (hall, 50 Hz, seed 1): 1...e5 set down off centre drops out
        // twice, the reading back between the two shorter than the debouncer lets through, so e5 reads occupied 230 ms
        // after it was set down, 100 ms after White lifted the knight for 2. Nf3. Read as one dropout, the reply began
        // before the move it answers and no story held: the game was never followed again. A story that needs the two
        // dropouts run together costs a misreading and is never taken at a glance; 2...d5 follows (c5 brushed).
        Hands h = scannedOnHall("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .up("e7").after(320).up("g1").after(100).down("e5").after(500).down("f3")
                .after(180).up("d7").after(400).down("c5").after(40).up("c5").after(60).down("d5")
                .after(340).up("d5").after(120).down("d5").after(3000);
        assertThat(h.committed()).containsExactly("e5", "Nf3", "d5");
    }

    @Test
    void aGamesLastCaptureReadNoLongerThanDropoutsIsConfirmedOnceNoPieceCanStillBeHeld() {
        // The settled frames of Lichess sample game 3953 (hall, 50 Hz, seed 1), its last two plies: 23...c5 24. dxc5,
        // c5 emptied 20 ms after the d-pawn was lifted and filled 460 ms later, no longer than three dropouts run
        // together just after c5 was set down. That reads the same as White holding the pawn over the board, and
        // nothing follows the last move of a game: the board waits, without a question (between two players the
        // reply tells soon enough). Still for longer than anyone holds a piece in the air
        // (RecognizerConfig.HOLD_MILLIS), every piece is set down, and the capture is confirmed.
        Hands h = scannedOnHall("2r1r1k1/3n1ppp/1ppqp3/P2n4/3P2P1/R2NP3/3B1P1P/2Q1R1K1 b - - 0 23")
                .up("c6").after(540).down("c5").after(220).up("d4").after(20).up("c5").after(460).down("c5")
                .after(3000);
        assertThat(h.committed()).doesNotContain("dxc5");
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
        h.after(RecognizerConfig.HOLD_MILLIS);
        assertThat(h.committed()).containsExactly("c5", "dxc5");
    }

    @Test
    void aCaptureADropoutCouldHaveShownIsAskedAboutWhenAnEngineWaitsForIt() {
        // The same plies against an engine playing Black: the player sets its c5 down and takes it at once. Nothing
        // follows on this board until the engine has dxc5, so the board does not wait for a reply: once still for as
        // long as a mismatch waits (1.5 s) it asks (c5 lit); the player lifts the pawn on c5 and sets it back.
        Hands h = againstBlackEngine().up("c6").after(540).down("c5").after(220).up("d4").after(20).up("c5")
                .after(460).down("c5").after(1000);
        assertThat(h.events(BoardAmbiguous.class)).isEmpty();
        h.after(1000);
        assertThat(h.events(BoardAmbiguous.class)).singleElement()
                .satisfies(a -> assertThat(a.choices()).extracting(c -> c.san()).containsExactly(List.of("dxc5")));
        h.up("c5").after(300).down("c5").after(1_200);
        assertThat(h.committed()).containsExactly("dxc5");
    }

    @Test
    void anUnansweredQuestionIsDecidedOnceNoPieceCanStillBeHeld() {
        Hands h = againstBlackEngine().up("c6").after(540).down("c5").after(220).up("d4").after(20).up("c5")
                .after(460).down("c5").after(3000);
        assertThat(h.committed()).isEmpty();
        h.after(RecognizerConfig.HOLD_MILLIS);
        assertThat(h.committed()).containsExactly("dxc5");
    }

    @Test
    void aPieceStillHeldOverItsVictimDropsTheQuestionWhenSetDown() {
        // Asked about dxc5 while the player in fact still holds the d-pawn: set back on d4, the question is gone and
        // nothing is committed for White.
        Hands h = againstBlackEngine().up("c6").after(540).down("c5").after(220).up("d4").after(20).up("c5")
                .after(460).down("c5").after(2000);
        assertThat(h.events(BoardAmbiguous.class)).hasSize(1);
        h.down("d4").after(RecognizerConfig.HOLD_MILLIS + 1000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(BoardMismatch.class)).isEmpty();
        var leds = h.state().leds();
        assertThat(java.util.stream.IntStream.range(0, leds.squareCount()).mapToObj(leds::led))
                .noneMatch(led -> led.rgb() == BoardLeds.QUESTION);
    }

    /** Lichess sample game 3953 before 23...c5, Black's moves from an engine, c5 already sent. */
    private static Hands againstBlackEngine() {
        return scannedOnHall("2r1r1k1/3n1ppp/1ppqp3/P2n4/3P2P1/R2NP3/3B1P1P/2Q1R1K1 b - - 0 23")
                .remoteSides(org.marelle.rules.Color.BLACK).remote("c6c5");
    }

    @Test
    void aCapturingPieceNeverReadOnItsVictimsSquareIsFoundByTheRecapture() {
        // The settled frames of European Club Cup 2018 game 356 (hall, 50 Hz, seed 1): 28. Bd5 Rxf7, Black's rook set
        // down off centre on f7, its victim taken off first, dropping out at once and plucked 130 ms later by
        // 29. Nxf7's hand: f7 reads empty from the victim's removal to the knight's landing. Nxf7 Kh7 Bb3 follow; the
        // game was never followed again before.
        Hands h = scannedOnHall("1q3rk1/5Rb1/p5p1/1p2PbNp/3Q2nP/P1P2B2/2P1R1P1/1K6 w - - 3 28")
                .up("f3").after(60).down("e4").after(100).up("e4").after(20).down("d5")
                .after(240).up("f7").after(460).up("f8")
                .after(1320).up("g5").after(440).down("f7")
                .after(200).up("g8").after(340).down("h7")
                .after(240).up("d5").after(80).down("c4").after(120).change("-c4 +b3")
                .after(80).up("b3").after(80).down("b3").after(3000);
        assertThat(h.committed()).containsExactly("Bd5", "Rxf7", "Nxf7", "Kh7", "Bb3");
    }

    @Test
    void fiveFastCapturesInARowAreConfirmedByTheQuietMoveAfterThem() {
        // Found in the swap profile (chessjs game 65, seed 2, 24 Hz): a run of one-handed captures, each square empty
        // for less than a proof, each capture confirmed only by one seen whole after it, and the first seen whole
        // comes five plies on: past what a search looks ahead. The search goes on from the moves the stories
        // agreed on, and Kg7 confirms them all.
        Hands h = Hands.at(Position.fromFen("3r3k/3r4/8/3p4/8/2N5/3R4/3R3K w - - 0 1"), REED)
                .up("c3").after(200).up("d5").after(80).down("d5")
                .after(300).up("d7").after(200).up("d5").after(80).down("d5")
                .after(300).up("d2").after(200).up("d5").after(80).down("d5")
                .after(300).up("d8").after(200).up("d5").after(80).down("d5")
                .after(300).up("d1").after(200).up("d5").after(80).down("d5")
                .after(300).up("h8").after(300).down("g7").waitMs(3000);
        assertThat(h.committed()).containsExactly("Nxd5", "Rxd5", "Rxd5", "Rxd5", "Rxd5", "Kg7");
    }

    @Test
    void aBrushOverTheCapturingPiecesOwnSquareDoesNotUnproveItsCapture() {
        // Found in the swap profile (ECC 2018 game 678, seed 1, the one wrong move left at 50 Hz): Qxh7 one-handed,
        // the queen carried low over g8 (Hall: g8 reads occupied for 60 ms while h7 is empty), then Black touches
        // its pawn on e6 (180 ms) before replying Qe1+. The brush split h7's 180 ms emptiness into two runs too
        // short to prove Qxh7: in the game Qxe6 (e6 empty as long, and landing last) was committed instead; here
        // nothing was.
        Hands h = Hands.at(Position.fromFen("6Q1/1k4pp/p3p3/6P1/7P/1Pq5/P4P2/1K6 w - - 9 41"), HALL)
                .up("g8").after(300).up("h7").after(60).down("g8").after(60).up("g8").after(60).down("h7")
                .after(120).up("e6").after(180).down("e6")
                .after(440).up("c3").after(740).down("e1").waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxh7", "Qe1+");
    }

    @Test
    void aPieceLiftedPutBackAndLiftedAgainLeftTheSecondTime() {
        // Found in the swap profile (chessjs game 89): Bxc6+ one-handed; Black lifts the b7 pawn, the bishop on c6
        // drops out for 40 ms meanwhile (Hall), the pawn goes back to b7 and stands there, then is lifted again and
        // takes on c6 (80 ms). The pawn left b7 the second time: the dropout is no landing of it.
        Hands h = Hands.at(Position.fromFen("r2qkbnr/pp2pppp/2n5/1BppP3/6b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 5"), HALL)
                .up("b5").after(260).up("c6").after(60).down("c6")
                .after(440).up("b7").after(120).up("c6").after(40).down("c6").after(1080).down("b7")
                .after(840).up("b7").after(260).up("c6").after(80).down("c6")
                .after(600).up("e1").after(300).down("g1").after(200).up("h1").after(300).down("f1").waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxc6+", "bxc6", "O-O");
    }

    @Test
    void aReplyBegunBeforeTheLandingItAnswersWasReadFollowsIt() {
        // Found in the swap profile at 24 Hz (chessjs game 11, seed 1: the whole game was lost at its first move). The
        // pawn set down off centre on e4 drops out until Black has already lifted the g-pawn: the scans read g7 empty
        // 80 ms before e4 occupied. A Hall sensor reads a landing late by up to a dropout; a reply is no sooner.
        RecognizerConfig hall = RecognizerConfig.defaults().withSensors(SensorModel.hall(24, 2));
        Hands h = Hands.at(Position.start(Variant.STANDARD), hall)
                .up("e2").after(460).up("g7").after(80).down("e4").after(700).down("g6")
                .after(300).up("d2").after(2400).down("d4").waitMs(3000);
        assertThat(h.committed()).containsExactly("e4", "g6", "d4");
    }

    @Test
    void aCaptureNobodySawInTheOneStoryIsCommittedOnceMovesSeenWholeAnswerIt() {
        // Found in the swap profile at 24 Hz (chessjs game 89, seed 1: 48 plies lost). Bxg3 one-handed, too fast for
        // the scans: g3 never reads empty. Black takes on f4, the bishop leaves g3 to take back, and the game goes on,
        // the board never still for long. Only one story explains the board, the bishop lifted from g3 confirms it:
        // it is committed as the moves come, before they run past the plies a search looks ahead.
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.reed(24, 2));
        Hands h = Hands.at(Position.fromFen("r3k2r/p3bpp1/2p3q1/2ppp1P1/5P1p/2PP2nP/PP3BQ1/RN3RK1 w kq - 0 19"), slow)
                .up("f2").after(600).up("e5").after(200).up("f4").after(120).down("f4")
                .after(300).up("g3").after(200).up("f4").after(120).down("f4")
                .after(170).up("g6").after(200).up("d3").after(120).down("d3")
                .after(200).up("b1").after(460).down("a3")
                .after(500).up("c5").after(300).down("c4").waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxg3", "exf4", "Bxf4", "Qxd3", "Na3", "c4");
    }

    @Test
    void aReplyIsNotReadBegunInTheFrameOfTheLandingItAnswers() {
        // Found in the drag profile at 24 Hz (Lichess 2016-05 game 2, the file alone, seed 1): Qxf2+ dragged down the
        // f-file, the pawn on f2 plucked off first, in the scan the queen rested on f5; the queen rests on f4 and f3
        // and takes on f2 unseen. Read as Qf5 answered by f2-f4 (the f2 pawn lifted in the very frame the queen
        // landed, a scan after the queen left f6: no hand answers so fast); committed before, a wrong move.
        RecognizerConfig slow = RecognizerConfig.defaults().withSensors(SensorModel.reed(24, 2));
        Hands h = Hands.at(Position.fromFen("rn1k4/pbpp4/1p1bpq2/7Q/3P4/3B4/PPP2PrP/RN2K2R b KQ - 3 14"), slow)
                .up("f6").after(42).change("-f2 +f5").after(250).change("-f5 +f4").after(250).change("-f4 +f3")
                .after(167).up("f3").after(625).down("f2").after(500).up("e1").after(400).down("d1").waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxf2+", "Kd1");
    }

    private static RecognizerState feed(Step step, List<RecognitionEvent> events) {
        events.addAll(step.events());
        return step.state();
    }

    private static org.marelle.board.Occupancy frameOf(org.marelle.geometry.SquareSet board, long at) {
        return new org.marelle.board.Occupancy(8, 8, board, at, null);
    }

    private static List<String> sans(List<RecognitionEvent> events) {
        return events.stream().filter(e -> e instanceof RecognitionEvent.MoveCommitted)
                .map(e -> ((RecognitionEvent.MoveCommitted) e).san()).toList();
    }

    /** Hands on a Hall board at {@code fen}, ticked at every scan as the daemon does (for frames taken from traces). */
    private static Hands scannedOnHall(String fen) {
        return Hands.at(Position.fromFen(fen), HALL).ticking(20);
    }

    /** Hall sensors scanned at 24 Hz, debounced over two scans: a swap capture may leave no reading at all. */
    private static final RecognizerConfig HALL_24 = RecognizerConfig.defaults().withSensors(SensorModel.hall(24, 2));

    @Test
    void fivePliesPastACaptureNobodySawAreFollowedNotReadAsAShorterStoryWithAPieceInHand() {
        // From the simulator (Lichess 2016-05 game 1398, `swap` at 24 Hz, seed 1), as the debounced scans read it:
        // 12...Qxe5, the queen set on the knight with no reading of e5; 13.a3 (a hesitation first), 13...Bd6 dragged
        // over c5, 14.Rc1 dragged, 14...c5 set down 2.3 s after the pawn was lifted. Looking four plies back, the board
        // read as Qd6 a3 Bc5 Rc1 with the c-pawn in hand, and was committed so.
        Hands h = Hands.at(Position.fromFen("rn2k2r/p1q2ppp/bpp2n2/4N3/1bPpP3/1P4P1/PB1PNPBP/R2QR1K1 b kq - 0 12"),
                HALL_24).ticking(42)
                .up("c7").after(625).up("a2").after(667).down("a2").after(83).change("-a2 +a3").after(167).up("b4")
                .after(83).down("c5").after(125).up("c5").after(42).down("d6").after(125).up("a1").after(42).down("b1")
                .after(125).change("-b1 +c1").after(208).up("c6").after(2333).down("c5").waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxe5", "a3", "Bd6", "Rc1", "c5");
    }

    @Test
    void aReplyWhosePawnDroppedOutIntoItsLiftAndTookUnseenIsFollowed() {
        // From the simulator (ECC 2018 game 791, `swap` at 24 Hz, seed 8), as the debounced scans read it: 37.a5 set
        // down off centre; 37...Rfc7 dragged over e7 and d7; the a5 pawn's dropouts run into its lift for 38.axb6, so
        // a5 reads empty 125 ms before the rook's landing on c7 is read, and the swap on b6 leaves no reading at all;
        // then 38...Rxc3 39.Qxc3 (a hand on the h1 rook a moment first). A reply read begun that early was a landing
        // read late, and with it no capture nobody saw was believed: no story held, the still board was reported as a
        // mismatch and the game was never followed again. The early reading is the pawn's own square, set down
        // within the while dropouts happen: the landing it answers was read in time, and the capture nobody saw is
        // one more misreading, on another square.
        Hands h = Hands.at(Position.fromFen("2rqb1k1/pp3rbp/1n1p2p1/3PppP1/PP2Pn1P/1QN1B3/3N1P2/R3KB1R w KQ - 1 19"),
                HALL_24).ticking(42)
                .up("a4").after(583).down("a5").after(250).up("f7").after(84).down("e7").after(83).change("-e7 +d7")
                .after(42).up("a5").after(125).change("-d7 +c7").after(666).up("c7").after(375).up("c3").after(209)
                .down("c3").after(125).up("h1").after(291).down("h1").after(542).up("b3").after(250).up("c3")
                .after(167).down("c3").after(291).up("c3").after(167).down("c3").waitMs(3000);
        assertThat(h.committed()).containsExactly("a5", "Rfc7", "axb6", "Rxc3", "Qxc3");
    }

    @Test
    void aReplyBegunAsACaptureLandsReadLateIsNotTakenForAnotherCapture() {
        // From the simulator (Lichess 2016-05 game 2414, `swap` at 24 Hz, seed 1): 19...Nd3 20.Bxd3 cxd3 21.Qd2 Rf7
        // 22.Ng3.
        // Black hesitates over c4, then takes on d3 one-handed; the pawn's landing reads late (a dropout as it is set
        // down off centre), after White's hand has lifted the queen. Read as the pawn's capture unseen and the
        // queen taking on d3 (the pawn's swap taken for hers), it was committed as 21.Qxd3.
        Hands h = Hands.at(Position.fromFen("r2q1rk1/1b4pp/p4p2/1pn1p3/2p1N3/2P2N2/PPB2PPP/R2QR1K1 b - - 1 19"),
                HALL_24).ticking(42)
                .up("f6").after(333).down("f6").after(84).up("f6").after(83).down("f6").after(250).up("f6").after(42)
                .up("c5").after(83).down("f6").after(708).down("d3").after(542)
                .up("c2").after(333).up("d3").after(125).down("d3").after(209).up("c4").after(708).down("c4")
                .after(333).up("c4").after(500).up("d1").after(84).up("d3").after(83).down("d3").after(2333)
                .down("d2").after(125).up("f8").after(334).up("d2").after(83).down("d2").after(83).down("f7")
                .after(125).up("f7").after(42).up("e4").after(42).change("-d2 +f7").after(83).down("d2").after(667)
                .down("g3").waitMs(3000);
        assertThat(h.committed()).containsExactly("Nd3", "Bxd3", "cxd3", "Qd2", "Rf7", "Ng3");
    }

    @Test
    void storiesTooShortToReachTheBoardDecideNothingWhenTheyLeaveMuchUnexplained() {
        // From the simulator (Lichess 2016-05 game 4298, `swap` at 24 Hz, seed 1): 16.Nxa8 Rxa8 17.Rac1 Rf8 18.Rc7,
        // every capture one-handed and the rooks dragged, the board never still between them. The six-ply search
        // passes its bound; four plies reach no story that explains the board, and the best of them (17.Rac1 first,
        // the knight's and the rooks' readings taken for hesitations) was committed. Now nothing is, rather than a
        // wrong move: the moves that are committed are the game's.
        Hands h = Hands.at(Position.fromFen("r4rk1/p1Nn2pp/1p2pn2/6q1/3PP3/1P6/P3QPPP/R4RK1 w - - 1 16"), HALL_24)
                .ticking(42)
                .up("c7").after(208).up("a8").after(83).down("a8").after(167).up("e6").after(375).down("e6")
                .after(542).up("f8").after(291).up("a8").after(84).down("a8").after(333).up("a1").after(83)
                .down("b1").after(84).up("b1").after(41).down("c1").after(167).up("a8").after(42).down("b8")
                .after(166).change("-b8 +c8").after(84).up("c8").after(41).down("d8").after(84).change("-d8 +e8")
                .after(125).change("-e8 +f8").after(208).up("c1").after(42).down("c2").after(125)
                .change("-c2 +c3").after(83).up("c3").after(42).down("c4").after(166).up("c4").after(42).down("c5")
                .after(83).change("-c5 +c6").after(167).change("-c6 +c7").waitMs(3000);
        List<String> game = List.of("Nxa8", "Rxa8", "Rac1", "Rf8", "Rc7");
        assertThat(game.subList(0, h.committed().size())).isEqualTo(h.committed());
    }

    @Test
    void aLastMoveThatMayBeAnyOfThreeCapturesNobodySawIsAskedOnceTheBoardStayedStillLongerThanAHold() {
        // From the simulator (Lichess 2016-05 game 60, `swap` at 24 Hz): 10...Nxe2, the game's last move, the knight set
        // on the bishop with no reading of e2; nothing follows. A knight held over the board is likelier at first, but
        // after half a minute it is set down: on c2, e2 or f3, which the board cannot tell. It used to wait forever.
        Hands h = Hands.at(Position.fromFen("r1b1kb1r/pp3ppp/4p3/2pp2B1/3n4/5N2/PPP1BPPP/RN1QK2R b KQkq - 1 10"),
                HALL_24).ticking(42).up("d4").waitMs(10_000);
        assertThat(h.events()).noneMatch(e -> e instanceof BoardAmbiguous);
        h.waitMs(21_000);
        List<BoardAmbiguous> asked = h.events().stream().filter(e -> e instanceof BoardAmbiguous)
                .map(e -> (BoardAmbiguous) e).toList();
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).choices()).extracting(StoryChoice::san)
                .containsExactlyInAnyOrder(List.of("Nxc2+"), List.of("Nxe2"), List.of("Nxf3+"));
        assertThat(h.committed()).isEmpty();
    }

    @Test
    void aPieceHeldForHalfAMinuteIsAskedAboutNotTakenForACaptureNobodySaw() {
        // From the simulator (Lichess 2016-05 game 4020, `swap` at 24 Hz): White lifts the rook from c3, thinks with it
        // in hand for 30 s, and sets it on c2 (22.R3c2). Rxc6 with c6 never read empty is the one story with every
        // piece set down; the stillness alone does not make it so: the board asks, and the rook set down answers.
        Hands h = Hands.at(Position.fromFen("2r1r1k1/p2n1ppp/1qp1p3/1p1nP3/3P4/1PR2NB1/P3QPPP/2R3K1 w - - 7 22"), HALL_24)
                .ticking(42).up("c3").after(30_500);
        assertThat(h.events()).anyMatch(e -> e instanceof BoardAmbiguous);
        assertThat(h.committed()).isEmpty();
        h.down("c2").waitMs(3000);
        assertThat(h.committed()).containsExactly("R3c2");
    }

    @Test
    void twoCapturesNobodySawInARowOnOneSquareAreFollowed() {
        // From the simulator (Morphy game 119, `swap` at 24 Hz, seed 2): 13.Bxe5 Bxe5, both one-handed with no reading
        // of e5, 14.Rxe5+ Kxe5 seen, 15.Re1+. A story was allowed one capture nobody saw, and the first of the two
        // took the square's later emptiness (the rook's capture) for its own: no story explained the board again.
        Hands h = Hands.at(Position.fromFen("r1bq3r/ppp3pp/4kb2/3nn3/2B2B2/2p2Q2/PPP2PPP/R3R1K1 w - - 4 13"), HALL_24)
                .ticking(42)
                .up("f4").after(3375).up("f6").after(459).up("e1").after(250).up("e5").after(208).down("e5").after(42)
                .up("e6").after(291).up("e5").after(167).down("e5").after(208).up("a1").after(417).down("e1")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxe5", "Bxe5", "Rxe5+", "Kxe5", "Re1+");
    }

    @Test
    void capturesNobodySawAreBelievedWhenTheCloseStoriesDifferOnlyAfterThem() {
        // From the simulator (chess.js game 26, `swap` at 24 Hz, seed 2): 19...Ne4 20.Bxe4 fxe4 21.Qxe6+ Qxe6 22.Nxe6,
        // fxe4 and Qxe6+ with no reading of their squares. Bxe4 fxe4 Qxe6+ Qxe6 Nxe6, borne out by the moves after,
        // stood against the same moves with the knight still in hand, and a capture nobody saw was believed only in
        // a story alone: nothing was committed until the board had moved on past the search's plies.
        Hands h = Hands.at(Position.fromFen("2k3r1/1b2q1rp/2nbpn2/p2pNpN1/1ppP1P2/2P1P2Q/PPB2RPP/1RB3K1 b - - 12 19"),
                        HALL_24).ticking(42)
                .up("f6").after(834).down("e4").after(333).up("e4").after(83).down("e4").after(42).up("c2").after(375)
                .up("e4").after(83).down("e4").after(459).down("c2").after(583).up("c2").after(83).down("c2").after(84)
                .up("c2").after(83).down("c2").after(167).up("c2").after(291).up("e4").after(84).down("e4").after(250)
                .up("f5").after(3625).up("h3").after(666).up("e7").after(250).up("e6").after(125).down("e6")
                .after(209).up("g5").after(333).up("e6").after(83).down("e6").waitMs(3000);
        assertThat(h.committed()).containsExactly("Ne4", "Bxe4", "fxe4", "Qxe6+");
        // The knight's capture, seen for less than a dropout lasts, may have been on e6, e4 or h7: with nothing after
        // it, the player is asked once the board has been still for longer than a piece is held.
        h.waitMs(40_000);
        assertThat(h.committed()).containsExactly("Ne4", "Bxe4", "fxe4", "Qxe6+", "Qxe6");
        BoardAmbiguous asked = lastQuestion(h);
        assertThat(asked.choices()).extracting(StoryChoice::san)
                .containsExactlyInAnyOrder(List.of("Nxe6"), List.of("Nxe4"), List.of("Nxh7"));
        h.up("e6").after(300).down("e6").waitMs(3000);
        assertThat(h.committed()).containsExactly("Ne4", "Bxe4", "fxe4", "Qxe6+", "Qxe6", "Nxe6");
    }

    @Test
    void aDropoutOfAPieceACaptureNobodySawSetDownIsNoCaptureOfIt() {
        // From the simulator (Lichess 2016-05 game 2229, `swap` at 24 Hz, seed 1): 5...cxd5 with no reading of d5,
        // then 6.Bb3, the bishop held 834 ms, while the pawn cxd5 had just set down on d5 read empty for 125 ms: a
        // dropout. The two plies "cxd5 Bxd5" were read from that emptiness and committed; the bishop then set down on
        // b3 was a piece from nowhere. When the pawn was set down, no reading tells: as late as the bishop was lifted.
        Hands h = Hands.at(Position.fromFen("rnbqk1nr/pp2ppbp/2p3p1/3P4/2BP4/5N2/PPP2PPP/RNBQK2R b KQkq - 0 5"),
                        HALL_24).ticking(42)
                .up("c6").after(833).up("c4").after(125).up("d5").after(125).down("d5").after(584).down("b3")
                .after(375).up("b3").after(291).down("b3").waitMs(3000);
        assertThat(h.committed()).doesNotContain("Bxd5");
        h.after(2000).up("b8").after(300).down("c6").waitMs(3000);
        assertThat(h.committed()).containsExactly("cxd5", "Bb3", "Nc6");
    }

    @Test
    void aPromotionChosenOnTheBoardAndAnsweredAtOnceKeepsItsPiece() {
        // From the simulator (ECC 2018 game 146, `swap` at 24 Hz, seed 2): 12...dxe1=R+, the pawn swapped for a rook
        // and the rook chosen on f1 (the pawn in hand set down there and lifted), then 13.Qxe1 at once. The two plies
        // were committed with the default piece, the queen.
        Hands h = Hands.at(Position.fromFen("r1bq1rk1/pp1nPpb1/6pp/3p4/8/5NP1/PP1p1PBP/R1BQR1K1 b - - 0 12"), HALL_24)
                .ticking(42)
                .up("d2").after(333).up("e1").after(167).down("e1").after(125).up("e1").after(417).down("e1")
                .after(416).down("f1").after(417).up("f1").after(375).up("d1").after(375).up("e1").after(167)
                .down("e1").waitMs(3000);
        assertThat(h.committed()).containsExactly("dxe1=R+", "Qxe1");
        // The reply stands in the position with the rook (it was once left pending in the one before it, and
        // committed a second time with Black's next move).
        h.up("d8").after(2875).down("b6").waitMs(3000);
        assertThat(h.committed()).containsExactly("dxe1=R+", "Qxe1", "Qb6");
    }

    @Test
    void aPieceOfTheOtherSideLiftedAndPutBackIsNoCaptureOfItByAPieceLiftedLongBefore() {
        // From the simulator (Lichess 2016-05 game 3930, `swap` at 24 Hz, seed 2): 13...Bd6 14.Bxg7 with no reading
        // of g7, a 20 s think, then Black's bishop lifted from d6, put back, lifted again: 14...Bxh2+. The lift and
        // put-back on d6 was read as White's bishop, lifted 20 s before, capturing there (Bxd6), since d6 had read
        // empty before Black's bishop came there, which hid that d6 emptied long after White's bishop was lifted.
        Hands h = Hands.at(Position.fromFen("r3k1nr/p1q1bppp/1pp1p3/4B3/3P4/2N5/PPP1QPPP/3R1RK1 b kq - 0 13"), HALL_24)
                .ticking(42)
                .up("e7").after(1333).down("e7").after(834).up("e7").after(166).down("d6").after(3834).up("e5")
                .after(20375).up("d6").after(583).down("d6").after(500).up("d6").after(375).up("h2").after(83)
                .down("h2").waitMs(3000);
        assertThat(h.committed()).doesNotContain("Bxd6");
        assertThat(h.committed()).startsWith("Bd6");
    }

    @Test
    void theOtherSidesTouchOfAPieceIsNoCaptureByAPieceLiftedSecondsBefore() {
        // From the simulator (ECC 2018 game 898, `swap` at 24 Hz, seed 1): 21.Nxc4 with no reading of c4, 3.4 s of
        // thought, a black pawn on e4 lifted and put back, then 21...Rc6. Read as 21.Nxe4 (the knight held 3.8 s over
        // the board, then taking on e4) and committed as the rook was lifted. At 24 Hz a swap often leaves no reading:
        // both stories stay, and the reply that follows, or the player, tells.
        Hands h = Hands.at(Position.fromFen("4r1k1/1p1b1ppp/1r6/p7/P1pPpB2/2P1P3/3N1PPP/R5K1 w - - 0 21"), HALL_24)
                .ticking(42)
                .up("d2").after(3375).up("e4").after(417).down("e4").after(417).up("b6").after(2250).down("c6")
                .waitMs(3000);
        assertThat(h.committed()).doesNotContain("Nxe4");
        h.waitMs(40_000);
        assertThat(h.committed()).doesNotContain("Nxe4");
    }

    @Test
    void aSquareTheFirstMovePassedOverBrushedByTheReplysHandIsTheReplysDoing() {
        // From the simulator (Lichess 2016-05 game 3715, `hall` at 24 Hz, seed 1): 40.Qxb2, the victim taken off first
        // and the queen resting on c2 on its way, then 40...Rxb1+, the hand brushing c2 as the rook lands on b1. A
        // reading on a square the first move passes over, after it was done, leaves two plies to the story search
        // only when it came before the reply began (Lichess 793); this one, the reply's hand, was read as Qc2.
        Hands h = Hands.at(Position.fromFen("6k1/4b2r/4q1p1/3pPp1p/2pP4/5RP1/1p1QB2P/rR4K1 w - - 4 40"), HALL_24)
                .ticking(42)
                .up("b2").after(541).up("d2").after(459).down("c2").after(125).up("c2").after(41).down("b2").after(125)
                .change("-a1 -b1").after(209).down("c2").after(125).change("-c2 +b1").waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxb2", "Rxb1+");
    }

    @Test
    void storiesThatPartAtACaptureNobodySawAreAskedAboutBeforeTheBoardMovesOnPastTheSearch() {
        // From the simulator (chess.js game 87, `swap` at 24 Hz, seed 2): 11.Bxf7+ Kxf7 12.Rxb4 Rd8, a long think,
        // 13.fxe4 Be6. Rxb4 left no reading of b4, and 12.Rd8+ Rxd8 (the rook set down unseen and taken) leaves the
        // same board. The stories agree on Kxf7 (read no longer than the bishop's dropout could make it) and part
        // after it: the board was asked about Kxf7 alone, a question that told nothing, and the board moved on past
        // the search's plies. Now the player is asked where the stories part (touch b4 or d8), Kxf7 with either.
        Hands h = Hands.at(Position.fromFen("r3k1nr/ppp2ppp/8/4Pb2/1bBRpB2/2N2P2/PPP3PP/4K1NR w K - 1 11"), HALL_24)
                .ticking(42)
                .up("c4").after(291).up("f7").after(125).down("f7").after(167).up("e8").after(167).up("f7").after(125)
                .down("f7").after(125).up("f3").after(291).down("f3").after(209).up("d4").after(458).up("a8")
                .after(667).down("d8").after(458).up("d8").after(83).down("d8").after(334).up("d8").after(83)
                .down("d8").after(19042).up("f3").after(208).up("e4").after(208).down("e4").after(334).up("f5")
                .after(750).down("f5").after(541).up("f5").after(792).down("e6").waitMs(1000);
        // (Kxf7 is committed once White's f-pawn is lifted: the king left e8 and can have gone nowhere else.)
        assertThat(h.committed()).containsExactly("Bxf7+", "Kxf7");
        BoardAmbiguous asked = lastQuestion(h);
        assertThat(squaresToTouch(asked, h)).containsExactlyInAnyOrder("b4", "d8");
        assertThat(asked.choices()).extracting(c -> c.san().get(0)).containsExactlyInAnyOrder("Rxb4", "Rd8");
        // The player touches b4: the rook there lifted and set back.
        h.up("b4").after(300).down("b4").waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxf7+", "Kxf7", "Rxb4", "Rd8", "fxe4", "Be6");
    }

    @Test
    void aCaptureNobodySawAfterAHesitationIsFound() {
        // From the simulator (Morphy game 46, `swap` at 24 Hz, seed 2): 25.bxc6 Bxa1, the bishop lifted, set back,
        // lifted again and set on a1 with no reading of it, 26.Rxa1 seen, Rc8. A capture nobody saw was read with the
        // bishop leaving at its first lift only, where the bishop then stood again: no story.
        Hands h = Hands.at(Position.fromFen("5rk1/5ppp/1pb1pb2/1Pp5/8/P3P3/3K1PPP/R6R w - - 0 25"), HALL_24)
                .ticking(42)
                .up("b5").after(1417).down("b5").after(458).up("b5").after(250).up("c6").after(83).down("c6")
                .after(1209).up("f6").after(1416).down("f6").after(792).up("f6").after(3750).up("h1").after(333)
                .up("a1").after(167).down("a1").after(125).up("f8").after(333).down("c8").waitMs(3000);
        assertThat(h.committed()).containsExactly("bxc6", "Bxa1", "Rxa1", "Rc8");
    }

    @Test
    void storiesThatShareTheirFirstMovesAreAskedAboutWhereTheyPart() {
        // From the simulator (Morphy game 48, `swap` at 24 Hz, seed 2), the game's last moves: 36.Rxa1, seen briefly,
        // Bxa1 with no reading of a1 (or Bxf2, which leaves the same board). Nothing follows: after a hold the player
        // was asked about Rxa1 alone, a question that told nothing. Now the choices are Rxa1 Bxa1 (touch a1) and
        // Rxa1 Bxf2 (touch f2).
        Hands h = Hands.at(Position.fromFen("6k1/6p1/6B1/5P2/3b3p/6P1/5PKP/r4R2 w - - 4 36"), HALL_24).ticking(42)
                .up("f1").after(208).up("a1").after(83).down("a1").after(250).up("d4").waitMs(35_000);
        BoardAmbiguous asked = lastQuestion(h);
        assertThat(asked.choices()).extracting(StoryChoice::san)
                .containsExactlyInAnyOrder(List.of("Rxa1", "Bxa1"), List.of("Rxa1", "Bxf2"));
        h.up("a1").after(300).down("a1").waitMs(2000);
        assertThat(h.committed()).containsExactly("Rxa1", "Bxa1");
    }

    @Test
    void capturesNobodySawThatTheMovesAfterBearOutAreAskedAboutBeforeTheNextMove() {
        // As in Morphy game 98 (`swap` at 24 Hz, seed 2): 26.Bxf8, or Bxa7 (neither square read), Rxe5 27.Qf2 Qe6,
        // and under half a second later 28.b6. Both stories are borne out by the three moves seen after; the board
        // waited as long as a piece may rest on its way before asking, the pawn was lifted first, and the board moved
        // on past the search's plies. Now the player is asked once the board is still for the settle window.
        Hands h = Hands.at(Position.fromFen("3k1rq1/ppb3p1/2p1r1Bp/PPBpPQ2/8/2P5/3N2PP/R5K1 w - - 3 26"), HALL_24)
                .ticking(42)
                .up("c5").after(400).up("e6").after(250).up("e5").after(170).down("e5").after(400).up("f5").after(300)
                .down("f2").after(400).up("g8").after(300).down("e6").after(420);
        BoardAmbiguous asked = lastQuestion(h);
        assertThat(squaresToTouch(asked, h)).containsExactlyInAnyOrder("a7", "f8");
        h.up("f8").after(300).down("f8").waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxf8", "Rxe5", "Qf2", "Qe6");
    }

    @Test
    void aMoveAnsweredOnlyByACaptureNobodySawIsNoMoveAnswered() {
        // From the simulator (Lichess 2016-05 game 843, `swap` at 24 Hz, seed 1): 8...Bd6 dragged over e7, 9.O-O rook
        // first, dragged over g1, the bishop on d6 dropping out as the king is lifted. Read as Rf1 answered by an
        // unseen Bxf2 (over the dropout), with the king in hand, Rf1 was committed as answered.
        Hands h = Hands.at(Position.fromFen("rnb2bkr/pppp2pp/8/8/4Q3/8/PPPP1PPP/RNB1K2R b KQ - 0 8"), HALL_24)
                .ticking(42)
                .up("f8").after(42).down("e7").after(83).change("-e7 +d6").after(167).up("h1").after(208).down("g1")
                .after(125).change("-g1 +f1").after(84).up("d6").after(41).up("e1").after(250).down("d6").after(250)
                .down("g1").waitMs(3000);
        assertThat(h.committed()).containsExactly("Bd6", "O-O");
    }

    @Test
    void storiesThatPartAtACaptureNobodySawAreFollowedPastTheSearchAndAskedAbout() {
        // From the simulator (Morphy game 130, `swap` at 24 Hz, seed 2): 28...Rxa2 (or Rxe2: neither square read)
        // 29.Bg5+ Nxg5 hxg5+ Kxg5 31.Re5+ Kf6, the players never still for long. Both stories are borne out by the
        // moves seen after; the board moved on past the search's six plies and was never followed again. Now the
        // search goes on from each story's confirmed moves, and the player is asked between them (touch a2 or e2),
        // once the board has rested as long as a mismatch is left (since session 39: before that a piece just set
        // down on a lit square, dropping out, reads as a touch).
        Hands h = Hands.at(Position.fromFen("4R3/p4p1p/3N1k2/3p3b/5B1P/5n2/Pr2B3/5K2 b - - 1 28"), HALL_24)
                .ticking(42)
                .up("b2").after(625).up("f4").after(1208).down("g5").after(209).up("f3").after(708).down("f3")
                .after(458).up("f3").after(209).up("g5").after(125).down("g5").after(208).up("g5").after(42).up("h4")
                .after(41).down("g5").after(167).up("g5").after(208).down("g5").after(250).up("f6").after(250)
                .up("g5").after(125).down("g5").after(250).up("e8").after(42).down("e7").after(167)
                .change("-e7 +e6").after(83).up("e6").after(42).down("e5").after(166).up("g5").after(375).up("e5")
                .after(84).down("e5").after(83).down("f6").waitMs(1000);
        assertThat(h.events()).noneMatch(e -> e instanceof BoardAmbiguous b && b.atMillis() > h.now() - 1000);
        h.waitMs(1000);
        BoardAmbiguous asked = lastQuestion(h);
        assertThat(squaresToTouch(asked, h)).containsExactlyInAnyOrder("a2", "e2");
        h.up("a2").after(300).down("a2").waitMs(3000);
        assertThat(h.committed()).startsWith("Rxa2", "Bg5+", "Nxg5").contains("Re5+", "Kf6");
    }

    @Test
    void oneStoryAskedAboutIsConfirmedWhole() {
        // From the simulator (Lichess 2016-05 game 62, `swap` at 24 Hz, seed 1), the game's last moves: 22.Nxc4 dxc4
        // 23.Rxc4, the pawn's capture read no longer than the knight's dropout could make it, the rook's with no
        // reading of c4. Nothing follows: after a hold the one story is put to the player, but the question held dxc4
        // alone, and the rook's capture waited for another.
        Hands h = Hands.at(Position.fromFen("3qr1k1/Q4ppp/1p2pn2/3pN3/2nP4/4P1P1/P4P1P/2R2BK1 w - - 5 22"), HALL_24)
                .ticking(42)
                .up("e5").after(375).up("c4").after(125).down("c4").after(208).up("d5").after(417).up("c4").after(125)
                .down("c4").after(125).up("c1").waitMs(32_000);
        BoardAmbiguous asked = lastQuestion(h);
        assertThat(asked.choices()).extracting(StoryChoice::san).containsExactly(List.of("dxc4", "Rxc4"));
        h.up("c4").after(300).down("c4").waitMs(2000);
        assertThat(h.committed()).containsExactly("Nxc4", "dxc4", "Rxc4");
    }

    /** The last question the board asked. */
    private static BoardAmbiguous lastQuestion(Hands h) {
        return h.events().stream().filter(e -> e instanceof BoardAmbiguous).map(e -> (BoardAmbiguous) e)
                .reduce((x, y) -> y).orElseThrow();
    }

    /** The squares a question lights, one per choice, named. */
    private static List<String> squaresToTouch(BoardAmbiguous asked, Hands h) {
        return asked.choices().stream().map(c -> h.state().position().geometry().squareName(c.square())).toList();
    }

    private static String[] squaresOf(Position p) {
        return java.util.Arrays.stream(p.occupancy().toArray()).mapToObj(sq -> p.geometry().squareName(sq))
                .toArray(String[]::new);
    }
}
