package org.marelle.bridge.recognition;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame.Pattern;
import org.marelle.bridge.recognition.RecognitionEvent.BoardInSync;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.Fix;
import org.marelle.bridge.recognition.RecognitionEvent.MoveProvisional;
import org.marelle.bridge.recognition.RecognitionEvent.NewGameDetected;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChosen;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionPending;
import org.marelle.bridge.recognition.RecognitionEvent.ResultGesture;
import org.marelle.bridge.recognition.RecognitionEvent.TakenBack;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * One scenario per behaviour of the recognizer, written as what the hands do on the board. Times are in milliseconds;
 * the default windows apply (settle 250, slide 600, castling 1500, capture 400, promotion 2000, takeback 800, new game
 * 1000, result 1000, mismatch 1500).
 */
class RecognizerScenarioTest {

    private static Hands start() {
        return Hands.at(Position.start(Variant.STANDARD));
    }

    @Nested
    @DisplayName("1. whole-board decisions")
    class WholeBoard {

        @Test
        void aQuietMoveIsProvisionalAtOnceAndCommittedAfterTheSettleWindow() {
            Hands h = start().up("e2").after(300).down("e4");
            assertThat(h.events(MoveProvisional.class)).extracting(MoveProvisional::san).containsExactly("e4");
            h.waitMs(200);
            assertThat(h.committed()).isEmpty();
            h.waitMs(100);
            assertThat(h.committed()).containsExactly("e4");
        }

        @Test
        void aMissedLiftIsRecoveredFromTheWholeBoard() {
            // The knight went from g1 to f3 between two scans: the board never showed it lifted.
            Hands h = start().change("-g1 +f3").waitMs(300);
            assertThat(h.committed()).containsExactly("Nf3");
        }

        @Test
        void aBoardNoMoveExplainsCommitsNothing() {
            Hands h = start().up("e2").after(200).down("e5").waitMs(5000);
            assertThat(h.committed()).isEmpty();
        }
    }

    @Nested
    @DisplayName("2. two-stage commit")
    class TwoStage {

        @Test
        void aPawnOnTheThirdRankMayStillSlideToTheFourth() {
            Hands h = start().up("e2").after(200).down("e3").waitMs(300);
            assertThat(h.committed()).isEmpty();
            h.waitMs(300);
            assertThat(h.committed()).containsExactly("e3");
        }

        @Test
        void aKnightMoveCannotGrowAndSettlesQuickly() {
            Hands h = start().up("g1").after(250).down("f3").waitMs(250);
            assertThat(h.committed()).containsExactly("Nf3");
        }

        @Test
        void aRookMoveThatMayBeginCastlingWaitsForTheCastlingWindow() {
            Hands h = Hands.at("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8")
                    .up("h1").after(300).down("f1").waitMs(1000);
            assertThat(h.committed()).isEmpty();
            h.waitMs(500);
            assertThat(h.committed()).containsExactly("Rf1");
        }

        @Test
        void aCommittedMoveIsNeverRewritten() {
            Hands h = start().up("e2").after(200).down("e4").waitMs(300);
            assertThat(h.committed()).containsExactly("e4");
            // Lifting the pawn again and putting it elsewhere is now a mismatch, not a different first move: e4 was
            // read whole, and the pawn set down there for a while is no misreading a correction could explain away
            // (see CorrectionScenariosTest).
            h.up("e4").after(200).down("e3").waitMs(3000);
            assertThat(h.committed()).containsExactly("e4");
            assertThat(h.events(BoardMismatch.class)).isNotEmpty();
        }
    }

    @Nested
    @DisplayName("3. captures")
    class Captures {

        private static final String SCANDINAVIAN = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

        @Test
        void victimFirst() {
            Hands h = Hands.at(SCANDINAVIAN).up("d5").after(300).up("e4").after(300).down("d5").waitMs(500);
            assertThat(h.committed()).containsExactly("exd5");
        }

        @Test
        void attackerFirst() {
            Hands h = Hands.at(SCANDINAVIAN).up("e4").after(300).up("d5").after(300).down("d5").waitMs(500);
            assertThat(h.committed()).containsExactly("exd5");
        }

        @Test
        void bothInHandAtOnce() {
            Hands h = Hands.at(SCANDINAVIAN).up("e4", "d5").after(400).down("d5").waitMs(500);
            assertThat(h.committed()).containsExactly("exd5");
        }

