package org.marelle.rules.notation;

import java.util.List;
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
 * ICCF numeric notation, the correspondence players' language-free form: each square is two digits, file then rank
 * (a1 = 11, e2 = 52, h8 = 88), so {@code 5254} is e2-e4. A promotion adds a fifth digit, 1 queen, 2 rook, 3 bishop,
 * 4 knight ({@code 57581}). Castling is the king's move ({@code 5171} for O-O, {@code 5131} for O-O-O).
 *
 * <p>Chess960 castling is written as the king taking its own rook (as UCI does there): the king may not move at
 * all, and its destination can be the square of an ordinary king step. Reading accepts, in standard chess, both the king's
 * destination and its rook's square. Only defined on an 8x8 board: digits cannot name a twelfth file.
 */
public final class Iccf implements MoveNotation {

    private static final Pattern DIGITS = Pattern.compile("[1-8]{4}[1-4]?");
    private static final List<PieceType> PROMOTION_DIGITS =
            List.of(PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT);

    @Override
    public String name() {
        return "iccf";
    }

    @Override
    public String title() {
        return "ICCF numeric notation";
    }

    @Override
    public String write(Position before, Move move) {
        Scribe.requireChessboard(before, title());
        Scribe.requireLegal(before, move, title());
        BoardGeometry g = before.geometry();
        return switch (move) {
            case Move.Null n -> "--";
            case Move.Castle c -> square(g, c.from())
                    + square(g, before.variant().castling() == Variant.Castling.CHESS960 ? c.rookFrom() : c.to());
            case Move.Promotion p -> {
                int digit = PROMOTION_DIGITS.indexOf(p.promotion()) + 1;
                if (digit == 0) {
                    throw new IllegalArgumentException(title() + " has no digit for a promotion to "
                            + p.promotion().name());
                }
                yield square(g, p.from()) + square(g, p.to()) + digit;
            }
            default -> square(g, move.from()) + square(g, move.to());
        };
    }

    private static String square(BoardGeometry g, int sq) {
        return "" + (g.file(sq) + 1) + (g.rank(sq) + 1);
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
        String digits = t.replace("-", "").replace(" ", "");
        if (!DIGITS.matcher(digits).matches()) {
            throw new InvalidMoveException("'" + text + "' is not a move in " + title()
                    + ": expected four digits 1-8 (file, rank, file, rank) and an optional promotion digit 1-4");
        }
        BoardGeometry g = before.geometry();
        int from = g.square(digits.charAt(0) - '1', digits.charAt(1) - '1');
        int to = g.square(digits.charAt(2) - '1', digits.charAt(3) - '1');
        PieceType promotion = digits.length() == 5 ? PROMOTION_DIGITS.get(digits.charAt(4) - '1') : null;
        boolean standardCastling = before.variant().castling() != Variant.Castling.CHESS960;
        Scribe.Fits found = Scribe.fromTo(before, from, to, promotion, standardCastling);
        List<Move> fits = found.moves();
        boolean promotionNeeded = found.promotionNeeded();
        if (fits.size() == 1) {
            return fits.get(0);
        }
        if (fits.isEmpty()) {
            throw new IllegalMoveException("'" + text + "' (" + title() + ": "
                    + g.squareName(from) + "-" + g.squareName(to) + ")"
                    + (promotionNeeded ? " needs a promotion digit (1 queen, 2 rook, 3 bishop, 4 knight)"
                            : " is not a legal move")
                    + " in " + before.fen());
        }
        throw new AmbiguousMoveException("ambiguous move '" + text + "' (" + title() + ") in " + before.fen() + ": "
                + Scribe.both(fits.stream().map(before::san).toList()) + " fit");
    }
}
