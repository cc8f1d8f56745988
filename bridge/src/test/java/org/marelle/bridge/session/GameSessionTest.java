package org.marelle.bridge.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.notation.DrawOffers;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

class GameSessionTest {

    /** Keeps events in memory, and records the order in which the journal and the listeners saw them. */
    static final class MemoryJournal implements SessionJournal {
        final List<SessionEvent> current = new ArrayList<>();
        final List<GameRecord> archived = new ArrayList<>();
        final List<String> order;
        boolean failing;

        MemoryJournal(List<String> order) {
            this.order = order;
        }

        @Override
        public void append(SessionEvent event) throws IOException {
            if (failing) throw new IOException("disk full");
            current.add(event);
            order.add("journal " + event.getClass().getSimpleName());
        }

        @Override
        public void startGame(GameRecord finished, SessionEvent.GameStarted start) throws IOException {
            if (failing) throw new IOException("disk full");
            if (finished != null && finished.plies() > 0) archived.add(finished);
            current.clear();
            current.add(start);
            order.add("journal GameStarted");
        }
    }

    private final List<String> order = new ArrayList<>();
    private final MemoryJournal journal = new MemoryJournal(order);
    private long now = Instant.parse("2025-03-01T14:30:22Z").toEpochMilli();
    private final InstantSource clock = () -> Instant.ofEpochMilli(now);

    private GameSession session(Position start, Map<String, String> tags) {
        GameSession s = GameSession.resume(List.of(), start, tags, journal, clock, ZoneOffset.UTC);
        s.addListener((e, g) -> order.add("listener " + e.getClass().getSimpleName()));
        return s;
    }

    private GameSession standard() {
        return session(Position.start(Variant.STANDARD), Map.of("Event", "Club championship", "White", "Ann", "Black", "Bob"));
    }

    private static RecognitionEvent.MoveCommitted committed(Position before, String san) {
        Move m = before.parseSan(san);
        return new RecognitionEvent.MoveCommitted(0, m, before.san(m), before.uci(m), before, before.play(m));
    }

    private static void play(GameSession s, String... sans) {
        for (String san : sans) s.handle(committed(s.game().position(), san));
    }

    @Test
    void aNewGameGetsTheBaseTagsTheStartDateAndAnIdFromTheClock() {
        GameSession s = standard();
        assertThat(s.game().gameId()).isEqualTo("20250301-143022");
        assertThat(s.game().tags()).containsEntry("Event", "Club championship").containsEntry("Date", "2025.03.01");
        assertThat(journal.current).hasSize(1).first().isInstanceOf(SessionEvent.GameStarted.class);
    }

    @Test
    void aCommittedMoveIsJournaledBeforeAnyListenerSeesIt() {
        GameSession s = standard();
        order.clear();
        play(s, "e4");
        assertThat(order).containsExactly("journal MovePlayed", "listener MovePlayed");
        assertThat(s.game().sans()).containsExactly("e4");
        // Made when the recognizer's event says (0 here), recorded now, without a clock in a game without one.
        assertThat(journal.current.get(1)).isEqualTo(new SessionEvent.MovePlayed(now, 1, "e2e4", "e4", 0,
                SessionEvent.MovePlayed.NO_CLOCK));
    }

    @Test
    void whenTheJournalCannotWriteTheGameDoesNotChangeAndNoListenerHears() {
        GameSession s = standard();
        play(s, "e4");
        order.clear();
        journal.failing = true;
        assertThatThrownBy(() -> play(s, "e5")).isInstanceOf(UncheckedIOException.class).hasMessageContaining("disk full");
        assertThat(s.game().plies()).isEqualTo(1);
        assertThat(order).isEmpty();
    }

    @Test
    void checkmateEndsTheGameRightAfterTheMove() {
        GameSession s = standard();
        play(s, "f3", "e5", "g4", "Qh4#");
        assertThat(s.game().result()).isEqualTo("0-1");
        assertThat(s.game().reason()).isEqualTo("checkmate");
        assertThat(journal.current.getLast()).isInstanceOf(SessionEvent.GameEnded.class);
    }