        @Test
        void aCaptureWaitsItsWindow() {
            Hands h = Hands.at(SCANDINAVIAN).up("d5").after(300).up("e4").after(300).down("d5").waitMs(300);
            assertThat(h.committed()).isEmpty();
            h.waitMs(100);
            assertThat(h.committed()).containsExactly("exd5");
        }

        @Test
        void phantomCaptureAPieceLiftedEarlierAndPutBackThenAQuietMove() {
            // Black's d5 pawn is touched and put back; then White lifts e4 and thinks with it in hand. The board
            // (e4 empty, everything else in place) is what exd5 would leave, but d5 was never empty while e4 was.
            Hands h = Hands.at(SCANDINAVIAN).up("d5").after(300).down("d5").after(500).up("e4").waitMs(5000);
            assertThat(h.committed()).isEmpty();
            h.down("e5").waitMs(300);
            assertThat(h.committed()).containsExactly("e5");
        }

        @Test
        void anUnprovenCaptureIsNotCommittedUntilTheReplyProvesIt() {
            // The pawn took on d5 faster than one scan: the board only ever saw e4 empty.
            Hands h = Hands.at(SCANDINAVIAN).up("e4").waitMs(10_000);
            assertThat(h.committed()).isEmpty();
            // The LEDs still hint at the capture.
            assertThat(h.led("d5").rgb()).isEqualTo(BoardLeds.CAPTURE);
            // Black recaptures victim-first: lifts the pawn on d5, then the queen, and takes.
            h.up("d5").after(300).up("d8").after(300).down("d5").waitMs(500);
            assertThat(h.committed()).containsExactly("exd5", "Qxd5");
        }

        @Test
        void anUnprovenCaptureIsProvenByLiftingTheCapturingPieceAgain() {
            Hands h = Hands.at(SCANDINAVIAN).up("e4").waitMs(3000);
            h.up("d5").after(300).down("d5").waitMs(500);
            assertThat(h.committed()).containsExactly("exd5");
        }

        @Test
        void flickerOnTheVictimProvesNothing() {
            // With the pawn in hand, d5 reads empty for two scans (a hand passing over it): that is no capture.
            Hands h = Hands.at(SCANDINAVIAN).up("e4").after(100).up("d5").after(50).down("d5").waitMs(5000);
            assertThat(h.committed()).isEmpty();
        }
    }

    @Nested
    @DisplayName("4. castling")
    class Castling {

        private static final String READY = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8";

        @Test
        void kingFirst() {
            Hands h = Hands.at(READY).up("e1").after(300).down("g1").after(300).up("h1").after(300).down("f1").waitMs(300);
            assertThat(h.committed()).containsExactly("O-O");
        }

        @Test
        void rookFirstNeverPublishesTheRookMove() {
            Hands h = Hands.at(READY).up("h1").after(300).down("f1").after(800).up("e1").after(300).down("g1").waitMs(300);
            assertThat(h.committed()).containsExactly("O-O");
            assertThat(h.events(MoveProvisional.class)).extracting(MoveProvisional::san).containsExactly("Rf1", "O-O");
        }

        @Test
        void bothInHand() {
            Hands h = Hands.at(READY).up("e1").after(100).up("a1").after(300).down("c1").after(200).down("d1").waitMs(300);
            assertThat(h.committed()).containsExactly("O-O-O");
        }

        @Test
        void kingDraggedOverTheSquareBetween() {
            Hands h = Hands.at(READY).up("e1").after(100).down("f1").after(120).up("f1").after(10).down("g1").after(400)
                    .up("h1").after(300).down("f1").waitMs(300);
            assertThat(h.committed()).containsExactly("O-O");
        }

        @Test
        void chess960KingAndRookTradingSquares() {
            // King on f1, rook on g1: castling short puts the king on g1 and the rook on f1; the occupancy never changes.
            Position p = Position.fromFen(Variant.CHESS960, "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1");
            Hands h = Hands.at(p).up("f1", "g1").after(400).down("f1", "g1").waitMs(1600);
            assertThat(h.committed()).containsExactly("O-O");
        }

