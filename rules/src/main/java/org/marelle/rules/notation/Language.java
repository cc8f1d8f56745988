package org.marelle.rules.notation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.marelle.rules.Color;
import org.marelle.rules.PieceType;
import org.marelle.rules.Variant;

/**
 * The piece symbols of one language for algebraic notation, keyed by the piece's name ({@link PieceType#name()}).
 *
 * <p>Why by name and not by PGN letter: the same letter means different pieces in different variants. PGN's
 * {@code B} is the bishop in chess and the courier in Courier; French {@code F} (fou) is the bishop in chess and the
 * alfil in Courier. A piece's name says which piece it is in every variant ("bishop", "courier", "alfil"), so one
 * table per language serves chess and the Courier family at once, and the chess letters stay exactly what they were.
 * Pieces of different variants that play the same part share a name and a symbol (Courier's and Albers' Schleich are
 * both "schleich").
 *
 * <p>Pawns have no symbol in any language. A piece the table does not name (a variant made up elsewhere) is written
 * with its PGN letter. {@link LocalisedSan} checks, per variant, that no two pieces end up with the same symbol and
 * that no symbol holds a file letter of the board; the tables below pass that check for every built-in variant.
 *
 * <table>
 * <caption>Symbols (docs/notation.md gives the reasons)</caption>
 * <tr><th>code</th><th>king</th><th>queen</th><th>rook</th><th>bishop</th><th>knight</th>
 *     <th>ferz</th><th>mann</th><th>schleich</th><th>courier</th><th>alfil</th><th>archer</th><th>sage</th></tr>
 * <tr><td>san (English)</td><td>K</td><td>Q</td><td>R</td><td>B</td><td>N</td>
 *     <td>F</td><td>M</td><td>W</td><td>B</td><td>E</td><td>E</td><td>M</td></tr>
 * <tr><td>fr</td><td>R</td><td>D</td><td>T</td><td>F</td><td>C</td>
 *     <td>D</td><td>S</td><td>B</td><td>Co</td><td>F</td><td>F</td><td>S</td></tr>
 * <tr><td>de</td><td>K</td><td>D</td><td>T</td><td>L</td><td>S</td>
 *     <td>D</td><td>M</td><td>W</td><td>L</td><td>A</td><td>A</td><td>M</td></tr>
 * <tr><td>es</td><td>R</td><td>D</td><td>T</td><td>A</td><td>C</td>
 *     <td>D</td><td>S</td><td>B</td><td>Co</td><td>A</td><td>A</td><td>S</td></tr>
 * <tr><td>it</td><td>R</td><td>D</td><td>T</td><td>A</td><td>C</td>
 *     <td>D</td><td>S</td><td>B</td><td>Co</td><td>A</td><td>A</td><td>S</td></tr>
 * <tr><td>nl</td><td>K</td><td>D</td><td>T</td><td>L</td><td>P</td>
 *     <td>D</td><td>M</td><td>W</td><td>L</td><td>A</td><td>A</td><td>M</td></tr>
 * <tr><td>figurine</td><td>♔ ♚</td><td>♕ ♛</td><td>♖ ♜</td><td>♗ ♝</td><td>♘ ♞</td>
 *     <td>F</td><td>M</td><td>W</td><td>♗ ♝</td><td>E</td><td>E</td><td>M</td></tr>
 * </table>
 *
 * @param code  the registry name ({@code fr}); English is {@code san}
 * @param title the language's name in English, for messages
 * @param white symbols for White's pieces, by piece name
 * @param black symbols for Black's pieces, by piece name (the same as White's except for figurines)
 * @param draw  how a drawn result is written: "1/2-1/2" in English as in PGN, "½-½" elsewhere (the FFE's way)
 */
