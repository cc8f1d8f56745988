package org.marelle.bridge.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.Occupancy;

/**
 * The first four profiles give exactly the frames they gave before the simulator had two layers (hands, sensors
 * through the daemon's debouncer), so that earlier results stay reproducible. The expected sizes and hashes were
 * computed with the single-layer simulator (commit 9bb7e1c) for the first six games of the chess.js benchmark.
 */
class LegacyFramesTest {

    private static final Object[][] EXPECTED = {
            {"clean", 1, 1, 56, -2788245379267230345L},
            {"clean", 1, 2, 84, -2123975800093107561L},
            {"clean", 1, 3, 47, 6628137217347844918L},
            {"clean", 1, 4, 213, -1959794264866892531L},
            {"clean", 1, 5, 105, 4295310605214761840L},
            {"clean", 1, 6, 149, 466467919727085435L},
            {"clean", 7, 1, 56, -2788245379267230345L},
            {"clean", 7, 2, 84, -2123975800093107561L},
            {"clean", 7, 3, 47, 6628137217347844918L},
            {"clean", 7, 4, 213, -1959794264866892531L},
            {"clean", 7, 5, 105, 4295310605214761840L},
            {"clean", 7, 6, 149, 466467919727085435L},
            {"human", 1, 1, 78, -5219712562554411229L},
            {"human", 1, 2, 115, -7545708588172985788L},
            {"human", 1, 3, 66, 3691490471203021157L},
            {"human", 1, 4, 262, 1726635836912227691L},
            {"human", 1, 5, 139, 7863630849743559335L},
            {"human", 1, 6, 188, 3484486417177456667L},
            {"human", 7, 1, 70, -5958375974180524790L},
            {"human", 7, 2, 109, -9015350225884518541L},
            {"human", 7, 3, 56, -7397395930097863530L},
            {"human", 7, 4, 257, 4390485833869255223L},
            {"human", 7, 5, 134, 5696192005139596782L},
            {"human", 7, 6, 190, 1960771167821780030L},
            {"noisy", 1, 1, 124, -2736738851959513416L},
            {"noisy", 1, 2, 199, 8961081800419719185L},
            {"noisy", 1, 3, 107, -7186321564958847223L},
            {"noisy", 1, 4, 468, -2369808824168249368L},
            {"noisy", 1, 5, 231, 6528206824482952284L},
            {"noisy", 1, 6, 326, 7067774368001325951L},
            {"noisy", 7, 1, 125, 3390440382922570286L},
            {"noisy", 7, 2, 169, -3992829054533678006L},
            {"noisy", 7, 3, 101, -5916245835152262685L},
            {"noisy", 7, 4, 464, 7034625643433624011L},
            {"noisy", 7, 5, 231, -1122748310068456351L},
            {"noisy", 7, 6, 334, -909588330932787167L},
            {"blitz", 1, 1, 80, 3718023254236130094L},
            {"blitz", 1, 2, 118, -3171799182221175310L},
            {"blitz", 1, 3, 63, 3359714329155492480L},
            {"blitz", 1, 4, 264, -1934809503130045908L},
            {"blitz", 1, 5, 124, 5487262737922514629L},
            {"blitz", 1, 6, 183, 3330691406857743944L},
            {"blitz", 7, 1, 74, -899689296226348562L},
            {"blitz", 7, 2, 113, -9036089725157946030L},
            {"blitz", 7, 3, 60, -8340248429538246743L},
            {"blitz", 7, 4, 277, -6213473925220427834L},
            {"blitz", 7, 5, 121, -1308379891675999412L},
            {"blitz", 7, 6, 196, -4213755327251547778L},
    };

    static long hash(List<Occupancy> frames) {
        long h = 1125899906842597L;
        for (Occupancy f : frames) {
            h = 31 * h + f.squares().word(0);
            h = 31 * h + f.squares().word(1);
            h = 31 * h + f.atMillis();
        }
        return h;
    }

    @Test
    void theOldProfilesGiveTheFramesTheyAlwaysGave() {
        List<GameFiles.Game> games = TestGames.read("chessjs_benchmark.pgn.gz", 6);
        for (Object[] e : EXPECTED) {
            Profile p = Profile.byName((String) e[0]);
            long seed = ((Number) e[1]).longValue();
            GameFiles.Game g = games.get((Integer) e[2] - 1);
            List<Occupancy> f = HumanPlaySimulator.frames(g.initial(), g.moves(), p, seed * 1_000_003L + g.number());
            assertThat(f.size()).as(p + " seed " + seed + " game " + g.number()).isEqualTo(e[3]);
            assertThat(hash(f)).as(p + " seed " + seed + " game " + g.number()).isEqualTo(e[4]);
        }
    }
}