        @Test
        void chess960KingAndRookTradingSquaresThroughADropoutOfTheKing() {
            // From SimulatedGamesTest's random Chess960 game 11 under `hall` (50 Hz, seed 1): 1.O-O O-O a4 with king
            // f1 and rook g1 trading squares. The king set on g1 off centre dropped out for 80 ms as Black began to
            // castle: the castling, which changes no square, was withdrawn, and 1.a4 was read as White's first move.
            // A square the pending move just set a piece on, reading empty no longer than a dropout, is a glitch.
            Position p = Position.fromFen(Variant.CHESS960, "qrnbbkrn/pppppppp/8/8/8/8/PPPPPPPP/QRNBBKRN w KQkq - 0 1");
            Hands h = Hands.at(p).ticking(20)
                    .up("g1").after(120).up("f1").after(680).down("f1").after(340).down("g1").after(160)
                    .up("f8", "g8").after(180).down("g8").after(100).up("g8").after(20).up("g1").after(40).down("g8")
                    .after(40).down("g1").after(140).up("g1").after(100).down("g1").after(140).down("f8").after(300)
                    .up("a2").after(80).down("a3").after(120).up("a3").after(20).down("a4").waitMs(2000);
            assertThat(h.committed()).containsExactly("O-O", "O-O", "a4");
        }

        @Test
        void chess960CastlingThatLooksLikeARookMoveNeedsTheKingLifted() {
            // King f1, rook h1: O-O leaves g1 and f1 occupied and h1 empty, exactly like Rg1.
            Position p = Position.fromFen(Variant.CHESS960, "rnbqbkrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBK1R w Hg - 0 1");
            Hands rook = Hands.at(p).up("h1").after(300).down("g1").waitMs(2000);
            assertThat(rook.committed()).containsExactly("Rg1");
            Hands castle = Hands.at(p).up("f1").after(200).down("g1").after(300).up("h1").after(300).down("f1").waitMs(2000);
            assertThat(castle.committed()).containsExactly("O-O");
        }
    }

    @Nested
    @DisplayName("5. en passant")
    class EnPassant {

        private static final String EP = "rnbqkbnr/pp2pppp/8/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 3";

        @Test
        void attackerThenDestinationThenVictim() {
            Hands h = Hands.at(EP).up("d5").after(200).down("c6").after(300).up("c5").waitMs(300);
            assertThat(h.committed()).containsExactly("dxc6");
        }

        @Test
        void victimFirst() {
            Hands h = Hands.at(EP).up("c5").after(300).up("d5").after(200).down("c6").waitMs(300);
            assertThat(h.committed()).containsExactly("dxc6");
        }

        @Test
        void attackerThenVictimThenDestination() {
            Hands h = Hands.at(EP).up("d5").after(200).up("c5").after(300).down("c6").waitMs(300);
            assertThat(h.committed()).containsExactly("dxc6");
        }
    }

    @Nested
    @DisplayName("6. promotion")
    class Promotion {

        private static final String PAWN_ON_A7 = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";

        @Test
        void queenWhenNothingElseIsDone() {
            Hands h = Hands.at(PAWN_ON_A7).up("a7").after(300).down("a8");
            assertThat(h.events(PromotionPending.class)).hasSize(1);
            h.waitMs(1900);
            assertThat(h.committed()).isEmpty();
            h.waitMs(100);
            assertThat(h.committed()).containsExactly("a8=Q+");
        }

        @Test
        void underpromotionChosenOnTheBoard() {
            Hands h = Hands.at(PAWN_ON_A7).up("a7").after(300).down("a8");
            PromotionPending pending = h.events(PromotionPending.class).get(0);
            assertThat(pending.choices()).extracting(RecognitionEvent.PromotionChoice::piece)
                    .containsExactly(PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT);
            int knightSquare = pending.choices().get(2).square();
            String knightSquareName = Position.fromFen(PAWN_ON_A7).geometry().squareName(knightSquare);
            // Swap the pawn for a knight, then touch the knight's lit square with the pawn.
            h.after(300).up("a8").after(300).down("a8").after(300).down(knightSquareName).after(200).up(knightSquareName);
            assertThat(h.events(PromotionChosen.class)).extracting(PromotionChosen::piece).containsExactly(PieceType.KNIGHT);
            h.waitMs(300);
            assertThat(h.committed()).containsExactly("a8=N");
        }

