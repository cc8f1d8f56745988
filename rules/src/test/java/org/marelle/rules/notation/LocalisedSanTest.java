package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** French algebraic as the FFE explains it, the other languages' letters, figurines. */
class LocalisedSanTest {

    static final LocalisedSan FR = new LocalisedSan(Language.FRENCH);

    static Position position(String fen) {
        return Position.fromFen(fen);
    }

    /** The start position after some SAN moves. */
    static Position after(String moves) {
        Position p = Position.start(Variant.STANDARD);
        for (String san : moves.split(" ")) {
            p = p.playSan(san);
        }
        return p;
    }

    /** The Opera game (Morphy v. Duke of Brunswick and Count Isouard, Paris 1858) up to a move. */
    static final String OPERA = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+";

    /**
     * The FFE's examples, each in a position where it is the move: text, position (FEN, or SAN moves from the start
     * after "moves:"), the move in UCI.
     */
    static Stream<Arguments> ffeExamples() {
        return Stream.of(
                Arguments.of("Cc3", "moves:e4 e5", "b1c3"),
                Arguments.of("De5", "k7/8/8/8/8/8/1Q6/4K3 w - - 0 1", "b2e5"),
                Arguments.of("Fd7", "moves:e4 d6 d4", "c8d7"),
                Arguments.of("Fxf3", "moves:e4 e5 Nf3 d6 d4 Bg4 dxe5", "g4f3"),
                Arguments.of("Cxe4", "moves:e4 Nf6 d3", "f6e4"),
                Arguments.of("Txd1", "3rk3/8/8/8/8/8/7K/3R4 b - - 0 1", "d8d1"),
                Arguments.of("dxe5", "moves:e4 e5 Nf3 d6 d4 Bg4", "d4e5"),
                Arguments.of("hxg6", "4k3/8/6p1/7P/8/8/8/4K3 w - - 0 1", "h5g6"),
                Arguments.of("axb5", "4k3/8/8/1p6/P7/8/8/4K3 w - - 0 1", "a4b5"),
                Arguments.of("Taxd1", "4k3/8/8/8/8/8/8/R2b1RK1 w - - 0 1", "a1d1"),
                Arguments.of("Tfxd1", "4k3/8/8/8/8/8/8/R2b1RK1 w - - 0 1", "f1d1"),
                Arguments.of("C8d7", "1N2k3/8/1N6/8/8/8/8/4K3 w - - 0 1", "b8d7"),
                Arguments.of("C6d7", "1N2k3/8/1N6/8/8/8/8/4K3 w - - 0 1", "b6d7"),
                Arguments.of("Cbd7", "moves:" + OPERA, "b8d7"),
                Arguments.of("e8=D", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q"),
                Arguments.of("dxe8=C", "4r3/3P4/8/8/8/8/k7/4K3 w - - 0 1", "d7e8n"),
                Arguments.of("Cxf7+", "3k4/5p2/8/6N1/8/8/8/4K3 w - - 0 1", "g5f7"),
                Arguments.of("Dh4+", "moves:f4 e5 a3", "d8h4"),
                Arguments.of("Dxg2#", "4k3/8/8/8/6q1/5b2/6PP/7K b - - 0 1", "g4g2"),
                Arguments.of("O-O-O", "moves:" + OPERA + " Nbd7", "e1c1"));
    }

    static Position setUp(String where) {
        return where.startsWith("moves:") ? after(where.substring(6)) : position(where);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ffeExamples")
    void ffeExamplesBothWays(String french, String where, String uci) {
        Position p = setUp(where);
        Move m = p.parseUci(uci);
        assertThat(FR.write(p, m)).isEqualTo(french);
        assertThat(FR.read(p, french)).isEqualTo(m);
    }

    @Test
    void enPassantWithTheOptionalMark() {
        Position p = position("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
        Move ep = p.parseUci("d5e6");
        assertThat(ep).isInstanceOf(Move.EnPassant.class);
        assertThat(FR.write(p, ep)).isEqualTo("dxe6");
        assertThat(FR.withEnPassantMark().write(p, ep)).isEqualTo("dxe6 e.p.");
        assertThat(FR.read(p, "dxe6 e.p.")).isEqualTo(ep);
        assertThat(FR.read(p, "dxe6ep")).isEqualTo(ep);
        assertThat(FR.read(p, "dxe6")).isEqualTo(ep);
        // A mark on a move that is not en passant is a mistake worth reporting.
        Position q = position("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1");   // no e6: the pawn did not just move
        assertThatThrownBy(() -> FR.read(q, "dxe6 e.p.")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("dxe6 e.p.");
        Position r = position("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1");
        assertThatThrownBy(() -> FR.read(r, "dxe5 e.p.")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("not an en passant capture");
    }

    @Test
    void promotionReadWithOrWithoutTheSign() {
        Position p = position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assertThat(FR.read(p, "e8D")).isEqualTo(p.parseUci("e7e8q"));
        assertThat(FR.read(p, "e8=T")).isEqualTo(p.parseUci("e7e8r"));
        assertThat(FR.read(p, "e8F")).isEqualTo(p.parseUci("e7e8b"));
        assertThat(FR.read(p, "e8=C")).isEqualTo(p.parseUci("e7e8n"));
        assertThatThrownBy(() -> FR.read(p, "e8")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("needs a promotion piece");
        assertThatThrownBy(() -> FR.read(p, "e8=Q")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("'Q' is not a piece letter in French");
    }

    @Test
    void drawOfferAndAnnotationsAreReadAround() {
        Position p = Position.start(Variant.STANDARD);
        assertThat(FR.read(p, "Cf3 (=)")).isEqualTo(p.parseUci("g1f3"));
        assertThat(FR.read(p, "Cf3(=)")).isEqualTo(p.parseUci("g1f3"));
        assertThat(FR.read(p, "e4!?")).isEqualTo(p.parseUci("e2e4"));
        assertThat(LocalisedSan.offersDraw("Cf3 (=)")).isTrue();
        assertThat(LocalisedSan.offersDraw("Cf3")).isFalse();
        assertThat(FR.result("1/2-1/2")).isEqualTo("½-½");
        assertThat(FR.result("1-0")).isEqualTo("1-0");
        assertThat(Notations.san().result("1/2-1/2")).isEqualTo("1/2-1/2");
    }

    /** Every piece of each side in every language: king, queen, rook, bishop, knight, then a promotion. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            san      | Kf2 Qd5 Ra5 Be3 Nc3 b8=Q | Kf7 Qd4 Ra4 Be6 Nc6 b1=Q
            fr       | Rf2 Dd5 Ta5 Fe3 Cc3 b8=D | Rf7 Dd4 Ta4 Fe6 Cc6 b1=D
            de       | Kf2 Dd5 Ta5 Le3 Sc3 b8=D | Kf7 Dd4 Ta4 Le6 Sc6 b1=D
            es       | Rf2 Dd5 Ta5 Ae3 Cc3 b8=D | Rf7 Dd4 Ta4 Ae6 Cc6 b1=D
            it       | Rf2 Dd5 Ta5 Ae3 Cc3 b8=D | Rf7 Dd4 Ta4 Ae6 Cc6 b1=D
            nl       | Kf2 Dd5 Ta5 Le3 Pc3 b8=D | Kf7 Dd4 Ta4 Le6 Pc6 b1=D
            figurine | ♔f2 ♕d5 ♖a5 ♗e3 ♘c3 b8=♕ | ♚f7 ♛d4 ♜a4 ♝e6 ♞c6 b1=♛
            """)
    void everyPieceInEveryLanguage(String code, String white, String black) {
        MoveNotation n = Notations.byName(code);
        Position w = position("8/1P5k/8/8/8/8/8/RNBQK3 w - - 0 1");
        Position b = position("rnbqk3/8/8/8/8/8/1p5K/8 b - - 0 1");
        List<String> whiteUci = List.of("e1f2", "d1d5", "a1a5", "c1e3", "b1c3", "b7b8q");
        List<String> blackUci = List.of("e8f7", "d8d4", "a8a4", "c8e6", "b8c6", "b2b1q");
        String[] whiteText = white.split(" ");
        String[] blackText = black.split(" ");
        for (int i = 0; i < whiteUci.size(); i++) {
            Move mw = w.parseUci(whiteUci.get(i));
            Move mb = b.parseUci(blackUci.get(i));
            assertThat(n.write(w, mw)).as(whiteUci.get(i)).isEqualTo(whiteText[i]);
            assertThat(n.write(b, mb)).as(blackUci.get(i)).isEqualTo(blackText[i]);
            assertThat(n.read(w, whiteText[i])).as(whiteText[i]).isEqualTo(mw);
            assertThat(n.read(b, blackText[i])).as(blackText[i]).isEqualTo(mb);
        }
    }

    @Test
    void lettersThatMeanOtherPiecesElsewhereDoNotChain() {
        // French R is the king (English R, the rook, is T): "Re2" moves the king, never the rook.
        Position p = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assertThat(FR.read(p, "Re2")).isEqualTo(p.parseUci("e1e2"));
        assertThat(FR.read(p, "Ta2")).isEqualTo(p.parseUci("a1a2"));
        assertThatThrownBy(() -> FR.read(p, "Ra2")).isInstanceOf(IllegalMoveException.class);
        // Dutch P is the knight (paard); pawns have no letter.
        MoveNotation nl = Notations.byName("nl");
        Position start = Position.start(Variant.STANDARD);
        assertThat(nl.read(start, "Pf3")).isEqualTo(start.parseUci("g1f3"));
        assertThatThrownBy(() -> nl.read(start, "Pe4")).isInstanceOf(IllegalMoveException.class);
        assertThat(nl.read(start, "e4")).isEqualTo(start.parseUci("e2e4"));
    }

    @ParameterizedTest(name = "{0}: {1} / {3}")
    @CsvSource(delimiter = '|', textBlock = """
            fr | fxe5 | f4e5 | Fxe5 | c3e5 | 4k3/8/8/4p3/5P2/2B5/8/4K3 w - - 0 1
            es | axb5 | a4b5 | Axb5 | d3b5 | 7k/8/8/1p6/P7/3B4/8/4K3 w - - 0 1
            it | axb5 | a4b5 | Axb5 | d3b5 | 7k/8/8/1p6/P7/3B4/8/4K3 w - - 0 1
            fr | cxd5 | c4d5 | Cxd5 | e3d5 | 4k3/8/8/3p4/2P5/4N3/8/4K3 w - - 0 1
            es | cxd5 | c4d5 | Cxd5 | e3d5 | 4k3/8/8/3p4/2P5/4N3/8/4K3 w - - 0 1
            de | dxe5 | d4e5 | Dxe5 | h2e5 | k7/8/8/4p3/3P4/8/7Q/4K3 w - - 0 1
            de | lxk5 | l4k5 | Lxk5 | h2k5 | courier
            """)
    void aCapitalIsAPieceAndASmallLetterAFile(String code, String pawn, String pawnUci, String piece,
            String pieceUci, String fen) {
        MoveNotation n = Notations.byName(code);
        Position p = fen.equals("courier")
                ? Position.fromFen(TwelveFilesTest.WIDE, "4k7/12/12/10p1/11P/12/7B4/4K7 w - - 0 1")
                : position(fen);
        assertThat(n.read(p, pawn)).isEqualTo(p.parseUci(pawnUci));
        assertThat(n.read(p, piece)).isEqualTo(p.parseUci(pieceUci));
        assertThat(n.write(p, p.parseUci(pawnUci))).isEqualTo(pawn);
        assertThat(n.write(p, p.parseUci(pieceUci))).isEqualTo(piece);
    }

    @Test
    void lettersOfAnotherLanguageAreRefusedNotGuessed() {
        Position start = Position.start(Variant.STANDARD);
        assertThatThrownBy(() -> FR.read(start, "Nf3")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("'Nf3'").hasMessageContaining("'N' is not a piece letter in French (R D T F C)");
        assertThatThrownBy(() -> Notations.byName("de").read(start, "Cf3")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("German");
        assertThatThrownBy(() -> Notations.san().read(start, "Sf3")).isInstanceOf(InvalidMoveException.class);
        assertThatThrownBy(() -> FR.read(start, "Cf3Z")).isInstanceOf(InvalidMoveException.class);
        assertThatThrownBy(() -> FR.read(start, "")).isInstanceOf(InvalidMoveException.class);
        for (String lone : new String[] {"C", "D", "x", "Cx", "e"}) {
            assertThatThrownBy(() -> FR.read(start, lone)).as(lone).isInstanceOf(InvalidMoveException.class);
        }
    }

    @Test
    void ambiguityNamesTheMovesInTheLanguage() {
        Position p = after(OPERA);
        assertThatThrownBy(() -> FR.read(p, "Cd7")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("'Cd7'").hasMessageContaining("both Cbd7 and Cfd7 fit");
        Position rooks = position("4k3/8/8/8/8/8/8/R2b1RK1 w - - 0 1");
        assertThatThrownBy(() -> FR.read(rooks, "Txd1")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("both Taxd1 and Tfxd1 fit");
    }

    @Test
    void illegalMovesSayWhere() {
        Position start = Position.start(Variant.STANDARD);
        assertThatThrownBy(() -> FR.read(start, "Cf6")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("'Cf6' (French SAN) is not a legal move in " + start.fen());
        assertThatThrownBy(() -> FR.write(start, new Move.Normal(12, 36)))   // e2-e5
                .isInstanceOf(IllegalMoveException.class).hasMessageContaining("not legal");
    }

    @Test
    void figurinesTakeTheColourOfTheSideAndAreReadInEither() {
        MoveNotation fig = Notations.byName("figurine");
        Position start = Position.start(Variant.STANDARD);
        Position black = start.playSan("e4");
        assertThat(fig.write(start, start.parseSan("Nf3"))).isEqualTo("♘f3");
        assertThat(fig.write(black, black.parseSan("Nf6"))).isEqualTo("♞f6");
        assertThat(fig.read(black, "♘f6")).isEqualTo(black.parseSan("Nf6"));   // books print one colour for both
        assertThat(fig.read(black, "♞f6")).isEqualTo(black.parseSan("Nf6"));
        assertThat(fig.read(black, "Nf6")).isEqualTo(black.parseSan("Nf6"));   // and people type letters
        assertThat(fig.read(start, "♙e4")).isEqualTo(start.parseSan("e4"));
        assertThat(fig.read(start, "e4")).isEqualTo(start.parseSan("e4"));
    }

    @Test
    void castlingIsTheSameEverywhere() {
        Position p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (Language l : Language.all()) {
            MoveNotation n = Notations.byName(l.code());
            assertThat(n.write(p, p.parseSan("O-O"))).isEqualTo("O-O");
            assertThat(n.write(p, p.parseSan("O-O-O"))).isEqualTo("O-O-O");
            assertThat(n.read(p, "0-0")).isEqualTo(p.parseSan("O-O"));
            assertThat(n.read(p, "O-O-O+")).isEqualTo(p.parseSan("O-O-O"));
        }
    }

    @Test
    void languagesByCode() {
        assertThat(Language.byCode("FR")).isSameAs(Language.FRENCH);
        assertThat(Language.byCode("en")).isSameAs(Language.ENGLISH);
        assertThatThrownBy(() -> Language.byCode("xx")).hasMessageContaining("'xx'").hasMessageContaining("fr");
        for (Language l : Language.all()) {
            // Five distinct symbols per side for the chess pieces, none of them a file letter.
            for (Color side : Color.values()) {
                List<String> symbols = Variant.STANDARD.pieces().stream().filter(t -> !t.pawn())
                        .map(t -> l.symbol(t, side)).toList();
                assertThat(symbols).doesNotHaveDuplicates().hasSize(5)
                        .allSatisfy(s -> assertThat(Character.isLowerCase(s.codePointAt(0))).isFalse());
            }
        }
    }
}
