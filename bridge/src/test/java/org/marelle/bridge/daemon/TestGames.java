package org.marelle.bridge.daemon;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/** The real games the daemon tests play (see src/test/resources/daemon/PROVENANCE.md), and the bundled demo game. */
final class TestGames {

    static final String REAL_GAMES = "/daemon/real-games.pgn";
    static final String DEMO_GAME = "/org/marelle/bridge/demo/morphy-opera-1858.pgn";

    private TestGames() {
    }

    static List<PgnGame> read(String resource) {
        try (InputStream in = TestGames.class.getResourceAsStream(resource);
             Reader r = PgnReader.decode(in);
             PgnReader games = new PgnReader(r, resource)) {
            List<PgnGame> out = new ArrayList<>();
            while (games.hasNext()) out.add(((PgnReader.Parsed) games.next()).game());
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PgnGame demo() {
        return read(DEMO_GAME).get(0);
    }

    /** The seven-tag roster as PgnWriter fills in missing tags. */
    static final Map<String, String> ROSTER_PLACEHOLDERS = Map.of("Event", "?", "Site", "?", "Date", "????.??.??",
            "Round", "?", "White", "?", "Black", "?");
}
