package org.marelle.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.marelle.geometry.BoardGeometry;

/**
 * Chess960: Scharnagl numbering, castling in all its shapes, X-FEN and Shredder-FEN, and UCI king-takes-rook
 * castling.
 */
class Chess960Test {

    // ---------------------------------------------------------------- Scharnagl numbering

    /**
     * The white back rank of start position {@code n}, by Reinhard Scharnagl's published scheme, written here
     * independently of the core as the oracle: n mod 4 puts the light-squared bishop on b/d/f/h, the next base-4
     * digit the dark-squared bishop on a/c/e/g, the next base-6 digit the queen on the n-th free square, the last
     * digit (0..9) the two knights among the five free squares; rook, king, rook fill the rest.
     */
    static String scharnaglBackRank(int n) {
        char[] rank = new char[8];
        rank[2 * (n % 4) + 1] = 'B';
        n /= 4;
        rank[2 * (n % 4)] = 'B';
        n /= 4;
        placeOnFree(rank, n % 6, 'Q');
        n /= 6;
        int[][] knights = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
        placeOnFree(rank, knights[n][1], 'N'); // the later one first, so the earlier index is unchanged
        placeOnFree(rank, knights[n][0], 'N');
        placeOnFree(rank, 0, 'R');
        placeOnFree(rank, 0, 'K');
        placeOnFree(rank, 0, 'R');
        return new String(rank);
    }

    private static void placeOnFree(char[] rank, int index, char piece) {
        for (int file = 0, free = 0; file < rank.length; file++) {
            if (rank[file] == 0 && free++ == index) {
                rank[file] = piece;
                return;
            }
        }
        throw new IllegalStateException("no free square " + index);
    }

    static String whiteBackRank(Position p) {
        BoardGeometry g = p.geometry();
        StringBuilder sb = new StringBuilder();
        for (int file = 0; file < g.files(); file++) {
            Piece piece = p.pieceAt(g.square(file, 0));
            sb.append(piece == null ? '.' : piece.fenChar());
        }
        return sb.toString();
    }

    @Test
    void oracleAgreesWithPublishedNumbers() {
        assertThat(scharnaglBackRank(0)).isEqualTo("BBQNNRKR");
        assertThat(scharnaglBackRank(518)).isEqualTo("RNBQKBNR");
        assertThat(scharnaglBackRank(959)).isEqualTo("RKRNNQBB");
    }

    @Test
    void number518IsTheStandardArray() {
        Position p = Variant.CHESS960.chess960Position(518);
        assertThat(p.fen()).isEqualTo("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assertThat(p.shredderFen()).isEqualTo("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
        assertThat(p.variant()).isEqualTo(Variant.CHESS960);
        assertThat(Perft.perft(p, 3)).isEqualTo(8902);
    }

    @Test
    void allNumbersGiveTheirArray() {
        Set<String> seen = new HashSet<>();
        for (int n = 0; n < 960; n++) {
            Position p = Variant.CHESS960.chess960Position(n);
            String array = scharnaglBackRank(n);
            String board = array.toLowerCase() + "/pppppppp/8/8/8/8/PPPPPPPP/" + array;
            int king = array.indexOf('K');
            char queenRook = (char) ('A' + array.indexOf('R'));
            char kingRook = (char) ('A' + array.lastIndexOf('R'));
            assertThat(king).isBetween(array.indexOf('R'), array.lastIndexOf('R'));
            assertThat(p.fen()).as("position %d", n).isEqualTo(board + " w KQkq - 0 1");
            String shredder = "" + kingRook + queenRook + Character.toLowerCase(kingRook) + Character.toLowerCase(queenRook);
            assertThat(p.shredderFen()).as("position %d", n).isEqualTo(board + " w " + shredder + " - 0 1");
            assertThat(p.legalMoves()).as("position %d", n).isNotEmpty();
            seen.add(array);
        }
        assertThat(seen).hasSize(960);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 960, 10_000})
    void numbersOutsideTheRangeAreRejected(int n) {
        assertThatThrownBy(() -> Variant.CHESS960.chess960Position(n)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Integer.toString(n));
    }

