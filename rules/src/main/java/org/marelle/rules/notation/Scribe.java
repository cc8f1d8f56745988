package org.marelle.rules.notation;

import java.util.ArrayList;
import java.util.List;

import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/** What every notation needs: checking the move and the board before writing, and the check marks. */
final class Scribe {

    private Scribe() {
    }

    /** The legal moves a from-to notation can mean, and whether a promotion piece was left out. */
    record Fits(List<Move> moves, boolean promotionNeeded) {
    }

    /**
     * The legal moves (without a delayed promotion riding on them) that go from {@code from} to {@code to} with
     * the given promotion, or none. Castling is named by the king taking its rook, or, when
     * {@code kingStepCastles}, by the king's destination too (as in standard chess).
     */
    static Fits fromTo(Position before, int from, int to, PieceType promotion, boolean kingStepCastles) {
        List<Move> fits = new ArrayList<>();
        boolean promotionNeeded = false;
        for (Move each : before.legalMoves()) {
            Move legal = base(each);
            if (legal.from() != from || fits.contains(legal)) {
                continue;
            }
            if (legal instanceof Move.Castle c) {
                if (promotion == null && (c.rookFrom() == to || (c.to() == to && kingStepCastles))) {
                    fits.add(legal);
                }
            } else if (legal.to() == to) {
                if (legal instanceof Move.Promotion p) {
                    promotionNeeded |= promotion == null;
                    if (p.promotion() == promotion) {
                        fits.add(legal);
                    }
                } else if (promotion == null) {
                    fits.add(legal);
                }
            }
        }
        return new Fits(fits, promotionNeeded);
    }

    /** Throws the core's exception when {@code move} is not legal (null moves pass: every notation writes "--"). */
    static void requireLegal(Position before, Move move, String notation) {
        if (move == null) {
            throw new IllegalMoveException("cannot write a missing move in " + notation);
        }
        if (!(move instanceof Move.Null) && !before.isLegal(move)) {
            throw new IllegalMoveException("cannot write " + move + " in " + notation + ": it is not legal in "
                    + before.fen());
        }
    }

    /**
     * For notations that number or name squares as on a chessboard (ICCF digits, Vandermonde's coordinates,
     * descriptive files): a clear error on any other board.
     */
    static void requireChessboard(Position position, String notation) {
        BoardGeometry g = position.geometry();
        if (!g.equals(BoardGeometry.CHESS)) {
            throw new IllegalArgumentException(notation + " is only defined on an 8x8 chessboard, not on the "
                    + g.files() + "x" + g.ranks() + " board of " + position.variant().name());
        }
    }

    /** "#" after a mate, "+" after a check, "" otherwise. */
    static String checkMark(Position after) {
        if (!after.isCheck()) {
            return "";
        }
        return after.isCheckmate() ? "#" : "+";
    }

    /** The text without trailing move annotations ("!", "?", "!?"…), trimmed. */
    static String withoutAnnotations(String text) {
        String t = text.strip();
        int end = t.length();
        while (end > 0 && "!?".indexOf(t.charAt(end - 1)) >= 0) {
            end--;
        }
        return t.substring(0, end).strip();
    }

    /** The text without trailing check and mate marks ("+", "#", "++"), trimmed. */
    static String withoutCheckMarks(String text) {
        int end = text.length();
        while (end > 0 && ("+#".indexOf(text.charAt(end - 1)) >= 0 || Character.isWhitespace(text.charAt(end - 1)))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** Castling written with letters O or digits 0: +1 for the king's side (O-O), -1 for the queen's, 0 if not. */
    static int castling(String text) {
        String t = text.replace('0', 'O').replace('o', 'O');
        return switch (t) {
            case "O-O" -> 1;
            case "O-O-O" -> -1;
            default -> 0;
        };
    }

    /**
     * The castling move on that side ({@code +1} king's, {@code -1} queen's), or null when it is not legal. When
     * castling also completes a delayed promotion (courier-modern), this is the castling alone: see
     * {@link #withDelayedPromotion}.
     */
    static Move castle(Position before, int side) {
        for (Move m : before.legalMoves()) {
            if (base(m) instanceof Move.Castle c && (c.rookFrom() > c.from()) == (side > 0)) {
                return c;
            }
        }
        return null;
    }

    /** The move itself, without the delayed promotion it may complete elsewhere on the board. */
    static Move base(Move move) {
        return move instanceof Move.Deferred d ? d.move() : move;
    }

    /**
     * The legal move made of {@code base} and, when {@code delayed} is not null, the delayed promotion it names
     * ({@code b8=M}, {@code b8M}, {@code b8m}): courier-modern, where a pawn that has waited its time on the last
     * rank becomes a piece as part of its side's next move. {@code text} and {@code notation} are for messages.
     */
    static Move withDelayedPromotion(Position before, Move base, String delayed, String text, String notation) {
        int square = -1;
        PieceType piece = null;
        if (delayed != null) {
            String spec = delayed.strip().replace("=", "");
            if (spec.length() >= 3) {
                square = before.geometry().trySquare(spec.substring(0, spec.length() - 1));
                piece = before.variant().pieceType(spec.charAt(spec.length() - 1));
            }
            if (square < 0 || piece == null) {
                throw new InvalidMoveException("'" + text + "' is not a move in " + notation + ": '" + delayed
                        + "' after '_' is not a square and a piece, like b8=Q");
            }
        }
        Move due = null;
        for (Move m : before.legalMoves()) {
            if (!base(m).equals(base)) {
                continue;
            }
            if (!(m instanceof Move.Deferred d)) {
                if (delayed == null) {
                    return m;
                }
                continue;
            }
            due = m;
            if (d.square() == square && d.promotion() == piece) {
                return m;
            }
        }
        if (due != null && delayed == null) {
            Move.Deferred d = (Move.Deferred) due;
            throw new IllegalMoveException("'" + text + "' (" + notation + ") must also name the piece the waiting"
                    + " pawn on " + before.geometry().squareName(d.square()) + " becomes, e.g. '"
                    + withoutCheckMarks(withoutAnnotations(text)) + "_" + before.geometry().squareName(d.square())
                    + "=" + before.variant().promotions().get(0).letter() + "', in " + before.fen());
        }
        throw new IllegalMoveException("'" + text + "' (" + notation + ") is not a legal move in " + before.fen()
                + (delayed == null ? "" : ": no pawn waits on that square to become that piece now"));
    }

    /** Null moves as PGN writes them. */
    static boolean isNullMove(String text) {
        return text.equals("--") || text.equals("Z0") || text.equals("0000");
    }

    /** "both a and b", "a, b and c": the moves a text fits, for ambiguity messages. */
    static String both(java.util.List<String> names) {
        if (names.size() == 2) {
            return "both " + names.get(0) + " and " + names.get(1);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