    @Test
    void movesAfterTheResultAreIgnored() {
        GameSession s = standard();
        play(s, "e4");
        s.setResult("1-0", "resignation");
        // The recognizer does not know the game is over and may still commit moves.
        assertThat(s.handle(committed(s.game().position(), "e5"))).isEmpty();
        assertThat(s.game().plies()).isEqualTo(1);
        assertThatThrownBy(() -> s.play(s.game().position().parseSan("e5"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void stalemateIsADrawByTheRules() {
        GameSession s = session(Position.fromFen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"), Map.of());
        play(s, "Qf6");
        play(s, "Kg8");
        play(s, "Qf7+");
        play(s, "Kh8");
        play(s, "Qe7");
        play(s, "Kg8");
        play(s, "Qe6+");
        play(s, "Kh8");
        play(s, "Qf7");
        assertThat(s.game().result()).isEqualTo("1/2-1/2");
        assertThat(s.game().reason()).isEqualTo("stalemate");
    }

    @Test
    void courierBareKingEndsTheGame() {
        // White (king, rook, pawn) takes Black's last piece: a bare king facing three units loses at once.
        Position p = Position.fromFen(Variant.COURIER, "6k5/12/12/12/12/P11/1r10/1R4K5 w - - 0 1");
        GameSession s = session(p, Map.of());
        play(s, "Rxb2");
        assertThat(s.game().result()).isEqualTo("1-0");
        assertThat(s.game().reason()).isEqualTo("bare king");
    }

    @Test
    void aResultGestureEndsTheGameOnce() {
        GameSession s = standard();
        play(s, "e4", "e5");
        s.handle(new RecognitionEvent.ResultGesture(0, "1/2-1/2"));
        s.handle(new RecognitionEvent.ResultGesture(0, "1-0"));
        assertThat(s.game().result()).isEqualTo("1/2-1/2");
        assertThat(s.game().reason()).isEqualTo("gesture");
    }

    @Test
    void takebacksRemoveMovesAndReopenTheGame() {
        GameSession s = standard();
        play(s, "f3", "e5", "g4", "Qh4#");
        s.handle(new RecognitionEvent.TakenBack(0, List.of(Move.NULL, Move.NULL), Position.start(Variant.STANDARD)));
        assertThat(s.game().sans()).containsExactly("f3", "e5");
        assertThat(s.game().result()).isEqualTo("*");
        play(s, "e4");
        assertThat(s.game().sans()).containsExactly("f3", "e5", "e4");
    }

    @Test
    void aCorrectionWithdrawsTheMovesAndJournalsItSoThenTheMovesReadInstead() {
        GameSession s = standard();
        play(s, "e4", "e6");
        Position start = Position.start(Variant.STANDARD);
        Position afterE4 = start.play(start.parseSan("e4"));
        s.handle(new RecognitionEvent.Corrected(0, List.of(afterE4.parseSan("e6")), afterE4));
        play(s, "e5");
        assertThat(s.game().sans()).containsExactly("e4", "e5");
        assertThat(journal.current).anyMatch(e -> e instanceof SessionEvent.MovesTakenBack t && t.corrected()
                && t.plies() == 1);
        // (Replayed from the journal, the game is the one corrected.)
        assertThat(GameSession.resume(journal.current, Position.start(Variant.STANDARD), Map.of(), new MemoryJournal(
                new ArrayList<>()), clock, ZoneOffset.UTC).game().sans()).containsExactly("e4", "e5");
    }

    @Test
    void repetitionHistorySurvivesATakeback() {
        GameSession s = standard();
        play(s, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3");
        s.handle(new RecognitionEvent.TakenBack(0, List.of(Move.NULL), Position.start(Variant.STANDARD)));
        assertThat(s.game().position().isThreefoldRepetition()).isTrue();
        assertThat(s.claimDraw().reason()).isEqualTo("threefold repetition");
        assertThat(s.game().result()).isEqualTo("1/2-1/2");
    }

    @Test
    void aDrawClaimWithoutGroundsIsRefusedWithTheReason() {
        GameSession s = standard();
        play(s, "e4");
        assertThatThrownBy(s::claimDraw).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("occurred 1 time(s)");
        assertThat(s.game().isOver()).isFalse();
    }

    @Test
    void drawOffersAreWrittenAsTheScoreSheetMarkAndReadBack() {
        GameSession s = standard();
        play(s, "e4", "e5");
        s.offerDraw(Color.BLACK);
        play(s, "Nf3");
        s.setResult("1/2-1/2", "agreement");
        PgnGame back = ((PgnReader.Parsed) PgnReader.readAll(s.game().toPgn()).get(0)).game();
        assertThat(DrawOffers.in(back)).containsExactly(1);
        assertThat(back.result()).isEqualTo("1/2-1/2");
    }

    @Test
    void tagsChangeWhileTheGameRunsAndReservedOnesAreRefused() {
        GameSession s = standard();
        s.setTag("WhiteElo", "1850");
        s.setTag("Event", null);
        assertThat(s.game().tags()).containsEntry("WhiteElo", "1850").doesNotContainKey("Event");
        assertThatThrownBy(() -> s.setTag("Result", "1-0")).hasMessageContaining("the game decides it");
        assertThatThrownBy(() -> s.setTag("Bad Name", "x")).hasMessageContaining("letters, digits and _");
    }

    @Test
    void aNewGameArchivesThePreviousOneWhenItHasMoves() {
        GameSession s = standard();
        play(s, "e4");
        now += 60_000;
        s.handle(new RecognitionEvent.NewGameDetected(0, Position.start(Variant.STANDARD)));
        assertThat(journal.archived).hasSize(1);
        assertThat(journal.archived.get(0).sans()).containsExactly("e4");
        assertThat(s.game().plies()).isZero();
        assertThat(s.game().gameId()).isEqualTo("20250301-143122");
        // Same second: a suffix keeps ids apart.
        s.newGame(Position.start(Variant.STANDARD));
        assertThat(s.game().gameId()).isEqualTo("20250301-143122-2");
    }

    @Test
    void resumingReplaysTheJournalAndRecordsAResultTheCutLost() {
        GameSession s = standard();
        play(s, "f3", "e5", "g4", "Qh4#");
        List<SessionEvent> cut = new ArrayList<>(journal.current.subList(0, journal.current.size() - 1));
        MemoryJournal again = new MemoryJournal(new ArrayList<>());
        again.current.addAll(cut);
        GameSession resumed = GameSession.resume(cut, Position.start(Variant.STANDARD), Map.of(), again, clock, ZoneOffset.UTC);
        assertThat(resumed.game().sans()).containsExactly("f3", "e5", "g4", "Qh4#");
        assertThat(resumed.game().result()).isEqualTo("0-1");
        assertThat(again.current.getLast()).isInstanceOf(SessionEvent.GameEnded.class);
    }

    @Test
    void aMoveFromAnotherPositionIsABugNotARecordedMove() {
        GameSession s = standard();
        play(s, "e4");
        assertThatThrownBy(() -> s.handle(committed(Position.start(Variant.STANDARD), "d4")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("the game is at");
        assertThat(s.game().plies()).isEqualTo(1);
    }

    @Test
    void thePgnHasTheTagsInScoreSheetOrderAndTheResult() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("Event", "Open");
        tags.put("Round", "3");
        tags.put("Board", "12");
        tags.put("White", "Ann");
        GameSession s = session(Position.start(Variant.STANDARD), tags);
        play(s, "e4");
        s.setResult("1-0", "resignation");
        String pgn = s.game().toPgn();
        assertThat(pgn).startsWith("[Event \"Open\"]\n[Site \"?\"]\n[Date \"2025.03.01\"]\n[Round \"3\"]\n[White \"Ann\"]\n"
                + "[Black \"?\"]\n[Result \"1-0\"]\n[Board \"12\"]\n");
        assertThat(pgn).endsWith("\n1. e4 1-0\n");
    }

    @Test
    void replayIsStrictAboutPlyNumbers() {
        GameSession s = standard();
        play(s, "e4");
        List<SessionEvent> doubled = new ArrayList<>(journal.current);
        doubled.add(journal.current.get(1));
        assertThatThrownBy(() -> GameRecord.replay(doubled)).hasMessageContaining("event 3")
                .hasMessageContaining("numbered ply 1 but the game has 1 plies");
    }
}
