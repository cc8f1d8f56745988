package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * sunfish's engine test positions (rules/sunfish_*.fen), turned into rules facts.
 *
 * <p>sunfish's tester runs {@code mate} on mateN.fen (the engine must find a forced mate) and {@code draw} on
 * stalemateN.fen (the engine must score the position 0). Reading of the names, checked against the data:
 * <ul>
 * <li>mateN: White or Black (side to move) mates by force in at most N moves. Every position loads, the game goes
 * on, and a small solver confirms the forced mate: mate1 to mate3 in the normal run (about 3 s), mate4
 * {@code slow} (about a minute).
 * <li>stalemate0: the side to move is stalemated now (all 4 rows checked by hand: e.g. 7k/7P/6K1 b).
 * <li>stalemate1: the side to move, worse off, can steer into a stalemate of itself: it has a move after which the
 * opponent has a reply that stalemates it (e.g. 4K1kb/6bp/3q1qP1 w: gxh7+ Kxh7 and White has no move; here the reply
 * is even forced). The game goes on now.
 * <li>stalemate2 ("stalemate in 2+"): drawn endgames (mostly king and pawn against king) that the engine must see
 * as draws. A search shows the side to move can be stalemated within 4 plies in only 5 of the 130 rows, so the rules
 * facts are: every row loads, line 1 (KRRBBQQQ/PPPPPPPP/... w, every white piece boxed in) is already stalemate,
 * and in the other 129 the game goes on.
 * </ul>
 * The sunfish mate2 file writes the fullmove number as 0 ("1 0"); such FENs must still load.
 */
class MateAndStalemateTest {

    static Stream<RulesTestData.Line> fens(String file) {
        return RulesTestData.fenLines("rules/" + file).stream();
    }

    static Stream<RulesTestData.Line> mate1() {
        return fens("sunfish_mate1.fen");
    }

    static Stream<RulesTestData.Line> mate2() {
        return fens("sunfish_mate2.fen");
    }

    static Stream<RulesTestData.Line> mate3() {
        return fens("sunfish_mate3.fen");
    }

    static Stream<RulesTestData.Line> mate4() {
        return fens("sunfish_mate4.fen");
    }

    static Stream<RulesTestData.Line> allMates() {
        return Stream.of(mate1(), mate2(), mate3(), mate4()).flatMap(s -> s);
    }

    static Stream<RulesTestData.Line> stalemate0() {
        return fens("sunfish_stalemate0.fen");
    }

    static Stream<RulesTestData.Line> stalemate1() {
        return fens("sunfish_stalemate1.fen");
    }

    static Stream<RulesTestData.Line> stalemate2() {
        return fens("sunfish_stalemate2.fen");
    }

