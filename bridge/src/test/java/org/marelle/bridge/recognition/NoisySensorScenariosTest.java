package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Sensor noise (and fast hands) that once made the recognizer commit a wrong move or stop following the game, each
 * found by the simulation profiles and written down as the frames the board sent (times in milliseconds, default
 * windows). A wrong move must never be committed; a missed one is the lesser evil, but still a failure.
 */
class NoisySensorScenariosTest {

    /**
     * The board these frames came from: the {@code noisy} profile's sensors (40 Hz, no debouncing, flicker of one to
     * three scans), which the recognizer is told about as the simulation tells it.
     */
    private static final RecognizerConfig LEGACY_NOISY = RecognizerConfig.defaults().withSensors(SensorModel.legacyNoisy());

    private static Hands at(String fen) {
        return Hands.at(Position.fromFen(fen), LEGACY_NOISY);
    }

    private static Hands at(Position p) {
        return Hands.at(p, LEGACY_NOISY);
    }

    /**
     * Found in pgn-parser_twic-01-232games game 212, ply 22 (noisy, seed 1): Black plays e7-e5 and White at once takes
     * en passant, victim first. As the white pawn lands on e6, a bounce on e6 and a flicker on d5 make the board show
     * e7-e6 alone for one scan (25 ms); that flicker must not become the story the reply is read against, or e6 and
     * dxe6 (the same occupancy as e5 and dxe6 en passant) would be committed.
     */
    @Test
    void aOneScanFlickerShowingAnotherFirstMoveDoesNotReplaceTheMoveThatStood() {
        Hands h = at("rnbqkbnr/pppppppp/8/3P4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2");
        h.up("e7").after(375).down("e5")
                .after(50).up("e5").after(50).down("e5")   // bounce as the pawn lands
                .after(100).up("e5")                       // White lifts the victim
                .after(625).up("d5")
                .after(725).down("e6")
                .after(50).change("-e6 +d5")               // bounce on e6, flicker on d5
                .after(50).down("e6")                      // one scan of e7-e6 alone
                .after(25).up("d5")
                .waitMs(2000);
        assertThat(h.committed()).containsExactly("e5", "dxe6");
    }

    /**
     * Found in the Lichess sample, game 923, ply 63 (noisy, seed 1): White promotes dxe8=Q+ (victim first, the pawn
     * swapped for the queen) and Black at once answers Rxe8. A one-scan flicker on d8 makes the board read dxe8=B and
     * Rd8 (after a bishop the rook could go to d8) for 25 ms; that reading must not replace the story that stood, nor
     * be committed when White's next move begins.
     */
    @Test
    void aOneScanFlickerDoesNotTurnAPromotionAndItsReplyIntoAnotherPairOfMoves() {
        Hands h = at("r3r2k/p2PP1p1/1p4Pp/2p5/1n5q/1K6/P3QP2/3RR3 w - - 0 32");
        h.up("e8")                                       // the victim, first
                .after(725).up("d7")
                .after(650).down("e8")                   // the pawn lands, bouncing
                .after(50).up("e8")
                .after(50).down("e8")
                .after(150).up("e8")                     // the pawn taken off again for the swap
                .after(50).down("e8")
                .after(25).change("-e8 +d8")             // flicker on d8
                .after(50).up("d8")
                .after(350).down("e8")                   // the queen
                .after(50).up("e7")
                .after(50).down("e7")
                .after(100).up("a8")                     // Black: Rxe8, the rook first
                .after(50).up("e8")
                .after(525).down("e8")
                .after(25).down("d8")                    // one scan of a rook on d8
                .after(25).up("d8")
                .after(1375).up("d1")                    // White: Rd8
                .after(425).down("d8")
                .after(50).up("d8")
                .after(75).down("d8")
                .waitMs(1000);
        assertThat(h.committed()).containsExactly("dxe8=Q+", "Rxe8", "Rd8");
    }

    /**
     * Found in the Lichess sample, game 4786, ply 44 (noisy, seed 2): Black takes Qxc4, victim first. As the queen
     * lands, a bounce on c4 and a flicker on b4 read for one scan as Qxb3 (a capture nobody saw) and a white piece
     * going c4-b4. A reading of one scan is no evidence: nothing may be committed from it, however long the hands
     * then take.
     */
    @Test
    void aTwoPlyReadingOfOneScanIsNeverCommitted() {
        Hands h = at("r2r2k1/pp5p/2P1p1p1/5p2/1qQ5/1P2B2P/P4PP1/R4RK1 b - - 0 22");
        h.up("b4")
                .after(475).up("c4")
                .after(875).down("c4")
                .after(175).change("-c4 +b4")            // bounce on c4, flicker on b4: one scan
                .after(25).up("b4")
                .after(200).up("b3")
                .after(25).down("b3")
                .after(25).up("b3")
                .waitMs(5000);
        assertThat(h.committed()).doesNotContain("Qxb3", "Qb4");
    }

    /**
     * Found in the Lichess sample, game 1922, ply 67 (noisy, seed 1), while fixing the flicker cases above: White
     * plays Qe8+ and Black blocks with the rook dragged f4-f8, and White lifts the queen again 75 ms (three scans)
     * after the rook lands. A 50 ms flicker on f8 while the queen was in the hand made Qf8+ Rxf8 look possible; the
     * move that stood (Qe8+) with its reply stays the story, and a reply shown for three scans is still committed.
     */
    @Test
    void aReplyShownForThreeScansStillStandsAgainstAStoryBuiltOnAFlicker() {
        Hands h = at("8/pp2Q1kr/3p4/2q5/4Pr2/5N1P/P4PP1/5RK1 b - - 1 33");
        h.up("g7")
                .after(375).down("g8")
                .after(225).up("e7")
                .after(25).down("f8")                    // flicker on f8
                .after(50).up("f8")
                .after(800).down("e8")                   // Qe8+
                .after(200).change("-f3 -f4")            // Black lifts the rook (f3 flickers)
                .after(50).down("f5")
                .after(25).down("f3")
                .after(50).change("-f5 +f6")
                .after(75).down("f5")
                .after(25).change("-f6 -e8 +f7")
                .after(25).change("-f5 +e8")
                .after(25).change("-f7 +f6")
                .after(25).change("+f7 +f8")
                .after(50).change("-f6 -f8")
                .after(25).up("f7")
                .after(25).down("f8")                    // the rook lands on f8
                .after(75).up("e8")                      // White lifts the queen
                .after(1150).down("e6")
                .waitMs(2000);
        assertThat(h.committed()).startsWith("Kg8", "Qe8+", "Rf8");
        assertThat(h.committed()).doesNotContain("Qf8+", "Rxf8");
    }

