package org.marelle.rules.notation;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Piece;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * Long algebraic notation: the piece's PGN letter (none for pawns), both squares, {@code -} or {@code x} between
 * them: {@code e2-e4}, {@code Ng1-f3}, {@code Bb5xc6}, {@code e5xd6} (en passant), {@code e7-e8=Q}, {@code O-O},
 * with {@code +} and {@code #}. Works on any board ({@code l7-l8=Q} on 12 files; ranks may have two digits), with
 * PGN's letters for every piece ({@code Ej8-l6} is a Courier alfil); a delayed promotion of courier-modern follows the
 * move as in SAN: {@code Ra1-a4_b8=M}.
 *
 * <p>Reading accepts {@code x}, {@code :}, {@code -} or nothing between the squares (without checking which: files
 * get it wrong, and the squares say everything), an optional piece letter (it must be the moving piece's), a
 * promotion letter with or without {@code =} in either case, castling as {@code O-O}/{@code 0-0} or as the king's
 * move.
 */
public final class Lan implements MoveNotation {

    private static final Pattern MOVE = Pattern.compile(
            "([A-Z])?([a-z]\\d{1,2})\\s*[-x:×]?\\s*([a-z]\\d{1,2})(?:=?([A-Za-z]))?");
    private static final Pattern EN_PASSANT_MARK = Pattern.compile("\\s*e\\.?\\s?p\\.?$");

    @Override
    public String name() {
        return "lan";
    }

    @Override
    public String title() {
        return "long algebraic notation";
    }

    @Override
    public String write(Position before, Move move) {
        Scribe.requireLegal(before, move, title());
        if (move instanceof Move.Null) {
            return "--";
        }
        BoardGeometry g = before.geometry();
        String body = switch (Scribe.base(move)) {
            case Move.Castle c -> c.rookFrom() > c.from() ? "O-O" : "O-O-O";
            case Move base -> {
                PieceType type = before.pieceAt(base.from()).type();
                boolean capture = base instanceof Move.EnPassant || before.pieceAt(base.to()) != null;
                StringBuilder sb = new StringBuilder(8);
                if (!type.pawn()) {
                    sb.append(type.letter());
                }
                sb.append(g.squareName(base.from())).append(capture ? 'x' : '-').append(g.squareName(base.to()));
                if (base instanceof Move.Promotion p) {
                    sb.append('=').append(p.promotion().letter());
                }
                yield sb.toString();
            }
        };
        if (move instanceof Move.Deferred d) {
            // As SAN writes it (courier-modern): the waiting pawn's square and the piece it becomes.
            body += "_" + g.squareName(d.square()) + "=" + d.promotion().letter();
        }
        return body + Scribe.checkMark(before.play(move));
    }

    @Override
    public Move read(Position before, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidMoveException("empty move in " + title());
        }
        String t = Scribe.withoutAnnotations(text);
        t = Scribe.withoutCheckMarks(t);
        String delayed = null;
        int underscore = t.indexOf('_');
        if (underscore >= 0) {
            delayed = t.substring(underscore + 1);
            t = t.substring(0, underscore).strip();
        }
        Matcher ep = EN_PASSANT_MARK.matcher(t);
        if (ep.find() && ep.start() > 0) {
            t = t.substring(0, ep.start());
        }
        if (Scribe.isNullMove(t) && delayed == null) {
            return Move.NULL;
        }
        int castling = Scribe.castling(t);
        if (castling != 0) {
            Move castle = Scribe.castle(before, castling);
            if (castle == null) {
                throw new IllegalMoveException("'" + text + "' (" + title() + "): castling "
                        + (castling > 0 ? "king" : "queen") + "side is not legal in " + before.fen());
            }
            return Scribe.withDelayedPromotion(before, castle, delayed, text, title());
        }
        Matcher m = MOVE.matcher(t);
        if (!m.matches()) {
            throw new InvalidMoveException("'" + text + "' is not a move in " + title()
                    + " (expected e.g. e2-e4, Ng1-f3, e7-e8=Q)");
        }
        BoardGeometry g = before.geometry();
        int from = g.trySquare(m.group(2));
        int to = g.trySquare(m.group(3));
        if (from < 0 || to < 0) {
            throw new InvalidMoveException("'" + text + "' is not a move in " + title() + ": '"
                    + (from < 0 ? m.group(2) : m.group(3)) + "' is not a square of a " + g.files() + "x" + g.ranks()
                    + " board");
        }
        Piece piece = before.pieceAt(from);
        if (piece == null || piece.color() != before.turn()) {
            throw new IllegalMoveException("'" + text + "' (" + title() + "): no " + before.turn().name().toLowerCase()
                    + " piece on " + m.group(2) + " in " + before.fen());
        }
        if (m.group(1) != null && m.group(1).charAt(0) != piece.type().letter()) {
            throw new IllegalMoveException("'" + text + "' (" + title() + "): the piece on " + m.group(2) + " is a "
                    + piece.type().name() + ", not '" + m.group(1) + "', in " + before.fen());
        }
        PieceType promotion = null;
        if (m.group(4) != null) {
            promotion = before.variant().pieceType(m.group(4).charAt(0));
            if (promotion == null) {
                throw new InvalidMoveException("'" + text + "' is not a move in " + title() + ": '" + m.group(4)
                        + "' is not a piece of " + before.variant().name());
            }
        }
        Scribe.Fits found = Scribe.fromTo(before, from, to, promotion, true);
        List<Move> fits = found.moves();
        boolean promotionNeeded = found.promotionNeeded();
        if (fits.size() == 1) {
            return Scribe.withDelayedPromotion(before, fits.get(0), delayed, text, title());
        }
        if (fits.isEmpty()) {
            throw new IllegalMoveException("'" + text + "' (" + title() + ")"
                    + (promotionNeeded ? " needs a promotion piece" : " is not a legal move") + " in " + before.fen());
        }
        // Chess960: a king step to the square castling also takes it; the king-takes-rook form says which.
        throw new AmbiguousMoveException("ambiguous move '" + text + "' (" + title() + ") in " + before.fen() + ": "
                + Scribe.both(fits.stream().map(f -> write(before, f)).toList()) + " fit");
    }
}
