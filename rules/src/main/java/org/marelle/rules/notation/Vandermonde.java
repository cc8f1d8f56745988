package org.marelle.rules.notation;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Vandermonde's coordinates (Alexandre-Théophile Vandermonde, "Remarques sur des problèmes de situation", 1771), the
 * oldest numeric way of naming squares: each square is two numbers, the <em>abscisse</em> (the column, counted from
 * the left, 1 to 8) and the <em>ordonnée</em> (the row, counted from Black's side toward White's, 1 to 8). So a8 is
 * 1·1, h1 is 8·8, e2 is 5·7 and e4 is 5·5, and a move is written {@code 57-55} (plain) or with the ordonnée raised
 * ({@code 5⁷-5⁵}, as in the memoir).
 *
 * <p>The parity rule: a square is light exactly when its two numbers have the same parity (h1 = 8·8 is light,
 * a1 = 1·8 is dark).
 *
 * <p>Vandermonde wrote no promotions or castling; here a promotion adds the new piece's French letter
 * ({@code 27-28=D}) and castling is the king's move, as in ICCF notation (the king taking its
 * rook in Chess960). Reading accepts both forms, a middle dot or a period inside a square ({@code 5·7-5·5}), and
 * {@code x} or nothing between the squares. Only defined on an 8x8 board: single digits cannot count twelve columns.
 */
public final class Vandermonde implements MoveNotation {

    private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
    private static final String NUMBER = "([1-9])[·.]?([1-9¹²³⁴⁵⁶⁷⁸⁹])";
    private static final Pattern MOVE = Pattern.compile(
            NUMBER + "\\s*[-–x:×]?\\s*" + NUMBER + "\\s*(?:=?\\(?([DTFCQRBNdtfcqrbn])\\)?)?");
    private static final String FRENCH_PROMOTIONS = "DTFC";
    private static final String ENGLISH_PROMOTIONS = "QRBN";
    private static final List<PieceType> PROMOTIONS =
            List.of(PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT);

    private final boolean superscript;

    /** The plain form, {@code 57-55}. */
    public Vandermonde() {
        this(false);
    }

    /** {@code superscript}: write the ordonnée raised, {@code 5⁷-5⁵}. */
    public Vandermonde(boolean superscript) {
        this.superscript = superscript;
    }

    @Override
    public String name() {
        return "vandermonde";
    }

    @Override
    public String title() {
        return "Vandermonde's coordinates";
    }

    /** The column counted from the left, 1 to 8. */
    public static int abscisse(BoardGeometry g, int square) {
        return g.file(square) + 1;
    }

    /** The row counted from Black's side, 1 to 8 (rank 8 is 1, rank 1 is 8). */
    public static int ordonnee(BoardGeometry g, int square) {
        return g.ranks() - g.rank(square);
    }

    /** The square at this abscisse and ordonnée. */
    public static int square(BoardGeometry g, int abscisse, int ordonnee) {
        return g.square(abscisse - 1, g.ranks() - ordonnee);
    }

    /** Vandermonde's rule: light exactly when both numbers have the same parity. */
    public static boolean isLight(int abscisse, int ordonnee) {
        return (abscisse & 1) == (ordonnee & 1);
    }

    /** A square's two numbers, {@code "57"} or with the ordonnée raised {@code "5⁷"}. */
    public String squareName(BoardGeometry g, int square) {
        int o = ordonnee(g, square);
        return "" + abscisse(g, square) + (superscript ? SUPERSCRIPTS.charAt(o) : Character.forDigit(o, 10));
    }

    /**
     * {@code 57-55}; a promotion adds {@code =} and the French letter of the new piece (D dame, T tour, F fou,
     * C cavalier), since the notation is French: {@code 27-28=D}.
     */
    @Override
    public String write(Position before, Move move) {
        Scribe.requireChessboard(before, title());
        Scribe.requireLegal(before, move, title());
        if (move instanceof Move.Null) {
            return "--";
        }
        BoardGeometry g = before.geometry();
        int to = move.to();
        if (move instanceof Move.Castle c && before.variant().castling() == Variant.Castling.CHESS960) {
            to = c.rookFrom();
        }
        String text = squareName(g, move.from()) + "-" + squareName(g, to);
        if (move instanceof Move.Promotion p) {
            int i = PROMOTIONS.indexOf(p.promotion());
            if (i < 0) {
                throw new IllegalArgumentException(title() + " has no letter for a promotion to " + p.promotion().name());
            }
            text += "=" + FRENCH_PROMOTIONS.charAt(i);
        }
        return text;
    }

    @Override
    public Move read(Position before, String text) {
        Scribe.requireChessboard(before, title());
        if (text == null || text.isBlank()) {
            throw new InvalidMoveException("empty move in " + title());
        }
        String t = Scribe.withoutCheckMarks(Scribe.withoutAnnotations(text));
        if (Scribe.isNullMove(t)) {
            return Move.NULL;
        }
        Matcher m = MOVE.matcher(t);
        if (!m.matches()) {
            throw new InvalidMoveException("'" + text + "' is not a move in " + title()
                    + ": expected two squares of two numbers each, abscisse then ordonnée, e.g. 57-55 or 5⁷-5⁵");
        }
        BoardGeometry g = before.geometry();
        int[] numbers = new int[4];
        for (int i = 0; i < 4; i++) {
            char c = m.group(i + 1).charAt(0);
            numbers[i] = Character.isDigit(c) && c < 128 ? c - '0' : SUPERSCRIPTS.indexOf(c);
            if (numbers[i] > g.files() || numbers[i] > g.ranks()) {
                throw new InvalidMoveException("'" + text + "' is not a move in " + title() + ": "
                        + (i % 2 == 0 ? "abscisse " : "ordonnée ") + numbers[i] + " is off the board (1 to " + g.files() + ")");
            }
        }
        int from = square(g, numbers[0], numbers[1]);
        int to = square(g, numbers[2], numbers[3]);
        PieceType promotion = null;
        if (m.group(5) != null) {
            char letter = Character.toUpperCase(m.group(5).charAt(0));
            int i = FRENCH_PROMOTIONS.indexOf(letter);
            promotion = PROMOTIONS.get(i >= 0 ? i : ENGLISH_PROMOTIONS.indexOf(letter));
        }
        boolean standardCastling = before.variant().castling() != Variant.Castling.CHESS960;
        Scribe.Fits found = Scribe.fromTo(before, from, to, promotion, standardCastling);
        List<Move> fits = found.moves();
        boolean promotionNeeded = found.promotionNeeded();
        if (fits.size() == 1) {
            return fits.get(0);
        }
        String squares = g.squareName(from) + "-" + g.squareName(to);
        if (fits.isEmpty()) {
            throw new IllegalMoveException("'" + text + "' (" + title() + ": " + squares + ")"
                    + (promotionNeeded ? " needs a promotion letter (=D, =T, =F, =C)" : " is not a legal move")
                    + " in " + before.fen());
        }
        throw new AmbiguousMoveException("ambiguous move '" + text + "' (" + title() + ") in " + before.fen() + ": "
                + Scribe.both(fits.stream().map(before::san).toList()) + " fit");
    }
}
