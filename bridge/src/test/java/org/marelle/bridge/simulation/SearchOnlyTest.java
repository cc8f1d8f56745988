package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.bridge.recognition.RecognitionEvent.TakenBack;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The recognizer with every move decided by the story search alone ({@link RecognizerConfig#searchOnly}): the way to
 * one cost for every decision (issue #13), measured beside the released way. These pin what it already does right.
 */
class SearchOnlyTest {

    /**
     * Game {@code number} of a test resource under {@code profile} at {@code scanHz} (the profile's own debouncing),
     * seeded as `marelle simulate --seed 1` seeds the game it numbers {@code index} over the shared files.
     */
    private static GameCheck.Result searchOnly(Profile profile, String resource, int number, int scanHz, long index)
            throws Exception {
        return searchOnly(profile, resource, number, scanHz, 1, index);
    }

    /** As above, seeded as `marelle simulate --seed {@code seed}` seeds it. */
    private static GameCheck.Result searchOnly(Profile profile, String resource, int number, int scanHz, int seed,
                                               long index) throws Exception {
        GameFiles.Game g = GameFiles.read(TestGames.resource(resource)).games().stream()
                .filter(x -> x.number() == number).findFirst().orElseThrow();
        SensorModel sensors = profile.sensors().withScanning(scanHz, profile.sensors().debounceScans());
        return GameCheck.run(g.initial(), g.moves(), profile, sensors, seed * 1_000_003L + index,
                RecognizerConfig.defaults().withSensors(sensors).withSearchOnly(true));
    }

    /** Asserts that the game is followed right, searching alone, and that the board asks nothing. */
    private static void readWithoutAQuestion(Profile profile, String resource, int number, int scanHz, long index)
            throws Exception {
        GameCheck.Result r = searchOnly(profile, resource, number, scanHz, index);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        assertThat(r.questions()).isZero();
    }

    @Test
    void castlingWithTheKingPutBackFirstAndTheRookDraggedOverItsSquare() throws Exception {
        // Lichess 2016-05 game 37 under `blitz` at 24 Hz, seed 1: 15.O-O-O with the king lifted and put back first,
        // then the rook dragged a1-d1 over c1, then the king set down on c1. Read with the king's first lift, the
        // rook passing over c1 was its landing and the story was ruled out; the game was never followed again.
        GameCheck.Result r = searchOnly(Profile.BLITZ, "lichess-org-database_2016-05_sample.pgn.gz", 37, 24, 136);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void chess960CastlingOntoTheRooksSquareIsNoKingStepWithTheRookTouched() throws Exception {
        // Chess960 game 1 of the cutechess file under `blitz` at 24 Hz, seed 1: 9...O-O, the king going to g8 where
        // the rook stood. Kf8 with the rook lifted and put back meanwhile leaves the same board; a piece of the
        // mover's off its square while its move's piece is in hand is a second hand (a proof), not a hesitation
        // (half of one), so the castling leads by a proof and is committed. Before, the board waited between the two
        // to the game's end. Then 21.O-O-O, the king going to c1 past its rook, which stays on d1: nothing is lifted
        // or set down on d1 (it was read as a capture there that nobody saw, no story, until session 50).
        GameCheck.Result r = searchOnly(Profile.BLITZ, "python-chess_cutechess-fischerrandom.pgn", 1, 24, 6_321);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        r = searchOnly(Profile.SWAP, "python-chess_cutechess-fischerrandom.pgn", 1, 50, 6_321);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void anOpponentsPieceTakenOffAndSetBackWhileAPieceIsHeldIsReadAsItsCapture() throws Exception {
        // Lichess 2016-05 game 12 under `noisy` at 24 Hz, seed 1: 20.Nxe6 with e6 plucked first, the knight set down
        // on e6 1.46 s later, then h7 flickering for one scan. Nxh7 with Black's e6 piece lifted and put back meanwhile
        // leaves the same board; read as a capture abandoned, that costs as long as it lasted, and Nxe6 is committed
        // without asking. Before, the player was asked.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 12, 24, 111);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        assertThat(r.questions()).isZero();
        // Game 3348 there: 29.Rxe3 with e3 plucked first and the rook dragged e1-e2-e3; Re2 with e3 put back was
        // committed for it.
        r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 3_348, 24, 3_447);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void anOpponentsPieceHeldUpLongBeforeTheLandingIsNoReplyBegun() throws Exception {
        // Lichess 2016-05 game 970 under `noisy` at 24 Hz, seed 1: 9...Nxb4 with b4 plucked after the knight's lift.
        // Nxd4, with d4 touched for 125 ms, needs White's bishop on b4 lifted and put back while the knight was held
        // 2.4 s: on sensors that read a landing within 167 ms, no reply begun early; it is not asked about.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 970, 24, 1_069);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        assertThat(r.questions()).isZero();
    }

    @Test
    void aCapturesLandingReadAfterItsVictimWasTakenOffIsWhenItLanded() throws Exception {
        // Lichess 2016-05 game 2274 under `reed` at 24 Hz, seed 1: 18...Nxg4 with g4 plucked first, then White's hand
        // on e4 for 292 ms before 19.Bxd8. Nxe4 leaves the same board with White's knight lifted from g4 and put back
        // while Black's was held, long before e4 emptied. That was taken for a reply begun after a landing nobody
        // read, as where swaps often go unread; but the story reads its capture's landing where e4 filled after its
        // victim was taken off (a swap nobody saw before that is another story), so the knight on g4 was taken off
        // and put back too early to be a reply: a capture abandoned. Not asked.
        GameCheck.Result r = searchOnly(Profile.REED, "lichess-org-database_2016-05_sample.pgn.gz", 2_274, 24, 2_373);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        assertThat(r.questions()).isZero();
    }

    @Test
    void aPiecePutBackBeforeItsVictimWasTakenOffWasNotHeldOverIt() throws Exception {
        // Lichess 2016-05 game 4352 under `reed` at 24 Hz, seed 1: 14.Bxe5 with the bishop lifted and put back 1.2 s,
        // then the knight on e5 plucked, then the bishop lifted again and set down on e5. Read as held 1.9 s over the
        // board before its victim was taken, a story with two captures nobody saw (Nxc5 Bxc5) counted as likely, and
        // the player was asked. The bishop stood on its square as e5 emptied: it was held for nothing.
        GameCheck.Result r = searchOnly(Profile.REED, "lichess-org-database_2016-05_sample.pgn.gz", 4_352, 24, 4_451);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        assertThat(r.questions()).isZero();
    }

    @Test
    void aCaptureIsTheVictimTakenOffNotAFlickerAsTheCapturingPieceWasLifted() throws Exception {
        // Lichess 2016-05 game 159 under `noisy` at 24 Hz, seed 1: 32.Rxb1 with the rook lifted first, b1 flickering
        // 42 ms in that frame, the victim plucked 750 ms later and the rook set down 833 ms after that. The flicker
        // was read as the capture, too brief to prove it, and the victim's true removal as the rook lifted again:
        // Rxb1 was read as a capture nobody saw and asked about once the board had stood still half a minute.
        readWithoutAQuestion(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 159, 24, 258);
        // Game 2892 there: 25.hxg5, the same with the pawn.
        readWithoutAQuestion(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 2_892, 24, 2_991);
    }

    @Test
    void aFlickerCostsWhatItLastedNotAHandsHesitation() throws Exception {
        // Lichess 2016-05 game 791 under `noisy` at 24 Hz, seed 1: 11...f6 12.exf6, the victim plucked, f6 reading a
        // piece for one scan as it was, the capturing pawn set down and f6 flickering once more. Each one-scan flicker
        // was priced as a hand lifting and putting back a piece, half a proof, and f6 exf6 read as the game went came
        // within a proof of f5 exf6 e.p. with f5's landing never read: the player was asked.
        readWithoutAQuestion(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 791, 24, 890);
        // Game 109 there: 20...Qe6 21.Qxe6 fxe6, read with four flickers, asked against Qxe5 nobody saw, Qe6, fxe6.
        readWithoutAQuestion(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 109, 24, 208);
    }

    @Test
    void aDoubleStepReadNoLongerThanAFlickerAndTakenEnPassantIsAStoryWhileTheCaptureIsMade() throws Exception {
        // Lichess 2016-05 game 4016 under `noisy` at 24 Hz, seed 1: 10...f5 dragged over f6, read three scans on f5
        // (as long as a flicker) and plucked for 11.exf6 e.p. With White's pawn in hand, only f6 and White's capture
        // begun was read: f5 read so briefly was a landing only where the move taking it was in the story. Once a
        // flicker cost what it lasted (above), f6 led alone and was committed, decided by the search and released
        // alike. The board asks which it was.
        GameFiles.Game g = GameFiles.read(TestGames.resource("lichess-org-database_2016-05_sample.pgn.gz")).games()
                .stream().filter(x -> x.number() == 4_016).findFirst().orElseThrow();
        SensorModel sensors = Profile.NOISY.sensors().withScanning(24, Profile.NOISY.sensors().debounceScans());
        GameCheck.Result released = GameCheck.run(g.initial(), g.moves(), Profile.NOISY, sensors, 1_000_003L + 4_115,
                RecognizerConfig.defaults().withSensors(sensors));
        assertThat(released.ok()).as(String.valueOf(released.problem())).isTrue();
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 4_016, 24, 4_115);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void theFirstMoveOfAGameReadFromItsStartIsNoMoveMadeUnread() throws Exception {
        // Lichess 2016-05 game 614 under `noisy` at 24 Hz, seed 1: 1.e4 e5 with the e2 pawn flickering before its
        // lift. Taking the board as unread before the log's first frame, e3 e6 e4 e5 explained it as well, and the
        // player was asked about the first move of the game.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 614, 24, 713);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        assertThat(r.questions()).isZero();
    }

    @Test
    void enPassantRightAfterADraggedDoubleStep() throws Exception {
        // Lichess 2016-05 game 4580 under `hall` at 40 Hz, seed 1: 13...g5 dragged over g6, its pass over g5 read apart
        // from its landing by a dropout, White's f5 pawn lifted 25 ms later and held 19 s, then 14.fxg6 e.p. With g5
        // committed, the log kept from just before its landing began with g5 empty, which was taken for the pawn taken
        // en passant; the game was never followed again.
        GameCheck.Result r = searchOnly(Profile.HALL, "lichess-org-database_2016-05_sample.pgn.gz", 4_580, 40, 4_679);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void aPawnTakenEnPassantAfterItsTakerLandedLeftAtItsLastLift() throws Exception {
        // Lichess 2016-05 game 3722 under `hall` at 50 Hz, seed 2: 13.f4 dragged over f3 and set down off centre, its
        // sensor dropping out twice, Black's e4 pawn lifted in the frame of the first dropout, then 13...exf3 e.p. with
        // f4 plucked half a second after the landing on f3. Read from a dropout, the pawn taken stood two seconds
        // where the story had none: no story, and the game was never followed again.
        GameCheck.Result r = searchOnly(Profile.HALL, "lichess-org-database_2016-05_sample.pgn.gz", 3_722, 50, 2, 3_821);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void aCaptureRetakenOnItsSquareIsDoneAtItsOwnLanding() throws Exception {
        // Lichess 2016-05 game 4611 under `hall` at 50 Hz, seed 2: 32...Bxf3, then 33.gxf3 with the bishop plucked
        // first. Bxf3 was committed with the pawn already on f3 and taken as settled from that landing, so gxf3's
        // capture came before the log: never found, nor any move after it.
        GameCheck.Result r = searchOnly(Profile.HALL, "lichess-org-database_2016-05_sample.pgn.gz", 4_611, 50, 2, 4_710);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void aRepetitionPlayedOnThreePliesIsNoTakeback() throws Exception {
        // ECC 2018 game 868 under `hall` at 24 Hz, seed 2: 95.Qe4+ Kc5 96.Qe7+ within two seconds, the queen dragged
        // e4-e7, leave the board as it stood five plies back; before the search had committed any of them the board was
        // read as a takeback of five plies. Game 479 under `noisy` at 24 Hz, seed 2: 60...Rc2 61.Kf1 Ra2, as a
        // takeback of six.
        GameCheck.Result r = searchOnly(Profile.HALL, "chesslib_cup_ECC2018.pgn.gz", 868, 24, 2, 5_117 + 867);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        r = searchOnly(Profile.NOISY, "chesslib_cup_ECC2018.pgn.gz", 479, 24, 2, 5_117 + 478);
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void anOpponentsPieceOffThroughAWholeMoveIsNoHesitation() throws Exception {
        // Lichess 2016-05 game 1681 under `noisy` at 40 Hz, seed 1: 22...Qxh3 with h3 plucked first, flickering back
        // for a scan, the queen dragged over g4. Read as Qg4 with White's pawn off h3 for 1.4 s and put back, the pawn
        // seemed just set down (the flicker), its emptiness cost half a proof, and Qg4 Qxg4+ was committed.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 1_681, 40, 1_780);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
        // ECC 2018 game 677 there, seed 2: Qd5 committed for Qxc6.
        r = searchOnly(Profile.NOISY, "chesslib_cup_ECC2018.pgn.gz", 677, 40, 2, 5_117 + 676);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void aSquarePassedOverMayReadOnForAFlickerAfterTheLanding() throws Exception {
        // Lichess 2016-05 game 272 under `noisy` at 40 Hz, seed 2: 37...Rf4 dragged over f5, read there 75 ms past the
        // landing; as a piece standing where the story had none, it cost more than four plies setting pieces down in
        // the flickers on f5 and e6, and Rf6 Qf5 Re6 was committed.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 272, 40, 2, 371);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void aLandingReadNoLongerThanAFlickerAndTakenAtOnce() throws Exception {
        // Lichess 2016-05 game 2423 under `noisy` at 24 Hz, seed 1: 10...c6 read three scans, 125 ms, as long as a
        // flicker, then plucked for 11.dxc6, then Bxc6 and Bc4 in a flurry with flickers on c8, c7 and d6. No story
        // was found, and the game was never followed again.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 2_423, 24, 2_522);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void aCaptureReadNoLongerThanAFlickerAndRetakenAtOnce() throws Exception {
        // Lichess 2016-05 game 3207 under `noisy` at 40 Hz, seed 2: 15.Bxe7 read 100 ms, as long as a flicker, then
        // plucked for Qxe7. No story was found; the board waited 15 s, and b4 was committed for Qxe7.
        GameCheck.Result r = searchOnly(Profile.NOISY, "lichess-org-database_2016-05_sample.pgn.gz", 3_207, 40, 2, 3_306);
        assertThat(r.wrong()).as(String.valueOf(r.problem())).isZero();
        assertThat(r.ok()).as(String.valueOf(r.problem())).isTrue();
    }

    @Test
    void followsMorphysGamesUnderSwapCaptures() throws Exception {
        // (Seeded as in the grid, where Morphy's games follow chess.js's 100, Lichess's 4,798 and mliebelt's 8.)
        for (int n = 1; n <= 12; n++) {
            GameCheck.Result r = searchOnly(Profile.SWAP, "chesslib_Morphy_UTF8.pgn.gz", n, 24, 4_906 + n - 1);
            assertThat(r.wrong()).as("Morphy " + n + ": " + r.problem()).isZero();
            assertThat(r.ok()).as("Morphy " + n + ": " + r.problem()).isTrue();
        }
    }

    @Test
    void aMoveTheMatcherFindsStillKeepsTheBoardFromReadingAsATakeback() {
        // Deciding by the search alone, moves are committed only once the board rests: a board showing an earlier
        // position of the game may be a move made since (a piece gone back) as well as a takeback. The matcher's
        // match keeps its place in that order: 1.Nf3 Nf6 2.Ng1 shows the position after 1.Nf3 with Black's knight
        // out, no earlier position; then 2...Ng8 shows the start, which is 2...Ng8 played, not a takeback.
        Position start = Position.start(Variant.STANDARD);
        RecognizerState s = searchingAlone(start);
        List<RecognitionEvent> events = new ArrayList<>();
        Position p = start;
        long t = 0;
        for (String uci : List.of("g1f3", "g8f6", "f3g1", "f6g8")) {
            Position next = p.playUci(uci);
            // Lifted, then set down 300 ms later; the board then rests two seconds.
            var lifted = p.occupancy().minus(org.marelle.geometry.SquareSet.of(
                    start.geometry().parseSquare(uci.substring(0, 2))));
            t += 500;
            s = feed(s, Occupancy.of(start.geometry(), lifted, t), events);
            t += 300;
            s = feed(s, Occupancy.of(start.geometry(), next.occupancy(), t), events);
            t += 2_000;
            s = rest(s, t, events);
            p = next;
        }
        assertThat(events).noneMatch(TakenBack.class::isInstance);
        assertThat(events.stream().filter(MoveCommitted.class::isInstance).map(e -> ((MoveCommitted) e).san()))
                .containsExactly("Nf3", "Nf6", "Ng1", "Ng8");
    }

    @Test
    void aMoveShowsTheMomentItLandsAndIsCommittedByTheSearch() {
        // The matcher's match only shows: the move is provisional at once (the LEDs, the broadcast), withdrawn when
        // the board stops showing it, and committed when the search decides, once the board rests.
        Position start = Position.start(Variant.STANDARD);
        var g = start.geometry();
        RecognizerState s = searchingAlone(start);
        List<RecognitionEvent> events = new ArrayList<>();
        var withoutG1 = start.occupancy().without(g.parseSquare("g1"));
        s = feed(s, Occupancy.of(g, withoutG1, 500), events);
        s = feed(s, Occupancy.of(g, withoutG1.with(g.parseSquare("f3")), 800), events);
        assertThat(events).filteredOn(RecognitionEvent.MoveProvisional.class::isInstance).singleElement()
                .satisfies(e -> assertThat(((RecognitionEvent.MoveProvisional) e).san()).isEqualTo("Nf3"));
        assertThat(s.situation()).isInstanceOf(org.marelle.bridge.recognition.Situation.MovePending.class);
        assertThat(events).noneMatch(MoveCommitted.class::isInstance);
        // Lifted again and set on h3 instead: Nf3 is withdrawn, Nh3 shown, then committed.
        s = feed(s, Occupancy.of(g, withoutG1, 1_000), events);
        assertThat(events).filteredOn(RecognitionEvent.ProvisionalWithdrawn.class::isInstance).singleElement()
                .satisfies(e -> assertThat(((RecognitionEvent.ProvisionalWithdrawn) e).move())
                        .isEqualTo(start.parseSan("Nf3")));
        s = feed(s, Occupancy.of(g, withoutG1.with(g.parseSquare("h3")), 1_300), events);
        s = rest(s, 4_000, events);
        assertThat(events.stream().filter(MoveCommitted.class::isInstance).map(e -> ((MoveCommitted) e).san()))
                .containsExactly("Nh3");
        assertThat(events).filteredOn(RecognitionEvent.ProvisionalWithdrawn.class::isInstance).hasSize(1);
        assertThat(s.situation()).isInstanceOf(org.marelle.bridge.recognition.Situation.InSync.class);
    }

    @Test
    void aTakebackIsStillATakeback() {
        Position start = Position.start(Variant.STANDARD);
        RecognizerState s = searchingAlone(start);
        List<RecognitionEvent> events = new ArrayList<>();
        Position e4 = start.playUci("e2e4");
        int e2 = start.geometry().parseSquare("e2");
        s = feed(s, Occupancy.of(start.geometry(), start.occupancy().without(e2), 500), events);
        s = feed(s, Occupancy.of(start.geometry(), e4.occupancy(), 800), events);
        s = rest(s, 3_000, events);
        assertThat(s.position()).isEqualTo(e4);
        s = feed(s, Occupancy.of(start.geometry(), start.occupancy().without(e2), 3_500), events);
        s = feed(s, Occupancy.of(start.geometry(), start.occupancy(), 3_800), events);
        s = rest(s, 6_000, events);
        assertThat(events).filteredOn(TakenBack.class::isInstance).singleElement()
                .satisfies(x -> assertThat(((TakenBack) x).plies()).isEqualTo(1));
        assertThat(s.position()).isEqualTo(start);
    }

    /** A recognizer at {@code start} on ideal sensors read at 40 Hz, deciding by the story search alone. */
    private static RecognizerState searchingAlone(Position start) {
        return RecognizerState.start(start, RecognizerConfig.defaults().withSensors(SensorModel.ideal(40, 1))
                .withSearchOnly(true));
    }

    private static RecognizerState feed(RecognizerState s, Occupancy frame, List<RecognitionEvent> events) {
        s = rest(s, frame.atMillis(), events);
        var step = s.accept(frame);
        events.addAll(step.events());
        return step.state();
    }

    /** Ticks every wake-up the recognizer asks for before {@code until}. */
    private static RecognizerState rest(RecognizerState s, long until, List<RecognitionEvent> events) {
        for (var w = s.wakeUpAt(); w.isPresent() && w.getAsLong() < until && w.getAsLong() > s.now(); w = s.wakeUpAt()) {
            var step = s.tick(w.getAsLong());
            events.addAll(step.events());
            s = step.state();
        }
        return s;
    }
}
