package org.marelle.rules.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Courier, courier-jumps and courier-modern in every notation that has a meaning on 12x8: SAN in every language,
 * figurines, LAN and UCI. Every legal move of many positions is written, must differ from every other legal move's
 * text, and must read back as itself; the self-play games round-trip whole; the chessboard-only notations refuse.
 */
class CourierNotationTest {

    static final List<Variant> COURIER_FAMILY = List.of(Variant.COURIER, Variant.COURIER_JUMPS, Variant.COURIER_MODERN);

    /** The notations that work on any board: every language, figurines, LAN, UCI. */
    static final List<MoveNotation> ALGEBRAIC = Stream.of("san", "fr", "de", "es", "it", "nl", "figurine", "lan", "uci")
            .map(Notations::byName).toList();

    static final List<MoveNotation> CHESSBOARD_ONLY = Stream.of("iccf", "vandermonde", "descriptive-en",
            "descriptive-fr").map(Notations::byName).toList();

    // ---- every legal move of many positions -------------------------------------------------------------------

    /**
     * Positions to start random playouts from, beyond each variant's start: a Courier promotion with and without
     * capture; Albers' rules with a pawn due to be promoted while both castlings are legal (so castling, and every
     * other move, carries the delayed promotion), an en passant capture, and a crowd of couriers, archers and sages
     * that need disambiguation.
     */
    static final Map<Variant, List<String>> EXTRA_STARTS = Map.of(
            Variant.COURIER, List.of(
                    "r11/1P10/10k1/12/12/12/12/5K6 w - - 0 1",
                    "rnebmk1wbenr/1P2pp1pppp1/6f5/p5p4p/P5P4P/6F5/2PPPP1PPPp1/RNEBMK1WBE1R b - - 0 12"),
            Variant.COURIER_MODERN, List.of(
                    "1P'2k7/12/12/12/12/12/12/R4K5R w KQ - 2 2",
                    "4k7/12/12/3Pp7/12/12/12/5K6 w - e6 0 1",
                    "4k7/12/1B5B4/3E1M6/12/2E3B5/12/5K6 w - - 0 1",
                    "r4k5r/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/R4K5R b KQkq - 0 1"));

    /** What the positions must contain for the round trips to be worth something; counted as they are checked. */
    static final class Seen {
        final Map<String, Integer> counts = new TreeMap<>();

        void add(String what) {
            counts.merge(what, 1, Integer::sum);
        }
    }

