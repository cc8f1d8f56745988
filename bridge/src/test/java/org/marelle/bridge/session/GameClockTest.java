package org.marelle.bridge.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.journal.JournalCodec;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The session's clocks: kept from the game's time control, stopped when the board shows a move, flags falling. */
class GameClockTest {

    private final GameSessionTest.MemoryJournal journal = new GameSessionTest.MemoryJournal(new ArrayList<>());
    private long now = Instant.parse("2026-12-02T10:00:00Z").toEpochMilli();
    private final long t0 = now;
    private final InstantSource clock = () -> Instant.ofEpochMilli(now);

    private GameSession session(String fen, String timeControl) {
        Position start = fen == null ? Position.start(Variant.STANDARD) : Position.fromFen(fen);
        return GameSession.resume(List.of(), start, Map.of("TimeControl", timeControl), journal, clock, ZoneOffset.UTC);
    }

    /** The board shows {@code san} at {@code shownAt} (seconds after t0); it becomes final at {@code finalAt}. */
    private void move(GameSession s, String san, double shownAt, double finalAt) {
        Position before = s.game().position();
        Move m = before.parseSan(san);
        long shown = t0 + (long) (shownAt * 1000), fin = t0 + (long) (finalAt * 1000);
        now = shown;
        s.handle(new RecognitionEvent.MoveProvisional(shown, m, san));
        now = fin;
        s.handle(new RecognitionEvent.MoveCommitted(fin, m, before.san(m), before.uci(m), before, before.play(m)));
    }

    @Test
    void eachMoveCostsTheTimeUntilTheBoardFirstShowedItAndEarnsTheIncrement() {
        GameSession s = session(null, "180+2");
        move(s, "e4", 3, 3.5);       // White's first move starts the clocks and costs nothing
        move(s, "e5", 13, 14);       // Black: 10 s from White's move shown
        move(s, "Nf3", 20.5, 21.5);  // White: 7.5 s
        assertThat(s.game().clocks()).containsExactly(182_000L, 172_000L, 176_500L);
        assertThat(s.game().clockOf(Color.BLACK)).isEqualTo(172_000);
        assertThat(s.game().turnStartedAt()).isEqualTo(t0 + 20_500);
        assertThat(s.game().toPgn()).contains("1. e4 {[%clk 0:03:02]} 1... e5 {[%clk 0:02:52]} 2. Nf3 {[%clk 0:02:56]}");
    }

    @Test
    void theFlagFallsWhenTheSideToMoveRunsOutAndTheOpponentWins() {
        GameSession s = session(null, "60");
        move(s, "e4", 1, 1.2);
        move(s, "e5", 31, 31.3);
        assertThat(s.flagAt()).hasValue(t0 + 31_000 + 60_000);
        assertThat(s.checkFlag(t0 + 90_999)).isEmpty();
        assertThat(s.checkFlag(t0 + 91_000)).hasValueSatisfying(e -> {
            assertThat(e.result()).isEqualTo("0-1");
            assertThat(e.reason()).isEqualTo(GameSession.TIME_FORFEIT);
        });
        assertThat(s.game().isOver()).isTrue();
        assertThat(s.flagAt()).isEmpty();
    }

    @Test
    void aMoveTheBoardShowsStopsTheClockUntilItIsFinalOrWithdrawn() {
        GameSession s = session(null, "60");
        move(s, "e4", 1, 1.2);
        Position p = s.game().position();
        Move e5 = p.parseSan("e5");
        now = t0 + 60_000;
        s.handle(new RecognitionEvent.MoveProvisional(now, e5, "e5"));
        assertThat(s.flagAt()).as("pressed, in effect").isEmpty();
        assertThat(s.checkFlag(t0 + 70_000)).isEmpty();
        s.handle(new RecognitionEvent.ProvisionalWithdrawn(t0 + 62_000, e5));
        assertThat(s.flagAt()).hasValue(t0 + 61_000);
        assertThat(s.checkFlag(t0 + 70_000)).hasValueSatisfying(e -> assertThat(e.result()).isEqualTo("1-0"));
    }

    @Test
    void aMoveMadeAfterTheFlagFellLosesOnTime() {
        GameSession s = session(null, "60");
        move(s, "e4", 1, 1.2);
        move(s, "e5", 62, 62.5);   // no tick came between: the flag fell at 61 s
        assertThat(s.game().plies()).isEqualTo(1);
        assertThat(s.game().result()).isEqualTo("1-0");
        assertThat(s.game().reason()).isEqualTo(GameSession.TIME_FORFEIT);
    }

