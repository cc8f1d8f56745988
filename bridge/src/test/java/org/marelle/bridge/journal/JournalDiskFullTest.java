package org.marelle.bridge.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Issue #14, 2: a full disk under the state directory. A real one: a 64 KiB tmpfs ({@link SmallDisk}), filled by
 * another file. The game goes on in memory, no append leaves part of a record behind, and everything is written once
 * space returns.
 */
class JournalDiskFullTest {

    @TempDir
    Path dir;

    private long now = Instant.parse("2025-03-01T14:30:22Z").toEpochMilli();
    private final InstantSource clock = () -> Instant.ofEpochMilli(now++);

    /** A tag value as long as a tag may be: a few of them fill the journal's last page of the disk. */
    private static final String LONG = "x".repeat(255);

    @Test
    void aRefusedAppendLeavesNoPartOfItsRecord() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"))) {
            Path f = disk.root().resolve("j");
            JournalFile.write(f, List.of("game".getBytes(StandardCharsets.UTF_8)));
            disk.fill();
            List<String> promised = new ArrayList<>(List.of("game"));
            try (JournalFile j = JournalFile.openForAppend(f, Files.size(f))) {
                for (int i = 0; i < 100; i++) {
                    String r = "tag\t" + i + "\t" + LONG;
                    try {
                        j.append(r.getBytes(StandardCharsets.UTF_8));
                        promised.add(r);
                    } catch (IOException full) {
                        break;
                    }
                }
                assertThat(promised.size()).as("the disk filled up").isLessThan(101);
                JournalFile.Contents c = JournalFile.read(f);
                assertThat(c.droppedBytes()).as("bytes of the refused record left in the file").isZero();
                disk.free();
                j.append("after".getBytes(StandardCharsets.UTF_8));
                promised.add("after");
            }
            JournalFile.Contents c = JournalFile.read(f);
            assertThat(c.records().stream().map(b -> new String(b, StandardCharsets.UTF_8))).containsExactlyElementsOf(promised);
            assertThat(c.damaged()).isFalse();
        }
    }

    @Test
    void onAFullDiskTheGameGoesOnInMemoryAndIsWrittenWhenSpaceReturns() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"))) {
            Path state = disk.root().resolve("state");
            GameRecord played;
            try (Journal j = Journal.open(state)) {
                GameSession s = GameSession.resume(j.events(), Position.start(Variant.STANDARD), Map.of(), j, clock,
                        ZoneOffset.UTC);
                play(s, "e4", "e5");
                disk.fill();
                // Tags until the journal's last page is full and the disk refuses the next record.
                Path current = state.resolve(Journal.CURRENT);
                for (int i = 0; i < 40; i++) {
                    long before = Files.size(current);
                    s.setTag("Annotator", i + LONG.substring(3));
                    if (Files.size(current) == before) break;
                }
                play(s, "Nf3", "Nc6", "Bb5");
                // Taken back while the disk is full: it must not come back.
                s.handle(new RecognitionEvent.TakenBack(now, List.of(s.game().moves().getLast()), s.game().position()));
                play(s, "Bc4", "Bc5");
                assertThat(s.game().sans()).containsExactly("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5");
                assertThat(JournalFile.read(current).droppedBytes()).as("a fragment of a refused record").isZero();
                disk.free();
                play(s, "c3");
                played = s.game();
            }
            try (Journal j = Journal.open(state)) {
                assertThat(GameRecord.replay(j.events())).isEqualTo(played);
            }
        }
    }

    @Test
    void theStatusChangesOnceEachWayAndSaysHowManyEventsWait() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"))) {
            Path state = disk.root().resolve("state");
            GameRecord played;
            List<Boolean> changes = new ArrayList<>();
            try (Journal j = Journal.open(state)) {
                j.onSaveStatusChange(status -> changes.add(status.saved()));
                GameSession s = GameSession.resume(j.events(), Position.start(Variant.STANDARD), Map.of(), j, clock,
                        ZoneOffset.UTC);
                play(s, "d4", "d5");
                fillUntilRefused(disk, s, state);
                play(s, "c4", "e6", "Nc3");
                assertThat(s.saveStatus().saved()).isFalse();
                assertThat(s.saveStatus().waiting()).isEqualTo(4);   // the refused tag and three moves
                assertThat(s.recordNote()).contains("not being saved", "4 events wait");
                assertThat(j.retrySaving().saved()).isFalse();
                disk.free();
                assertThat(j.retrySaving().saved()).isTrue();
                assertThat(s.recordNote()).isNull();
                played = s.game();
            }
            assertThat(changes).as("one change to not saved, one back").containsExactly(false, true);
            try (Journal j = Journal.open(state)) {
                assertThat(j.recovery().repaired()).isFalse();
                assertThat(GameRecord.replay(j.events())).isEqualTo(played);
            }
        }
    }

    @Test
    void aNewGameStartedOnAFullDiskIsWrittenWithTheFinishedGameArchivedWhenSpaceReturns() throws Exception {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("disk"))) {
            Path state = disk.root().resolve("state");
            GameRecord first;
            GameRecord second;
            try (Journal j = Journal.open(state)) {
                GameSession s = GameSession.resume(j.events(), Position.start(Variant.STANDARD), Map.of(), j, clock,
                        ZoneOffset.UTC);
                play(s, "e4", "e5");
                fillUntilRefused(disk, s, state);
                play(s, "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#");
                first = s.game();
                now += 60_000;
                s.newGame(Position.start(Variant.STANDARD));
                play(s, "c4");
                second = s.game();
                disk.free();
                assertThat(j.retrySaving().saved()).isTrue();
            }
            assertThat(state.resolve(Journal.ARCHIVE).resolve(first.gameId() + ".pgn")).content()
                    .contains("4. Qxf7# 1-0");
            try (Journal j = Journal.open(state)) {
                assertThat(GameRecord.replay(j.events())).isEqualTo(second);
            }
        }
    }

    /** Fills the disk, then sets tags until the journal's last page is full too and the disk refuses a record. */
    private static void fillUntilRefused(SmallDisk disk, GameSession s, Path state) throws IOException {
        disk.fill();
        for (int i = 0; i < 40 && s.saveStatus().saved(); i++) s.setTag("Annotator", i + LONG.substring(3));
        assertThat(s.saveStatus().saved()).as("the disk refused a record").isFalse();
    }

    private static void play(GameSession s, String... sans) {
        for (String san : sans) s.play(s.game().position().parseSan(san));
    }
}
