package org.marelle.rules.notation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * The real games of the test resources (src/test/resources/pgn/{lichess,otb,chess960}, see PROVENANCE.md there),
 * gunzipping stored ".pgn.gz" files; the syntax edge cases are left out (they are about PGN, not moves).
 */
final class RealGames {

    static final List<String> DIRECTORIES = List.of("lichess", "otb", "chess960");

    private RealGames() {
    }

    /** The PGN resources, names relative to pgn/, sorted. */
    static List<String> files() {
        List<String> out = new ArrayList<>();
        for (String dir : DIRECTORIES) {
            URL url = RealGames.class.getResource("/pgn/" + dir);
            if (url == null) {
                continue;
            }
            try (Stream<Path> s = Files.list(Path.of(url.toURI()))) {
                s.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".pgn") || n.endsWith(".pgn.gz"))
                        .map(n -> dir + "/" + n)
                        .forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        out.sort(null);
        return out;
    }

    private static final Map<String, List<PgnGame>> CACHE = new ConcurrentHashMap<>();

    /** The games of one resource that read and replay (the PGN tests deal with the others), read once. */
    static List<PgnGame> games(String name) {
        return CACHE.computeIfAbsent(name, RealGames::read);
    }

    private static List<PgnGame> read(String name) {
        try {
            InputStream in = RealGames.class.getResourceAsStream("/pgn/" + name);
            if (in == null) {
                throw new IllegalArgumentException("no test resource /pgn/" + name);
            }
            if (name.endsWith(".gz")) {
                in = new GZIPInputStream(in, 1 << 16);
            }
            List<PgnGame> games = new ArrayList<>();
            try (PgnReader r = new PgnReader(PgnReader.decode(in), name)) {
                r.forEachRemaining(e -> {
                    if (e instanceof PgnReader.Parsed p) {
                        games.add(p.game());
                    }
                });
            }
            return games;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
