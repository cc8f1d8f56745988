package org.marelle.bridge.simulation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The games the simulation tests play: the copied real games, and seeded random legal games. */
final class TestGames {

    /** The real game files copied into the test resources (see {@code recognition/PROVENANCE.md}). */
    static final List<String> REAL = List.of(
            "chessjs_benchmark.pgn.gz",
            "lichess-org-database_2016-05_sample.pgn.gz",
            "pgn-parser_lichess_mliebelt_2024-01-03.pgn.gz",
            "chesslib_Morphy_UTF8.pgn.gz",
            "chesslib_cup_ECC2018.pgn.gz",
            "chesslib_finalmast11.pgn.gz",
            "chesslib_linares_2002.pgn.gz",
            "pgn-parser_twic-01-232games.pgn.gz");

    private TestGames() {
    }

    static Path resource(String name) {
        try {
            return Path.of(TestGames.class.getResource("/recognition/games/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The games of a resource file; the first {@code limit} only. */
    static List<GameFiles.Game> read(String name, int limit) {
        try {
            GameFiles.Contents c = GameFiles.read(resource(name));
            if (!c.skipped().isEmpty()) throw new IllegalStateException("unreadable games in " + name + ": " + c.skipped());
            return c.games().subList(0, Math.min(limit, c.games().size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A random legal game of {@code plies} plies at most, from the variant's start (Chess960: a random array).
     * Castling and promotions are taken whenever legal, one time in two, so that they happen often.
     */
    static GameFiles.Game random(Variant variant, long seed, int plies) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position start = variant == Variant.CHESS960 ? variant.chess960Position(rnd.nextInt(960)) : variant.startPosition();
        List<Move> moves = new ArrayList<>();
        Position p = start;
        for (int ply = 0; ply < plies && p.outcome().isEmpty(); ply++) {
            List<Move> legal = p.legalMoves();
            Move m = null;
            for (Move x : legal) {
                if (x instanceof Move.Castle && rnd.nextInt(2) == 0) m = x;
            }
            for (Move x : legal) {
                if ((x instanceof Move.Promotion || x instanceof Move.Deferred) && rnd.nextInt(2) == 0) m = x;
            }
            if (m == null) m = legal.get(rnd.nextInt(legal.size()));
            moves.add(m);
            p = p.play(m);
        }
        return new GameFiles.Game("random " + variant.name() + " seed " + seed, (int) seed, start, moves);
    }

    static boolean exists(String name) {
        try (InputStream in = TestGames.class.getResourceAsStream("/recognition/games/" + name)) {
            return in != null && Files.exists(resource(name));
        } catch (IOException e) {
            return false;
        }
    }
}
