package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/** Asserts that a PGN file Marelle wrote holds the source game: same moves, same tags, same result. */
final class SameGame {

    /** Tags that describe the position; compared through the initial position instead (Variant spellings differ). */
    private static final Set<String> POSITION_TAGS = Set.of("FEN", "SetUp", "Variant");

    private SameGame() {
    }

    static PgnGame readOnly(Path file) throws IOException {
        List<PgnReader.Entry> entries = PgnReader.readAll(Files.readString(file));
        assertThat(entries).as(file.toString()).hasSize(1);
        assertThat(entries.get(0)).as(file.toString()).isInstanceOf(PgnReader.Parsed.class);
        return ((PgnReader.Parsed) entries.get(0)).game();
    }

    static void assertSame(PgnGame written, PgnGame source) {
        assertThat(written.mainline()).as("moves").isEqualTo(source.mainline());
        assertThat(written.result()).as("result").isEqualTo(source.result());
        assertThat(written.initial().fen()).as("initial position").isEqualTo(source.initial().fen());
        assertThat(written.initial().variant()).as("variant").isEqualTo(source.initial().variant());
        // Every tag the source says something with, as it says it (a value's stray spaces aside); not the source's
        // PlyCount, which counted the source's plies, not the record's.
        for (Map.Entry<String, String> t : source.tags().entrySet()) {
            if (POSITION_TAGS.contains(t.getKey()) || t.getKey().equals("PlyCount") || t.getValue().isBlank()) continue;
            assertThat(written.tags()).as("tag " + t.getKey()).containsEntry(t.getKey(), t.getValue().strip());
        }
        for (Map.Entry<String, String> t : written.tags().entrySet()) {
            if (source.tags().containsKey(t.getKey()) || POSITION_TAGS.contains(t.getKey())) continue;
            assertThat(TestGames.ROSTER_PLACEHOLDERS).as("extra tag " + t.getKey()).containsEntry(t.getKey(), t.getValue());
        }
    }
}
