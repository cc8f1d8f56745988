package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** Descriptive notation in English and French: squares, moves, least qualification, ambiguity. */
class DescriptiveTest {

    static final Descriptive EN = Descriptive.ENGLISH;
    static final Descriptive FR = Descriptive.FRENCH;
    static final BoardGeometry G = BoardGeometry.CHESS;

    static int sq(String name) {
        return G.parseSquare(name);
    }

    @Test
    void ranksAreCountedFromEachPlayersSide() {
        // The nineteenth-century seed's examples: 1R, 2R, 3R for White; White's 3R is Black's 6R.
        assertThat(FR.squareName(G, Color.WHITE, sq("e1"))).isEqualTo("1R");
        assertThat(FR.squareName(G, Color.WHITE, sq("e2"))).isEqualTo("2R");
        assertThat(FR.squareName(G, Color.WHITE, sq("e3"))).isEqualTo("3R");
        assertThat(FR.squareName(G, Color.BLACK, sq("e3"))).isEqualTo("6R");
        assertThat(EN.squareName(G, Color.WHITE, sq("e3"))).isEqualTo("K3");
        assertThat(EN.squareName(G, Color.BLACK, sq("e3"))).isEqualTo("K6");
        // Files keep their names for both sides; a1 is White's QR1 and Black's QR8.
        assertThat(EN.squareName(G, Color.WHITE, sq("a1"))).isEqualTo("QR1");
        assertThat(EN.squareName(G, Color.BLACK, sq("a1"))).isEqualTo("QR8");
        assertThat(EN.squareName(G, Color.BLACK, sq("h8"))).isEqualTo("KR1");
        assertThat(FR.squareName(G, Color.WHITE, sq("f3"))).isEqualTo("3FR");
        assertThat(FR.squareName(G, Color.BLACK, sq("c6"))).isEqualTo("3FD");
        String[] english = {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"};
        String[] french = {"TD", "CD", "FD", "D", "R", "FR", "CR", "TR"};
        for (int file = 0; file < 8; file++) {
            for (int rank = 0; rank < 8; rank++) {
                int s = G.square(file, rank);
                assertThat(EN.squareName(G, Color.WHITE, s)).isEqualTo(english[file] + (rank + 1));
                assertThat(EN.squareName(G, Color.BLACK, s)).isEqualTo(english[file] + (8 - rank));
                assertThat(FR.squareName(G, Color.WHITE, s)).isEqualTo((rank + 1) + french[file]);
            }
        }
    }

    static Position after(String sans) {
        Position p = Position.start(Variant.STANDARD);
        if (!sans.isBlank()) {
            for (String san : sans.split(" ")) {
                p = p.playSan(san);
            }
        }
        return p;
    }

    /** Position (SAN moves from the start, or a FEN), the move in SAN, English, French. */
    @ParameterizedTest(name = "{1}: {2} / {3}")
    @CsvSource(delimiter = '|', textBlock = """
            ''                                | e4     | P-K4      | P4R
            e4                                | e5     | P-K4      | P4R
            e4 e5                             | Nf3    | N-KB3     | C3FR
            e4 e5 Nf3                         | Nc6    | N-QB3     | C3FD
            e4 e5 Nf3 Nc6 Bb5 a6              | Bxc6   | BxN       | FxC
            e4 e5 Nf3 Nc6 Bb5 a6 Bxc6         | dxc6   | QPxB      | PDxF
            e4 e5 Nf3 Nc6 Bb5 a6 Bxc6         | bxc6   | NPxB      | PCxF
            e4 e5 Nf3 Nc6 Bb5 Nf6             | O-O    | O-O       | O-O
            e4 e5 Nf3 d6 d4 Bg4               | dxe5   | PxP       | PxP
            e4 e5 Nf3 d6 d4 Bg4 dxe5          | Bxf3   | BxN       | FxC
            e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 | Nf6 | N-KB3 | C3FR
            e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 | Bxb5+ | BxNPch | FxPC+
            e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ | Nbd7 | N(1)-Q2 | C(1)2D
            8/4P3/8/8/8/8/k7/4K3 w - - 0 1    | e8=Q   | P-K8=Q    | P8R=D
            4r3/3P4/8/8/8/8/k7/4K3 w - - 0 1  | dxe8=N | PxR=N     | PxT=C
            4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1 | dxe6   | PxP e.p.  | PxP e.p.
            8/3k4/8/8/8/8/4Q3/4K3 w - - 0 1   | Qc4    | Q-B4      | D4F
            8/3k4/8/8/8/8/4Q3/4K3 w - - 0 1   | Qg4+   | Q-N4ch    | D4C+
            8/3k4/8/8/8/8/4Q3/4K3 w - - 0 1   | Qb5+   | Q-N5ch    | D5C+
            4k3/8/8/3R4/8/8/8/3RK3 w - - 0 1  | R1d3   | R(1)-Q3   | T(1)3D
            4k3/8/8/3R4/8/8/8/3RK3 w - - 0 1  | R5d3   | R(5)-Q3   | T(5)3D
            3rk3/8/8/8/3r4/8/8/4K3 b - - 0 1  | R8d6   | R(1)-Q3   | T(1)3D
            4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1  | Nbd2   | N(N1)-Q2  | C(1C)2D
            4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1  | Nfd2   | N(B1)-Q2  | C(1F)2D
            7k/5n2/2n5/3B4/8/8/8/4K3 w - - 0 1 | Bxc6  | BxN/B6    | FxC/6F
            7k/5n2/2n5/3B4/8/8/8/4K3 w - - 0 1 | Bxf7  | BxN/B7    | FxC/7F
            7k/8/8/3Q4/8/8/8/4K3 w - - 0 1   | Qd8+   | Q-Q8ch    | D8D+
            6k1/5ppp/8/8/8/8/8/3QK3 w - - 0 1 | Qd8#   | Q-Q8#     | D8D#
            """)
    void writtenWithTheLeastQualification(String where, String san, String english, String french) {
        Position p = where.contains("/") ? Position.fromFen(where) : after(where);
        Move m = p.parseSan(san);
        assertThat(EN.write(p, m)).isEqualTo(english);
        assertThat(FR.write(p, m)).isEqualTo(french);
        assertThat(EN.read(p, english)).isEqualTo(m);
        assertThat(FR.read(p, french)).isEqualTo(m);
    }

    @Test
    void ambiguousTextsSayWhichMovesFit() {
        Position start = Position.start(Variant.STANDARD);
        assertThatThrownBy(() -> EN.read(start, "P-B4")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("'P-B4'").hasMessageContaining("ambiguous")
                .hasMessageContaining("both P-QB4 (c2-c4) and P-KB4 (f2-f4) fit");
        assertThatThrownBy(() -> EN.read(start, "N-B3")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("N-QB3 (b1-c3)").hasMessageContaining("N-KB3 (g1-f3)");
        assertThatThrownBy(() -> FR.read(start, "C3F")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("C3FD (b1-c3)").hasMessageContaining("C3FR (g1-f3)");
        Position rooks = Position.fromFen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
        assertThatThrownBy(() -> EN.read(rooks, "R-Q1")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("R(R1)-Q1 (a1-d1)").hasMessageContaining("R(B1)-Q1 (f1-d1)");
        Position ruy = after("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6");
        assertThatThrownBy(() -> EN.read(ruy, "PxB")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("QPxB (d7-c6)").hasMessageContaining("NPxB (b7-c6)");
        Position r = Position.fromFen("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
        assertThatThrownBy(() -> EN.read(r, "Castles")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("O-O").hasMessageContaining("O-O-O");
    }

    @Test
    void illegalAndInvalidTextsSayWhy() {
        Position start = Position.start(Variant.STANDARD);
        assertThatThrownBy(() -> EN.read(start, "N-K4")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("'N-K4'").hasMessageContaining("no legal move of a white knight");
        assertThatThrownBy(() -> EN.read(start, "BxN")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("takes a knight");
        assertThatThrownBy(() -> EN.read(start, "O-O")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("castling");
        assertThatThrownBy(() -> EN.read(start, "e4")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("English descriptive notation").hasMessageContaining("P-K4");
        assertThatThrownBy(() -> FR.read(start, "P-K4")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("P4R");
        assertThatThrownBy(() -> EN.read(start, "RN-B3")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("wing");
        Position promote = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assertThatThrownBy(() -> EN.read(promote, "P-K8")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("promotion");
    }

    @Test
    void oldSpellingsAreRead() {
        Position start = Position.start(Variant.STANDARD);
        Move nf3 = start.parseSan("Nf3");
        assertThat(EN.read(start, "Kt-KB3")).isEqualTo(nf3);
        assertThat(EN.read(start, "KKt–KB3")).isEqualTo(nf3);
        assertThat(EN.read(start, "N-KB3!")).isEqualTo(nf3);
        assertThat(EN.read(start, "P–K4")).isEqualTo(start.parseSan("e4"));
        Position rook = Position.fromFen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1");
        assertThat(EN.read(rook, "R-KKt.Sq.")).isEqualTo(rook.parseSan("Rg1"));
        Position promote = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        Move queen = promote.parseUci("e7e8q");
        assertThat(EN.read(promote, "P-K8(Q)")).isEqualTo(queen);
        assertThat(EN.read(promote, "P-K8/Q")).isEqualTo(queen);
        assertThat(EN.read(promote, "P-K8Q")).isEqualTo(queen);
        assertThat(EN.read(promote, "P-K8=Q ch")).isEqualTo(queen);
        assertThat(FR.read(promote, "P8R(D)")).isEqualTo(queen);
        Position check = Position.fromFen("8/3k4/8/8/8/8/4Q3/4K3 w - - 0 1");
        assertThat(EN.read(check, "Q-N5 ch")).isEqualTo(check.parseSan("Qb5"));
        assertThat(EN.read(check, "Q-N5+")).isEqualTo(check.parseSan("Qb5"));
        assertThat(EN.read(check, "Q-QN5 dis ch")).isEqualTo(check.parseSan("Qb5"));
        Position ep = Position.fromFen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
        assertThat(EN.read(ep, "PxP")).isEqualTo(ep.parseUci("d5e6"));
        assertThat(EN.read(ep, "PxP e.p.ch")).isEqualTo(ep.parseUci("d5e6"));
        assertThat(EN.read(ep, "PxK6")).isEqualTo(ep.parseUci("d5e6")).isInstanceOf(Move.EnPassant.class);
    }

    @Test
    void castlingInWordsAndSigns() {
        Position one = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assertThat(EN.read(one, "Castles")).isEqualTo(one.parseSan("O-O"));
        assertThat(EN.read(one, "0-0")).isEqualTo(one.parseSan("O-O"));
        Position both = Position.fromFen("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
        assertThat(EN.read(both, "Castles KR")).isEqualTo(both.parseSan("O-O"));
        assertThat(EN.read(both, "Castles QR")).isEqualTo(both.parseSan("O-O-O"));
        assertThat(EN.read(both, "Castles queenside")).isEqualTo(both.parseSan("O-O-O"));
        assertThat(FR.read(both, "petit roque")).isEqualTo(both.parseSan("O-O"));
        assertThat(FR.read(both, "grand roque")).isEqualTo(both.parseSan("O-O-O"));
        assertThat(FR.write(both, both.parseSan("O-O-O"))).isEqualTo("O-O-O");
    }

    @Test
    void castlingWrittenInWordsWhenAskedForAndReadBack() {
        Descriptive enWords = EN.withCastlingInWords(), frWords = FR.withCastlingInWords();
        Position one = Position.fromFen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assertThat(enWords.write(one, one.parseSan("O-O"))).isEqualTo("Castles");
        Position both = Position.fromFen("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
        assertThat(enWords.write(both, both.parseSan("O-O"))).isEqualTo("Castles KR");
        assertThat(enWords.write(both, both.parseSan("O-O-O"))).isEqualTo("Castles QR");
        assertThat(frWords.write(both, both.parseSan("O-O"))).isEqualTo("petit roque");
        assertThat(frWords.write(both, both.parseSan("O-O-O"))).isEqualTo("grand roque");
        // With check: the rook gives it from f1 (White king on e1, Black king on f8).
        Position check = Position.fromFen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
        Move oo = check.parseSan("O-O+");
        assertThat(enWords.write(check, oo)).isEqualTo("Castles ch");
        assertThat(frWords.write(check, oo)).isEqualTo("petit roque +");
        // Numbered text reads back to the same moves, the words of one move kept together.
        Position start = Position.fromFen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        java.util.List<Move> moves = java.util.List.of(start.parseSan("O-O"), start.play(start.parseSan("O-O")).parseSan("O-O-O"));
        for (Descriptive d : new Descriptive[] {enWords, frWords}) {
            String text = MoveText.write(start, moves, d, "*");
            assertThat(MoveText.read(start, text, d).moves()).as(text).isEqualTo(moves);
        }
    }

    @Test
    void piecesNamedByTheirWing() {
        // Rooks and knights: the one nearer that side of the board; bishops: the one on its starting colour.
        Position rooks = Position.fromFen("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
        assertThat(EN.read(rooks, "QR-Q1")).isEqualTo(rooks.parseUci("a1d1"));
        assertThat(EN.read(rooks, "KR-Q1")).isEqualTo(rooks.parseUci("f1d1"));
        assertThat(FR.read(rooks, "TD1D")).isEqualTo(rooks.parseUci("a1d1"));
        assertThat(FR.read(rooks, "TR1D")).isEqualTo(rooks.parseUci("f1d1"));
        Position bishops = Position.fromFen("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        assertThatThrownBy(() -> EN.read(bishops, "B-N5")).isInstanceOf(AmbiguousMoveException.class);
        assertThat(EN.read(bishops, "QB-N5")).isEqualTo(bishops.parseUci("c1g5"));
        assertThat(EN.read(bishops, "KB-N5")).isEqualTo(bishops.parseUci("f1b5"));
        assertThat(FR.read(bishops, "FD5C")).isEqualTo(bishops.parseUci("c1g5"));
        // Black's queen's bishop starts on c8, a light square.
        Position black = Position.fromFen("2b1kb2/8/8/8/8/8/8/4K3 b - - 0 1");
        assertThat(EN.read(black, "QB-N5")).isEqualTo(black.parseUci("c8g4"));
        // And by the square they stand on, in either bracket.
        assertThat(EN.read(rooks, "R/QR1-Q1")).isEqualTo(rooks.parseUci("a1d1"));
        assertThat(EN.read(rooks, "R(B1)-Q1")).isEqualTo(rooks.parseUci("f1d1"));
        Position knights = Position.fromFen("7k/5n2/2n5/3B4/8/8/8/4K3 w - - 0 1");
        assertThat(EN.read(knights, "BxN(QB6)")).isEqualTo(knights.parseUci("d5c6"));
        assertThat(EN.read(knights, "BxQB6")).isEqualTo(knights.parseUci("d5c6"));
        assertThat(EN.read(knights, "B×KN")).isEqualTo(knights.parseUci("d5f7"));
    }
}