    /**
     * Found in pgn-parser_twic-01-232games game 27, ply 43 (blitz, seed 2): White drags f2-f4 over f3 and Black takes
     * en passant 100 ms later, victim first. f3-then-gxf3 and f4-then-gxf3 e.p. leave the same occupancy; the pawn read
     * on f4 for 100 ms (longer than a flicker, shorter than a proof) tells them apart.
     */
    @Test
    void aPawnGlimpsedOnItsSquareBreaksTheTieWithTheSquareItPassed() {
        Hands h = at("r4rk1/1p5p/4p3/pNp1n2q/Pb2P1p1/4B2P/1PQ2PP1/R4RK1 w - - 0 22");
        h.after(75).up("f2")
                .after(25).down("f3")
                .after(75).up("f3")
                .after(25).down("f4")
                .after(100).up("f4")
                .after(75).up("g4")
                .after(325).down("f3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("f4", "gxf3");
    }

    /**
     * Found in the Lichess sample, game 1119, ply 13 (noisy, seed 1): d2-d4 dragged over d3, flicker on c4 and d3 as it
     * lands, the victim lifted 75 ms later for exd3 e.p. The pawn stood on d3 for 100 ms in one piece and on d4 for as
     * long in two; the later story is d4, and d3 then exd3 must not be committed.
     */
    @Test
    void theLastStoryIsTheMoveShownLastNotTheMoveShownInOnePiece() {
        Hands h = at("rnb1k1nr/ppp2ppp/1b6/3q4/4p3/1NP5/PP1P1PPP/RNBQKB1R w KQkq - 0 7");
        h.after(25).up("d2")
                .after(100).down("d3")
                .after(100).up("d3")
                .after(25).down("d4")
                .after(25).change("-d4 +c4")
                .after(25).down("d3", "d4")
                .after(50).up("c4")
                .after(25).up("d3")
                .after(75).up("d4")
                .after(450).up("e4")
                .after(2125).down("d3")
                .after(50).up("c3")
                .after(50).down("c3")
                .after(400).up("d3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("d4", "exd3");
    }

    /**
     * Found in chesslib_Morphy game 62, ply 36 (noisy, seed 2): after Bd7 a one-scan flicker on f6 (as White's knight
     * leaves f3) and later on a4 must not withdraw the standing move; Black then takes on b5 victim first before any
     * window ran out, three plies the recognizer can only follow if Bd7 and Ne5 stood through the flicker.
     */
    @Test
    void aOneScanFlickerDoesNotWithdrawTheStandingMove() {
        Hands h = at("r1bqrk2/pp2nppp/8/bB1p2B1/4PQ2/5N2/P4PPP/2R2K1R b - - 1 18");
        h.after(100).up("c8")
                .after(1700).down("d7")
                .after(50).down("c8")
                .after(50).up("c8")
                .after(225).up("f3")
                .after(50).down("f3")
                .after(75).up("f3")
                .after(200).down("f6")
                .after(25).up("f6")
                .after(25).down("e5")
                .after(50).up("e5")
                .after(75).down("e5")
                .after(50).down("a4")
                .after(25).up("a4", "b5")
                .after(525).up("d7")
                .after(375).down("b5")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bd7", "Ne5", "Bxb5+");
    }

    /**
     * Found in chesslib_cup_ECC2018 game 840, ply 54 (noisy, seed 2): Black takes Qxc6, White lifts the queen at once
     * to retake and b6 flickers: for one scan the board reads Qxc7 (a capture nobody saw) and a white queen going
     * c6-b6. A capture the sensors never saw is believed only when the reply takes back on its square.
     */
    @Test
    void anUnseenCaptureIsNotBelievedBecauseOfAQuietReply() {
        Hands h = at("4rk2/p1Nrpnbp/1qQ2pp1/1p1P4/8/2P3B1/P3RPPP/4R1K1 b - - 3 27");
        h.after(25).up("c6")
                .after(650).up("b6")
                .after(575).down("c6")
                .after(275).up("c6")
                .after(50).down("b6")
                .after(50).up("b6")
                .after(450).up("d5")
                .after(550).down("c6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxc6", "dxc6");
    }

    /**
     * Found in chesslib_cup_ECC2018 game 56, ply 42 (noisy, seed 1): Qxc3 victim first, the queen dragged over e5 and
     * d4; d4 reads occupied for 125 ms after the queen lands (two flickers in a row). A square the piece passed over,
     * misread a little after the landing, does not mean the queen stood there.
     */
    @Test
    void aDraggedOverSquareMisreadAfterTheLandingDoesNotDisproveTheCapture() {
        Hands h = at("r1r3k1/p4ppp/2p1Nq2/8/8/2Q5/PP3PPP/R3R1K1 b - - 0 21");
        h.after(100).up("f6")
                .after(50).down("f5", "f6")
                .after(50).up("f5")
                .after(25).up("f6")
                .after(650).down("f6")
                .after(25).up("f6")
                .after(75).down("f6")
                .after(600).up("c3")
                .after(50).down("c3")
                .after(75).up("c3")
                .after(500).up("f6")
                .after(700).down("e5")
                .after(50).up("e5")
                .after(25).down("d4", "e5")
                .after(25).up("d4", "e5")
                .after(25).down("d4")
                .after(50).up("d4")
                .after(25).down("c3", "d4")
                .after(125).up("d4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxc3");
    }

    /**
     * Found in the Lichess sample, game 35, ply 5 (noisy, seed 1): e2-e4 with flicker on e4 and e3 from before the
     * pawn left e2 (175 ms of overlapping flickers): the flicker is no piece arriving before the pawn left.
     */
    @Test
    void flickerBeforeThePawnLeftIsNoArrival() {
        Hands h = at("rnbqkbnr/p2ppppp/1pp5/8/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 3");
        h.after(75).down("e4")
                .after(25).down("e3")
                .after(25).up("e2")
                .after(50).up("e3")
                .after(75).up("e4")
                .after(50).down("e4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("e4");
    }

    /**
     * Found in the Lichess sample, game 3601, ply 6 (noisy, seed 2): Bxf1, victim first, and Kxf1 at once; e1 flickers
     * as the bishop lands, so the king's departure reads as beginning in the landing's own scan. That is still a
     * capture made before the reply.
     */
    @Test
    void aCaptureLandingInTheScanTheReplyBeganIsBeforeTheReply() {
        Hands h = at("rn1qkbnr/p1pppppp/bp6/8/3PP3/2N5/PPP2PPP/R1BQKBNR b KQkq - 2 3");
        h.after(50).up("f1")
                .after(575).up("a6")
                .after(625).down("b5")
                .after(175).change("-b5 +c4")
                .after(25).down("a4")
                .after(25).up("c4")
                .after(25).down("d3")
                .after(25).change("-a4 +c4")
                .after(75).up("c4")
                .after(50).up("d3")
                .after(25).down("e2")
                .after(175).up("e2")
                .after(50).change("-e1 +f1")
                .after(75).down("e1")
                .after(25).up("e1")
                .after(50).down("e1")
                .after(25).up("e1")
                .after(75).up("f1")
                .after(75).down("f1")
                .after(50).up("f1")
                .after(350).down("f1")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxf1", "Kxf1");
    }

    /**
     * Found in the Lichess sample, game 4142, ply 48 (noisy, seed 1): Qxf3+ victim first, the queen dragged over g4,
     * h5 flickering twice while the queen is in the hand. The run of f3 and h5 both empty is one run across the
     * flicker; missing this capture once left the recognizer four plies behind a repetition that looked in sync.
     */
    @Test
    void theEmptyRunOfACaptureIsOneRunAcrossFlicker() {
        Hands h = at("2r1kn1Q/5pBp/1p2p3/p6q/2P5/3B1P2/P4P1P/3R1R1K b - - 4 24");
        h.after(50).up("f3")
                .after(800).up("h5")
                .after(25).down("h5")
                .after(75).up("h5")
                .after(650).down("g4")
                .after(50).down("h5")
                .after(50).up("h5")
                .after(125).down("f3", "g3")
                .after(50).up("g3", "g4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxf3+");
    }

    /**
     * Found in chesslib_cup_ECC2018 game 335, ply 81 (noisy, seed 1): Qf2 (after a hesitation), and Black's rook
     * leaves e3 75 ms after a flicker on e3: the reply began when e3's reading that lasted longer than a flicker began.
     */
    @Test
    void theReplyBeginsWhereItsSquareReadingThatLastedBegan() {
        Hands h = at("4q1k1/5p1p/3p1Pp1/2pP2Pn/2P4P/3BrQ2/3R4/7K w - - 1 41");
        h.after(75).up("f3")
                .after(625).down("f3")
                .after(25).up("f3")
                .after(50).down("f3")
                .after(700).up("f3")
                .after(875).up("e3")
                .after(75).down("e3")
                .after(50).down("f2")
                .after(50).up("e3")
                .after(2250).down("e1")
                .after(25).up("e1")
                .after(100).down("e1")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qf2", "Re1+");
    }

    /**
     * Found in the Lichess sample, game 3709, ply 163 (noisy, seed 1): b8=Q, the pawn swapped for the queen, and the
     * king steps c3-d2 with a flicker on b2. For one scan that reads Kb2, legal only after b8=B or b8=N: a promotion's
     * piece is what the player chose (or the queen), never what a reply's legality suggests.
     */
    @Test
    void aPromotionPieceIsNeverInferredFromTheReply() {
        Hands h = at("8/1PQ5/2K5/8/8/2k5/8/8 w - - 1 82");
        h.after(50).up("b7")
                .after(25).down("b8")
                .after(50).up("b8")
                .after(825).down("b8")
                .after(25).up("b8")
                .after(25).down("b8")
                .after(250).up("b8")
                .after(50).down("b8")
                .after(50).up("b8")
                .after(475).down("b8")
                .after(375).change("-c3 +b2")
                .after(75).up("b2")
                .after(600).down("d2")
                .after(525).up("b8")
                .after(50).down("c8")
                .after(175).up("c8")
                .after(25).down("d8")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("b8=Q", "Kd2", "Qbd8+");
    }

    /**
     * Found in the Lichess sample, game 1433, ply 5 (noisy, seed 2): Bc4 dragged over e2 and d3, then Bxc4 with both
     * pieces in hand. d3 read occupied for 25 ms here and 50 ms there; Bc4 stood 475 ms. The board's last story is the
     * bishop on c4, not glimpses of d3 added up across it.
     */
    @Test
    void glimpsesBeforeTheLastStoryDoNotReplaceIt() {
        Hands h = at("rn1qkbnr/p1pppppp/bp6/8/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3");
        h.after(25).up("f1")
                .after(25).down("e2")
                .after(150).change("-e2 +d3")
                .after(25).down("e3")
                .after(25).change("-e3 +e2")
                .after(50).up("e2")
                .after(50).up("d3")
                .after(25).down("d3", "c4")
                .after(25).up("d3")
                .after(50).down("b4")
                .after(25).up("b4")
                .after(400).change("-c4 +d3")
                .after(25).up("a6")
                .after(25).up("d3")
                .after(850).down("c4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bc4", "Bxc4");
    }

    /**
     * Found in the Lichess sample, game 276, ply 59 (noisy, seed 3): Rb6 stands; Black touches the pawn on b5 (lifted
     * 200 ms, put back) and takes the rook victim first. b6 lifted and b5 refilled read as Rxb5+, but the rook stood on
     * b6 the whole time b5 was empty: the capturing piece was never in the hand.
     */
    @Test
    void aPieceStandingElsewhereUntilTheLandingIsNotInTheHand() {
        Hands h = at("8/1R4p1/p3r2p/1p3k2/7P/1P2B1P1/2P2PK1/8 w - - 5 30");
        h.after(50).up("b7")
                .after(550).down("b6")
                .after(400).down("c4")
                .after(25).up("b5")
                .after(25).up("c4")
                .after(175).down("b5")
                .after(175).up("b5")
                .after(25).change("-b6 +b5")
                .after(650).up("e6")
                .after(1000).down("d6")
                .after(50).up("d6")
                .after(25).down("c6")
                .after(25).down("c7")
                .after(25).up("c6")
                .after(25).down("c6")
                .after(25).change("-c7 +b6")
                .after(25).up("b6", "c6")
                .after(75).down("b6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rb6", "Rxb6");
    }

    /**
     * Found in pgn-parser_twic-01-232games game 177, ply 1 (noisy, seed 3): e2-e4 dragged over e3, e2 reading occupied
     * for one scan after e4 filled (a bounce): an arrival less than a flicker before the departure was read is in order.
     */
    @Test
    void aBounceOnTheSquareLeftKeepsTheMoveInOrder() {
        Hands h = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        h.after(1050).down("e3")
                .after(25).down("e4")
                .after(25).up("e2", "e3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("e4");
    }

    /**
     * Found in chesslib_cup_ECC2018 game 631, ply 51 (noisy, seed 3): Rbd1, Ba7 (dragged over c5 and b6) and Kf1 within
     * 1.6 s, each shown alone for less than 80 ms before the next hand arrived. The squares each move changed kept
     * their reading: quick moves are no flicker.
     */
    @Test
    void quickMovesWhoseSquaresStayAreNoFlicker() {
        Hands h = at("r2r1k2/1p3pp1/p1n4p/3N4/3bB3/P7/1P1R1PPP/1R4K1 w - - 5 26");
        h.after(50).up("b2")
                .after(25).up("b1")
                .after(50).down("b2")
                .after(25).down("c1")
                .after(125).up("c1")
                .after(75).down("d1")
                .after(75).up("d4", "d5")
                .after(25).down("d5")
                .after(25).down("c5")
                .after(50).up("c5")
                .after(50).down("c5", "b6")
                .after(25).up("c5")
                .after(100).up("b7")
                .after(25).up("b6")
                .after(25).down("b6", "a7", "b7")
                .after(75).up("b6", "a7")
                .after(50).down("a7")
                .after(50).up("g1")
                .after(975).down("f1")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rbd1", "Ba7", "Kf1");
    }

    /**
     * Found in the Lichess sample, game 4307, ply 34 (noisy, seed 3): dxe5, fxe5 and Nxe5, all victim first on e5,
     * with a flicker on f4 that reads fxe5 undone for a scan. Two plies stand through such a glitch.
     */
    @Test
    void twoPliesStandThroughAGlitchThatReadsTheReplyUndone() {
        Hands h = at("3rkb1r/pbqn1ppp/1ppp1n2/4PN2/2P2P2/1P4P1/PB1N2BP/R2QR1K1 b k - 0 17");
        h.after(25).up("e5")
                .after(25).up("d6")
                .after(925).down("e5")
                .after(25).up("f5")
                .after(50).down("f5")
                .after(125).up("f4")
                .after(25).change("-e5 +e4")
                .after(50).down("e5")
                .after(25).up("e4")
                .after(25).up("e5")
                .after(725).down("e6")
                .after(25).down("e5")
                .after(50).up("e6")
                .after(75).down("f4")
                .after(25).up("e5")
                .after(25).up("f4")
                .after(575).up("d7")
                .after(600).down("e5")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("dxe5", "fxe5", "Nxe5");
    }

    /**
     * Found in the Lichess sample, game 4339, ply 58 (noisy, seed 5): Black hesitates (lifts the rook on e8 and puts
     * it back) while e7 flickers, which reads Re7 for 50 ms; then takes Rxe4 victim first, dragging the rook over e7.
     * The board was back in sync for 150 ms across a bounce: what was lifted before proves nothing, and Re7 followed
     * by White taking on e7 must not be read into the drag.
     */
    @Test
    void aHesitationBackInSyncAcrossABounceProvesNothing() {
        Hands h = at("2k1r3/pbp5/1p3p2/3P4/2P1R1P1/6Pp/PP3R1P/6K1 b - - 0 29");
        h.after(75).change("-e8 +e7")
                .after(50).up("e7")
                .after(1075).down("e8")
                .after(50).up("e8")
                .after(50).down("e8")
                .after(100).change("-e4 +e5")
                .after(75).up("e5")
                .after(25).up("e8")
                .after(625).down("e7")
                .after(25).down("f7")
                .after(25).up("f7")
                .after(150).change("-e7 +e6")
                .after(75).up("e6")
                .after(25).down("e5")
                .after(75).change("-e5 +e4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rxe4");
    }

    /**
     * Found in chesslib_cup_ECC2018 game 676, ply 151 (noisy, seed 4): Qe3 dragged over e5 and e4, e4 flickering as
     * Black lifts the queen on f4 75 ms after e3 filled. That reads Qe4 and Black's queen going to e3, which would
     * have it arrive before it left: a reply's order allows only half a flicker of slack.
     */
    @Test
    void aReplyArrivingBeforeItLeftByMoreThanABounceIsNoReply() {
        Hands h = at("4Rb2/7k/4Q1p1/8/5q2/P7/5P2/6K1 w - - 15 76");
        h.after(25).up("e6")
                .after(100).down("e5")
                .after(75).change("-e5 +e4")
                .after(150).change("-e4 +e3")
                .after(25).change("-e3 +e4")
                .after(75).change("-e4 +e3")
                .after(75).change("-f4 +e4")
                .after(25).up("e4")
                .after(625).down("g4")
                .after(375).change("-g1 +g2")
                .after(50).down("g1")
                .after(25).up("g2")
                .after(25).up("g1")
                .after(225).down("g1")
                .after(25).down("h1")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qe3", "Qg4+");
    }


    /**
     * Found in the Lichess sample, game 1585, ply 31 (noisy, seed 4): Bxb7 Nxb7 and White's b4 at once; a bounce on b7
     * (75 ms) and then a flicker on c2 (25 ms) are two short glitches, not one deviation long enough to withdraw the
     * two plies.
     */
    @Test
    void aBounceThenAFlickerElsewhereAreTwoGlitches() {
        Hands h = at("1r3rk1/1bp1qpp1/p4b1p/np1Bp3/4P3/2P2N2/PP1N1PPP/R2QR1K1 w - - 6 16");
        h.after(50).up("d5")
                .after(25).down("c4")
                .after(75).up("c4")
                .after(200).up("b7", "b8")
                .after(50).down("b8")
                .after(1000).down("b7")
                .after(225).up("a5")
                .after(100).up("b7")
                .after(950).down("b7")
                .after(50).up("b7")
                .after(75).down("c2", "b7")
                .after(25).up("b2", "c2")
                .after(75).down("a3", "b3")
                .after(25).up("a3")
                .after(100).change("-b3 +b4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxb7", "Nxb7", "b4");
    }

    /**
     * Found in the Lichess sample, game 4723, ply 5 (noisy, seed 6): Bd3 dragged over e2, then Bxd3 with both pieces
     * in hand; as the black bishop lands a bounce on d3 and a flicker on e2 read as Be2 and Bxe2 for one scan. A
     * reading that tells another story is a glitch until it lasts.
     */
    @Test
    void aReadingThatTellsAnotherStoryIsAGlitchUntilItLasts() {
        Hands h = at("rn1qkbnr/p1pppppp/bp6/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        h.after(25).up("f1")
                .after(100).down("e2")
                .after(125).change("-e2 +d3")
                .after(25).change("-d3 +e2")
                .after(25).up("e2")
                .after(25).down("d3")
                .after(425).up("a6")
                .after(25).up("d3")
                .after(925).down("d3")
                .after(50).change("-d3 +e2")
                .after(25).up("e2")
                .after(50).down("d3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bd3", "Bxd3");
    }

    /**
     * Found in the Lichess sample, game 2193, ply 41 (noisy, seed 2): Red1, then Nxe2+ victim first; as the knight
     * lands e1 flickers, reading Qd1 (the queen from e2) and Ne2+ for 50 ms, then White's rook lifted. Nothing is
     * committed while the board tells another story than the pending one.
     */
    @Test
    void nothingIsCommittedWhileTheBoardTellsAnotherStory() {
        Hands h = at("r4rk1/p4ppp/1pq5/3N2b1/1P3n2/3R4/P1P1QPPP/4R1K1 w - - 3 21");
        h.after(25).up("e1")
                .after(625).down("d1")
                .after(300).up("f4")
                .after(25).up("e2")
                .after(25).down("f4")
                .after(50).up("d3", "f4")
                .after(25).down("d3")
                .after(450).down("e1", "e2")
                .after(50).up("e1")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Red1", "Nxe2+");
    }


    /**
     * Found by SimulatedGamesTest (chessjs_benchmark game 62, noisy, seed 2): Bxd6 victim first, dragged over e7; as the
     * bishop lands, d6 reads empty and e7 filled for 175 ms (overlapping flickers), which reads Be7 and Qxe7+. The queen
     * left d6 long before; the bishop's 25 ms on d6 does not make it stand there again.
     */
    @Test
    void aLandingOfOneScanIsNoVictimStandingAgain() {
        Hands h = at("rn1qkbnr/3p3p/p2Qp1p1/1p2P3/4P1p1/8/PPP3PP/RNB1K2R b KQkq - 1 13");
        h.after(75).up("d6")
                .after(50).down("d6")
                .after(75).up("d6")
                .after(750).up("f8")
                .after(50).down("e7")
                .after(25).up("e7")
                .after(850).down("d6")
                .after(25).change("-d6 +e7")
                .after(175).up("e7")
                .after(25).down("d6", "e7")
                .after(50).up("d6")
                .after(25).up("e7")
                .after(25).down("d6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bxd6");
    }

    /**
     * Found by SimulatedGamesTest (chesslib_cup_ECC2018 game 866, noisy, seed 1): Rc7 dragged from c1 over c2…c6,
     * while b7 and c6 flicker as the rook lands: Rc6 and Black's rook going b7-c7 read for 100 ms in two pieces. Two
     * plies are committed only once the board has shown them for proofMillis in all.
     */
    @Test
    void twoPliesReadInPiecesAreNotYetAPair() {
        Hands h = at("6k1/1r2npp1/p2B4/1p6/8/8/PP3PPP/2R3K1 w - - 1 25");
        h.after(50).up("c1")
                .after(50).down("c2")
                .after(50).up("c2")
                .after(25).down("c2")
                .after(50).down("c3")
                .after(50).up("c2")
                .after(75).up("c3")
                .after(25).down("c4")
                .after(150).up("c4")
                .after(25).down("c5")
                .after(25).up("c5")
                .after(50).down("d5", "c6")
                .after(25).up("d5")
                .after(25).up("b7")
                .after(50).down("c7")
                .after(25).change("-c6 +b7")
                .after(25).up("b7")
                .after(25).down("c6")
                .after(75).change("-c6 +b7")
                .after(2275).up("a6")
                .after(50).up("b7")
                .after(50).down("b7")
                .after(200).down("a6")
                .after(500).up("c7")
                .after(600).up("b7")
                .after(425).down("c7")
                .after(25).up("c7")
                .after(50).down("c7")
                .after(300).up("d6")
                .after(50).down("d6")
                .after(50).up("d6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rc7", "Rxc7");
    }

    /**
     * Found by SimulatedGamesTest (random Courier game 75, noisy, seed 1): the rook dragged h3-h8 pauses 200 ms on h6;
     * as it reaches h7, g8 flickers, which reads for one scan as Black's bishop going g8-h7 after Rh6. A reply may not
     * arrive in the scan it left on a square the first move's piece could be sliding on to: only Rh8 is made.
     */
    @Test
    void aReplyInTheScanItLeftOnTheSlidingPiecesLineIsNoReply() {
        Hands h = at(Position.fromFen(Variant.COURIER, "2rm2b5/2p1pk5r/e1N3w5/3p1fp1pppp/P2P2P2e1P/1P2MP1R4/4P1KW1PP1/1REBN3BE2 w - - 2 55"));
        h.after(10).up("h3")
                .after(50).down("h3", "h4")
                .after(25).up("h3", "h4")
                .after(25).down("h4")
                .after(25).down("h5")
                .after(25).up("h4", "h5")
                .after(25).down("h5", "h6")
                .after(25).up("h5")
                .after(150).change("-g8 +h7")
                .after(25).up("h6", "h7")
                .after(25).down("h7", "g8")
                .after(75).up("h7", "g8")
                .after(25).down("h8")
                .after(25).down("g8")
                .after(18300).up("f7")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rh8");
    }

    /**
     * Found by SimulatedGamesTest (chesslib_Morphy game 100, noisy, seed 2): f3, then exf3 victim first. As the pawn
     * lands on f3, f4 flickers (75 ms, then 25 ms in the scan f3 misses): the same squares as f4 then exf3 en passant.
     * The last reading of more than a scan before the reply began is f3 alone (75 ms); f4 alone was read for one scan.
     */
    @Test
    void aPawnShownLastOnF3IsOnF3ThoughF4Flickered() {
        Hands h = at("r4rk1/p4ppp/8/3N2B1/4p1n1/8/PPP2PPb/R3R2K w - - 1 17");
        h.after(100).up("f2")
                .after(925).down("f3", "f4")
                .after(75).up("f4")
                .after(75).change("-f3 +f4")
                .after(25).change("-e4 -f4 +f3")
                .after(25).up("f3")
                .after(25).down("e4")
                .after(75).up("e4")
                .after(625).down("f3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("f3", "exf3");
    }

    /**
     * Found in the ECC 2018 games, game 200, ply 44 (noisy, seed 4): f5 dragged over f6, then exf6 en passant, victim
     * first 150 ms after the landing. The mirror image of the case above: f6 read twice for a scan as the pawn passed,
     * then f5 twice for 50 ms; the same squares as f6 then exf6. f5 was shown last, and was committed for that until
     * session 52; but every reading of f5, the square the reply takes en passant, was no longer than a flicker, and
     * the matcher leaves such a landing to the story search (Matcher.landedForAFlicker: Lichess 204 had f5 gxf6 e.p.
     * committed so for f6 gxf6), which finds the two stories within a proof of each other: asked, not guessed.
     */
    @Test
    void aDoubleStepShownOnItsSquareOnlyForFlickersIsAskedAbout() {
        Hands h = at("r3qrk1/p1p2ppp/1pP1p3/n3P3/Q2PB3/2P1n3/P4RPP/1RB3K1 b - - 0 22");
        h.after(25).up("f7")
                .after(25).down("f6")
                .after(25).up("f6")
                .after(50).down("f6")
                .after(25).up("f6")
                .after(25).change("-e6 +f5")
                .after(25).down("e6")
                .after(25).up("f5")
                .after(50).down("f5")
                .after(50).up("f5")
                .after(600).up("e5")
                .after(16800).down("f6")
                .waitMs(3000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(RecognitionEvent.BoardAmbiguous.class)).singleElement()
                .satisfies(q -> assertThat(q.choices()).extracting(RecognitionEvent.StoryChoice::san)
                        .containsExactlyInAnyOrder(List.of("f5", "exf6"), List.of("f6", "exf6")));
    }

    /**
     * Found in the Lichess sample, game 2109, ply 21 (noisy, seed 4): d4 cxd4. As the pawn lands on d4, c5 reads empty
     * for 75 ms (flicker), then its pawn for 50 ms, then the pawn is lifted for the capture. The reply began when c5
     * emptied for good, after d4 was done, not at the flicker.
     */
    @Test
    void aReplyBeginsWhenItsPieceLeavesForGoodNotAtAFlickerBefore() {
        Hands h = at("3rkbnr/p1qn1ppp/1p1pp3/2p5/4P3/P1NPBN1P/1PP2PP1/R2QR1K1 w k - 3 11");
        h.after(100).up("d3")
                .after(875).up("c5")
                .after(25).down("d4")
                .after(50).down("c5")
                .after(25).up("d6")
                .after(25).up("c5")
                .after(25).up("d4")
                .after(25).down("d6")
                .after(425).down("d4")
                .after(50).up("d4")
                .after(50).down("d4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("d4", "cxd4");
    }

    /**
     * Found in the Lichess sample, game 4516, ply 48 (noisy, seed 7): Bf4 Bxf4 gxf4. As the bishop lands on f4, g3
     * reads empty for 75 ms, then its pawn for 50 ms before it is lifted for gxf4: the same as above, on a capture.
     */
    @Test
    void aRecaptureBeginsWhenItsPieceLeavesForGood() {
        Hands h = at("4r1k1/p3Prp1/1ppb3p/6B1/8/3P2P1/PP4KP/2R1R3 w - - 0 24");
        h.after(75).up("g5")
                .after(1050).down("f4")
                .after(525).up("f4")
                .after(775).up("d6")
                .after(475).down("e5")
                .after(50).up("e5")
                .after(75).up("g3")
                .after(25).down("f4")
                .after(50).down("g3")
                .after(25).down("h3")
                .after(25).up("g3")
                .after(50).up("h3")
                .after(500).up("f4")
                .after(675).down("f4")
                .after(25).up("f4")
                .after(75).down("f4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bf4", "Bxf4", "gxf4");
    }

    /**
     * Found in the Lichess sample, game 2267, ply 50 (noisy, seed 7): Rf2 dragged from f7, resting 100 ms on f4, then
     * Rxf2 victim first. f4 read alone long enough to be the last story; f2, read after it for 50 ms at a time, is
     * where the rook went on to: f4 is no story any more, and Rf4 with White's rook dragged over f2 towards it is not
     * what the board shows.
     */
    @Test
    void aRookThatRestedOnTheWayAndWentOnIsWhereItWentOn() {
        Hands h = at("1Q3bk1/pp3r1p/6p1/8/3P4/P3P2P/1n4P1/5RK1 b - - 3 25");
        h.after(50).up("f7")
                .after(25).down("f7")
                .after(25).change("-f7 +f6")
                .after(50).change("-f6 +f5")
                .after(75).up("f5")
                .after(25).down("f4")
                .after(100).up("f4")
                .after(25).up("g2")
                .after(25).down("g2", "f4")
                .after(25).down("f2")
                .after(50).up("f2", "f4")
                .after(75).down("f2")
                .after(50).up("f2")
                .after(375).up("f1")
                .after(275).down("f2")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rf2", "Rxf2");
    }

    /**
     * Found in the Lichess sample, game 3369, ply 5 (noisy, seed 8, with a first version of the rule above): Bd3, then
     * Bxd3 victim first, Black's bishop dragged a6-b5-c4-d3; b5 flickers for one scan before. Bd3 stood 500 ms and
     * stays the last story: one scan on b5, further along the white bishop's line, is no slide on to b5 (which would
     * read Bb5 Bxb5 as the black bishop rests there).
     */
    @Test
    void oneScanFurtherAlongTheLineIsNoSlideOn() {
        Hands h = at("rn1qkbnr/p1pppppp/bp6/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        h.after(75).up("f1")
                .after(950).down("d3")
                .after(50).up("d3")
                .after(75).down("d3")
                .after(400).up("d3", "e4")
                .after(75).down("e4")
                .after(775).down("b5")
                .after(25).up("b5", "a6")
                .after(375).down("b5")
                .after(150).down("c5")
                .after(50).change("-b5 +c4")
                .after(25).up("c5")
                .after(125).up("c4")
                .after(25).down("d3", "c4")
                .after(25).up("d3")
                .after(50).change("-c4 +d3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bd3", "Bxd3");
    }

    /**
     * Found in the ECC 2018 games, game 374, ply 89 (noisy, seed 12): Qg1, the queen dragged from e3 over f2, set down,
     * lifted again for 125 ms and set down for good in the very scan Black lifts the queen from f1 for Qa6 (dragged
     * over e2, d3, c4, b5). The first move was done when its piece was set down for good, even in the reply's scan.
     */
    @Test
    void aFirstMoveSetDownForGoodInTheScanTheReplyBeganIsDone() {
        Hands h = at("3r2k1/5pb1/4p2p/6p1/n7/1R2QPBP/r5P1/2R1Nq1K w - - 5 45");
        h.after(50).change("-e3 +d3")
                .after(50).down("e3")
                .after(25).change("-d3 +f2")
                .after(25).up("e3")
                .after(25).up("f2")
                .after(50).down("f2")
                .after(75).up("f2")
                .after(25).down("g1")
                .after(50).up("g1")
                .after(125).change("-f1 +g1")
                .after(75).down("e2")
                .after(100).up("e2")
                .after(25).down("d3")
                .after(175).up("d3")
                .after(25).down("d3", "c4", "d4")
                .after(75).up("d3", "d4")
                .after(125).up("c4")
                .after(25).down("b5")
                .after(50).change("-b5 +a6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qg1", "Qa6");
    }

    /**
     * Found in the Lichess sample, game 4486, ply 32 (noisy, seed 14; f6 exf6, a wrong move, before): f5 dragged over
     * f6, resting 175 ms there and 50 ms on f5 before White takes it off for exf6 en passant: f6 shown longest, f5
     * last (as a pawn on f6 whose victim is carried off over f5 would read). Neither story is committed: the board
     * asks (see AmbiguousBoardTest, Lichess game 3227).
     */
    @Test
    void aLongerRestOnThePassingSquareIsNoStory() {
        Hands h = at("rn1q1rk1/p2n1p1p/bpp1p1p1/4P3/2P2B2/2NB3Q/PP3PPP/R3R1K1 b - - 1 16");
        h.after(50).up("f7")
                .after(25).down("f6", "e7")
                .after(75).up("e7")
                .after(100).up("f6")
                .after(25).down("f5", "f6")
                .after(75).up("f5", "f6")
                .after(50).down("f5")
                .after(50).up("f5")
                .after(25).down("g4")
                .after(25).up("g4")
                .after(50).up("e5")
                .after(50).down("e5")
                .after(75).up("e5")
                .after(500).down("f6")
                .waitMs(3000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(RecognitionEvent.BoardAmbiguous.class)).hasSize(1);
    }

    /**
     * Found in the Lichess sample, game 3460, ply 36 (noisy, seed 14, with a first version of the rule above): f6,
     * stood 250 ms, then gxf6 victim first; as the g-pawn is lifted, g5 reads it back for 75 ms and f5 flickers for
     * 75 ms. f5 was shown after the reply began: only what the board showed before counts.
     */
    @Test
    void whatTheBoardShowsAfterTheReplyBeganIsNoFirstMove() {
        Hands h = at("r2qr1k1/p2n1ppp/1p6/3np1P1/3P4/1P1Q1N2/PB3PP1/R4RK1 b - - 0 18");
        h.after(50).up("f7")
                .after(700).down("f6")
                .after(250).change("-f6 +e7")
                .after(25).up("g5")
                .after(25).change("-e7 +g5")
                .after(25).down("f5")
                .after(50).up("g5")
                .after(25).up("f5")
                .after(575).down("f6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("f6", "gxf6");
    }

    /**
     * Found in the Lichess sample, game 3623, ply 26 (noisy, seed 16; a wrong move before): Qxc5 victim first, b4
     * flickering as the queen lands; then White lifts the b2 pawn and puts it back (a hesitation before its move).
     * Qxb2 would be proven too, and later; but b2 was lifted only after Qxc5 was done, by the side to move next,
     * while the bishop on c5 left during the move: Qxc5 explains what was lifted, Qxb2 does not.
     */
    @Test
    void thePieceOfTheSideToMoveNextLiftedAfterTheMoveIsNoEvidenceAgainstIt() {
        Hands h = at("r3k2r/1p1n1pp1/pqn1p2p/2BpP3/8/2PQ1N2/PP3PPP/RN2R1K1 b kq - 0 13");
        h.after(200).change("-b6 +a5")
                .after(50).up("a5")
                .after(475).up("c5")
                .after(625).down("b4", "c5")
                .after(75).up("b4")
                .after(75).up("b2")
                .after(275).down("b2")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxc5");
    }

    /**
     * Found in the ECC 2018 games, game 83, ply 102 (noisy, seed 16; a wrong move before): R4d6, stood 225 ms; White
     * lifts its f4 pawn and puts it back, takes the rook off d6 and plays Rxd6, dragged from d2. Rxf4 matched the
     * board for a while (d4 and f4 emptied, f4 filled again), but the rook stood on d6 for 500 ms, long before White's
     * rook left d2: neither Rxf4 nor Rxf4 with White's rook going to d6 explains that.
     */
    @Test
    void aRookThatStoodOnD6IsNoCaptureOnF4() {
        Hands h = at("3r4/p3kp2/1pb1p1p1/7p/1P1r1P1P/P1P3P1/3R1R2/2K2B2 b - - 0 51");
        h.after(50).up("d4")
                .after(1450).down("d6")
                .after(50).up("d6")
                .after(50).down("d6")
                .after(125).up("f4")
                .after(175).down("e4", "f4")
                .after(50).up("e4", "f4")
                .after(50).up("d6")
                .after(25).down("f4")
                .after(300).up("d2")
                .after(50).down("d2")
                .after(25).up("d2")
                .after(875).down("d3")
                .after(150).up("d3")
                .after(25).down("d4")
                .after(25).down("d3")
                .after(25).up("d3", "d4")
                .after(50).down("d4")
                .after(50).up("d4")
                .after(25).down("d5")
                .after(50).down("d4")
                .after(25).up("d4")
                .after(75).up("d5")
                .after(25).down("d6")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("R4d6", "Rxd6");
    }

    /**
     * Found in the Lichess sample, game 4791, ply 22 (noisy, seed 15; a stall before): f5 dragged over f6, then exf6
     * en passant attacker first, the victim taken off after the landing. f6 stood long enough to be the last story,
     * and with e5 in hand it reads as f6 and exf6 under way; but the pawn stood on f5 for a second after that, where
     * neither f6 nor exf6 goes: f5 exf6.
     */
    @Test
    void aPawnThatStoodOnF5AfterF6WentOnToF5() {
        Hands h = at("rnbq1rk1/pp3ppp/2p1p3/4P3/2PPp3/8/PP1Q1PPP/2KR1BNR b - - 2 11");
        h.after(100).up("f7")
                .after(100).down("f6")
                .after(100).down("f4")
                .after(25).change("-f6 +f5")
                .after(50).change("-f4 -f5 +f6")
                .after(75).change("-f6 +f5")
                .after(50).up("e5")
                .after(850).down("f6")
                .after(250).up("f5")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("f5", "exf6");
    }

    /**
     * Found in the ECC 2018 games, game 552, ply 92 (noisy, seed 20; Qxf5, a wrong move, before): Qxh4 victim first,
     * the queen dragged over g5 while f5 reads empty for 125 ms. Qxf5 is proven too, and later; but in its story the
     * piece on h4 was off its square for 1.5 s, against 125 ms for f5 in Qxh4's.
     */
    @Test
    void aLiftBarelyLongerThanAProofIsALesserOddityThanAPieceOffForSeconds() {
        Hands h = at("8/2p3k1/1p3qp1/pQ3P1p/P2pP2P/2r5/2P3R1/6K1 b - - 6 46");
        h.after(75).up("h4")
                .after(875).up("f6")
                .after(550).down("g5")
                .after(25).up("f5")
                .after(25).up("g5")
                .after(25).down("h4", "g5")
                .after(50).up("g5")
                .after(25).down("f5")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qxh4");
    }

    /**
     * Found in the ECC 2018 games, game 578, ply 71 (noisy, seed 19; a3, a wrong move, before): a4 over a3, then bxa3
     * en passant; b4 reads its pawn back for a scan as it lands, which shows a3 alone for 25 ms. The board cannot tell
     * a3 bxa3 from a4 bxa3: a move read alone for a scan does not decide it; the board asks.
     */
    @Test
    void aMoveReadAloneForAScanDoesNotBreakATie() {
        Hands h = at("r7/6p1/4pk2/pb6/1p2P3/1B4B1/PPP3rP/1K1R4 w - - 0 36");
        h.after(50).up("a2")
                .after(50).down("a3")
                .after(25).up("b4")
                .after(50).down("b4")
                .after(25).down("a4")
                .after(25).up("a3", "a4")
                .after(75).down("a4")
                .after(75).up("a4")
                .after(225).up("b4")
                .after(900).down("a3")
                .after(25).down("b4")
                .after(25).up("a3")
                .after(50).change("-b4 +a3")
                .waitMs(3000);
        assertThat(h.committed()).isEmpty();
        assertThat(h.events(RecognitionEvent.BoardAmbiguous.class)).hasSize(1);
        h.after(100).down("a4").after(200).up("a4").waitMs(2000);
        assertThat(h.committed()).containsExactly("a4", "bxa3");
    }

    /**
     * Found in the Lichess sample, game 4166, ply 36 (noisy, seed 22; Qf4, a wrong move, before): Qe3+ dragged from g5
     * over f4 (resting 175 ms), then Qxe3 victim first; as White's queen is carried over, f4 reads a piece for a scan
     * and then for 50 ms, which reads as Qf4 and Qxf4. But a queen stood on e3 for 275 ms, where neither goes, and
     * where the last story went: the board is waited for, and shows Qxe3 a moment later.
     */
    @Test
    void aQueenThatStoodOnE3IsNoQueenStoppedOnF4() {
        Hands h = at("r4rk1/p4ppp/1p1p3b/2p1p1q1/2P1P3/5QP1/PPP4P/R4RK1 b - - 0 18");
        h.after(75).up("g5")
                .after(25).down("g4", "g5")
                .after(25).change("-g5 +f4")
                .after(25).up("g4")
                .after(150).up("f3", "f4")
                .after(25).down("e3", "f3")
                .after(275).up("e3")
                .after(275).change("-f3 +f4")
                .after(25).up("f4")
                .after(625).down("f4")
                .after(50).change("-f4 +e3")
                .after(25).up("e3")
                .after(75).down("e3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Qe3+", "Qxe3");
    }

    /**
     * Found in the ECC 2018 games, game 718, ply 18 (noisy, seed 29; d6, a wrong move, before): d5 over d6 (150 ms
     * there), then exd6 en passant victim first; as the pawn lands on d6, e5 reads it back for 75 ms, which shows d6
     * alone for a scan. d6 was shown before the pawn went on to d5, the last story: showing counts since that story,
     * and one scan does not make d6 stand again.
     */
    @Test
    void aMoveShownBeforeTheLastStoryDoesNotStandAgainOnAScan() {
        Hands h = at("r1bq1rk1/pp1pnpbp/4p1p1/2p1P3/2Bn1P2/2NP1N2/PPP3PP/R1BQ1RK1 b - - 0 9");
        h.after(100).change("-d7 +d6")
                .after(150).change("-d6 +d5")
                .after(25).up("e6")
                .after(25).down("d6")
                .after(25).up("d6")
                .after(25).down("e6")
                .after(100).up("d5")
                .after(25).down("d5")
                .after(75).up("d5")
                .after(150).up("e5")
                .after(500).down("e5")
                .after(25).down("d6")
                .after(50).up("e5")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("d5", "exd6");
    }

    /**
     * Found in the Lichess sample, game 2818, ply 5 (noisy, seed 21; a stall before): Bd3 dragged over e2 (read 100 ms
     * in two pieces, the last story), then Bxd3 with both bishops lifted at once. Be2 with Black's bishop dragged over
     * d3 towards it explains the board too, but only while that bishop may still be sliding: after slideMillis resting
     * on d3 it has stopped there, and Bd3 Bxd3 is the story.
     */
    @Test
    void aPieceRestingLongerThanASlideOnTheWayHasStopped() {
        Hands h = at("rn1qkbnr/p1pppppp/bp6/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        h.after(100).up("f1")
                .after(75).down("e2")
                .after(50).change("-e2 +d2")
                .after(25).up("d2")
                .after(25).down("e2")
                .after(50).up("e2")
                .after(25).down("e2", "d3")
                .after(75).up("e2")
                .after(50).down("e2")
                .after(25).down("b7")
                .after(25).up("d3", "a6")
                .after(25).up("e2", "b7")
                .after(725).down("d3")
                .waitMs(400);
        assertThat(h.committed()).isEmpty();
        h.waitMs(300).waitMs(1000);
        assertThat(h.committed()).containsExactly("Bd3", "Bxd3");
    }

    /** The {@code noisy} profile's sensors read at 24 Hz: a flicker lasts up to three scans, 125 ms. */
    private static final RecognizerConfig LEGACY_NOISY_24 = RecognizerConfig.defaults()
            .withSensors(SensorModel.legacyNoisy().withScanning(24, 1));

    /**
     * Random Chess960 game 85 under noisy at 24 Hz, -Pslow seed 1: the knight's choice square touched for 333 ms, a
     * neighbour's flicker splitting the touch in two readings shorter than a proof. The choice square read occupied
     * all along: one touch.
     */
    @Test
    void aTouchSplitByANeighboursFlickerStillChooses() {
        Hands h = Hands.at(Position.fromFen("8/8/6r1/1P6/1K6/8/2P3p1/3R3k b - - 1 49"), LEGACY_NOISY_24);
        h.after(1000).up("g2")
                .after(1208).down("g1")
                .after(300).up("g1")
                .after(300).down("g1")                      // the knight set down
                .after(200).down("h2")                      // the knight's choice square touched
                .after(125).down("h3")                      // a neighbour's flicker
                .after(83).up("h3")
                .after(125).up("h2")
                .waitMs(3000);
        assertThat(h.events(RecognitionEvent.PromotionChosen.class)).isNotEmpty();
        assertThat(h.committed()).containsExactly("g1=N");
    }

    /**
     * Found in the chess.js benchmark, game 26, ply 21 (noisy at 24 Hz, -Pslow seed 1; never followed again, before):
     * 11.Qf3 f5, f7-f5 dragged over f6 as the queen landed; f5 flickered occupied before f7's lift was read, which a
     * flicker on f7 hid for three scans. No order of legal moves fits those readings, and the board stood still three
     * seconds: after a mismatch window the board is read by what it shows, and the one story whose moves change only
     * squares the log saw change is committed, not reported as a mismatch.
     */
    @Test
    void aStillBoardNoOrderOfTheReadingsExplainsIsReadByWhatItShows() {
        Hands h = Hands.at(Position.fromFen("r2qk1nr/1b3ppp/2nbp3/p2pN3/1ppP1P2/2P1P3/PPBN2PP/R1BQ1RK1 w kq - 2 11"),
                LEGACY_NOISY_24).ticking(42);
        h.after(1000).up("d1")
                .after(583).down("f2", "f3")                // the queen lands, f2 flickers
                .after(83).up("f2")
                .after(125).down("f5")                      // f5 flickers, then the pawn lands there
                .after(42).down("f6")
                .after(83).up("f6", "f7")                   // f7's lift read late
                .after(3000);
        assertThat(h.events(RecognitionEvent.BoardMismatch.class)).isEmpty();
        assertThat(h.committed()).containsExactly("Qf3", "f5");
    }

    /**
     * Found in the Lichess sample, game 3560, ply 39 (noisy, seed 33; c8=R+, a wrong move, before): c8=Q+, the pawn
     * swapped for a queen; Black takes it off and drags the rook a8-b8-c8, resting 150 ms on b8, the rook's choice
     * square. A touch is the promotion as it stands plus a piece on a lit square; the rook on its way, with the queen
     * gone, chooses nothing.
     */
    @Test
    void aPieceDraggedOverAChoiceSquareInTheReplyChoosesNothing() {
        Hands h = at("r3kr2/p1P1b2p/1p1pQ1p1/3N1n2/8/8/PPP2PPP/2KRR3 w - - 1 20");
        h.after(1275).down("c6")
                .after(25).up("c6", "c7")
                .after(25).down("c7")
                .after(75).up("c7")
                .after(525).down("c8")
                .after(450).up("c8")
                .after(450).down("c8")
                .after(325).down("b8")
                .after(25).up("b8", "c8")
                .after(675).up("a8")
                .after(825).down("b8")
                .after(150).up("b8")
                .after(25).down("a8")
                .after(25).down("c8")
                .after(25).up("a8")
                .waitMs(3000);
        assertThat(h.events(RecognitionEvent.PromotionChosen.class)).isEmpty();
        assertThat(h.committed()).containsExactly("c8=Q+", "Rxc8");
    }

    /**
     * Found in twic game 186, ply 38 (noisy, seed 40; Rg6, a wrong move, with a first version of the rule of Lichess
     * 2109): Rxg4 victim first, the rook dragged from g8; as it lands, g4 misses scans and g6 and g5 flicker, reading
     * Rg6 then g4-g5. The capturing rook read 75 ms on g4, 1.3 s after the pawn left it, is no pawn back on its square
     * after a flicker: the pawn's move did not begin then.
     */
    @Test
    void aPieceLandingOnASquareLongEmptyIsNoPieceBackAfterAFlicker() {
        Hands h = at("2kr2r1/1pq2p2/2nbpn1p/1B1p4/Q2P2P1/2P1BN2/P4PP1/4RRK1 b - - 2 19");
        h.after(25).down("h3")
                .after(25).up("g4")
                .after(50).change("-h3 +g4")
                .after(75).up("g4")
                .after(575).up("g8")
                .after(600).up("h6")
                .after(25).down("h6", "g7")
                .after(50).up("g7")
                .after(25).down("g6")
                .after(75).change("-g6 +g4")
                .after(25).down("g5")
                .after(50).change("-g4 +g6")
                .after(100).change("-g5 +g4")
                .after(50).up("g4", "g6")
                .after(25).down("g4")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Rxg4");
    }

    /**
     * Found in the Lichess sample, game 655, ply 5 (noisy, seed 23; Be2, a wrong move, before and with a version of the
     * rule of ECC2018 83 that let a reading going on into the reply be the reply's): Bd3 over e2, standing 675 ms;
     * Bxd3 attacker first, e2 flickering as the bishop lands (then lifted again, landing for good later). The bishop
     * that stood on d3 until it was taken off is no bishop of the other side passing over d3 towards e2.
     */
    @Test
    void aPieceStandingUntilTakenIsNoReplyPassingOver() {
        Hands h = at("rn1qkbnr/p1pppppp/bp6/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3");
        h.after(125).up("f1")
                .after(75).down("e2")
                .after(100).up("e2")
                .after(25).down("d3")
                .after(350).up("a6")
                .after(325).up("d3")
                .after(25).down("e2")
                .after(50).down("d3")
                .after(25).up("e2")
                .after(50).up("d3")
                .after(675).down("d3")
                .after(50).up("d3")
                .after(25).down("d3")
                .waitMs(3000);
        assertThat(h.committed()).containsExactly("Bd3", "Bxd3");
    }
}
