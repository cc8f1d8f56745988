package org.marelle.bridge.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalFileTest {

    @TempDir
    Path dir;

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> strings(JournalFile.Contents c) {
        return c.records().stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList();
    }

    private Path journalOf(String... records) throws IOException {
        Path f = dir.resolve("j-" + System.nanoTime());
        JournalFile.write(f, Arrays.stream(records).map(JournalFileTest::text).toList());
        return f;
    }

    @Test
    void recordsReadBackInOrder() throws IOException {
        Path f = journalOf("game\t1", "move\t2");
        try (JournalFile j = JournalFile.openForAppend(f, Files.size(f))) {
            j.append(text("move\t3"));
        }
        JournalFile.Contents c = JournalFile.read(f);
        assertThat(strings(c)).containsExactly("game\t1", "move\t2", "move\t3");
        assertThat(c.droppedBytes()).isZero();
        assertThat(c.damaged()).isFalse();
    }

    /** A power cut can stop an append after any byte: every cut must read as the records that were complete. */
    @Test
    void aCutAtEveryByteKeepsTheWholeRecordsAndAppendsCleanlyAfter() throws IOException {
        Path full = journalOf("game\tA", "move\t1\te2e4", "move\t2\te7e5", "result\t1-0");
        byte[] bytes = Files.readAllBytes(full);
        List<Integer> ends = new ArrayList<>();
        int at = JournalFile.HEADER.length;
        ends.add(at);
        for (String r : List.of("game\tA", "move\t1\te2e4", "move\t2\te7e5", "result\t1-0")) {
            at += JournalFile.FRAME + text(r).length;
            ends.add(at);
        }
        for (int cut = 0; cut <= bytes.length; cut++) {
            Path f = dir.resolve("cut-" + cut);
            Files.write(f, Arrays.copyOf(bytes, cut));
            JournalFile.Contents c = JournalFile.read(f);
            int whole = 0;
            while (whole + 1 < ends.size() && ends.get(whole + 1) <= cut) whole++;
            assertThat(c.records()).as("cut at %d", cut).hasSize(whole);
            assertThat(c.damaged()).as("cut at %d", cut).isFalse();
            try (JournalFile j = JournalFile.openForAppend(f, c.validLength())) {
                j.append(text("after"));
            }
            List<String> again = strings(JournalFile.read(f));
            assertThat(again).as("cut at %d", cut).hasSize(whole + 1).last().isEqualTo("after");
        }
    }

    @Test
    void aTailOfZerosIsATornRecordNotDamage() throws IOException {
        Path f = journalOf("game\tA", "move\t1");
        Files.write(f, new byte[4096], java.nio.file.StandardOpenOption.APPEND);
        JournalFile.Contents c = JournalFile.read(f);
        assertThat(c.records()).hasSize(2);
        assertThat(c.droppedBytes()).isEqualTo(4096);
        assertThat(c.damaged()).isFalse();
    }

    /** Damage in the middle loses only the damaged record: reading finds the next intact frame and goes on. */
    @Test
    void aBadRecordFollowedByGoodOnesIsReportedAsDamageAndTheGoodOnesAreRead() throws IOException {
        Path f = journalOf("game\tA", "move\t1", "move\t2", "move\t3");
        byte[] bytes = Files.readAllBytes(f);
        int second = JournalFile.HEADER.length + JournalFile.FRAME + 6 + JournalFile.FRAME + 2;   // inside "move\t1"
        bytes[second] ^= 0x20;
        Files.write(f, bytes);
        JournalFile.Contents c = JournalFile.read(f);
        assertThat(strings(c)).containsExactly("game\tA", "move\t2", "move\t3");
        assertThat(c.frames()).extracting(JournalFile.Frame::sequence).containsExactly(1L, 3L, 4L);
        assertThat(c.damage()).containsExactly(new JournalFile.Stretch(JournalFile.HEADER.length + JournalFile.FRAME + 6,
                JournalFile.FRAME + 6));
        assertThat(c.damaged()).isTrue();
        assertThat(c.droppedBytes()).isZero();
    }

    @Test
    void aDamagedHeaderStillGivesItsRecords() throws IOException {
        Path f = journalOf("game\tA", "move\t1");
        byte[] bytes = Files.readAllBytes(f);
        bytes[0] = 'X';
        Files.write(f, bytes);
        JournalFile.Contents c = JournalFile.read(f);
        assertThat(strings(c)).containsExactly("game\tA", "move\t1");
        assertThat(c.headerDamaged()).isTrue();
    }

    @Test
    void aVersion1JournalIsStillReadAndAppendedToInItsOwnFraming() throws IOException {
        Path f = dir.resolve("v1");
        try (var out = Files.newOutputStream(f)) {
            out.write(JournalFile.HEADER_V1);
            for (String r : List.of("game\tA", "move\t1")) out.write(JournalFile.frame(text(r), 0, 1));
        }
        try (JournalFile j = JournalFile.openForAppend(f, Files.size(f))) {
            j.append(text("move\t2"));
        }
        JournalFile.Contents c = JournalFile.read(f);
        assertThat(c.version()).isEqualTo(1);
        assertThat(strings(c)).containsExactly("game\tA", "move\t1", "move\t2");
        assertThat(c.frames()).extracting(JournalFile.Frame::sequence).containsExactly(1L, 2L, 3L);
    }

    @Test
    void aFileThatIsNotAJournalIsRefusedByName() throws IOException {
        Path f = dir.resolve("notes.txt");
        Files.writeString(f, "shopping list: milk, eggs\n");
        assertThatThrownBy(() -> JournalFile.read(f)).isInstanceOf(JournalException.class)
                .hasMessageContaining("notes.txt is not a Marelle journal");
    }

    @Test
    void aHeaderCutShortIsAnEmptyJournal() throws IOException {
        Path f = dir.resolve("short");
        Files.write(f, Arrays.copyOf(JournalFile.HEADER, 5));
        JournalFile.Contents c = JournalFile.read(f);
        assertThat(c.records()).isEmpty();
        try (JournalFile j = JournalFile.openForAppend(f, c.validLength())) {
            j.append(text("x"));
        }
        assertThat(strings(JournalFile.read(f))).containsExactly("x");
    }
}