    static void assertGameGoesOn(Position p, String fen) {
        assertThat(p.isCheckmate()).as("isCheckmate of %s", fen).isFalse();
        assertThat(p.isStalemate()).as("isStalemate of %s", fen).isFalse();
        assertThat(p.legalMoves()).as("legal moves of %s", fen).isNotEmpty();
        assertThat(p.outcome()).as("outcome of %s", fen).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allMates")
    void matePositionsLoadAndGoOn(RulesTestData.Line line) {
        assertGameGoesOn(Position.fromFen(line.text()), line.text());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mate1")
    void mateInOne(RulesTestData.Line line) {
        Position p = Position.fromFen(line.text());
        List<Move> mates = p.legalMoves().stream().filter(m -> p.play(m).isCheckmate()).toList();
        assertThat(mates).as("mating moves in %s", line.text()).isNotEmpty();
        for (Move m : mates) {
            Position after = p.play(m);
            assertThat(p.san(m)).as("SAN of mate %s in %s", p.uci(m), line.text()).endsWith("#");
            assertThat(after.outcome()).as("outcome after %s", p.uci(m))
                    .contains(new Outcome(Termination.CHECKMATE, p.turn()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mate2")
    void mateInTwo(RulesTestData.Line line) {
        assertThat(matesWithin(Position.fromFen(line.text()), 2)).as("forced mate in <= 2 in %s", line.text()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mate3")
    void mateInThree(RulesTestData.Line line) {
        assertThat(matesWithin(Position.fromFen(line.text()), 3)).as("forced mate in <= 3 in %s", line.text()).isTrue();
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("mate4")
    void mateInFour(RulesTestData.Line line) {
        assertThat(matesWithin(Position.fromFen(line.text()), 4)).as("forced mate in <= 4 in %s", line.text()).isTrue();
    }

    static boolean matesWithin(Position p, int moves) {
        return new MateSolver().mates(p, moves);
    }

    /**
     * Whether the side to move mates by force within n of its own moves: an AND/OR search over the legal moves,
     * remembering proven results by zobrist key (transpositions are common) and trying first the defence that
     * refuted the last attempt at the same depth. Checking moves are tried first: they are the usual solutions and
     * the defender's replies to them are few. A stalemate reply defends.
     */
    static final class MateSolver {
        private final Map<Long, Integer> mateWithin = new HashMap<>();
        private final Map<Long, Integer> noMateWithin = new HashMap<>();
        private final Move[] refutation = new Move[8];

        boolean mates(Position p, int n) {
            long key = p.zobrist();
            Integer yes = mateWithin.get(key);
            if (yes != null && yes <= n) {
                return true;
            }
            Integer no = noMateWithin.get(key);
            if (no != null && no >= n) {
                return false;
            }
            boolean mates = search(p, n);
            (mates ? mateWithin : noMateWithin).merge(key, n, mates ? Math::min : Math::max);
            return mates;
        }

        private boolean search(Position p, int n) {
            List<Position> checks = new ArrayList<>();
            List<Position> quiet = new ArrayList<>();
            for (Move m : p.legalMoves()) {
                Position after = p.play(m);
                (after.isCheck() ? checks : quiet).add(after);
            }
            for (Position after : checks) {
                if (after.isCheckmate()) {
                    return true;
                }
            }
            if (n == 1) {
                return false;
            }
            for (List<Position> group : List.of(checks, quiet)) {
                for (Position after : group) {
                    if (!defends(after, n - 1)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Whether the side to move (the defender) has a reply after which there is no mate within n. */
        private boolean defends(Position p, int n) {
            List<Move> replies = p.legalMoves();
            if (replies.isEmpty()) {
                return !p.isCheck();
            }
            Move last = refutation[n];
            if (last != null && replies.contains(last) && !mates(p.play(last), n)) {
                return true;
            }
            for (Move r : replies) {
                if (!r.equals(last) && !mates(p.play(r), n)) {
                    refutation[n] = r;
                    return true;
                }
            }
            return false;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stalemate0")
    void stalematedNow(RulesTestData.Line line) {
        Position p = Position.fromFen(line.text());
        assertThat(p.isStalemate()).as("isStalemate of %s", line.text()).isTrue();
        assertThat(p.isCheck()).as("isCheck of %s", line.text()).isFalse();
        assertThat(p.isCheckmate()).as("isCheckmate of %s", line.text()).isFalse();
        assertThat(p.legalMoves()).as("legal moves of %s", line.text()).isEmpty();
        assertThat(p.outcome()).as("outcome of %s", line.text()).contains(new Outcome(Termination.STALEMATE, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stalemate1")
    void canSteerIntoStalemate(RulesTestData.Line line) {
        Position p = Position.fromFen(line.text());
        assertGameGoesOn(p, line.text());
        boolean reachable = p.legalMoves().stream().map(p::play)
                .anyMatch(after -> after.legalMoves().stream().anyMatch(r -> after.play(r).isStalemate()));
        assertThat(reachable).as("a move and a reply that stalemate the side to move of %s", line.text()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stalemate2")
    void drawnPositionsGoOn(RulesTestData.Line line) {
        Position p = Position.fromFen(line.text());
        if (line.number() == 1) {
            assertThat(p.isStalemate()).as("isStalemate of %s", line.text()).isTrue();
        } else {
            assertGameGoesOn(p, line.text());
        }
    }
}
