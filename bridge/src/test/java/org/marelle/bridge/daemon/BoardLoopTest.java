package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.SaveStatus;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class BoardLoopTest {

    /** A journal whose disk is full until told otherwise. */
    static final class FlakyJournal implements SessionJournal {
        final List<SessionEvent> written = new ArrayList<>();
        int failuresLeft;

        @Override
        public void append(SessionEvent event) throws IOException {
            if (failuresLeft > 0) {
                failuresLeft--;
                throw new IOException("No space left on device");
            }
            written.add(event);
        }

        @Override
        public void startGame(GameRecord finished, SessionEvent.GameStarted start) {
            written.add(start);
        }
    }

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final EventLog log = EventLog.plain(new PrintStream(logBytes, true, StandardCharsets.UTF_8), false);
    private final FlakyJournal journal = new FlakyJournal();
    private final GameSession session = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(),
            journal, () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
    private final List<LedFrame> leds = new ArrayList<>();
    private final BoardLoop loop = new BoardLoop(session, RecognizerConfig.defaults(), log, leds::add);

    private static Occupancy frame(SquareSet s, long at) {
        return new Occupancy(8, 8, s, at, null);
    }

    private long t;

    /** Lifts and drops a piece as a hand would, then lets every window run out. */
    private void play(Move m) {
        SquareSet board = session.game().position().occupancy();
        loop.frame(frame(board, t));
        t += 1000;
        loop.frame(frame(board.without(m.from()), t));
        t += 300;
        loop.frame(frame(board.without(m.from()).with(m.to()), t));
        for (int i = 0; i < 10 && loop.wakeUpAt().isPresent(); i++) loop.tick(t += 500);
    }

    @Test
    void aChangeStillSettlingWhenAWindowRunsOutIsSeenBeforeTheWindowDecides() {
        // Ra1 carried up the file and set down on a4, resting; then lifted again and set down on a6. The lift from a4
        // began before a4's window ran out, but the debouncer reports it only a debounce later, stamped with its first
        // scan. The loop, ticked when the window runs out by its clock, has not decided on the board before that
        // frame: Ra6 is the move, not Ra4 and then a rook moved out of turn.
        Position p = Position.fromFen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        GameSession s = GameSession.resume(List.of(), p, Map.of(), SessionJournal.NONE,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults(), log, f -> { });
        int a1 = 0, a4 = 24, a6 = 40;
        SquareSet board = p.occupancy();
        l.frame(frame(board, 0));
        l.frame(frame(board.without(a1), 1_000));
        l.frame(frame(board.without(a1).with(a4), 1_300));
        long windowEnds = l.recognizer().wakeUpAt().orElseThrow();
        assertThat(l.wakeUpAt().orElseThrow()).isEqualTo(windowEnds + RecognizerConfig.defaults().sensors().frameLatency());
        l.tick(windowEnds);
        assertThat(s.game().plies()).as("nothing decided a debounce before the clock").isZero();
        l.frame(frame(board.without(a1), windowEnds - 5));
        l.frame(frame(board.without(a1).with(a6), windowEnds + 200));
        for (long at = windowEnds + 300; at < windowEnds + 3_000; at += 50) l.tick(at);
        assertThat(s.game().plies()).isEqualTo(1);
        assertThat(s.game().position().fen()).startsWith("4k3/8/R7/8/8/8/8/4K3 b");
    }

    @Test
    void aRestartedLoopShowsTheLastMoveOfTheResumedGame() {
        Position p = Position.start(Variant.STANDARD);
        play(p.parseSan("e4"));
        Move e5 = p.playSan("e4").parseSan("e5");
        play(e5);
        assertThat(session.game().plies()).isEqualTo(2);
        // A new loop on the same session, as after a restart that replayed the journal.
        List<LedFrame> after = new ArrayList<>();
        BoardLoop restarted = new BoardLoop(session, RecognizerConfig.defaults(), log, after::add);
        restarted.frame(frame(session.game().position().occupancy(), t += 1000));
        assertThat(after).isNotEmpty();
        LedFrame shown = after.get(after.size() - 1);
        assertThat(shown.led(e5.from()).pattern()).isNotEqualTo(LedFrame.Pattern.OFF);
        assertThat(shown.led(e5.to()).pattern()).isNotEqualTo(LedFrame.Pattern.OFF);
    }

    @Test
    void aTakebackByCommandIsNotUndoneByTheBoardStillShowingTheMove() {
        Position p = Position.start(Variant.STANDARD);
        play(p.parseSan("e4"));
        Move e5 = p.playSan("e4").parseSan("e5");
        play(e5);
        assertThat(session.game().sans()).containsExactly("e4", "e5");

        loop.takeBack(1, t += 1000);
        assertThat(session.game().sans()).containsExactly("e4");
        assertThat(journal.written).anyMatch(e -> e instanceof SessionEvent.MovesTakenBack m && m.plies() == 1);
        // The board still shows e5: minutes pass, frames come, and e5 is not recorded again.
        SquareSet later = session.game().position().play(e5).occupancy();
        for (int i = 0; i < 20; i++) {
            loop.frame(frame(later, t += 3000));
            loop.tick(t += 3000);
        }
        assertThat(session.game().sans()).containsExactly("e4");
        // The LEDs say which squares to fix: the pawn's square now and the one it goes back to.
        LedFrame shown = leds.get(leds.size() - 1);
        assertThat(shown.led(e5.to()).pattern()).isNotEqualTo(LedFrame.Pattern.OFF);
        assertThat(shown.led(e5.from()).pattern()).isNotEqualTo(LedFrame.Pattern.OFF);

        // The pawn goes back; then Black plays another move, which is recorded.
        SquareSet back = session.game().position().occupancy();
        loop.frame(frame(later.without(e5.to()), t += 500));
        loop.frame(frame(back, t += 500));
        for (int i = 0; i < 10 && loop.wakeUpAt().isPresent(); i++) loop.tick(t += 500);
        assertThat(session.game().sans()).containsExactly("e4");
        play(session.game().position().parseSan("d5"));
        assertThat(session.game().sans()).containsExactly("e4", "d5");
    }

    @Test
    void aTakebackByCommandIsRefusedInTournamentMode() {
        BoardLoop tournament = new BoardLoop(session,
                RecognizerConfig.defaults().withMode(RecognizerConfig.Mode.TOURNAMENT), log, leds::add);
        session.play(Position.start(Variant.STANDARD).parseSan("e4"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> tournament.takeBack(1, 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("casual");
    }

    @Test
    void aMoveTheJournalCouldNotWriteIsRecognizedAgainAndRecordedOnce() {
        Position p = Position.start(Variant.STANDARD);
        journal.failuresLeft = 1;
        Move e4 = p.parseSan("e4");
        play(e4);
        // The first commit failed; the recognizer started again from the game and found the move on the board.
        assertThat(logBytes.toString(StandardCharsets.UTF_8)).contains("error: the game did not record the move e4")
                .contains("No space left on device");
        assertThat(session.game().sans()).containsExactly("e4");
        assertThat(journal.written.stream().filter(e -> e instanceof SessionEvent.MovePlayed)).hasSize(1);
        play(session.game().position().parseSan("e5"));
        assertThat(session.game().sans()).containsExactly("e4", "e5");
    }

    @Test
    void ledFramesGoOutOnlyWhenTheyChange() {
        int before = leds.size();
        SquareSet board = session.game().position().occupancy();
        loop.frame(frame(board, 0));
        loop.frame(frame(board, 10));
        loop.tick(20);
        assertThat(leds.size() - before).isLessThanOrEqualTo(1);
        loop.frame(frame(board.without(12), 100));   // e2 lifted: the legal destinations light up
        assertThat(leds.getLast().isDark()).isFalse();
    }

    @Test
    void aNewGameByCommandStartsFromThePositionGiven() {
        play(session.game().position().parseSan("e4"));
        Position chess960 = Variant.CHESS960.chess960Position(0);
        BoardLoop c960 = new BoardLoop(GameSession.resume(List.of(), chess960, Map.of(), SessionJournal.NONE,
                () -> Instant.EPOCH, ZoneOffset.UTC), RecognizerConfig.defaults(), log, f -> {
        });
        c960.newGame(Variant.CHESS960.chess960Position(1), 0);
        assertThat(c960.session().game().initial()).isEqualTo(Variant.CHESS960.chess960Position(1));
        assertThat(c960.recognizer().position()).isEqualTo(Variant.CHESS960.chess960Position(1));
    }

    /** A journal whose disk refuses everything: the game goes on in memory, and each retry is counted. */
    static final class RefusingJournal implements SessionJournal {
        int retries;
        boolean diskBack;

        @Override
        public void append(SessionEvent event) {
        }

        @Override
        public void startGame(GameRecord finished, SessionEvent.GameStarted start) {
        }

        @Override
        public SaveStatus saveStatus() {
            return diskBack ? SaveStatus.SAVED : new SaveStatus("No space left on device", 1);
        }

        @Override
        public SaveStatus retrySaving() {
            retries++;
            return saveStatus();
        }
    }

    @Test
    void whileTheRecordIsNotSavedTheCornersBlinkOrangeUntilItIsSavedAgain() {
        RefusingJournal refusing = new RefusingJournal();
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), refusing,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        List<LedFrame> shown = new ArrayList<>();
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults(), log, shown::add);
        SquareSet board = s.game().position().occupancy();
        l.frame(frame(board, 0));
        l.frame(frame(board.without(12), 1000));   // e2 lifted: its hints light the board as usual
        LedFrame f = shown.get(shown.size() - 1);
        for (int corner : new int[] {0, 7, 56, 63}) {
            assertThat(f.led(corner)).isEqualTo(new LedFrame.Led(BoardLoop.RECORD_NOT_SAVED_RGB, LedFrame.Pattern.BLINK));
        }
        assertThat(f.led(12).pattern()).isNotEqualTo(LedFrame.Pattern.OFF);   // the lifted piece's square, unchanged
        refusing.diskBack = true;
        l.retrySaving(2000);
        LedFrame after = shown.get(shown.size() - 1);
        for (int corner : new int[] {0, 7, 56, 63}) assertThat(after.led(corner)).isEqualTo(LedFrame.Led.OFF);
    }

    @Test
    void whileTheRecordIsNotSavedWritingIsTriedAgainOnceASecondNotOnEveryInput() {
        RefusingJournal refusing = new RefusingJournal();
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), refusing,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults(), log, f -> {
        });
        for (long at : new long[] {0, 1, 500, 999, 1000, 1001, 1999, 2000}) l.retrySaving(at);
        assertThat(refusing.retries).isEqualTo(3);   // at 0, 1000 and 2000
        refusing.diskBack = true;
        l.retrySaving(5000);
        assertThat(refusing.retries).as("nothing to retry once saved").isEqualTo(3);
    }

    @Test
    void theLoopWakesWhenAFlagFallsAndTheGameEndsOnTime() {
        GameSession timed = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of("TimeControl", "60"),
                SessionJournal.NONE, () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        BoardLoop l = new BoardLoop(timed, RecognizerConfig.defaults(), log, f -> {
        });
        Position p = timed.game().position();
        long[] lifted = {2_000, 10_000};
        for (int i = 0; i < 2; i++) {
            Move m = p.parseSan(i == 0 ? "e4" : "e5");
            SquareSet board = p.occupancy();
            l.frame(frame(board.without(m.from()), lifted[i]));
            l.frame(frame(board.without(m.from()).with(m.to()), lifted[i] + 300));
            for (long at = lifted[i] + 400; timed.game().plies() <= i; at += 100) l.tick(at);
            p = p.play(m);
        }
        // Each move counts from when the board first showed it: e4 (the first, free) and e5 were set down 8 s apart.
        long shownE5 = timed.game().turnStartedAt();
        assertThat(shownE5).isBetween(10_300L, 10_700L);
        assertThat(timed.game().clocks()).containsExactly(60_000L, 60_000L - 8_000);
        // White's clock has run since e5 was shown; the loop's next wake-up is its flag unless a window comes first.
        long flag = shownE5 + 60_000;
        while (l.wakeUpAt().orElseThrow() < flag) l.tick(l.wakeUpAt().getAsLong());
        assertThat(l.wakeUpAt()).hasValue(flag);
        l.tick(flag - 1);
        assertThat(timed.game().isOver()).isFalse();
        l.tick(flag);
        assertThat(timed.game().result()).isEqualTo("0-1");
        assertThat(timed.game().reason()).isEqualTo("time forfeit");
    }

    @Test
    void restartedBeforeTheEnginesMoveWasMadeOnTheBoardItIsShownAgainNotTakenBack() {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), SessionJournal.NONE,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        Position p = Position.start(Variant.STANDARD);
        s.play(p.parseSan("e4"));
        s.play(p.playSan("e4").parseSan("c5"));   // the engine's, recorded; then the daemon stopped
        List<LedFrame> shown = new ArrayList<>();
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults().withMode(RecognizerConfig.Mode.CASUAL), log, shown::add);
        l.remoteSides(java.util.Set.of(org.marelle.rules.Color.BLACK), 0);
        SquareSet afterE4 = p.playSan("e4").occupancy();
        l.frame(frame(afterE4, 1_000));
        for (long t = 1_100; t < 6_000; t += 100) l.tick(t);
        assertThat(s.game().sans()).as("no takeback of the engine's move").containsExactly("e4", "c5");
        LedFrame leds = shown.getLast();
        assertThat(leds.led(p.geometry().parseSquare("c7")).rgb()).isEqualTo(org.marelle.bridge.recognition.BoardLeds.REMOTE);
        assertThat(leds.led(p.geometry().parseSquare("c5")).rgb()).isEqualTo(org.marelle.bridge.recognition.BoardLeds.REMOTE);
        // Made on the board, it is in sync; White plays on.
        SquareSet afterC5 = p.playSan("e4").playSan("c5").occupancy();
        l.frame(frame(afterC5, 6_000));
        for (long t = 6_100; t < 8_000; t += 100) l.tick(t);
        assertThat(l.recognizer().inSync()).isTrue();
    }

    @Test
    void anEngineThatFailsIsSaidOnTheLedsAndClearedWhenItAnswers() {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), SessionJournal.NONE,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        List<LedFrame> shown = new ArrayList<>();
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults(), log, shown::add);
        l.remoteSides(java.util.Set.of(org.marelle.rules.Color.WHITE), 0);   // the engine has the first move
        l.frame(frame(Position.start(Variant.STANDARD).occupancy(), 10));
        EngineLink link = new EngineLink(c -> c.apply(l), new LauncherTest.HandClock(), log);
        int[] published = {0};
        link.notes.onChange(() -> published[0]++);
        link.error("the engine failed (stopped before 'bestmove' (exit code 3)); starting it again");
        assertThat(l.opponentNote()).startsWith("The engine is not answering: the engine failed");
        int e1 = Position.start(Variant.STANDARD).geometry().parseSquare("e1");
        assertThat(shown.getLast().led(e1)).isEqualTo(new LedFrame.Led(org.marelle.bridge.recognition.BoardLeds.REMOTE,
                LedFrame.Pattern.BLINK));
        link.info("the engine answers again (Stockfish)");
        assertThat(l.opponentNote()).isNull();
        assertThat(shown.getLast().led(e1)).isEqualTo(LedFrame.Led.OFF);
        assertThat(published[0]).isEqualTo(2);
        assertThat(logBytes.toString(StandardCharsets.UTF_8)).contains("the engine failed", "answers again");
    }

    @Test
    void aDrawTheEngineDeclinesReopensTheGameAndTheKingsGoBack() {
        // Kings and pawns; White (the person) offers a draw with the kings on e4 and d4... here: on d5 and e5.
        Position p = Position.fromFen("8/p3k3/8/8/8/8/P3K3/8 w - - 0 40");
        GameSession s = GameSession.resume(List.of(), p, Map.of(), SessionJournal.NONE,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        List<LedFrame> shown = new ArrayList<>();
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults(), log, shown::add);
        l.frame(frame(p.occupancy(), 0));
        var g = p.geometry();
        SquareSet kingsInCentre = p.occupancy().without(g.parseSquare("e2")).without(g.parseSquare("e7"))
                .with(g.parseSquare("d5")).with(g.parseSquare("e5"));
        SquareSet oneKing = p.occupancy().without(g.parseSquare("e2")).with(g.parseSquare("d5"));
        l.frame(frame(p.occupancy().without(g.parseSquare("e2")), 1_000));
        l.frame(frame(oneKing, 1_400));
        l.frame(frame(oneKing.without(g.parseSquare("e7")), 1_800));
        l.frame(frame(kingsInCentre, 2_200));
        for (long t = 2_300; t < 8_000; t += 100) l.tick(t);
        assertThat(s.game().result()).isEqualTo("1/2-1/2");
        LauncherTest.HandClock clock = new LauncherTest.HandClock();
        clock.millis = 8_000;
        EngineLink link = new EngineLink(c -> c.apply(l), clock, log);
        link.declineDraw(s.game().gameId());
        assertThat(s.game().isOver()).as(logBytes.toString(StandardCharsets.UTF_8)).isFalse();
        for (long t = 8_100; t < 12_000; t += 100) l.tick(t);
        // The kings stand where the game does not have them: the LEDs say to put them back.
        assertThat(l.recognizer().mismatch()).isPresent();
        assertThat(shown.getLast().led(g.parseSquare("e2")).rgb()).isEqualTo(org.marelle.bridge.recognition.BoardLeds.FILL);
        l.frame(frame(p.occupancy(), 12_500));
        for (long t = 12_600; t < 14_000; t += 100) l.tick(t);
        assertThat(l.recognizer().inSync()).isTrue();
    }

    @Test
    void liftingTheEnginesKingOnYourTurnAsksForAHintShownUntilTheBoardChanges() {
        Position p = Position.start(Variant.STANDARD);
        GameSession s = GameSession.resume(List.of(), p, Map.of(), SessionJournal.NONE,
                () -> Instant.parse("2025-03-01T10:00:00Z"), ZoneOffset.UTC);
        List<LedFrame> shown = new ArrayList<>();
        BoardLoop l = new BoardLoop(s, RecognizerConfig.defaults(), log, shown::add);
        l.remoteSides(java.util.Set.of(org.marelle.rules.Color.BLACK), 0);
        int[] asked = {0};
        l.onHintGesture(() -> asked[0]++);
        var g = p.geometry();
        l.frame(frame(p.occupancy(), 0));
        l.frame(frame(p.occupancy().without(g.parseSquare("e8")), 1_000));
        l.frame(frame(p.occupancy(), 1_050));
        assertThat(asked[0]).as("a blink of the sensor is no gesture").isZero();
        l.frame(frame(p.occupancy().without(g.parseSquare("e8")), 2_000));
        l.frame(frame(p.occupancy(), 2_400));
        assertThat(asked[0]).isEqualTo(1);
        l.tick(2_500);
        l.showHint(p.parseSan("Nf3"), 0);
        assertThat(shown.getLast().led(g.parseSquare("g1")).rgb()).isEqualTo(org.marelle.bridge.recognition.BoardLeds.HINT);
        assertThat(shown.getLast().led(g.parseSquare("f3")).rgb()).isEqualTo(org.marelle.bridge.recognition.BoardLeds.HINT);
        l.frame(frame(p.occupancy().without(g.parseSquare("e2")), 3_000));
        assertThat(shown.getLast().led(g.parseSquare("f3")).rgb()).isNotEqualTo(org.marelle.bridge.recognition.BoardLeds.HINT);
        // Not with the person's own king.
        l.frame(frame(p.occupancy(), 3_200));
        l.frame(frame(p.occupancy().without(g.parseSquare("e1")), 4_000));
        l.frame(frame(p.occupancy(), 4_400));
        assertThat(asked[0]).isEqualTo(1);
    }
}