public record Language(String code, String title, Map<String, String> white, Map<String, String> black,
        String draw) {

    // Piece names as the rules core gives them (the last two are Albers' pieces of courier-modern, which the core
    // keeps private: LanguageTablesTest checks that every piece of every built-in variant is named here).
    private static final String KING = PieceType.KING.name();
    private static final String QUEEN = PieceType.QUEEN.name();
    private static final String ROOK = PieceType.ROOK.name();
    private static final String BISHOP = PieceType.BISHOP.name();
    private static final String KNIGHT = PieceType.KNIGHT.name();
    private static final String FERZ = PieceType.FERZ.name();
    private static final String MANN = PieceType.MANN.name();
    private static final String SCHLEICH = PieceType.SCHLEICH.name();
    private static final String COURIER = PieceType.COURIER.name();
    private static final String ALFIL = PieceType.ALFIL.name();
    private static final String ARCHER = "archer";
    private static final String SAGE = "sage";

    /** Characters that belong to the move around a piece symbol, so never inside one. */
    private static final String MOVE_CHARACTERS = "x:-=+#_()!?.,;/ ";

    /** PGN's own letters, for every piece of every built-in variant. */
    public static final Language ENGLISH = new Language("san", "English", pgnLetters(), pgnLetters(), "1/2-1/2");

    /*
     * Courier columns, in the order: ferz, mann, schleich, courier, alfil, archer, sage. The reasons for each
     * letter are in docs/notation.md ("Courier pieces in each language").
     */
    public static final Language FRENCH = letters("fr", "French", "½-½",
            chess("R", "D", "T", "F", "C"), courier("D", "S", "B", "Co", "F", "F", "S"));
    public static final Language GERMAN = letters("de", "German", "½-½",
            chess("K", "D", "T", "L", "S"), courier("D", "M", "W", "L", "A", "A", "M"));
    public static final Language SPANISH = letters("es", "Spanish", "½-½",
            chess("R", "D", "T", "A", "C"), courier("D", "S", "B", "Co", "A", "A", "S"));
    public static final Language ITALIAN = letters("it", "Italian", "½-½",
            chess("R", "D", "T", "A", "C"), courier("D", "S", "B", "Co", "A", "A", "S"));
    public static final Language DUTCH = letters("nl", "Dutch", "½-½",
            chess("K", "D", "T", "L", "P"), courier("D", "M", "W", "L", "A", "A", "M"));
    /**
     * Unicode chess figurines, each side its own colour (U+2654–U+265E), for the pieces that move as a chess piece
     * does (the courier is the bishop's move, and its German name Läufer became the bishop's); Unicode has no glyph
     * for the ferz, alfil, Mann, Schleich, archer or sage, so those keep their PGN letters, the same for both sides.
     */
    public static final Language FIGURINE = new Language("figurine", "figurine",
            merge(chess("♔", "♕", "♖", "♗", "♘"), Map.of(COURIER, "♗"), courierPgnLetters()),
            merge(chess("♚", "♛", "♜", "♝", "♞"), Map.of(COURIER, "♝"), courierPgnLetters()), "½-½");

    private static final List<Language> ALL = List.of(ENGLISH, FRENCH, GERMAN, SPANISH, ITALIAN, DUTCH, FIGURINE);

    public Language {
        white = Map.copyOf(white);
        black = Map.copyOf(black);
        for (Map<String, String> table : List.of(white, black)) {
            for (Map.Entry<String, String> e : table.entrySet()) {
                checkSymbol(title, e.getKey(), e.getValue());
            }
        }
    }

    /**
     * A symbol starts with a capital or a glyph (files are lower case, so {@code F} and the f-file never meet), and
     * holds nothing a move puts around a piece: digits, {@code x}, {@code =}, check marks… Lower-case letters after
     * the first character are allowed ({@code Co}) when they are no file of the board, which {@link LocalisedSan}
     * checks for each variant.
     */
    private static void checkSymbol(String title, String piece, String symbol) {
        if (symbol == null || symbol.isEmpty()) {
            throw new IllegalArgumentException(title + " table: no symbol for " + piece);
        }
        int first = symbol.codePointAt(0);
        if (Character.isLowerCase(first) || Character.isDigit(first)) {
            throw new IllegalArgumentException(title + " table: the symbol '" + symbol + "' of " + piece
                    + " must start with a capital or a glyph, not a file letter or a digit");
        }
        for (int i = 0; i < symbol.length(); i++) {
            char c = symbol.charAt(i);
            if (Character.isDigit(c) || MOVE_CHARACTERS.indexOf(c) >= 0 || Character.isWhitespace(c)) {
                throw new IllegalArgumentException(title + " table: the symbol '" + symbol + "' of " + piece
                        + " holds '" + c + "', which belongs to the move around a piece");
            }
        }
    }

    private static Language letters(String code, String title, String draw, Map<String, String> chess,
            Map<String, String> courier) {
        Map<String, String> t = merge(chess, courier);
        return new Language(code, title, t, t, draw);
    }

    private static Map<String, String> chess(String king, String queen, String rook, String bishop, String knight) {
        return Map.of(KING, king, QUEEN, queen, ROOK, rook, BISHOP, bishop, KNIGHT, knight);
    }

    private static Map<String, String> courier(String ferz, String mann, String schleich, String courier,
            String alfil, String archer, String sage) {
        return Map.of(FERZ, ferz, MANN, mann, SCHLEICH, schleich, COURIER, courier, ALFIL, alfil, ARCHER, archer,
                SAGE, sage);
    }

    /** The Courier pieces that have no figurine, by their PGN letters (the courier has one: the bishop's). */
    private static Map<String, String> courierPgnLetters() {
        Map<String, String> out = new LinkedHashMap<>(pgnLetters());
        out.keySet().retainAll(List.of(FERZ, MANN, SCHLEICH, ALFIL, ARCHER, SAGE));
        return out;
    }

    /** Every non-pawn piece of the built-in variants, by its PGN letter. */
    private static Map<String, String> pgnLetters() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Variant v : Variant.all()) {
            for (PieceType type : v.pieces()) {
                if (!type.pawn()) {
                    out.putIfAbsent(type.name(), String.valueOf(type.letter()));
                }
            }
        }
        return out;
    }

    @SafeVarargs
    private static Map<String, String> merge(Map<String, String>... tables) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map<String, String> t : tables) {
            out.putAll(t);
        }
        return out;
    }

    public static List<Language> all() {
        return ALL;
    }

    /** The language with this code ({@code fr}, {@code de}…; {@code en} and {@code san} are English). */
    public static Language byCode(String code) {
        String key = code == null ? "" : code.strip().toLowerCase(Locale.ROOT);
        if (key.equals("en")) {
            return ENGLISH;
        }
        for (Language l : ALL) {
            if (l.code.equals(key)) {
                return l;
            }
        }
        throw new IllegalArgumentException("unknown notation language '" + code + "' (known: "
                + String.join(", ", ALL.stream().map(Language::code).toList()) + ")");
    }

    /** The symbol of a piece of this colour: the table's, else the PGN letter. */
    public String symbol(PieceType type, Color color) {
        String own = (color == Color.WHITE ? white : black).get(type.name());
        return own != null ? own : String.valueOf(type.letter());
    }

    /** Whether the table names this piece (else it is written with its PGN letter). */
    public boolean names(PieceType type) {
        return white.containsKey(type.name());
    }

    /** Whether the symbols differ by colour (figurines), so that a reader must accept both sides' glyphs. */
    public boolean colouredSymbols() {
        return !white.equals(black);
    }
}
