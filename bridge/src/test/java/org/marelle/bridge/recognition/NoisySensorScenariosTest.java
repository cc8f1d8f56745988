package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Sensor noise that once made the recognizer commit a wrong move, each found by the {@code noisy} simulation profile
 * and written down as the frames the board sent (times in milliseconds, default windows). A wrong move must never be
 * committed; a missed one is the lesser evil.
 */
class NoisySensorScenariosTest {

    /**
     * Found in pgn-parser_twic-01-232games game 212, ply 22 (noisy, seed 1): Black plays e7-e5 and White at once takes
     * en passant, victim first. As the white pawn lands on e6, a bounce on e6 and a flicker on d5 make the board show
     * e7-e6 alone for one scan (25 ms); that flicker must not become the story the reply is read against, or e6 and
     * dxe6 (the same occupancy as e5 and dxe6 en passant) would be committed.
     */
    @Test
    void aOneScanFlickerShowingAnotherFirstMoveDoesNotReplaceTheMoveThatStood() {
        Hands h = Hands.at("rnbqkbnr/pppppppp/8/3P4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2");
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
        Hands h = Hands.at("r3r2k/p2PP1p1/1p4Pp/2p5/1n5q/1K6/P3QP2/3RR3 w - - 0 32");
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
        Hands h = Hands.at("r2r2k1/pp5p/2P1p1p1/5p2/1qQ5/1P2B2P/P4PP1/R4RK1 b - - 0 22");
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
        Hands h = Hands.at("8/pp2Q1kr/3p4/2q5/4Pr2/5N1P/P4PP1/5RK1 b - - 1 33");
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
}
