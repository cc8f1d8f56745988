package org.marelle.rules.notation;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.marelle.rules.Color;
import org.marelle.rules.PieceType;

/**
 * The piece letters of one language for algebraic notation, keyed by the piece's PGN letter ({@link PieceType#letter()}).
 *
 * <p>Pawns have no letter in any language. A piece whose PGN letter is not in the table is written with its PGN
 * letter: that is the place for the Courier pieces (ferz, alfil, wazir, Mann), whose letters per language are not
 * decided yet. {@link LocalisedSan} refuses a table in which two pieces of a variant would share a letter.
 *
 * <table>
 * <caption>Letters</caption>
 * <tr><th>code</th><th>king</th><th>queen</th><th>rook</th><th>bishop</th><th>knight</th></tr>
 * <tr><td>san (English)</td><td>K</td><td>Q</td><td>R</td><td>B</td><td>N</td></tr>
 * <tr><td>fr</td><td>R roi</td><td>D dame</td><td>T tour</td><td>F fou</td><td>C cavalier</td></tr>
 * <tr><td>de</td><td>K König</td><td>D Dame</td><td>T Turm</td><td>L Läufer</td><td>S Springer</td></tr>
 * <tr><td>es</td><td>R rey</td><td>D dama</td><td>T torre</td><td>A alfil</td><td>C caballo</td></tr>
 * <tr><td>it</td><td>R re</td><td>D donna</td><td>T torre</td><td>A alfiere</td><td>C cavallo</td></tr>
 * <tr><td>nl</td><td>K koning</td><td>D dame</td><td>T toren</td><td>L loper</td><td>P paard</td></tr>
 * <tr><td>figurine</td><td>♔ ♚</td><td>♕ ♛</td><td>♖ ♜</td><td>♗ ♝</td><td>♘ ♞</td></tr>
 * </table>
 *
 * @param code  the registry name ({@code fr}); English is {@code san}
 * @param title the language's name in English, for messages
 * @param white symbols for White's pieces, by PGN letter
 * @param black symbols for Black's pieces, by PGN letter (the same as White's except for figurines)
 * @param draw  how a drawn result is written: "1/2-1/2" in English as in PGN, "½-½" elsewhere (the FFE's way)
 */
public record Language(String code, String title, Map<Character, String> white, Map<Character, String> black,
        String draw) {

    public static final Language ENGLISH = letters("san", "English", "K", "Q", "R", "B", "N", "1/2-1/2");
    public static final Language FRENCH = letters("fr", "French", "R", "D", "T", "F", "C", "½-½");
    public static final Language GERMAN = letters("de", "German", "K", "D", "T", "L", "S", "½-½");
    public static final Language SPANISH = letters("es", "Spanish", "R", "D", "T", "A", "C", "½-½");
    public static final Language ITALIAN = letters("it", "Italian", "R", "D", "T", "A", "C", "½-½");
    public static final Language DUTCH = letters("nl", "Dutch", "K", "D", "T", "L", "P", "½-½");
    /** Unicode chess figurines, each side its own colour (U+2654–U+265E). */
    public static final Language FIGURINE = new Language("figurine", "figurine",
            table("♔", "♕", "♖", "♗", "♘"), table("♚", "♛", "♜", "♝", "♞"), "½-½");

    private static final List<Language> ALL = List.of(ENGLISH, FRENCH, GERMAN, SPANISH, ITALIAN, DUTCH, FIGURINE);

    public Language {
        white = Map.copyOf(white);
        black = Map.copyOf(black);
    }

    private static Language letters(String code, String title, String king, String queen, String rook, String bishop,
            String knight, String draw) {
        Map<Character, String> t = table(king, queen, rook, bishop, knight);
        return new Language(code, title, t, t, draw);
    }

    private static Map<Character, String> table(String king, String queen, String rook, String bishop, String knight) {
        return Map.of(
                PieceType.KING.letter(), king,
                PieceType.QUEEN.letter(), queen,
                PieceType.ROOK.letter(), rook,
                PieceType.BISHOP.letter(), bishop,
                PieceType.KNIGHT.letter(), knight);
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
        Map<Character, String> table = color == Color.WHITE ? white : black;
        return table.getOrDefault(type.letter(), String.valueOf(type.letter()));
    }

    /** Whether the symbols differ by colour (figurines), so that a reader must accept both sides' glyphs. */
    public boolean colouredSymbols() {
        return !white.equals(black);
    }
}