        @Test
        void aTouchSplitByANeighboursMisreadingIsOneTouch() {
            // The knight's square touched for 200 ms; a neighbouring empty square brushed for 60 ms in the middle of it
            // splits the reading of the touch in two, each shorter than a proof: still one touch.
            Hands h = Hands.at(PAWN_ON_A7).up("a7").after(300).down("a8");
            PromotionPending pending = h.events(PromotionPending.class).get(0);
            Position p = Position.fromFen(PAWN_ON_A7);
            int knightSquare = pending.choices().get(2).square();
            String knight = p.geometry().squareName(knightSquare);
            String neighbour = p.geometry().squareName(knightSquare + 1);
            h.after(300).up("a8").after(300).down("a8").after(300).down(knight).after(70).down(neighbour).after(60)
                    .up(neighbour).after(70).up(knight);
            assertThat(h.events(PromotionChosen.class)).extracting(PromotionChosen::piece).containsExactly(PieceType.KNIGHT);
            h.waitMs(2000);
            assertThat(h.committed()).containsExactly("a8=N");
        }

        @Test
        void underpromotionChosenThroughTheApi() {
            Hands h = Hands.at(PAWN_ON_A7).choose(PieceType.ROOK).up("a7").after(300).down("a8").waitMs(300);
            assertThat(h.committed()).containsExactly("a8=R+");
        }

        @Test
        void choiceSquaresAreLitInTheirColours() {
            Hands h = Hands.at(PAWN_ON_A7).up("a7").after(300).down("a8");
            PromotionPending pending = h.events(PromotionPending.class).get(0);
            for (RecognitionEvent.PromotionChoice c : pending.choices()) {
                assertThat(h.leds().led(c.square()).rgb()).isEqualTo(BoardLeds.choiceColour(c.piece()));
            }
            assertThat(h.led("a8").pattern()).isEqualTo(Pattern.BLINK);
        }
    }

    @Nested
    @DisplayName("7. takeback")
    class Takeback {

        @Test
        void casualModeTakesTheMoveBack() {
            Hands h = start().moveQuickly("e4").moveQuickly("e5");
            h.clearEvents().up("e5").after(300).down("e7").waitMs(800);
            assertThat(h.events(TakenBack.class)).singleElement().satisfies(t -> assertThat(t.plies()).isEqualTo(1));
            assertThat(h.fen()).isEqualTo(Position.start(Variant.STANDARD).playSan("e4").fen());
            assertThat(h.committed()).isEmpty();
        }

        @Test
        void aRepetitionIsPlayedOnWhenTheSideToMoveMovesFirst() {
            // After Nf3 Nf6, Ng1 and Ng8 leave the board as it stood two plies ago (here the start position): the same
            // motions as taking both back, or setting up a new game. White's knight going first is play going on, Black's
            // lifted a scan before White's has landed too (ECC 2018 game 253 under `swap` at 24 Hz, seed 4: Rf1 Rb3
            // after Rf3 Rb1+, read as a takeback of both).
            Hands h = start().moveQuickly("Nf3").moveQuickly("Nf6");
            h.clearEvents().up("f3").after(150).up("f6").after(25).down("g1").after(150).down("g8").waitMs(2000);
            assertThat(h.events(TakenBack.class)).isEmpty();
            assertThat(h.events(NewGameDetected.class)).isEmpty();
            assertThat(h.committed()).containsExactly("Ng1", "Ng8");
        }

        @Test
        void aRepetitionUndoneNewestFirstIsATakeback() {
            Hands h = start().moveQuickly("Nf3").moveQuickly("Nf6");
            h.clearEvents().up("f6").after(150).down("g8").after(200).up("f3").after(150).down("g1").waitMs(2000);
            assertThat(h.events(TakenBack.class)).singleElement().satisfies(t -> assertThat(t.plies()).isEqualTo(2));
            assertThat(h.committed()).isEmpty();
            assertThat(h.fen()).isEqualTo(Position.start(Variant.STANDARD).fen());
        }

