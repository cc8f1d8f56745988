package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.rules.Variant;

/**
 * Real games played through the human-play simulator and the real recognizer, under the profiles the recognizer
 * passes with two seeds each: every ply committed as played, none wrong, missed or spurious. The normal run plays a subset; the
 * {@code slow} tag (run with {@code -Pslow}) plays every game of every file.
 */
class SimulatedGamesTest {

    private static final long[] SEEDS = {1, 2};

    /**
     * The profiles the recognizer passes today. {@code hall} and {@code swap} (Hall dropouts, one-handed captures
     * seen empty for less than a proof) are measured with {@code marelle simulate} until the recognizer handles them.
     */
    private static final List<Profile> PROFILES =
            List.of(Profile.CLEAN, Profile.HUMAN, Profile.NOISY, Profile.BLITZ, Profile.REED, Profile.DRAG);

    /** Plays the games under every profile and seed, in parallel; returns the problems found. */
    private static List<String> play(List<GameFiles.Game> games) throws Exception {
        RecognizerConfig config = RecognizerConfig.defaults();
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            List<Future<String>> results = new ArrayList<>();
            for (Profile profile : PROFILES) {
                for (long seed : SEEDS) {
                    for (GameFiles.Game g : games) {
                        long gameSeed = seed * 1_000_003L + g.number();
                        results.add(pool.submit(() -> {
                            GameCheck.Result r = GameCheck.run(g.initial(), g.moves(), profile, gameSeed, config);
                            return r.ok() ? null : profile + " seed " + seed + ", " + g.source() + " game " + g.number()
                                    + ": " + r.problem();
                        }));
                    }
                }
            }
            List<String> problems = new ArrayList<>();
            for (Future<String> f : results) {
                String p = f.get();
                if (p != null) problems.add(p);
            }
            return problems;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSubsetOfTheRealGamesUnderEveryProfile() throws Exception {
        List<GameFiles.Game> games = new ArrayList<>(TestGames.read("chessjs_benchmark.pgn.gz", 100));
        for (String file : TestGames.REAL) {
            if (!file.equals("chessjs_benchmark.pgn.gz")) games.addAll(TestGames.read(file, 12));
        }
        assertThat(play(games)).isEmpty();
    }

    @Test
    void chess960GamesUnderEveryProfile() throws Exception {
        List<GameFiles.Game> games = new ArrayList<>(TestGames.read("python-chess_cutechess-fischerrandom.pgn", 10));
        for (long seed = 1; seed <= 12; seed++) games.add(TestGames.random(Variant.CHESS960, seed, 80));
        assertThat(play(games)).isEmpty();
    }

    @Test
    void courierGamesUnderEveryProfile() throws Exception {
        List<GameFiles.Game> games = new ArrayList<>(TestGames.read("fsf11_courier_selfplay_games.jsonl.gz", 12));
        for (long seed = 1; seed <= 6; seed++) games.add(TestGames.random(Variant.COURIER, seed, 80));
        assertThat(play(games)).isEmpty();
    }

    @Test
    @Tag("slow")
    void everyRealGameUnderEveryProfile() throws Exception {
        List<GameFiles.Game> games = new ArrayList<>();
        for (String file : TestGames.REAL) games.addAll(TestGames.read(file, Integer.MAX_VALUE));
        assertThat(games).hasSizeGreaterThan(6_000);
        assertThat(play(games)).isEmpty();
    }

    @Test
    @Tag("slow")
    void manyRandomChess960AndCourierGamesUnderEveryProfile() throws Exception {
        List<GameFiles.Game> games = new ArrayList<>();
        for (long seed = 1; seed <= 200; seed++) {
            games.add(TestGames.random(Variant.CHESS960, seed, 120));
            games.add(TestGames.random(Variant.COURIER, seed, 120));
            games.add(TestGames.random(Variant.STANDARD, seed, 120));
        }
        assertThat(play(games)).isEmpty();
    }
}
