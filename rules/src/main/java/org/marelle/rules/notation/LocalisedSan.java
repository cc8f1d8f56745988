package org.marelle.rules.notation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Standard algebraic notation with the piece letters of a {@link Language}: {@code Cf3} in French, {@code Sf3} in
 * German, {@code ♘f3} in figurines.
 *
 * <p>Writing is the core's strict SAN ({@link Position#san}) with its piece letters translated, so disambiguation
 * follows the FFE's rules exactly as PGN's: by departure file when that is enough ({@code Cbd7}, {@code Taxd1}),
 * else by rank ({@code C8d7}), else both; pawn captures with the departure file ({@code dxe5}); promotion
 * {@code e8=D}; {@code O-O}, {@code O-O-O}; {@code +} and {@code #}. The en passant mark {@code  e.p.} is written
 * only when asked for ({@link #withEnPassantMark()}).
 *
 * <p>Reading translates the local letters back to English and hands the text to the core's lenient SAN reader
 * ({@link Position#parseSan}), so it accepts what that accepts ({@code e8D}, missing {@code x}, wrong check marks,
 * {@code 0-0}). The translation is per character and in one pass, so letters that mean different pieces in the
 * two languages cannot chain (French {@code R} is the king, English {@code R} the rook; Dutch {@code P} is the
 * knight, never a pawn). A capital letter that is not a piece of the language is refused, never guessed. Files are
 * lower case, so French {@code F} (fou) and the f-file, or Spanish {@code A} (alfil) and the a-file, do not meet.
 * Also read: an {@code e.p.} mark (checked against the move), a draw offer {@code (=)} after the move (see
 * {@link #offersDraw}), annotations {@code !?}. Figurines are read in either colour, and also English letters.
 *
 * <p>Courier's pieces have their own symbols in each language ({@link Language}); a symbol may have two letters
 * (French {@code Co}, the coursier, beside {@code C}, the cavalier), read longest first, and the reader refuses a
 * table whose symbols hold a file letter of the board. A delayed promotion of courier-modern follows the move after
 * an underscore, as in PGN, with the new piece in the language: {@code Ta4_b8=S}.
 */
public final class LocalisedSan implements MoveNotation {

    /** " e.p.", "e.p", "ep" at the end of a move. */
    private static final Pattern EN_PASSANT_MARK = Pattern.compile("\\s*e\\.?\\s?p\\.?$");
    /** A draw offer written after the move, as the FIDE and FFE score sheets mark it. */
    private static final Pattern DRAW_OFFER = Pattern.compile("\\s*\\(=\\)");
    private static final Pattern DESTINATION = Pattern.compile("([a-z])(\\d+)$");
    private static final String FIGURINE_PAWNS = "♙♟";

    private final Language language;
    private final boolean markEnPassant;
    private final ConcurrentMap<Variant, Symbols> symbols = new ConcurrentHashMap<>();

    public LocalisedSan(Language language) {
        this(language, false);
    }

    private LocalisedSan(Language language, boolean markEnPassant) {
        this.language = language;
        this.markEnPassant = markEnPassant;
    }

    /** The same notation, writing en passant captures as {@code dxe6 e.p.}. */
    public LocalisedSan withEnPassantMark() {
        return new LocalisedSan(language, true);
    }

    public Language language() {
        return language;
    }

    @Override
    public String name() {
        return language.code();
    }

    @Override
    public String title() {
        return language == Language.FIGURINE ? "figurine SAN" : language.title() + " SAN";
    }

    @Override
    public String result(String pgnResult) {
        return pgnResult.equals("1/2-1/2") ? language.draw() : pgnResult;
    }

    /** Whether a move text carries a draw offer mark {@code (=)}. */
    public static boolean offersDraw(String text) {
        return text != null && DRAW_OFFER.matcher(text).find();
    }

    // ---- writing -----------------------------------------------------------------------------------------------

    @Override
    public String write(Position before, Move move) {
        Scribe.requireLegal(before, move, title());
        if (move instanceof Move.Null) {
            return "--";
        }
        String san = before.san(move);
        Symbols table = symbols(before.variant());
        Color side = before.turn();
        StringBuilder out = new StringBuilder(san.length() + 5);
        int i = 0;
        if (Scribe.base(move) instanceof Move.Castle) {
            // O-O and O-O-O are the same in every language; only a delayed promotion after them names a piece.
            i = san.startsWith("O-O-O") ? 5 : 3;
            out.append(san, 0, i);
        }
        for (; i < san.length(); i++) {
            char c = san.charAt(i);
            // Capitals are piece letters: the mover's (first) and the new piece's (after '=', also in a delayed
            // promotion "_b8=M", where the waiting pawn is the mover's own); files are lower case.
            if (Character.isUpperCase(c)) {
                out.append(table.symbol(before.variant().pieceType(c), side));
            } else {
                out.append(c);
            }
        }
        if (markEnPassant && move instanceof Move.EnPassant) {
            int mark = out.length();
            while (mark > 0 && "+#".indexOf(out.charAt(mark - 1)) >= 0) {
                mark--;
            }
            out.insert(mark, " e.p.");
        }
        return out.toString();
    }

    // ---- reading -----------------------------------------------------------------------------------------------

    @Override
    public Move read(Position before, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidMoveException("empty move in " + title());
        }
        String t = text.contains("(=)") ? DRAW_OFFER.matcher(text).replaceAll("") : text;
        t = Scribe.withoutAnnotations(t);
        int end = t.length();
        while (end > 0 && "+#".indexOf(t.charAt(end - 1)) >= 0) {
            end--;
        }
        t = t.substring(0, end).strip();
        boolean enPassantMark = false;
        Matcher ep = EN_PASSANT_MARK.matcher(t);
        if (t.length() > 3 && ep.find()) {
            enPassantMark = true;
            t = t.substring(0, ep.start());
        }
        if (Scribe.isNullMove(t)) {
            return Move.NULL;
        }
        if (Scribe.castling(t) != 0) {
            return parseEnglish(before, text, t, null);
        }
        String english = toEnglish(before, text, t);
        if (english.chars().noneMatch(Character::isDigit)) {
            // Also keeps a lone letter ("C") away from the core's SAN reader, which does not expect it.
            throw invalid(text, "no square to go to");
        }
        Move move = parseEnglish(before, text, english, () -> candidates(before, english));
        if (enPassantMark && !(move instanceof Move.EnPassant)) {
            throw new IllegalMoveException("'" + text + "' (" + title() + ") is marked en passant but "
                    + before.geometry().squareName(move.from()) + before.geometry().squareName(move.to())
                    + " is not an en passant capture in " + before.fen());
        }
        return move;
    }

    /**
     * The text with its local piece symbols replaced by PGN letters; refuses capitals the language does not have.
     * A symbol may stand first (the piece that moves) or last after {@code =} or the rank (the new piece of a
     * promotion), also just before the {@code _} of a delayed promotion ({@code Ta4_b8=S}) and at its end.
     */
    private String toEnglish(Position before, String text, String t) {
        Symbols table = symbols(before.variant());
        StringBuilder out = new StringBuilder(t.length());
        int i = 0;
        if (language == Language.FIGURINE && !t.isEmpty() && FIGURINE_PAWNS.indexOf(t.charAt(0)) >= 0) {
            i = 1;   // a pawn figurine before a pawn move: pawns have no letter in SAN
        }
        int delayed = t.indexOf('_');
        if (delayed > 0 && Scribe.castling(t.substring(0, delayed)) != 0) {
            // Castling that also completes a delayed promotion: "O-O_b8=S".
            out.append(Scribe.castling(t.substring(0, delayed)) > 0 ? "O-O" : "O-O-O");
            i = delayed;
        }
        while (i < t.length()) {
            Map.Entry<String, PieceType> symbol = table.symbolAt(t, i);
            if (symbol != null) {
                int after = i + symbol.getKey().length();
                boolean mover = out.isEmpty();
                boolean promotion = i > 0 && (t.charAt(i - 1) == '=' || Character.isDigit(t.charAt(i - 1)))
                        && (after == t.length() || t.charAt(after) == '_');
                if (!mover && !promotion) {
                    throw invalid(text, "'" + symbol.getKey() + "' stands where no piece letter belongs");
                }
                out.append(symbol.getValue().letter());
                i = after;
                continue;
            }
            char c = t.charAt(i);
            if ((c >= 'a' && c <= 'z') || Character.isDigit(c) || c == 'x' || c == ':' || c == '-' || c == '='
                    || c == '_') {
                out.append(c);
                i++;
                continue;
            }
            if (Character.isLetter(c) || Character.getType(c) == Character.OTHER_SYMBOL) {
                throw invalid(text, "'" + c + "' is not a piece letter in " + language.title() + " ("
                        + table.letterList() + ")");
            }
            throw invalid(text, "unexpected '" + c + "'");
        }
        return out.toString();
    }

    private Move parseEnglish(Position before, String text, String english, Supplier<List<Move>> candidates) {
        try {
            return before.parseSan(english);
        } catch (AmbiguousMoveException e) {
            List<Move> fits = candidates == null ? List.of() : candidates.get();
            List<String> names = new ArrayList<>();
            for (Move m : fits) {
                names.add(write(before, m));
            }
            names.sort(null);
            throw new AmbiguousMoveException("ambiguous move '" + text + "' (" + title() + ") in " + before.fen()
                    + (names.size() < 2 ? "" : ": " + Scribe.both(names) + " fit"));
        } catch (IllegalMoveException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            String why = message.contains("needs a promotion piece") ? " needs a promotion piece"
                    : message.contains("must also name the piece") ? delayedPromotionDue(before, text)
                    : " is not a legal move";
            throw new IllegalMoveException("'" + text + "' (" + title() + ")" + why + " in " + before.fen());
        } catch (InvalidMoveException e) {
            throw invalid(text, e.getMessage());
        }
    }

    /** Legal moves that fit the piece, destination and departure hints of an English SAN text (for messages). */
    private static List<Move> candidates(Position before, String english) {
        BoardGeometry g = before.geometry();
        int delayed = english.indexOf('_');
        String body = delayed < 0 ? english : english.substring(0, delayed);
        PieceType promotion = null;
        char last = body.charAt(body.length() - 1);
        if (Character.isUpperCase(last)) {
            promotion = before.variant().pieceType(last);
            body = body.substring(0, body.length() - 1);
            if (body.endsWith("=")) {
                body = body.substring(0, body.length() - 1);
            }
        }
        PieceType type = null;
        if (!body.isEmpty() && Character.isUpperCase(body.charAt(0))) {
            type = before.variant().pieceType(body.charAt(0));
            body = body.substring(1);
        }
        Matcher dest = DESTINATION.matcher(body);
        if (!dest.find()) {
            return List.of();
        }
        int to = g.trySquare(dest.group());
        String hints = body.substring(0, dest.start()).replace("x", "").replace(":", "").replace("-", "");
        List<Move> out = new ArrayList<>();
        List<Move> bases = new ArrayList<>();
        for (Move m : before.legalMoves()) {
            // One move per base move: the delayed promotions it may complete are not what makes a text ambiguous.
            if (m.to() != to || Scribe.base(m) instanceof Move.Castle || bases.contains(Scribe.base(m))) {
                continue;
            }
            PieceType moving = before.pieceAt(m.from()).type();
            if (type == null ? !moving.pawn() : moving != type) {
                continue;
            }
            if (promotion != null && !(Scribe.base(m) instanceof Move.Promotion p && p.promotion() == promotion)) {
                continue;
            }
            String from = g.squareName(m.from());
            boolean fits = true;
            for (char h : hints.toCharArray()) {
                fits &= Character.isDigit(h) ? from.substring(1).contains(String.valueOf(h)) : from.charAt(0) == h;
            }
            if (fits) {
                out.add(m);
                bases.add(Scribe.base(m));
            }
        }
        return out;
    }

    /**
     * Why a move that leaves a waiting pawn unpromoted is refused (courier-modern), with the form that is read:
     * " must also name the piece the waiting pawn on b8 becomes, e.g. 'Ta4_b8=D',".
     */
    private String delayedPromotionDue(Position before, String text) {
        for (Move m : before.legalMoves()) {
            if (m instanceof Move.Deferred d) {
                String square = before.geometry().squareName(d.square());
                String example = Scribe.withoutCheckMarks(Scribe.withoutAnnotations(text)) + "_" + square + "="
                        + symbols(before.variant()).symbol(before.variant().promotions().get(0), before.turn());
                return " must also name the piece the waiting pawn on " + square + " becomes, e.g. '" + example
                        + "',";
            }
        }
        return " is not a legal move";
    }

    private InvalidMoveException invalid(String text, String why) {
        return new InvalidMoveException("'" + text + "' is not a move in " + title() + ": " + why);
    }

    // ---- the symbols of one variant ----------------------------------------------------------------------------

    private Symbols symbols(Variant variant) {
        return symbols.computeIfAbsent(variant, v -> new Symbols(language, v));
    }

    /** The symbols of a variant's pieces in this language, and the reverse table for reading. */
    private static final class Symbols {
        private final Language language;
        private final Map<String, PieceType> reading = new HashMap<>();
        private final List<String> letters = new ArrayList<>();
        private int longest = 1;

        Symbols(Language language, Variant variant) {
            this.language = language;
            // From the king down (the variant lists pawns first), so messages list R D T F C in French.
            for (PieceType type : variant.pieces().reversed()) {
                if (type.pawn()) {
                    continue;
                }
                for (Color side : Color.values()) {
                    String symbol = language.symbol(type, side);
                    requireReadable(variant, type, symbol);
                    PieceType clash = reading.putIfAbsent(symbol, type);
                    if (clash != null && clash != type) {
                        throw clash(variant, symbol, type, clash);
                    }
                    if (clash == null) {
                        letters.add(symbol);
                    }
                    longest = Math.max(longest, symbol.length());
                }
            }
            if (language.colouredSymbols()) {
                // Figurines are often printed in one colour for both sides, and typed as letters: read both.
                for (PieceType type : variant.pieces()) {
                    if (!type.pawn()) {
                        reading.putIfAbsent(String.valueOf(type.letter()), type);
                    }
                }
            }
        }

        /**
         * A lower-case letter inside a symbol ({@code Co}) must not be a file of the board, nor {@code x}: else
         * "Cae4" could be the symbol "Ca" or the piece "C" from the a-file.
         */
        private void requireReadable(Variant variant, PieceType type, String symbol) {
            char lastFile = (char) ('a' + variant.geometry().files() - 1);
            for (int i = 1; i < symbol.length(); i++) {
                char c = symbol.charAt(i);
                if ((c >= 'a' && c <= lastFile) || c == 'x') {
                    throw new IllegalArgumentException(language.title() + " piece letters for " + variant.name()
                            + ": the symbol '" + symbol + "' of " + type.name() + " holds '" + c + "', which is "
                            + (c == 'x' ? "the capture mark" : "a file of the " + variant.geometry().files() + "x"
                                    + variant.geometry().ranks() + " board"));
                }
            }
        }

        /** Two pieces of one variant with the same symbol: the table must give one of them another. */
        private IllegalArgumentException clash(Variant variant, String symbol, PieceType type, PieceType clash) {
            String both = "'" + symbol + "' would stand for both ";
            if (language.names(type) && language.names(clash)) {
                return new IllegalArgumentException(language.title() + " piece letters for " + variant.name() + ": "
                        + both + clash.name() + " and " + type.name() + "; the " + language.title()
                        + " table has no distinct letters for this piece set");
            }
            // Name first the piece the table gives the letter to, then the one falling back to its PGN letter.
            PieceType owner = language.names(type) ? type : clash;
            PieceType other = owner == type ? clash : type;
            return new IllegalArgumentException(language.title() + " piece letters for " + variant.name() + ": "
                    + both + owner.name() + " and " + other.name() + "; give " + other.name()
                    + " its own letter in the " + language.title() + " table");
        }

        String symbol(PieceType type, Color side) {
            return language.symbol(type, side);
        }

        /** The longest symbol that starts at {@code i}, or null. */
        Map.Entry<String, PieceType> symbolAt(String text, int i) {
            for (int n = Math.min(longest, text.length() - i); n >= 1; n--) {
                String s = text.substring(i, i + n);
                PieceType type = reading.get(s);
                if (type != null) {
                    return Map.entry(s, type);
                }
            }
            return null;
        }

        String letterList() {
            return String.join(" ", letters);
        }
    }
}
