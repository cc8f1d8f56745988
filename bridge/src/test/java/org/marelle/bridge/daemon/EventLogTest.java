package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class EventLogTest {

    private final StringWriter text = new StringWriter();

    private List<String> lines() {
        return text.toString().lines().toList();
    }

    /** A session at the start position whose events go to {@code log}. */
    private static GameSession loggedTo(EventLog log) {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), SessionJournal.NONE,
                () -> Instant.EPOCH, ZoneOffset.UTC);
        s.addListener(log::session);
        return s;
    }

    @Test
    void underSystemdEachLineCarriesItsSyslogPriority() {
        EventLog log = new EventLog(new PrintWriter(text, true), true, false);
        GameSession s = loggedTo(log);
        s.play(s.game().position().parseSan("e4"));
        s.offerDraw(Color.WHITE);
        s.setResult("1/2-1/2", "agreement");
        log.recognition(new RecognitionEvent.BoardMismatch(0, SquareSet.of(12), SquareSet.of(20),
                List.of(new RecognitionEvent.Fix(20, 12), new RecognitionEvent.Fix(-1, 4)), SquareSet.EMPTY),
                BoardGeometry.CHESS);
        log.error("disk full");
        assertThat(lines()).containsExactly("<6>move 1. e4", "<6>draw offer by white after ply 1",
                "<6>result 1/2-1/2 (agreement)",
                "<4>warning: mismatch: move the piece on e3 to e2; put a piece on e1", "<3>error: disk full");
    }

    @Test
    void aCorrectionIsAWarningForTheOperator() {
        EventLog log = new EventLog(new PrintWriter(text, true), true, false);
        GameSession s = loggedTo(log);
        Position start = s.game().position();
        s.play(start.parseSan("e4"));
        Position afterE4 = s.game().position();
        s.play(afterE4.parseSan("e6"));
        s.handle(new RecognitionEvent.Corrected(0, List.of(afterE4.parseSan("e6")), afterE4));
        s.play(afterE4.parseSan("e5"));
        assertThat(lines()).containsExactly("<6>move 1. e4", "<6>move 1... e6",
                "<4>warning: correction: the board showed the last move wrong, withdrawn back to ply 1; the moves read"
                        + " instead follow",
                "<6>move 1... e5");
    }

    @Test
    void displayOnlyEventsAreLoggedWhenVerbose() {
        Position p = Position.start(Variant.STANDARD);
        RecognitionEvent provisional = new RecognitionEvent.MoveProvisional(0, p.parseSan("e4"), "e4");
        new EventLog(new PrintWriter(text, true), false, false).recognition(provisional, BoardGeometry.CHESS);
        assertThat(lines()).isEmpty();
        new EventLog(new PrintWriter(text, true), false, true).recognition(provisional, BoardGeometry.CHESS);
        assertThat(lines()).containsExactly("provisional e4");
    }

    @Test
    void moveNumbersFollowTheInitialPosition() {
        Position blackToMove = Position.fromFen("4k3/8/8/8/8/8/8/4K3 b - - 0 40");
        assertThat(EventLog.moveNumber(blackToMove, 1)).isEqualTo("40...");
        assertThat(EventLog.moveNumber(blackToMove, 2)).isEqualTo("41.");
        assertThat(EventLog.moveNumber(Position.start(Variant.STANDARD), 4)).isEqualTo("2...");
    }
}
