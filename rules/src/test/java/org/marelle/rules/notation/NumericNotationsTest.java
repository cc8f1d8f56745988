package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** LAN, UCI, ICCF digits and Vandermonde's coordinates. */
class NumericNotationsTest {

    static final MoveNotation LAN = Notations.byName("lan");
    static final MoveNotation UCI = Notations.byName("uci");
    static final MoveNotation ICCF = Notations.byName("iccf");
    static final Vandermonde VANDERMONDE = new Vandermonde();
    static final Vandermonde RAISED = new Vandermonde(true);
    static final BoardGeometry G = BoardGeometry.CHESS;

    /** FEN, move (UCI), LAN, ICCF, Vandermonde plain, Vandermonde raised. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1      | e2e4  | e2-e4   | 5254  | 57-55   | 5⁷-5⁵
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1      | g1f3  | Ng1-f3  | 7163  | 78-66   | 7⁸-6⁶
            r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4 | b5c6 | Bb5xc6 | 2536 | 24-33 | 2⁴-3³
            r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4 | e1g1 | O-O    | 5171 | 58-78 | 5⁸-7⁸
            r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1                              | e8c8  | O-O-O   | 5838  | 51-31   | 5¹-3¹
            4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1                            | d5e6  | d5xe6   | 4556  | 44-53   | 4⁴-5³
            8/4P3/8/8/8/8/k7/4K3 w - - 0 1                               | e7e8q | e7-e8=Q | 57581 | 52-51=D | 5²-5¹=D
            8/4P3/8/8/8/8/k7/4K3 w - - 0 1                               | e7e8r | e7-e8=R | 57582 | 52-51=T | 5²-5¹=T
            8/4P3/8/8/8/8/k7/4K3 w - - 0 1                               | e7e8b | e7-e8=B | 57583 | 52-51=F | 5²-5¹=F
            8/4P3/8/8/8/8/k7/4K3 w - - 0 1                               | e7e8n | e7-e8=N | 57584 | 52-51=C | 5²-5¹=C
            4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1                              | e8d7  | Ke8-d7  | 5847  | 51-42   | 5¹-4²
            3k4/5p2/8/6N1/8/8/8/4K3 w - - 0 1                            | g5f7  | Ng5xf7+ | 7567  | 74-62   | 7⁴-6²
            4k3/8/8/8/6q1/5b2/6PP/7K b - - 0 1                            | g4g2  | Qg4xg2# | 7472  | 75-77   | 7⁵-7⁷
            """)
    void writtenAndRead(String fen, String uci, String lan, String iccf, String plain, String raised) {
        Position p = Position.fromFen(fen);
        Move m = p.parseUci(uci);
        assertThat(LAN.write(p, m)).isEqualTo(lan);
        assertThat(UCI.write(p, m)).isEqualTo(uci);
        assertThat(ICCF.write(p, m)).isEqualTo(iccf);
        assertThat(VANDERMONDE.write(p, m)).isEqualTo(plain);
        assertThat(RAISED.write(p, m)).isEqualTo(raised);
        assertThat(LAN.read(p, lan)).isEqualTo(m);
        assertThat(UCI.read(p, uci)).isEqualTo(m);
        assertThat(ICCF.read(p, iccf)).isEqualTo(m);
        assertThat(VANDERMONDE.read(p, plain)).isEqualTo(m);
        assertThat(VANDERMONDE.read(p, raised)).isEqualTo(m);
    }

    @Test
    void vandermondesSquaresAsTheMemoirCountsThem() {
        assertThat(VANDERMONDE.squareName(G, G.parseSquare("a8"))).isEqualTo("11");
        assertThat(VANDERMONDE.squareName(G, G.parseSquare("h1"))).isEqualTo("88");
        assertThat(VANDERMONDE.squareName(G, G.parseSquare("e2"))).isEqualTo("57");
        assertThat(VANDERMONDE.squareName(G, G.parseSquare("e4"))).isEqualTo("55");
        assertThat(VANDERMONDE.squareName(G, G.parseSquare("a1"))).isEqualTo("18");
        assertThat(RAISED.squareName(G, G.parseSquare("e2"))).isEqualTo("5⁷");
    }

    @Test
    void vandermondesParityRuleOnAll64Squares() {
        int light = 0;
        for (int square = 0; square < G.squareCount(); square++) {
            int x = Vandermonde.abscisse(G, square);
            int y = Vandermonde.ordonnee(G, square);
            assertThat(Vandermonde.square(G, x, y)).isEqualTo(square);
            assertThat(Vandermonde.isLight(x, y)).as(G.squareName(square)).isEqualTo(G.isLight(square));
            light += Vandermonde.isLight(x, y) ? 1 : 0;
        }
        assertThat(light).isEqualTo(32);
        assertThat(Vandermonde.isLight(8, 8)).as("h1").isTrue();
        assertThat(Vandermonde.isLight(1, 8)).as("a1").isFalse();
    }

    @Test
    void vandermondeReadsItsSpellings() {
        Position start = Position.start(Variant.STANDARD);
        Move e4 = start.parseUci("e2e4");
        for (String text : new String[] {"57-55", "5⁷-5⁵", "5·7-5·5", "5.7-5.5", "57 55", "5755", "5⁷5⁵", "57–55"}) {
            assertThat(VANDERMONDE.read(start, text)).as(text).isEqualTo(e4);
        }
        assertThatThrownBy(() -> VANDERMONDE.read(start, "59-55")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("ordonnée 9");
        assertThatThrownBy(() -> VANDERMONDE.read(start, "e2-e4")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("abscisse");
        assertThatThrownBy(() -> VANDERMONDE.read(start, "57-54")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("e2-e5");
        Position promote = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assertThat(VANDERMONDE.read(promote, "52-51=Q")).isEqualTo(promote.parseUci("e7e8q"));
        assertThat(VANDERMONDE.read(promote, "52-51(C)")).isEqualTo(promote.parseUci("e7e8n"));
        assertThatThrownBy(() -> VANDERMONDE.read(promote, "52-51")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("promotion");
    }

    @Test
    void iccfErrors() {
        Position start = Position.start(Variant.STANDARD);
        assertThatThrownBy(() -> ICCF.read(start, "5294")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("'5294'").hasMessageContaining("four digits");
        assertThatThrownBy(() -> ICCF.read(start, "e2e4")).isInstanceOf(InvalidMoveException.class);
        assertThatThrownBy(() -> ICCF.read(start, "5255")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("e2-e5");
        Position promote = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assertThatThrownBy(() -> ICCF.read(promote, "5758")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("promotion digit");
        // Castling also as the king taking its rook, in standard chess.
        Position castle = Position.fromFen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assertThat(ICCF.read(castle, "5181")).isEqualTo(castle.parseSan("O-O"));
        assertThat(ICCF.read(castle, "5111")).isEqualTo(castle.parseSan("O-O-O"));
        assertThat(ICCF.read(castle, "51-71")).isEqualTo(castle.parseSan("O-O"));
    }

    @Test
    void chess960CastlingIsTheKingTakingItsRook() {
        // King f1, rooks a1 and g1: O-O puts the king on g1, one step from f1, and the rook on f1.
        Position p = Position.fromFen(Variant.CHESS960, "4k3/8/8/8/8/8/8/R4KR1 w AG - 0 1");
        Move oo = p.parseSan("O-O");
        assertThat(ICCF.write(p, oo)).isEqualTo("6171");
        assertThat(VANDERMONDE.write(p, oo)).isEqualTo("68-78");
        assertThat(UCI.write(p, oo)).isEqualTo("f1g1");
        assertThat(LAN.write(p, oo)).isEqualTo("O-O");
        assertThat(ICCF.read(p, "6171")).isEqualTo(oo);
        assertThat(LAN.read(p, "O-O")).isEqualTo(oo);
        Position q = Position.fromFen(Variant.CHESS960, "4k3/8/8/8/8/8/8/R4K1R w AH - 0 1");
        Move kingStep = q.parseUci("f1g1");
        assertThat(kingStep).isInstanceOf(Move.Normal.class);
        assertThat(ICCF.read(q, "6171")).isEqualTo(kingStep);
        assertThat(ICCF.read(q, "6181")).isEqualTo(q.parseSan("O-O"));
        assertThatThrownBy(() -> LAN.read(q, "Kf1-g1")).isInstanceOf(AmbiguousMoveException.class);
    }

    @Test
    void lanReadsWhatFilesWrite() {
        Position start = Position.start(Variant.STANDARD);
        Move nf3 = start.parseUci("g1f3");
        for (String text : new String[] {"Ng1-f3", "Ng1f3", "g1-f3", "g1f3", "Ng1xf3", "Ng1-f3!", "Ng1-f3+"}) {
            assertThat(LAN.read(start, text)).as(text).isEqualTo(nf3);
        }
        assertThat(LAN.read(start, "e2-e4")).isEqualTo(start.parseUci("e2e4"));
        assertThatThrownBy(() -> LAN.read(start, "Bg1-f3")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("knight");
        assertThatThrownBy(() -> LAN.read(start, "e3-e4")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("no white piece on e3");
        assertThatThrownBy(() -> LAN.read(start, "Nf3")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("Ng1-f3");
        assertThatThrownBy(() -> LAN.read(start, "e2-e9")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("'e9'");
        Position promote = Position.fromFen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assertThat(LAN.read(promote, "e7e8q")).isEqualTo(promote.parseUci("e7e8q"));
        assertThat(LAN.read(promote, "e7-e8N")).isEqualTo(promote.parseUci("e7e8n"));
        assertThatThrownBy(() -> LAN.read(promote, "e7-e8")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("promotion");
        assertThatThrownBy(() -> UCI.read(start, "e2e5")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("e2e5");
    }
}
