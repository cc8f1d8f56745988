package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.pgn.PgnGame;

/**
 * The real games of the test resources (about 6,300, see {@link RealGames}), written in every notation and read
 * back: the same moves.
 *
 * <p>Every move of every game is round-tripped in all thirteen notations.
 */
class RoundTripTest {

    static Stream<String> files() {
        List<String> files = RealGames.files();
        assertThat(files).as("real games under src/test/resources/pgn").isNotEmpty();
        return files.stream();
    }

    static final List<MoveNotation> ALL = Notations.names().stream().map(Notations::byName).toList();

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyGameInEveryNotation(String file) {
        List<PgnGame> games = RealGames.games(file);
        assertThat(games).isNotEmpty();
        long checked = 0;
        for (int g = 0; g < games.size(); g++) {
            PgnGame game = games.get(g);
            Position p = game.initial();
            int ply = 0;
            for (Move m : game.mainline()) {
                for (MoveNotation n : ALL) {
                    roundTrip(file, game, ply, p, m, n);
                }
                checked++;
                p = p.play(m);
                ply++;
            }
        }
        assertThat(checked).isPositive();
    }

    static void roundTrip(String file, PgnGame game, int ply, Position p, Move m, MoveNotation n) {
        String text = n.write(p, m);
        Move back;
        try {
            back = n.read(p, text);
        } catch (IllegalArgumentException e) {
            throw new AssertionError(where(file, game, ply, n, text) + ": " + e.getMessage(), e);
        }
        if (!back.equals(m)) {
            throw new AssertionError(where(file, game, ply, n, text) + " read back as " + p.uci(back) + ", not "
                    + p.uci(m));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void gamesAsNumberedMoveText(String file) {
        List<PgnGame> games = RealGames.games(file);
        List<PgnGame> sample = new ArrayList<>();
        for (int i = 0; i < games.size(); i += Math.max(1, games.size() / 6)) {
            sample.add(games.get(i));
        }
        for (PgnGame game : sample) {
            for (MoveNotation n : ALL) {
                String text = MoveText.write(game.initial(), game.mainline(), n, game.result(), Set.of());
                MoveText.Read read = MoveText.read(game.initial(), text, n);
                assertThat(read.moves()).as("%s, %s - %s in %s:%n%s", file, game.tags().get("White"),
                        game.tags().get("Black"), n.name(), text).isEqualTo(game.mainline());
                assertThat(read.result()).isEqualTo(game.result().equals("*") ? "*" : game.result());
                assertThat(text.lines()).allSatisfy(line -> assertThat(line).hasSizeLessThanOrEqualTo(MoveText.LINE_WIDTH));
            }
        }
    }

    @Test
    void theRealGamesHaveTheRareMoves() {
        // The round trips above are only worth something if the games contain what notations stumble on.
        boolean enPassant = false, underPromotion = false, queenSide = false, chess960 = false;
        for (String file : RealGames.files()) {
            for (PgnGame game : RealGames.games(file)) {
                chess960 |= game.initial().variant().name().equals("chess960");
                for (Move m : game.mainline()) {
                    enPassant |= m instanceof Move.EnPassant;
                    underPromotion |= m instanceof Move.Promotion pr && !pr.promotion().name().equals("queen");
                    queenSide |= m instanceof Move.Castle c && c.rookFrom() < c.from();
                }
            }
        }
        assertThat(List.of(enPassant, underPromotion, queenSide, chess960)).containsOnly(true);
    }

    private static String where(String file, PgnGame game, int ply, MoveNotation n, String text) {
        return file + " " + game.tags().getOrDefault("White", "?") + " - " + game.tags().getOrDefault("Black", "?")
                + " ply " + (ply + 1) + ": " + n.name() + " '" + text + "'";
    }
}
