package org.marelle.bridge.maker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.marelle.board.SensorMapping;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;

class SensorTableWriterTest {

    private static final SensorMapping SWAPPED = SensorMapping.table(8, 8, swapped());

    private static int[] swapped() {
        int[] t = new int[64];
        for (int i = 0; i < 64; i++) t[i] = i;
        t[0] = 1;
        t[1] = 0;
        return t;
    }

    @Test
    void replacesTheSensorsEntryAndKeepsEverythingElse() throws Exception {
        String yaml = """
                # my board
                board:
                  variant: standard
                  driver:
                    type: simulated
                  sensors:
                    # wired from h8
                    rotation: 180
                  debounceScans: 1   # keep

                recognition:
                  mode: casual
                """;
        String out = SensorTableWriter.withTable(yaml, SWAPPED);
        assertThat(out).startsWith("# my board\nboard:\n  variant: standard\n  driver:\n    type: simulated\n  sensors:\n")
                .contains("    table: |\n      b1 a1 c1 d1 e1 f1 g1 h1\n", "  debounceScans: 1   # keep\n\nrecognition:\n  mode: casual\n")
                .doesNotContain("rotation", "wired from h8");
        MarelleConfig c = ConfigLoader.parse(out, "test");
        assertThat(SensorMapping.parse(8, 8, c.board().sensors().table())).isEqualTo(SWAPPED);
    }

    @Test
    void addsTheEntryAtTheEndOfTheBoardSectionWhenThereIsNone() throws Exception {
        String yaml = "board:\n    driver: {type: simulated}\n\n# the rules\nrecognition:\n    mode: casual\n";
        String out = SensorTableWriter.withTable(yaml, SWAPPED);
        assertThat(out).startsWith("board:\n    driver: {type: simulated}\n    sensors:\n")
                .endsWith("\n\n# the rules\nrecognition:\n    mode: casual\n");
        MarelleConfig c = ConfigLoader.parse(out, "test");
        assertThat(SensorMapping.parse(8, 8, c.board().sensors().table())).isEqualTo(SWAPPED);
    }

    @Test
    void replacesAOneLineEntryAndWritesAgainOverItsOwnTable() throws Exception {
        String yaml = "board:\n  sensors: {rotation: 90, mirrored: true}\n  driver: {type: simulated}\n";
        String once = SensorTableWriter.withTable(yaml, SensorMapping.identity(8, 8));
        String twice = SensorTableWriter.withTable(once, SWAPPED);
        assertThat(twice).doesNotContain("rotation").endsWith("  driver: {type: simulated}\n");
        assertThat(SensorMapping.parse(8, 8, ConfigLoader.parse(twice, "test").board().sensors().table())).isEqualTo(SWAPPED);
    }

    @Test
    void aFileWithoutABoardSectionIsRefused() {
        assertThatThrownBy(() -> SensorTableWriter.withTable("recognition:\n  mode: casual\n", SWAPPED))
                .hasMessageContaining("no top-level 'board:'");
    }
}