        @Test
        void fourPliesTakenBackAreATakebackWhereNoThreeMovesLeadOn() {
            // A takeback further back than two plies is read only where no two or three legal moves leave the board
            // as well (a repetition played on): four pieces going back is no three moves.
            Hands h = start().moveQuickly("e4").moveQuickly("e5").moveQuickly("Nf3").moveQuickly("Nc6")
                    .moveQuickly("Bc4").moveQuickly("Bc5");
            h.clearEvents().up("c5").after(150).down("f8").after(200).up("c4").after(150).down("f1").after(200)
                    .up("c6").after(150).down("b8").after(200).up("f3").after(150).down("g1").waitMs(2000);
            assertThat(h.events(TakenBack.class)).singleElement().satisfies(t -> assertThat(t.plies()).isEqualTo(4));
            assertThat(h.fen()).isEqualTo(Position.start(Variant.STANDARD).playSan("e4").playSan("e5").fen());
        }

        @Test
        void tournamentModeCallsItAMismatch() {
            Hands h = Hands.at(Position.start(Variant.STANDARD), RecognizerConfig.defaults().withMode(RecognizerConfig.Mode.TOURNAMENT))
                    .moveQuickly("e4").moveQuickly("e5");
            h.clearEvents().up("e5").after(300).down("e7").waitMs(2000);
            assertThat(h.events(TakenBack.class)).isEmpty();
            assertThat(h.events(BoardMismatch.class)).singleElement()
                    .satisfies(m -> assertThat(m.fixes()).containsExactly(new Fix(h.square("e7"), h.square("e5"))));
        }
    }

    @Nested
    @DisplayName("8. illegal moves, knocked, missing and extra pieces")
    class Mismatches {

        @Test
        void illegalMoveThenCorrection() {
            Hands h = start().up("e2").after(300).down("e5").waitMs(1500);
            BoardMismatch m = h.events(BoardMismatch.class).get(0);
            assertThat(m.fixes()).containsExactly(new Fix(h.square("e5"), h.square("e2")));
            assertThat(h.led("e5").rgb()).isEqualTo(BoardLeds.CLEAR);
            h.up("e5");
            assertThat(h.events(BoardInSync.class)).hasSize(1);
            h.after(300).down("e4").waitMs(300);
            assertThat(h.committed()).containsExactly("e4");
        }

        @Test
        void knockedOverPiece() {
            Hands h = start().moveQuickly("e4").clearEvents().up("a1").waitMs(1500);
            // White's rook gone while Black is to move: no black piece can take it, nothing explains it.
            assertThat(h.events(BoardMismatch.class)).singleElement()
                    .satisfies(m -> assertThat(m.fixes()).containsExactly(new Fix(-1, h.square("a1"))));
            h.down("a1");
            assertThat(h.events(BoardInSync.class)).hasSize(1);
        }

        @Test
        void extraPiece() {
            Hands h = start().down("e5").waitMs(1500);
            assertThat(h.events(BoardMismatch.class)).singleElement()
                    .satisfies(m -> assertThat(m.fixes()).containsExactly(new Fix(h.square("e5"), -1)));
        }

        @Test
        void playContinuesFromALegalSuccessorOfTheExpectedPosition() {
            Hands h = start().down("e5").waitMs(1500).up("e5").up("g1").after(200).down("f3").waitMs(300);
            assertThat(h.committed()).containsExactly("Nf3");
        }
    }

    @Nested
    @DisplayName("9. slides, missed lifts, j'adoube")
    class Slides {