    @Test
    void aFlagIsADrawWhenTheOpponentCouldNeverMate() {
        // White: king and knight; Black: king and pawn. Black's flag falls: a knight can still mate (with Black's
        // pawn helping), so White wins. White's flag falls: Black's king and pawn can mate, so Black wins.
        // White: king alone; Black's flag falls: White could never mate, a draw.
        GameSession s = session("8/8/8/4k3/8/8/3p4/K7 w - - 0 60", "60");
        move(s, "Kb2", 1, 1.1);
        move(s, "Ke4", 2, 2.1);
        move(s, "Kc2", 3, 3.1);
        assertThat(s.checkFlag(t0 + 3_000 + 60_000 - 1_000 + 1_000 + 1)).hasValueSatisfying(e -> {
            assertThat(e.result()).isEqualTo("1/2-1/2");
            assertThat(e.reason()).isEqualTo(GameSession.TIME_FORFEIT);
        });
    }

    @Test
    void clocksSurviveTheJournalAndATakebackRestartsTheTurn() {
        GameSession s = session(null, "300+3");
        move(s, "d4", 1, 1.5);
        move(s, "d5", 8, 8.5);
        for (SessionEvent e : journal.current) {
            assertThat(JournalCodec.decode(JournalCodec.encode(e))).isEqualTo(e);
        }
        GameRecord replayed = GameRecord.replay(journal.current);
        assertThat(replayed).isEqualTo(s.game());
        assertThat(replayed.clocks()).containsExactly(303_000L, 296_000L);
        assertThat(replayed.flagAt()).hasValue(t0 + 8_000 + 303_000);

        GameRecord back = replayed.apply(new SessionEvent.MovesTakenBack(t0 + 20_000, 1));
        assertThat(back.clocks()).containsExactly(303_000L);
        assertThat(back.flagAt()).as("Black's clock runs from the takeback").hasValue(t0 + 20_000 + 300_000);
    }

    @Test
    void aCorrectionChargesTheMovesRecordedAgainTheTimeTheyTook() {
        GameSession s = session(null, "180+2");
        move(s, "e4", 3, 3.5);
        move(s, "e6", 13, 14);      // read so; the board later shows it was e5
        move(s, "Nf3", 20.5, 21.5);
        Position start = Position.start(Variant.STANDARD), e4 = start.play(start.parseSan("e4"));
        Position e6 = e4.play(e4.parseSan("e6"));
        now = t0 + 30_000;
        s.handle(new RecognitionEvent.Corrected(now, List.of(e6.parseSan("Nf3"), e4.parseSan("e6")), e4));
        // The moves recorded again keep the times the board first committed them.
        Position e5 = e4.play(e4.parseSan("e5"));
        s.handle(new RecognitionEvent.MoveCommitted(t0 + 14_000, e4.parseSan("e5"), "e5", "e7e5", e4, e5));
        s.handle(new RecognitionEvent.MoveCommitted(t0 + 21_500, e5.parseSan("Nf3"), "Nf3", "g1f3", e5,
                e5.play(e5.parseSan("Nf3"))));
        assertThat(s.game().sans()).containsExactly("e4", "e5", "Nf3");
        // Black's 11 s (from e4 shown to e5 committed) and White's 7.5 s, as if read right the first time.
        assertThat(s.game().clocks()).containsExactly(182_000L, 171_000L, 176_500L);
        assertThat(GameRecord.replay(journal.current).clocks()).containsExactly(182_000L, 171_000L, 176_500L);
    }

    @Test
    void aMoveMadeElsewhereMayBringItsOwnClock() {
        GameSession s = session(null, "180+2");
        s.play(Position.start(Variant.STANDARD).parseSan("e4"), t0 + 1_000, 179_500);
        assertThat(s.game().clocks()).containsExactly(179_500L);
    }

    @Test
    void aGameWithoutATimeControlHasNoClocks() {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), journal, clock,
                ZoneOffset.UTC);
        move(s, "e4", 1, 2);
        move(s, "e5", 100, 101);
        assertThat(s.flagAt()).isEmpty();
        assertThat(s.game().hasClocks()).isFalse();
        assertThat(s.game().toPgn()).doesNotContain("%clk");
    }

    @Test
    void oldJournalRecordsOfMovesStillRead() {
        SessionEvent e = JournalCodec.decode("move\t5\t1\te2e4\te4".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(e).isEqualTo(new SessionEvent.MovePlayed(5, 1, "e2e4", "e4"));
        assertThat(((SessionEvent.MovePlayed) e).hasClock()).isFalse();
    }
}