    /**
     * The Ethereal Chess960 suite is in Scharnagl order: line n (1-based) comes from start position n mod 960
     * (line 518 is the standard array, line 960 is position 0), each after eight moves. Where White's back rank is
     * still full and White keeps both castling rights (205 lines), it is exactly array n mod 960.
     */
    @Test
    void ethereal960SuiteIsInScharnaglOrder() {
        List<RulesTestData.PerftCase> suite = PerftSuitesTest.chess960Cases().toList();
        assertThat(suite).hasSize(960);
        int checked = 0;
        for (RulesTestData.PerftCase c : suite) {
            String[] fields = c.fen().split(" ");
            Position p = Position.fromFen(Variant.CHESS960, c.fen());
            String backRank = whiteBackRank(p);
            long whiteRights = fields[2].chars().filter(Character::isUpperCase).count();
            if (backRank.indexOf('.') < 0 && whiteRights == 2) {
                Position start = Variant.CHESS960.chess960Position(c.line() % 960);
                assertThat(backRank).as("line %d: %s", c.line(), c.fen()).isEqualTo(whiteBackRank(start));
                checked++;
            }
        }
        assertThat(checked).isEqualTo(205);
    }

    // ---------------------------------------------------------------- castling shapes

    /** A castling: the position, the SAN, the squares of the expected Castle move, its UCI and the FEN after it. */
    record CastleCase(String what, String fen, String san, String king, String kingTo, String rook, String rookTo,
            String uci, String fenAfter) {
        @Override
        public String toString() {
            return what + ": " + fen + " " + san;
        }
    }