        @Test
        void aSlideOverALegalIntermediateSquareCommitsOnlyTheLastSquare() {
            Hands h = Hands.at("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
                    .up("f1").after(100).down("e2").after(150).up("e2").down("d3").after(150).up("d3").down("c4")
                    .after(150).up("c4").down("b5").waitMs(600);
            assertThat(h.committed()).containsExactly("Bb5");
        }

        @Test
        void aPauseOnTheWayShorterThanTheSlideWindowIsStillOnTheWay() {
            Hands h = Hands.at("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
                    .up("f1").after(100).down("d3").after(500).up("d3").down("c4").waitMs(600);
            assertThat(h.committed()).containsExactly("Bc4");
        }

        @Test
        void jAdoubeLeavesNoTrace() {
            Hands h = start().up("d1").after(300).down("d1").waitMs(3000);
            assertThat(h.events()).noneMatch(e -> !(e instanceof MoveProvisional) && !(e instanceof RecognitionEvent.ProvisionalWithdrawn));
            assertThat(h.events()).isEmpty();
            h.up("d2").after(200).down("d4").waitMs(600);
            assertThat(h.committed()).containsExactly("d4");
        }
    }

    @Nested
    @DisplayName("5bis. fast replies")
    class FastReplies {

        @Test
        void twoPliesInsideOneWindow() {
            // Black answers before White's window (settle 250 ms) is over: the reply proves e4 final once both have
            // stood longer than a flicker (proofMillis, 120 ms).
            Hands h = start().up("e2").after(200).down("e4").after(100).up("e7").after(50).down("e5");
            assertThat(h.committed()).isEmpty();
            h.waitMs(120);
            assertThat(h.committed()).containsExactly("e4");
            h.waitMs(200);
            assertThat(h.committed()).containsExactly("e4", "e5");
        }

        @Test
        void aFlickerThatLooksLikeAReplyCommitsNothing() {
            // A hand over the board makes e7 read empty and e5 occupied for two scans: that is no reply.
            Hands h = start().up("e2").after(200).down("e4").after(100).change("-e7 +e5").after(50).change("+e7 -e5")
                    .up("e4").waitMs(2000);
            assertThat(h.committed()).isEmpty();
        }

        @Test
        void aReplyLiftDoesNotStopTheMoveFromSettling() {
            Hands h = start().up("g1").after(200).down("f3").after(100).up("g8").waitMs(200);
            assertThat(h.committed()).containsExactly("Nf3");
            h.after(300).down("f6").waitMs(300);
            assertThat(h.committed()).containsExactly("Nf3", "Nf6");
        }

        @Test
        void threeFastPliesInARow() {
            Hands h = start().up("e2").after(150).down("e4").after(60).up("e7").after(150).down("e5").after(60)
                    .up("g1").after(150).down("f3").waitMs(300);
            assertThat(h.committed()).containsExactly("e4", "e5", "Nf3");
        }
    }

    @Nested
    @DisplayName("10. new game and result gestures")
    class Gestures {

        @Test
        void settingUpTheStartPositionStartsANewGame() {
            Hands h = Hands.at("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
            h.frame("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
                    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8").waitMs(1000);
            assertThat(h.events(NewGameDetected.class)).hasSize(1);
            assertThat(h.fen()).isEqualTo(Position.start(Variant.STANDARD).fen());
        }

        @Test
        void oneKingOnALightAndOneOnADarkCentreSquareIsADraw() {
            // After 1.e4 e5 the pawns stand on e4 and e5: the kings go on d4 (dark) and d5 (light).
            Hands h = start().moveQuickly("e4").moveQuickly("e5").clearEvents()
                    .up("e1").after(300).down("d4").waitMs(100);
            h.up("e8").after(300).down("d5").waitMs(1000);
            assertThat(h.events(ResultGesture.class)).extracting(ResultGesture::result).containsExactly("1/2-1/2");
            assertThat(h.committed()).isEmpty();
        }

        @Test
        void theKingsOnTheDarkCentreSquaresIsABlackWin() {
            Hands h = start().up("e1").after(300).down("d4").after(300).up("e8").after(300).down("e5").waitMs(1000);
            assertThat(h.events(ResultGesture.class)).extracting(ResultGesture::result).containsExactly("0-1");
            assertThat(h.committed()).isEmpty();
            assertThat(h.state().result()).contains("0-1");
        }

        @Test
        void theKingsOnTheLightCentreSquaresIsAWhiteWin() {
            Hands h = start().up("e1").after(300).down("e4").after(300).up("e8").after(300).down("d5").waitMs(1000);
            assertThat(h.events(ResultGesture.class)).extracting(ResultGesture::result).containsExactly("1-0");
        }
    }

    @Nested
    @DisplayName("12x8: Courier")
    class Courier {

        @Test
        void aCourierMoveOnTheTwelveFileBoard() {
            Hands h = Hands.at(Position.start(Variant.COURIER)).up("b2").after(300).down("b3").waitMs(300);
            assertThat(h.committed()).containsExactly("b3");
            assertThat(h.leds().files()).isEqualTo(12);
        }

        @Test
        void promotionToTheFerzHasNoChoiceAndNoWait() {
            Hands h = Hands.at(Position.fromFen(Variant.COURIER, "6k5/P10p/12/12/12/12/12/6K5 w - - 0 1"))
                    .up("a7").after(300).down("a8");
            assertThat(h.events(PromotionPending.class)).singleElement()
                    .satisfies(p -> assertThat(p.choices()).isEmpty());
            h.waitMs(RecognizerConfig.defaults().settleMillis());
            assertThat(h.committed()).containsExactly("a8=F");
        }

        @Test
        void resultGestureOnTheCourierCentre() {
            Hands h = Hands.at(Position.fromFen(Variant.COURIER, "6k5/p11/12/12/12/12/P11/6K5 w - - 0 1"))
                    .up("g1").after(300).down("g4").after(300).up("g8").after(300).down("f5").waitMs(1000);
            // g4 and f5 are both light on 12x8: a white win.
            assertThat(h.events(ResultGesture.class)).extracting(ResultGesture::result).containsExactly("1-0");
        }
    }

    @Nested
    @DisplayName("11. LEDs")
    class Leds {

        @Test
        void aLiftedPieceShowsItsDestinations() {
            Hands h = start().up("g1");
            assertThat(h.led("g1").rgb()).isEqualTo(BoardLeds.WHITE);
            assertThat(h.led("f3").rgb()).isEqualTo(BoardLeds.QUIET);
            assertThat(h.led("h3").rgb()).isEqualTo(BoardLeds.QUIET);
            assertThat(h.led("e2").pattern()).isEqualTo(Pattern.OFF);
        }

        @Test
        void aLiftedKingShowsCastlingInBlue() {
            Hands h = Hands.at("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 8").up("e1");
            assertThat(h.led("g1").rgb()).isEqualTo(BoardLeds.CASTLING);
            assertThat(h.led("h1").rgb()).isEqualTo(BoardLeds.CASTLING);
            assertThat(h.led("h1").pattern()).isEqualTo(Pattern.BLINK);
            assertThat(h.led("f1").rgb()).isEqualTo(BoardLeds.CASTLING);
        }

        @Test
        void enPassantVictimBlinksOrange() {
            Hands h = Hands.at("rnbqkbnr/pp2pppp/8/2pP4/8/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 3").up("d5");
            assertThat(h.led("c6").rgb()).isEqualTo(BoardLeds.CAPTURE);
            assertThat(h.led("c5").rgb()).isEqualTo(BoardLeds.EN_PASSANT_VICTIM);
            assertThat(h.led("d6").rgb()).isEqualTo(BoardLeds.QUIET);
        }

        @Test
        void lastMoveAndCheck() {
            Hands h = Hands.at("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3")
                    .up("d1").after(300).down("h5").waitMs(300);
            assertThat(h.committed()).containsExactly("Qh5#");
            assertThat(h.led("d1").rgb()).isEqualTo(BoardLeds.MOVE);
            assertThat(h.led("h5").rgb()).isEqualTo(BoardLeds.MOVE);
            assertThat(h.led("e8").rgb()).isEqualTo(BoardLeds.CHECK);
            assertThat(h.led("e8").pattern()).isEqualTo(Pattern.BLINK);
        }

        @Test
        void provisionalMoveBlinks() {
            Hands h = start().up("e2").after(300).down("e4");
            assertThat(h.led("e4").pattern()).isEqualTo(Pattern.BLINK);
            assertThat(h.led("e2").pattern()).isEqualTo(Pattern.BLINK);
        }

        @Test
        void remoteMoveIsShownUntilPlayedOnTheBoard() {
            Hands h = start().remote("e2e4");
            assertThat(h.led("e2").rgb()).isEqualTo(BoardLeds.REMOTE);
            assertThat(h.led("e4").rgb()).isEqualTo(BoardLeds.REMOTE);
            h.up("e2").after(300).down("e4");
            assertThat(h.led("e4").rgb()).isEqualTo(BoardLeds.MOVE);
            assertThat(h.committed()).isEmpty();
            assertThat(h.fen()).isEqualTo(Position.start(Variant.STANDARD).playSan("e4").fen());
        }

        @Test
        void squaresToFixAfterAMismatch() {
            Hands h = start().up("e2").after(300).down("e5").waitMs(1500);
            assertThat(h.led("e2").rgb()).isEqualTo(BoardLeds.FILL);
            assertThat(h.led("e5").rgb()).isEqualTo(BoardLeds.CLEAR);
            assertThat(List.of(h.led("e2").pattern(), h.led("e5").pattern())).containsOnly(Pattern.BLINK);
        }
    }
}
