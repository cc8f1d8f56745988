package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.marelle.geometry.SquareSet;

/**
 * Random playouts (up to {@value #MAX_PLIES} plies, moves drawn with jqwik's seeded {@link Random}) from the standard
 * start, from random Chess960 starts and from the perft-suite positions. At every step:
 * <ul>
 * <li>FEN round trip: reading {@code fen()} back gives the same FEN, the same legal moves and the same zobrist;
 * <li>the SAN of every legal move reads back to that move, and so does its UCI;
 * <li>{@code occupancyAfter(m)} is the occupancy of {@code play(m)};
 * <li>{@code legalMovesFrom(squares)} is {@code legalMoves()} kept to the moves lifting from those squares;
 * <li>playing never changes the position played from (FEN and zobrist before = after).
 * </ul>
 * A failure message carries the FEN and the move, and jqwik prints the seed to replay it.
 */
class PositionPropertiesTest {

    static final int MAX_PLIES = 150;

    @Property(tries = 100)
    void playoutsFromTheStandardStart(@ForAll Random random) {
        playout(Position.start(Variant.STANDARD), random);
    }

    @Property(tries = 100)
    void playoutsFromChess960Starts(@ForAll @IntRange(min = 0, max = 959) int scharnagl, @ForAll Random random) {
        playout(Variant.CHESS960.chess960Position(scharnagl), random);
    }

    @Property(tries = 100)
    void playoutsFromStandardSuitePositions(@ForAll("standardSuiteFens") String fen, @ForAll Random random) {
        playout(Position.fromFen(Variant.STANDARD, fen), random);
    }

    @Property(tries = 100)
    void playoutsFromChess960SuitePositions(@ForAll("chess960SuiteFens") String fen, @ForAll Random random) {
        playout(Position.fromFen(Variant.CHESS960, fen), random);
    }

    @Provide
    Arbitrary<String> standardSuiteFens() {
        return Arbitraries.of(PerftSuitesTest.standardCases().map(RulesTestData.PerftCase::fen).toList());
    }

    @Provide
    Arbitrary<String> chess960SuiteFens() {
        return Arbitraries.of(PerftSuitesTest.chess960Cases().map(RulesTestData.PerftCase::fen).toList());
    }

    static void playout(Position start, Random random) {
        Position p = start;
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            List<Move> moves = p.legalMoves();
            checkStep(p, moves);
            if (moves.isEmpty()) {
                return;
            }
            p = p.play(moves.get(random.nextInt(moves.size())));
        }
    }

    static void checkStep(Position p, List<Move> moves) {
        Variant v = p.variant();
        String fen = p.fen();
        long zobrist = p.zobrist();

        Position again = Position.fromFen(v, fen);
        assertThat(again.fen()).as("FEN round trip of %s", fen).isEqualTo(fen);
        assertThat(Set.copyOf(again.legalMoves())).as("legal moves after FEN round trip of %s", fen)
                .isEqualTo(Set.copyOf(moves));
        assertThat(again.zobrist()).as("zobrist after FEN round trip of %s", fen).isEqualTo(zobrist);
        if (v == Variant.CHESS960) {
            assertThat(Position.fromFen(v, p.shredderFen()).fen()).as("Shredder-FEN round trip of %s", fen).isEqualTo(fen);
        }
        assertThat(new HashSet<>(moves)).as("legal moves of %s are distinct", fen).hasSize(moves.size());
        assertThat(again).as("equals after FEN round trip of %s", fen).isEqualTo(p);

        // The moves lifting a piece from some squares (those of the zobrist's set bits), in legalMoves' order.
        SquareSet some = SquareSet.EMPTY;
        for (int sq = 0; sq < p.geometry().squareCount(); sq++) {
            if ((zobrist >>> (sq % 64) & 1) != 0) some = some.with(sq);
        }
        SquareSet from = some;
        List<Move> lifting = moves.stream().filter(m -> {
            Move b = m instanceof Move.Deferred d ? d.move() : m;
            return from.contains(b.from()) || b instanceof Move.Castle c && from.contains(c.rookFrom());
        }).toList();
        assertThat(p.legalMovesFrom(some)).as("legalMovesFrom(%s) in %s", some, fen).isEqualTo(lifting);

        for (Move m : moves) {
            String san = p.san(m);
            assertThat(p.parseSan(san)).as("parseSan(%s) in %s", san, fen).isEqualTo(m);
            String uci = p.uci(m);
            assertThat(p.parseUci(uci)).as("parseUci(%s) in %s", uci, fen).isEqualTo(m);
            assertThat(p.isLegal(m)).as("isLegal(%s) in %s", uci, fen).isTrue();

            Position after = p.play(m);
            assertThat(p.occupancyAfter(m)).as("occupancyAfter(%s) in %s", uci, fen).isEqualTo(after.occupancy());
            assertThat(san.endsWith("#")).as("SAN %s ends with # iff mate, in %s", san, fen).isEqualTo(after.isCheckmate());
            assertThat(san.endsWith("+")).as("SAN %s ends with + iff check but not mate, in %s", san, fen)
                    .isEqualTo(after.isCheck() && !after.isCheckmate());
            assertThat(after.turn()).as("turn after %s in %s", uci, fen).isEqualTo(p.turn().other());
        }
        assertThat(p.fen()).as("playing moves changed the position %s", fen).isEqualTo(fen);
        assertThat(p.zobrist()).as("playing moves changed the zobrist of %s", fen).isEqualTo(zobrist);
    }
}