    static Stream<Variant> family() {
        return COURIER_FAMILY.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("family")
    void everyLegalMoveOfRandomPositionsInEveryAlgebraicNotation(Variant variant) {
        Random random = new Random(1616 + variant.name().hashCode());
        List<Position> starts = new ArrayList<>();
        starts.add(variant.startPosition());
        for (String fen : EXTRA_STARTS.getOrDefault(variant, List.of())) {
            starts.add(Position.fromFen(variant, fen));
        }
        Seen seen = new Seen();
        int positions = 0;
        int playouts = variant == Variant.COURIER_JUMPS ? 6 : 24;
        for (int game = 0; game < playouts; game++) {
            Position p = starts.get(game % starts.size());
            for (int ply = 0; ply < 160 && !p.legalMoves().isEmpty(); ply++) {
                // Every position of the opening (the ceremony, the first developments), then one in seven.
                if (ply < 12 || ply % 7 == 0) {
                    everyMoveEveryNotation(p, seen);
                    positions++;
                }
                p = p.play(pick(p, random));
            }
        }
        assertThat(positions).isGreaterThan(150);
        assertThat(seen.counts.keySet()).as("kinds of moves checked in %s: %s", variant, seen.counts)
                .contains("capture", "check", "disambiguated", "courier", "knight", "rook", "king");
        if (variant == Variant.COURIER) {
            assertThat(seen.counts.keySet()).contains("promotion", "ferz", "alfil", "mann", "schleich");
        }
        if (variant == Variant.COURIER_MODERN) {
            assertThat(seen.counts.keySet()).contains("castling", "en passant", "delayed promotion", "queen",
                    "archer", "sage", "schleich");
        }
    }

    /**
     * A random legal move, with a taste for pawn moves so that games reach the last rank; castling when it can
     * (random play rarely clears the way on its own).
     */
    static Move pick(Position p, Random random) {
        List<Move> moves = p.legalMoves();
        for (Move m : moves) {
            if (Scribe.base(m) instanceof Move.Castle && random.nextInt(3) == 0) {
                return m;
            }
        }
        if (random.nextInt(3) == 0) {
            List<Move> pawn = moves.stream().filter(m -> p.pieceAt(m.from()).type().pawn()).toList();
            if (!pawn.isEmpty()) {
                return pawn.get(random.nextInt(pawn.size()));
            }
        }
        return moves.get(random.nextInt(moves.size()));
    }

    /** Writes every legal move in every algebraic notation: texts all different, each read back as its move. */
    static void everyMoveEveryNotation(Position p, Seen seen) {
        List<Move> moves = p.legalMoves();
        for (Move m : moves) {
            kinds(p, m).forEach(seen::add);
        }
        for (MoveNotation n : ALGEBRAIC) {
            Map<String, Move> written = new HashMap<>();
            for (Move m : moves) {
                String text = n.write(p, m);
                Move twin = written.put(text, m);
                if (twin != null) {
                    throw new AssertionError(n.name() + " writes both " + p.uci(twin) + " and " + p.uci(m) + " as '"
                            + text + "' in " + p.fen());
                }
                Move back;
                try {
                    back = n.read(p, text);
                } catch (IllegalArgumentException e) {
                    throw new AssertionError(n.name() + " '" + text + "' (" + p.uci(m) + ") in " + p.fen() + ": "
                            + e.getMessage(), e);
                }
                if (!back.equals(m)) {
                    throw new AssertionError(n.name() + " '" + text + "' read back as " + p.uci(back) + ", not "
                            + p.uci(m) + ", in " + p.fen());
                }
            }
        }
    }

    static List<String> kinds(Position p, Move m) {
        List<String> out = new ArrayList<>();
        Move base = Scribe.base(m);
        out.add(p.pieceAt(m.from()).type().name());
        if (m instanceof Move.Deferred) {
            out.add("delayed promotion");
        }
        switch (base) {
            case Move.Castle c -> out.add("castling");
            case Move.EnPassant e -> out.add("en passant");
            case Move.Promotion pr -> out.add("promotion");
            default -> { }
        }
        if (p.pieceAt(base.to()) != null && !(base instanceof Move.Castle)) {
            out.add("capture");
        }
        String san = p.san(m);
        if (san.endsWith("+") || san.endsWith("#")) {
            out.add("check");
        }
        // A piece move with a departure file or rank between its letter and its destination: "Nbd2", "R1a3".
        Matcher piece = Pattern.compile("[A-Z]([a-l]?\\d?)x?[a-l]\\d.*").matcher(san);
        if (!san.startsWith("O-O") && piece.matches() && !piece.group(1).isEmpty()) {
            out.add("disambiguated");
        }
        return out;
    }

    // ---- the self-play games -----------------------------------------------------------------------------------

    record SelfPlay(int number, String startFen, List<String> moves) {
        @Override
        public String toString() {
            return "self-play game " + number + " (" + moves.size() + " plies)";
        }

        Position start() {
            return Position.fromFen(Variant.COURIER, startFen);
        }

        List<Move> mainline() {
            Position p = start();
            List<Move> out = new ArrayList<>();
            for (String uci : moves) {
                Move m = p.parseUci(uci);
                out.add(m);
                p = p.play(m);
            }
            return out;
        }
    }

    static List<SelfPlay> selfPlayGames() throws IOException {
        List<SelfPlay> out = new ArrayList<>();
        InputStream in = CourierNotationTest.class.getResourceAsStream("/courier/fsf11_courier_selfplay_games.jsonl");
        assertThat(in).as("test resource /courier/fsf11_courier_selfplay_games.jsonl").isNotNull();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    out.add(new SelfPlay(Integer.parseInt(field(line, "game")), field(line, "start_fen"),
                            List.of(field(line, "moves_uci").split(" "))));
                }
            }
        }
        assertThat(out).hasSize(12);
        return out;
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\\s*(\"([^\"]*)\"|(\\d+))").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no field " + name + " in " + json);
        }
        return m.group(2) != null ? m.group(2) : m.group(3);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("selfPlayGames")
    void selfPlayGamesRoundTripInEveryAlgebraicNotation(SelfPlay game) {
        List<Move> moves = game.mainline();
        Position p = game.start();
        for (int ply = 0; ply < moves.size(); ply++) {
            Move m = moves.get(ply);
            for (MoveNotation n : ALGEBRAIC) {
                String text = n.write(p, m);
                assertThat(n.read(p, text)).as("%s ply %d: %s '%s' in %s", game, ply + 1, n.name(), text, p.fen())
                        .isEqualTo(m);
            }
            p = p.play(m);
        }
        for (MoveNotation n : ALGEBRAIC) {
            String text = MoveText.write(game.start(), moves, n, "1/2-1/2");
            MoveText.Read read = MoveText.read(game.start(), text, n);
            assertThat(read.moves()).as("%s in %s:%n%s", game, n.name(), text).isEqualTo(moves);
            assertThat(read.result()).isEqualTo("1/2-1/2");
        }
    }

    // ---- the tables, by hand ---------------------------------------------------------------------------------

    /** The opening of self-play game 1: every Courier piece moves, a capture, a courier's move by both sides. */
    static final List<String> GAME_ONE = List.of("d2d3", "j8l6", "l1l3", "i7i6", "g3h4", "b8a6", "h4g5", "k8j6",
            "g5h6", "j6i4", "h6i7", "e7e6", "k1j3", "h8g8", "e2e3", "i4j2", "l3k3", "a6b4", "h1g1", "j2k4", "i7h6",
            "d8f6", "d3d4", "l6j8", "h6i5", "e6e5", "g4g5", "f6h8", "c2c3", "b4d3", "d1f3", "c7c6", "b1d2", "j7j6",
            "e1e2", "d3b2");

    static List<Move> gameOne() {
        Position p = Variant.COURIER.startPosition();
        List<Move> out = new ArrayList<>();
        for (String uci : GAME_ONE) {
            Move m = p.parseUci(uci);
            out.add(m);
            p = p.play(m);
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            san      | 1. d3 El6 2. Rl3 i6 3. Fh4 Na6 4. Fxg5 Nj6 5. Fh6 Ni4 6. Fi7 e6 7. Nj3 Wg8 8. e3 Nxj2 9. Rk3 Nb4 10. Wg1 Nk4 11. Fh6 Bf6 12. d4 Ej8 13. Fi5 e5 14. g5 Bh8 15. c3 Nd3 16. Bf3 c6 17. Nd2 j6 18. Me2 Nxb2 *
            fr       | 1. d3 Fl6 2. Tl3 i6 3. Dh4 Ca6 4. Dxg5 Cj6 5. Dh6 Ci4 6. Di7 e6 7. Cj3 Bg8 8. e3 Cxj2 9. Tk3 Cb4 10. Bg1 Ck4 11. Dh6 Cof6 12. d4 Fj8 13. Di5 e5 14. g5 Coh8 15. c3 Cd3 16. Cof3 c6 17. Cd2 j6 18. Se2 Cxb2 *
            de       | 1. d3 Al6 2. Tl3 i6 3. Dh4 Sa6 4. Dxg5 Sj6 5. Dh6 Si4 6. Di7 e6 7. Sj3 Wg8 8. e3 Sxj2 9. Tk3 Sb4 10. Wg1 Sk4 11. Dh6 Lf6 12. d4 Aj8 13. Di5 e5 14. g5 Lh8 15. c3 Sd3 16. Lf3 c6 17. Sd2 j6 18. Me2 Sxb2 *
            es       | 1. d3 Al6 2. Tl3 i6 3. Dh4 Ca6 4. Dxg5 Cj6 5. Dh6 Ci4 6. Di7 e6 7. Cj3 Bg8 8. e3 Cxj2 9. Tk3 Cb4 10. Bg1 Ck4 11. Dh6 Cof6 12. d4 Aj8 13. Di5 e5 14. g5 Coh8 15. c3 Cd3 16. Cof3 c6 17. Cd2 j6 18. Se2 Cxb2 *
            it       | 1. d3 Al6 2. Tl3 i6 3. Dh4 Ca6 4. Dxg5 Cj6 5. Dh6 Ci4 6. Di7 e6 7. Cj3 Bg8 8. e3 Cxj2 9. Tk3 Cb4 10. Bg1 Ck4 11. Dh6 Cof6 12. d4 Aj8 13. Di5 e5 14. g5 Coh8 15. c3 Cd3 16. Cof3 c6 17. Cd2 j6 18. Se2 Cxb2 *
            nl       | 1. d3 Al6 2. Tl3 i6 3. Dh4 Pa6 4. Dxg5 Pj6 5. Dh6 Pi4 6. Di7 e6 7. Pj3 Wg8 8. e3 Pxj2 9. Tk3 Pb4 10. Wg1 Pk4 11. Dh6 Lf6 12. d4 Aj8 13. Di5 e5 14. g5 Lh8 15. c3 Pd3 16. Lf3 c6 17. Pd2 j6 18. Me2 Pxb2 *
            figurine | 1. d3 El6 2. ♖l3 i6 3. Fh4 ♞a6 4. Fxg5 ♞j6 5. Fh6 ♞i4 6. Fi7 e6 7. ♘j3 Wg8 8. e3 ♞xj2 9. ♖k3 ♞b4 10. Wg1 ♞k4 11. Fh6 ♝f6 12. d4 Ej8 13. Fi5 e5 14. g5 ♝h8 15. c3 ♞d3 16. ♗f3 c6 17. ♘d2 j6 18. Me2 ♞xb2 *
            """)
    void theOpeningOfAGameInEachLanguage(String language, String expected) {
        Position start = Variant.COURIER.startPosition();
        MoveNotation n = Notations.byName(language);
        String text = MoveText.write(start, gameOne(), n, "*");
        assertThat(text.replace('\n', ' ')).isEqualTo(expected);
        assertThat(MoveText.read(start, expected, n).moves()).isEqualTo(gameOne());
    }

    @Test
    void coursierAndCavalierBothStartWithC() {
        // A courier and a knight can both reach f3 (French: coursier "Co", cavalier "C").
        Position p = Position.fromFen(Variant.COURIER, "5k6/p11/12/12/12/12/P11/3B2N4K w - - 0 1");
        MoveNotation fr = Notations.byName("fr");
        Move courier = p.parseUci("d1f3");
        Move knight = p.parseUci("g1f3");
        assertThat(fr.write(p, courier)).isEqualTo("Cof3");
        assertThat(fr.write(p, knight)).isEqualTo("Cf3");
        assertThat(fr.read(p, "Cof3")).isEqualTo(courier);
        assertThat(fr.read(p, "Cf3")).isEqualTo(knight);
        assertThat(Notations.byName("es").read(p, "Cof3")).isEqualTo(courier);
        assertThat(Notations.byName("de").read(p, "Lf3")).isEqualTo(courier);
        // Figurines are read as English letters too: B is the courier in Courier.
        assertThat(Notations.byName("figurine").read(p, "Bf3")).isEqualTo(courier);
        assertThat(Notations.byName("figurine").read(p, "♗f3")).isEqualTo(courier);
        // In chess the same French letters keep their chess meaning: C is the knight, F the bishop.
        Position chess = Position.fromFen("4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1");
        assertThat(fr.read(chess, "Cf3")).isEqualTo(chess.parseUci("g1f3"));
        assertThat(fr.read(chess, "Fd2")).isEqualTo(chess.parseUci("c1d2"));
        assertThatThrownBy(() -> fr.read(chess, "Cof3")).isInstanceOf(InvalidMoveException.class);
    }

    @Test
    void twoCouriersOnOneSquareAreToldApartByTheirFile() {
        Position p = Position.fromFen(Variant.COURIER_MODERN, "4k7/12/1B5B4/3E1M6/12/2E3B5/12/5K6 w - - 0 1");
        MoveNotation fr = Notations.byName("fr");
        assertThat(fr.write(p, p.parseUci("g3f4"))).isEqualTo("Cogf4");
        assertThat(fr.read(p, "Cohf4")).isEqualTo(p.parseUci("h6f4"));
        assertThat(fr.read(p, "Co6f4")).isEqualTo(p.parseUci("h6f4"));
        assertThatThrownBy(() -> fr.read(p, "Cof4")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("both Cogf4 and Cohf4 fit");
        assertThatThrownBy(() -> Notations.byName("de").read(p, "Lf4")).isInstanceOf(AmbiguousMoveException.class)
                .hasMessageContaining("both Lgf4 and Lhf4 fit");
    }

    @Test
    void aLetterOfAnotherLanguageOrVariantIsRefusedWithTheRightList() {
        Position p = Variant.COURIER.startPosition();
        assertThatThrownBy(() -> Notations.byName("fr").read(p, "Ee3")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("'E' is not a piece letter in French (R F B S D T Co C)");
        assertThatThrownBy(() -> Notations.byName("de").read(p, "Ff3")).isInstanceOf(InvalidMoveException.class)
                .hasMessageContaining("'F' is not a piece letter in German (K A W M D T L S)");
    }

    @Test
    void promotionToTheFerzInEachLanguage() {
        Position p = Position.fromFen(Variant.COURIER, "r11/1P10/10k1/12/12/12/12/5K6 w - - 0 1");
        Move m = p.parseUci("b7a8f");
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("san", "bxa8=F");
        expected.put("fr", "bxa8=D");
        expected.put("de", "bxa8=D");
        expected.put("nl", "bxa8=D");
        expected.put("figurine", "bxa8=F");
        expected.put("lan", "b7xa8=F");
        expected.put("uci", "b7a8f");
        expected.forEach((name, text) -> {
            assertThat(Notations.byName(name).write(p, m)).as(name).isEqualTo(text);
            assertThat(Notations.byName(name).read(p, text)).as(name).isEqualTo(m);
        });
        assertThat(Notations.byName("fr").read(p, "bxa8D")).isEqualTo(m);
    }

    // ---- Albers' rules: delayed promotion, castling, the modern queen ------------------------------------------

    static final Position WAITING = Position.fromFen(Variant.COURIER_MODERN, "1P'2k7/12/12/12/12/12/12/R4K5R w KQ - 2 2");

    @Test
    void aDelayedPromotionNamesItsPieceInTheLanguage() {
        Move rook = WAITING.parseSan("Ra4_b8=M");
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("san", "Ra4_b8=M");
        expected.put("fr", "Ta4_b8=S");
        expected.put("de", "Ta4_b8=M");
        expected.put("es", "Ta4_b8=S");
        expected.put("figurine", "♖a4_b8=M");
        expected.put("lan", "Ra1-a4_b8=M");
        expected.put("uci", "a1a4_b8m");
        expected.forEach((name, text) -> {
            assertThat(Notations.byName(name).write(WAITING, rook)).as(name).isEqualTo(text);
            assertThat(Notations.byName(name).read(WAITING, text)).as(name).isEqualTo(rook);
        });
        Move castle = WAITING.parseSan("O-O_b8=B");
        assertThat(Notations.byName("fr").write(WAITING, castle)).isEqualTo("O-O_b8=Co");
        assertThat(Notations.byName("fr").read(WAITING, "0-0_b8=Co")).isEqualTo(castle);
        assertThat(Notations.byName("de").write(WAITING, castle)).isEqualTo("O-O_b8=L");
        assertThat(Notations.byName("lan").write(WAITING, castle)).isEqualTo("O-O_b8=B");
        assertThat(Notations.byName("lan").read(WAITING, "O-O_b8B")).isEqualTo(castle);
    }

    @Test
    void aMoveThatLeavesTheWaitingPawnUnnamedIsRefusedWithTheForm() {
        assertThatThrownBy(() -> Notations.byName("fr").read(WAITING, "Ta4")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("'Ta4' (French SAN) must also name the piece the waiting pawn on b8 becomes")
                .hasMessageContaining("e.g. 'Ta4_b8=D'");
        assertThatThrownBy(() -> Notations.byName("lan").read(WAITING, "Ra1-a4")).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("waiting pawn on b8").hasMessageContaining("'Ra1-a4_b8=Q'");
        assertThatThrownBy(() -> Notations.byName("lan").read(WAITING, "Ra1-a4_c8=Q"))
                .isInstanceOf(IllegalMoveException.class).hasMessageContaining("no pawn waits");
        assertThatThrownBy(() -> Notations.byName("lan").read(WAITING, "Ra1-a4_zz"))
                .isInstanceOf(InvalidMoveException.class).hasMessageContaining("'zz'");
    }

    @Test
    void albersPiecesInEachLanguage() {
        Position p = Position.fromFen(Variant.COURIER_MODERN, "4k7/12/12/12/12/12/12/2EBMKQW4 w - - 0 1");
        Map<String, List<String>> expected = Map.of(
                "san", List.of("Ee3", "Bf3", "Md3", "Qh2", "Wi2"),
                "fr", List.of("Fe3", "Cof3", "Sd3", "Dh2", "Bi2"),
                "de", List.of("Ae3", "Lf3", "Md3", "Dh2", "Wi2"),
                "es", List.of("Ae3", "Cof3", "Sd3", "Dh2", "Bi2"),
                "nl", List.of("Ae3", "Lf3", "Md3", "Dh2", "Wi2"),
                "figurine", List.of("Ee3", "♗f3", "Md3", "♕h2", "Wi2"));
        // Archer c1-e3 (its leap), courier d1-f3, sage e1-d3 (a knight's move), queen g1-h2, Schleich h1-i2.
        List<Move> moves = Stream.of("c1e3", "d1f3", "e1d3", "g1h2", "h1i2").map(p::parseUci).toList();
        expected.forEach((name, texts) -> {
            for (int i = 0; i < moves.size(); i++) {
                assertThat(Notations.byName(name).write(p, moves.get(i))).as(name).isEqualTo(texts.get(i));
                assertThat(Notations.byName(name).read(p, texts.get(i))).as(name).isEqualTo(moves.get(i));
            }
        });
    }

    // ---- the tables --------------------------------------------------------------------------------------------

    @Test
    void everyLanguageNamesEveryPieceOfEveryVariantWithDistinctReadableSymbols() {
        for (Language l : Language.all()) {
            for (Variant v : Variant.all()) {
                for (Color side : Color.values()) {
                    Set<String> symbols = new TreeSet<>();
                    for (PieceType type : v.pieces()) {
                        if (type.pawn()) {
                            continue;
                        }
                        assertThat(l.names(type)).as("%s names the %s of %s", l.title(), type.name(), v).isTrue();
                        String s = l.symbol(type, side);
                        assertThat(symbols.add(s)).as("%s: '%s' twice in %s", l.title(), s, v).isTrue();
                        assertThat(Character.isLowerCase(s.codePointAt(0))).isFalse();
                        // Lower-case letters after the first are never files of the board, nor the capture mark.
                        assertThat(s.substring(1).chars().filter(c -> c >= 'a' && c < 'a' + v.geometry().files()
                                || c == 'x')).as("%s '%s'", l.title(), s).isEmpty();
                    }
                }
                // And the writer accepts the table for the variant (it checks the same when it builds its reader).
                Position p = v.startPosition();
                assertThat(Notations.byName(l.code()).write(p, p.legalMoves().get(0))).isNotEmpty();
            }
        }
    }

    @Test
    void englishIsThePgnLettersAndChessKeepsItsLetters() {
        for (Variant v : COURIER_FAMILY) {
            for (PieceType type : v.pieces()) {
                if (!type.pawn()) {
                    assertThat(Language.ENGLISH.symbol(type, Color.BLACK)).isEqualTo(String.valueOf(type.letter()));
                }
            }
        }
        Map<String, String> chess = new LinkedHashMap<>();
        chess.put("san", "K Q R B N");
        chess.put("fr", "R D T F C");
        chess.put("de", "K D T L S");
        chess.put("es", "R D T A C");
        chess.put("it", "R D T A C");
        chess.put("nl", "K D T L P");
        chess.put("figurine", "♔ ♕ ♖ ♗ ♘ / ♚ ♛ ♜ ♝ ♞");
        chess.forEach((code, letters) -> {
            Language l = Language.byCode(code);
            List<PieceType> pieces = List.of(PieceType.KING, PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP,
                    PieceType.KNIGHT);
            String white = String.join(" ", pieces.stream().map(t -> l.symbol(t, Color.WHITE)).toList());
            String black = String.join(" ", pieces.stream().map(t -> l.symbol(t, Color.BLACK)).toList());
            assertThat(white.equals(black) ? white : white + " / " + black).as(code).isEqualTo(letters);
        });
    }

    @Test
    void aTableWhoseSymbolHoldsAFileLetterIsRefusedOnThatBoard() {
        // "Ca" would make "Cae4" either the piece "Ca" or a "C" from the a-file.
        Map<String, String> table = new HashMap<>(Language.FRENCH.white());
        table.put(PieceType.COURIER.name(), "Ca");
        Language bad = new Language("xx", "Test", table, table, "½-½");
        LocalisedSan n = new LocalisedSan(bad);
        Position p = Variant.COURIER.startPosition();
        assertThatThrownBy(() -> n.write(p, p.legalMoves().get(0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Ca' of courier holds 'a', which is a file of the 12x8 board");
        assertThatThrownBy(() -> new Language("xx", "Test", Map.of("king", "x"), Map.of("king", "x"), "½-½"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must start with a capital");
        assertThatThrownBy(() -> new Language("xx", "Test", Map.of("king", "K+"), Map.of("king", "K+"), "½-½"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'+'");
        // A table that gives two pieces of one variant the same letter says so.
        Map<String, String> twice = new HashMap<>(Language.FRENCH.white());
        twice.put(PieceType.MANN.name(), "D");
        Language clash = new Language("xx", "Test", twice, twice, "½-½");
        assertThatThrownBy(() -> new LocalisedSan(clash).write(p, p.legalMoves().get(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'D' would stand for both mann and ferz; the Test table has no distinct letters");
    }

    // ---- notations without a meaning on 12x8 -----------------------------------------------------------------

    @Test
    void chessboardNotationsRefuseEveryCourierVariant() {
        for (Variant v : COURIER_FAMILY) {
            Position p = v.startPosition();
            Move m = p.legalMoves().get(0);
            for (MoveNotation n : CHESSBOARD_ONLY) {
                assertThatThrownBy(() -> n.write(p, m)).as("%s on %s", n.name(), v)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage(n.title() + " is only defined on an 8x8 chessboard, not on the 12x8 board of "
                                + v.name());
                assertThatThrownBy(() -> n.read(p, "5254")).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("8x8").hasMessageContaining("12x8").hasMessageContaining(v.name());
                assertThatThrownBy(() -> MoveText.write(p, List.of(m), n, "*"))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("12x8");
            }
        }
    }
}
