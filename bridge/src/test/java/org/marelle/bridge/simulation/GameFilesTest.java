package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSON Lines game files (as Fairy-Stockfish self-play writes them): each bad line is skipped with its place named. */
class GameFilesTest {

    @Test
    void readsGamesAndNamesWhatIsWrongWithEachBadLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("games.jsonl");
        Files.writeString(file, """
                {"variant": "chess", "moves_uci": "e2e4 e7e5 g1f3"}
                {"variant": "chess", "moves_uci": "e2e4 e7e5"

                {"variant": 7, "moves_uci": "e2e4"}
                {"moves_uci": "e2e5"}
                {"start_fen": "8/8/8/8/8/8/8/K6k w - - 0 1", "moves_uci": "a1a2"}
                """);
        GameFiles.Contents c = GameFiles.read(file);
        assertThat(c.games()).extracting(g -> g.moves().size()).containsExactly(3, 1);
        assertThat(c.games()).extracting(GameFiles.Game::number).containsExactly(1, 5);
        assertThat(c.skipped()).extracting(GameFiles.Skipped::number).containsExactly(2, 3, 4);
        assertThat(c.skipped().get(0).reason()).startsWith("line 2: column ");
        assertThat(c.skipped().get(1).reason()).isEqualTo("line 4: \"variant\" must be a string, not 7");
        assertThat(c.skipped().get(2).reason()).startsWith("line 5: ").contains("e2e5");
    }
}
