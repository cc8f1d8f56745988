package org.marelle.bridge.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class JournalTest {

    @TempDir
    Path dir;

    private long now = Instant.parse("2025-03-01T14:30:22Z").toEpochMilli();
    private final InstantSource clock = () -> Instant.ofEpochMilli(now);

    private GameSession open(Journal j) {
        return GameSession.resume(j.events(), Position.start(Variant.STANDARD), Map.of("Event", "Test"), j, clock,
                ZoneOffset.UTC);
    }

    private static void play(GameSession s, String... sans) {
        for (String san : sans) s.play(s.game().position().parseSan(san));
    }

    @Test
    void aGameIsResumedExactlyAfterARestart() throws IOException {
        try (Journal j = Journal.open(dir)) {
            GameSession s = open(j);
            play(s, "e4", "c5", "Nf3");
            s.setTag("White", "Ann");
            s.offerDraw(Color.WHITE);
            play(s, "d6");
        }
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().repaired()).isFalse();
            GameSession s = open(j);
            assertThat(s.game().sans()).containsExactly("e4", "c5", "Nf3", "d6");
            assertThat(s.game().tags()).containsEntry("White", "Ann").containsEntry("Event", "Test");
            assertThat(s.game().drawOffers()).containsEntry(3, Color.WHITE);
            play(s, "d4");
        }
        try (Journal j = Journal.open(dir)) {
            assertThat(open(j).game().plies()).isEqualTo(5);
        }
    }

    @Test
    void aTornLastRecordIsDroppedAndTheGameGoesOn() throws IOException {
        try (Journal j = Journal.open(dir)) {
            play(open(j), "e4", "e5", "Nf3");
        }
        Path current = dir.resolve(Journal.CURRENT);
        byte[] bytes = Files.readAllBytes(current);
        Files.write(current, Arrays.copyOf(bytes, bytes.length - 3));   // the cut came inside "Nf3"'s record
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().droppedBytes()).isPositive();
            assertThat(j.recovery().describe()).contains("dropped a torn record");
            GameSession s = open(j);
            assertThat(s.game().sans()).containsExactly("e4", "e5");
            play(s, "Nc3");
        }
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().repaired()).isFalse();
            assertThat(open(j).game().sans()).containsExactly("e4", "e5", "Nc3");
        }
    }

    @Test
    void aNewGameArchivesTheFinishedOneWithItsPgn() throws IOException {
        String firstId;
        try (Journal j = Journal.open(dir)) {
            GameSession s = open(j);
            firstId = s.game().gameId();
            play(s, "f3", "e5", "g4", "Qh4#");
            now += 120_000;
            s.newGame(Position.start(Variant.STANDARD));
            play(s, "d4");
        }
        Path archive = dir.resolve(Journal.ARCHIVE);
        assertThat(archive.resolve(firstId + ".pgn")).content().contains("1. f3 e5 2. g4 Qh4# 0-1");
        assertThat(archive.resolve(firstId + ".journal")).exists();
        try (Journal j = Journal.open(dir)) {
            GameSession s = open(j);
            assertThat(s.game().sans()).containsExactly("d4");
            assertThat(s.game().gameId()).isNotEqualTo(firstId);
        }
    }

    @Test
    void aGameWithoutMovesIsNotArchived() throws IOException {
        try (Journal j = Journal.open(dir)) {
            GameSession s = open(j);
            now += 5_000;
            s.newGame(Position.start(Variant.STANDARD));
        }
        try (Stream<Path> files = Files.list(dir.resolve(Journal.ARCHIVE))) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aCutWhileTheNewGameWasWrittenKeepsTheOldGame() throws IOException {
        try (Journal j = Journal.open(dir)) {
            play(open(j), "e4");
        }
        // next.journal cut in its first record: the new game never started.
        Files.write(dir.resolve(Journal.NEXT), Arrays.copyOf(JournalFile.HEADER, JournalFile.HEADER.length + 3));
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().discardedNext()).isTrue();
            assertThat(open(j).game().sans()).containsExactly("e4");
        }
        assertThat(dir.resolve(Journal.NEXT)).doesNotExist();
    }

    @Test
    void aCutAfterTheNewGameWasWrittenCompletesTheSwitch() throws IOException {
        String oldId;
        try (Journal j = Journal.open(dir)) {
            GameSession s = open(j);
            oldId = s.game().gameId();
            play(s, "e4", "e5");
        }
        SessionEvent.GameStarted start = new SessionEvent.GameStarted(now + 1000, "20250301-143023", "standard",
                Position.start(Variant.STANDARD).fen(), Map.of("Event", "Test"));
        JournalFile.write(dir.resolve(Journal.NEXT), List.of(JournalCodec.encode(start)));
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().finishedNewGame()).isTrue();
            assertThat(j.events()).containsExactly(start);
        }
        assertThat(dir.resolve(Journal.ARCHIVE).resolve(oldId + ".pgn")).content().contains("1. e4 e5 *");
    }

    @Test
    void aCutAfterTheOldGameWasArchivedCompletesTheSwitch() throws IOException {
        try (Journal j = Journal.open(dir)) {
            play(open(j), "d4");
        }
        SessionEvent.GameStarted start = new SessionEvent.GameStarted(now + 1000, "20250301-143023", "standard",
                Position.start(Variant.STANDARD).fen(), Map.of());
        JournalFile.write(dir.resolve(Journal.NEXT), List.of(JournalCodec.encode(start)));
        // The old journal had already gone to the archive when the power went.
        Files.move(dir.resolve(Journal.CURRENT), dir.resolve(Journal.ARCHIVE).resolve("20250301-143022.journal"));
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().finishedNewGame()).isTrue();
            assertThat(j.events()).containsExactly(start);
        }
        assertThat(dir.resolve(Journal.NEXT)).doesNotExist();
    }

    /** Changed with issue #14: a journal whose records do not replay no longer stops the start. */
    @Test
    void theSameEventWrittenTwiceIsSkipped() throws IOException {
        try (Journal j = Journal.open(dir)) {
            play(open(j), "e4");
            j.append(new SessionEvent.MovePlayed(now, 1, "e2e4", "e4"));   // a doubled move: never written by a session
        }
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().describe()).contains("a record written twice skipped");
            GameSession s = open(j);
            assertThat(s.game().sans()).containsExactly("e4");
            play(s, "e5");
        }
        try (Journal j = Journal.open(dir)) {
            assertThat(j.recovery().repaired()).isFalse();
            assertThat(open(j).game().sans()).containsExactly("e4", "e5");
        }
    }

    @Test
    void aRecordThatDoesNotFollowOnStopsTheReplayAndTheRecordsAfterItAreKeptAndNamed() throws IOException {
        try (Journal j = Journal.open(dir)) {
            play(open(j), "e4");
            j.append(new SessionEvent.MovePlayed(now, 2, "e2e4", "e4"));   // not legal there
            j.append(new SessionEvent.MovePlayed(now, 3, "g1f3", "Nf3"));
        }
        try (Journal j = Journal.open(dir)) {
            assertThat(open(j).game().sans()).containsExactly("e4");
            assertThat(j.recovery().notResumed()).hasSize(2);
            assertThat(j.recovery().describe()).contains("the game resumes at ply 1", "Not resumed: 1... e4, 2. Nf3");
            assertThat(j.recovery().damagedCopy()).exists();
            assertThat(JournalFile.read(j.recovery().damagedCopy()).records()).hasSize(4);
        }
    }

    @Test
    void everyKindOfEventRoundTripsThroughTheCodec() {
        List<SessionEvent> events = List.of(
                new SessionEvent.GameStarted(1, "id", "courier", Variant.COURIER.startFen(),
                        Map.of("Event", "Tab\there, line\\end", "White", "Zoë")),
                new SessionEvent.MovePlayed(2, 7, "e7e8q", "e8=Q+"),
                new SessionEvent.MovesTakenBack(3, 2),
                new SessionEvent.MovesTakenBack(3, 1, true),
                new SessionEvent.TagChanged(4, "Round", "3.1"),
                new SessionEvent.TagChanged(5, "Round", null),
                new SessionEvent.TagChanged(6, "Annotator", ""),
                new SessionEvent.DrawOffered(7, 0, Color.BLACK),
                new SessionEvent.GameEnded(8, "1/2-1/2", "threefold repetition"));
        for (SessionEvent e : events) {
            assertThat(JournalCodec.decode(JournalCodec.encode(e))).isEqualTo(e);
        }
    }

    @Property(tries = 300)
    void anyTagValueRoundTrips(@ForAll @StringLength(max = 255) String value) {
        String oneLine = value.replace('\n', ' ').replace('\r', ' ');
        SessionEvent e = new SessionEvent.TagChanged(1, "Event", oneLine);
        assertThat(JournalCodec.decode(JournalCodec.encode(e))).isEqualTo(e);
    }

    @Test
    void aRecordOfAnUnknownKindIsAnErrorNamingIt() {
        assertThatThrownBy(() -> JournalCodec.decode("clock\t1\t300".getBytes()))
                .hasMessageContaining("'clock' record: unknown kind");
    }

    @Test
    void replayingTheArchivedJournalGivesTheArchivedGame() throws IOException {
        GameRecord played;
        String id;
        try (Journal j = Journal.open(dir)) {
            GameSession s = open(j);
            id = s.game().gameId();
            play(s, "d4", "d5", "c4");
            s.setResult("0-1", "time forfeit");
            played = s.game();
            now += 1000;
            s.newGame(Position.start(Variant.STANDARD));
        }
        JournalFile.Contents c = JournalFile.read(dir.resolve(Journal.ARCHIVE).resolve(id + ".journal"));
        List<SessionEvent> events = c.records().stream().map(JournalCodec::decode).toList();
        assertThat(GameRecord.replay(events)).isEqualTo(played);
    }

    @Test
    void aStateDirectoryThatCannotBeCreatedKeepsTheGameInMemoryUntilItCan() throws IOException {
        Path blocked = dir.resolve("blocked");
        Files.writeString(blocked, "a file where the state directory's parent should be");
        Path state = blocked.resolve("state");
        GameRecord played;
        try (Journal j = Journal.open(state)) {
            GameSession s = open(j);
            play(s, "e4", "e5");
            assertThat(s.saveStatus().saved()).isFalse();
            assertThat(s.saveStatus().problem()).contains(state.toString());
            Files.delete(blocked);
            assertThat(j.retrySaving().saved()).isTrue();
            played = s.game();
        }
        try (Journal j = Journal.open(state)) {
            assertThat(GameRecord.replay(j.events())).isEqualTo(played);
        }
    }
}