    static Stream<CastleCase> castles() {
        return Stream.of(
                new CastleCase("king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O",
                        "f1", "g1", "g1", "f1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
                new CastleCase("king stands still (short)", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "O-O",
                        "g1", "g1", "h1", "f1", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
                new CastleCase("king stands still (long)", "4k3/8/8/8/8/8/8/R1K5 w A - 0 1", "O-O-O",
                        "c1", "c1", "a1", "d1", "c1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"),
                new CastleCase("rook stands still (short)", "4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "O-O",
                        "e1", "g1", "f1", "f1", "e1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"),
                new CastleCase("rook stands still (long)", "4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "O-O-O",
                        "e1", "c1", "d1", "d1", "e1d1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"),
                new CastleCase("king moves towards the h-file in long castling", "4k3/8/8/8/8/8/8/RK6 w A - 0 1",
                        "O-O-O", "b1", "c1", "a1", "d1", "b1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"),
                new CastleCase("rook crosses the king", "4k3/8/8/8/8/8/8/1RK5 w B - 3 7", "O-O-O",
                        "c1", "c1", "b1", "d1", "c1b1", "4k3/8/8/8/8/8/8/2KR4 b - - 4 7"),
                new CastleCase("black long castling", "r5k1/8/8/8/8/8/8/4K3 b a - 0 1", "O-O-O",
                        "g8", "c8", "a8", "d8", "g8a8", "2kr4/8/8/8/8/8/8/4K3 w - - 1 2"),
                new CastleCase("rook may pass an attacked square", "1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1", "O-O-O",
                        "e1", "c1", "a1", "d1", "e1a1", "1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1"),
                new CastleCase("king two squares, rook in the corner", "3k4/8/8/8/8/8/8/4K2R w H - 0 1", "O-O",
                        "e1", "g1", "h1", "f1", "e1h1", "3k4/8/8/8/8/8/8/5RK1 b - - 1 1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("castles")
    void castling(CastleCase c) {
        Position p = Position.fromFen(Variant.CHESS960, c.fen());
        BoardGeometry g = p.geometry();
        Move expected = new Move.Castle(g.parseSquare(c.king()), g.parseSquare(c.kingTo()), g.parseSquare(c.rook()),
                g.parseSquare(c.rookTo()));
        assertThat(p.legalMoves()).as("legal moves of %s", c.fen()).contains(expected);
        assertThat(p.isLegal(expected)).isTrue();
        assertThat(p.parseSan(c.san())).isEqualTo(expected);
        assertThat(p.parseSan(c.san().replace('O', '0'))).as("castling written with zeros").isEqualTo(expected);
        assertThat(p.san(expected)).startsWith(c.san());
        assertThat(p.uci(expected)).isEqualTo(c.uci());
        assertThat(p.parseUci(c.uci())).isEqualTo(expected);
        Position after = p.play(expected);
        assertThat(after.fen()).isEqualTo(c.fenAfter());
        assertThat(p.occupancyAfter(expected)).isEqualTo(after.occupancy());
        assertThat(after.zobrist()).isEqualTo(Position.fromFen(Variant.CHESS960, after.fen()).zobrist());
    }

    @Test
    void castlingWithCheckIsMarked() {
        Position p = Position.fromFen(Variant.CHESS960, "3k4/8/8/8/8/8/8/4K2R w H - 0 1");
        assertThat(p.san(p.parseSan("O-O"))).isEqualTo("O-O");
        Position q = Position.fromFen(Variant.CHESS960, "5k2/8/8/8/8/8/8/4K2R w H - 0 1");
        assertThat(q.san(q.parseSan("O-O"))).isEqualTo("O-O+");
    }

    /** Positions where the castling right exists but castling is not legal now. */
    static Stream<String[]> noCastling() {
        return Stream.of(
                new String[] {"the castling rook shields the king from a queen on the rank", "k7/8/8/8/8/8/8/qRK5 w B - 0 1", "O-O-O"},
                new String[] {"the rook's destination is occupied", "4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", "O-O-O"},
                new String[] {"the king's destination is attacked", "2r1k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O"},
                new String[] {"the king is in check", "1r2k3/8/8/8/8/8/8/RK6 w A - 0 1", "O-O-O"},
                new String[] {"the king passes an attacked square", "4kr2/8/8/8/8/8/8/R1K4R w H - 0 1", "O-O"},
                new String[] {"a piece stands between king and rook", "4k3/8/8/8/8/8/8/1K2B2R w H - 0 1", "O-O"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("noCastling")
    void castlingNotLegal(String what, String fen, String san) {
        Position p = Position.fromFen(Variant.CHESS960, fen);
        assertThat(p.legalMoves()).as("legal moves of %s", fen).noneMatch(m -> m instanceof Move.Castle);
        assertThatThrownBy(() -> p.parseSan(san)).as("%s in %s", san, fen).isInstanceOf(IllegalMoveException.class);
    }

    // ---------------------------------------------------------------- X-FEN and Shredder-FEN

    @Test
    void xFenNamesTheFileOnlyWhenTheRookIsNotTheOutermost() {
        // Two rooks on the king side; the right belongs to the inner one (d1): X-FEN must name its file.
        Position inner = Position.fromFen(Variant.CHESS960, "4k3/8/8/8/8/8/8/1K1R3R w D - 0 1");
        assertThat(inner.fen()).isEqualTo("4k3/8/8/8/8/8/8/1K1R3R w D - 0 1");
        assertThat(inner.shredderFen()).isEqualTo("4k3/8/8/8/8/8/8/1K1R3R w D - 0 1");
        assertThat(inner.parseSan("O-O")).isEqualTo(new Move.Castle(sq("b1"), sq("g1"), sq("d1"), sq("f1")));

        // The right belongs to the outermost rook (h1): X-FEN writes K, Shredder-FEN writes H, both read back.
        Position outer = Position.fromFen(Variant.CHESS960, "4k3/8/8/8/8/8/8/1K1R3R w H - 0 1");
        assertThat(outer.fen()).isEqualTo("4k3/8/8/8/8/8/8/1K1R3R w K - 0 1");
        assertThat(outer.shredderFen()).isEqualTo("4k3/8/8/8/8/8/8/1K1R3R w H - 0 1");
        assertThat(Position.fromFen(Variant.CHESS960, "4k3/8/8/8/8/8/8/1K1R3R w K - 0 1").shredderFen())
                .isEqualTo(outer.shredderFen());
        // ...and with that right the inner rook stands in the king's way.
        assertThatThrownBy(() -> outer.parseSan("O-O")).isInstanceOf(IllegalMoveException.class);
        assertThat(outer.legalMoves()).noneMatch(m -> m instanceof Move.Castle);

        // Black, both sides, the long-side right on an inner rook.
        Position black = Position.fromFen(Variant.CHESS960, "rr2k2r/8/8/8/8/8/8/4K3 b hb - 0 1");
        assertThat(black.fen()).isEqualTo("rr2k2r/8/8/8/8/8/8/4K3 b kb - 0 1");
        assertThat(black.shredderFen()).isEqualTo("rr2k2r/8/8/8/8/8/8/4K3 b hb - 0 1");
    }

    @Test
    void standardCastlingFieldsReadTheSameInBothForms() {
        Position xfen = Position.fromFen(Variant.CHESS960, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        Position shredder = Position.fromFen(Variant.CHESS960, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assertThat(xfen.fen()).isEqualTo(shredder.fen()).isEqualTo("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertThat(xfen.shredderFen()).isEqualTo("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assertThat(xfen.zobrist()).isEqualTo(shredder.zobrist());
        assertThat(Set.copyOf(xfen.legalMoves())).isEqualTo(Set.copyOf(shredder.legalMoves()));
    }

    // ---------------------------------------------------------------- UCI castling strings

    @Test
    void uciCastlingIsKingTakesRookInChess960AndKingTwoSquaresInStandard() {
        String fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        Position chess960 = Position.fromFen(Variant.CHESS960, fen);
        Position standard = Position.fromFen(Variant.STANDARD, fen);
        Move shortCastle = new Move.Castle(sq("e1"), sq("g1"), sq("h1"), sq("f1"));
        Move longCastle = new Move.Castle(sq("e1"), sq("c1"), sq("a1"), sq("d1"));

        assertThat(chess960.parseSan("O-O")).isEqualTo(shortCastle);
        assertThat(chess960.uci(shortCastle)).isEqualTo("e1h1");
        assertThat(chess960.uci(longCastle)).isEqualTo("e1a1");
        assertThat(chess960.parseUci("e1h1")).isEqualTo(shortCastle);
        assertThat(chess960.parseUci("e1a1")).isEqualTo(longCastle);

        assertThat(standard.parseSan("O-O")).isEqualTo(shortCastle);
        assertThat(standard.uci(shortCastle)).isEqualTo("e1g1");
        assertThat(standard.uci(longCastle)).isEqualTo("e1c1");
        assertThat(standard.parseUci("e1g1")).isEqualTo(shortCastle);
        assertThat(standard.parseUci("e1h1")).isEqualTo(shortCastle);
        assertThat(standard.parseUci("e1c1")).isEqualTo(longCastle);
        assertThat(standard.parseUci("e1a1")).isEqualTo(longCastle);
    }

    @Test
    void variantNames() {
        assertThat(Variant.byName("chess960")).isSameAs(Variant.CHESS960);
        assertThat(Variant.byName("fischerandom")).isSameAs(Variant.CHESS960);
        assertThat(Variant.byName("Chess960")).isSameAs(Variant.CHESS960);
        assertThat(Variant.byName("standard")).isSameAs(Variant.STANDARD);
        assertThat(Variant.byName("chess")).isSameAs(Variant.STANDARD);
        assertThatThrownBy(() -> Variant.byName("kingofthehill")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("kingofthehill");
    }

    @Test
    void chess960StartPositionsAreAllDifferentForZobrist() {
        Set<Long> keys = new HashSet<>();
        IntStream.range(0, 960).forEach(n -> keys.add(Variant.CHESS960.chess960Position(n).zobrist()));
        assertThat(keys).hasSize(960);
    }

    private static int sq(String name) {
        return BoardGeometry.CHESS.parseSquare(name);
    }
}
