package org.marelle.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.marelle.geometry.BoardGeometry;

/**
 * Standard Algebraic Notation and UCI move strings. Writing is strict (the PGN standard's minimal
 * disambiguation: file, then rank, then both); reading is lenient where real files are.
 */
final class San {

    private static final java.util.regex.Pattern COORDINATES = java.util.regex.Pattern.compile("[a-z]\\d{1,2}[a-z]\\d{1,2}[a-z]?");

    private San() {
    }

    // ---- writing -----------------------------------------------------------------------------------------------

    static String write(Position p, Move move) {
        if (move instanceof Move.Null) return "--";
        int m = p.pack(move);
        if (m == -1) {
            throw new IllegalMoveException("cannot write SAN of illegal move " + move + " in " + p.fen());
        }
        String deferred = move instanceof Move.Deferred d
                ? "_" + p.geometry().squareName(d.square()) + "=" + d.promotion().letter() : "";
        char mark = p.checkMark(move);
        String san = withoutSuffix(p, m) + deferred;
        return mark == 0 ? san : san + mark;
    }

    /** SAN without the check suffix. */
    static String withoutSuffix(Position p, int m) {
        Board b = p.board();
        BoardGeometry g = p.geometry();
        int from = Board.from(m), to = Board.to(m), kind = Board.kind(m);
        if (kind == Board.CASTLE) {
            return to > from ? "O-O" : "O-O-O";
        }
        int code = b.pieceAt(from);
        PieceType type = b.variant.pieces().get(code >> 1);
        boolean capture = kind == Board.EN_PASSANT || b.pieceAt(to) >= 0;
        StringBuilder sb = new StringBuilder(8);
        if (type.pawn()) {
            if (capture) sb.append(g.fileChar(g.file(from))).append('x');
            sb.append(g.squareName(to));
            if (kind == Board.PROMOTION) sb.append('=').append(b.variant.pieces().get(Board.promo(m)).letter());
            return sb.toString();
        }
        sb.append(type.letter());
        boolean ambiguous = false, sameFile = false, sameRank = false;
        for (int other : p.packedLegal()) {
            int of = Board.from(other);
            if (of == from || Board.to(other) != to || Board.kind(other) == Board.CASTLE) continue;
            if (b.pieceAt(of) != code) continue;
            ambiguous = true;
            if (g.file(of) == g.file(from)) sameFile = true;
            if (g.rank(of) == g.rank(from)) sameRank = true;
        }
        if (ambiguous) {
            if (!sameFile) {
                sb.append(g.fileChar(g.file(from)));
            } else if (!sameRank) {
                sb.append(g.rank(from) + 1);
            } else {
                sb.append(g.squareName(from));
            }
        }
        if (capture) sb.append('x');
        sb.append(g.squareName(to));
        return sb.toString();
    }

    // ---- reading -----------------------------------------------------------------------------------------------

    /**
     * Reads SAN, with the delayed-promotion suffix of Courier under Albers' rules: {@code Nf3_b8=Q} is Nf3 played
     * while the pawn waiting on b8 becomes a queen.
     */
    static Move parse(Position p, String text) {
        if (text == null) throw new InvalidMoveException("invalid san: null");
        int end = text.length();
        while (end > 0 && "+#!?".indexOf(text.charAt(end - 1)) >= 0) end--;
        int u = text.lastIndexOf('_', end - 1);
        Move base = parseBase(p, u < 0 ? text : text.substring(0, u));
        return resolveDeferred(p, base, u < 0 ? null : text.substring(u + 1, end), text);
    }

    /** Picks the legal move with the named deferred promotion ({@code b8=Q} or {@code b8Q}), or the one without. */
    static Move resolveDeferred(Position p, Move base, String spec, String text) {
        if (base instanceof Move.Null) return base;
        int square = -1;
        PieceType piece = null;
        if (spec != null) {
            String sq = spec.replace("=", "");
            if (sq.length() < 3) throw new InvalidMoveException("invalid move: '" + text + "' (expected a promotion like _b8=Q after '_')");
            square = p.geometry().trySquare(sq.substring(0, sq.length() - 1));
            piece = p.variant().pieceType(sq.charAt(sq.length() - 1));
            if (square < 0 || piece == null) {
                throw new InvalidMoveException("invalid move: '" + text + "' ('" + spec + "' is not a square and a piece)");
            }
        }
        boolean due = false;
        for (int m : p.packedLegal()) {
            if (!p.unpack(m & Board.BASE).equals(base)) continue;
            int dp = Board.deferredPiece(m);
            if (dp < 0 && spec == null) return base;
            if (dp >= 0) due = true;
            if (dp >= 0 && spec != null && Board.deferredSquare(m) == square && p.variant().pieces().get(dp) == piece) {
                return p.unpack(m);
            }
        }
        if (due && spec == null) {
            throw new IllegalMoveException("illegal move: '" + text + "' must also name the piece the waiting pawn becomes (e.g. '"
                    + text + "_" + waitingSquare(p) + "=" + p.variant().promotions().get(0).letter() + "') in " + p.fen());
        }
        throw new IllegalMoveException("illegal move: '" + text + "' in " + p.fen());
    }

    private static String waitingSquare(Position p) {
        for (int m : p.packedLegal()) {
            if (Board.deferredPiece(m) >= 0) return p.geometry().squareName(Board.deferredSquare(m));
        }
        return "?";
    }

    private static Move parseBase(Position p, String text) {
        String san = text;
        // Strip annotations and check marks, which we do not trust (files get them wrong), and "e.p.".
        int end = san.length();
        while (end > 0 && "+#!?".indexOf(san.charAt(end - 1)) >= 0) end--;
        san = san.substring(0, end);
        if (san.endsWith("e.p.")) san = san.substring(0, san.length() - 4).stripTrailing();
        if (san.isEmpty()) throw new InvalidMoveException("invalid san: '" + text + "'");
        for (int k = 0; k < san.length(); k++) {
            if (Character.isWhitespace(san.charAt(k))) throw new InvalidMoveException("invalid san: '" + text + "' (contains white space)");
        }
        // A bare coordinate move (g1f3, e1g1, e7e8q) as some files write it: read it as UCI.
        if (COORDINATES.matcher(san).matches()) {
            try {
                return parseUciBase(p, san);
            } catch (IllegalMoveException | InvalidMoveException e) {
                throw new IllegalMoveException("illegal san: '" + text + "' in " + p.fen());
            }
        }

        switch (san) {
            case "--", "Z0", "0000", "@@@@" -> {
                return Move.NULL;
            }
            case "O-O", "0-0", "o-o" -> {
                return castle(p, text, true);
            }
            case "O-O-O", "0-0-0", "o-o-o" -> {
                return castle(p, text, false);
            }
            default -> { }
        }

        Board b = p.board();
        Variant v = b.variant;
        BoardGeometry g = v.geometry();
        int i = 0;
        PieceType type = null;
        char first = san.charAt(0);
        if (Character.isUpperCase(first)) {
            type = v.pieceType(first);
            if (type == null) throw new InvalidMoveException("invalid san: '" + text + "' ('" + first + "' is not a piece of " + v.name() + ")");
            i = 1;
        }
        // The tail: [from file][from rank][x|-|:][to square][=][promotion]
        int promoAt = san.length();
        PieceType promotion = null;
        char last = san.charAt(san.length() - 1);
        char beforeLast = san.length() >= 2 ? san.charAt(san.length() - 2) : ' ';
        if (Character.isLetter(last) && (Character.isDigit(beforeLast) || beforeLast == '=')) {
            // e8=Q, e8Q, e7e8q (lower case only straight after a rank digit)
            promotion = v.pieceType(last);
            if (promotion == null) throw new InvalidMoveException("invalid san: '" + text + "' ('" + last + "' is not a piece of " + v.name() + ")");
            promoAt = san.length() - 1;
            if (promoAt > 0 && san.charAt(promoAt - 1) == '=') promoAt--;
        } else if (san.endsWith("=")) {
            throw new InvalidMoveException("invalid san: '" + text + "' (promotion piece missing after '=')");
        }
        String body = san.substring(i, promoAt);
        // The destination is the last square in the body.
        int j = body.length();
        while (j > 0 && Character.isDigit(body.charAt(j - 1))) j--;
        if (j == body.length() || j == 0) throw new InvalidMoveException("invalid san: '" + text + "'");
        int to = g.trySquare(body.substring(j - 1));
        if (to < 0) throw new InvalidMoveException("invalid san: '" + text + "' ('" + body.substring(j - 1) + "' is not a square of the board)");
        String prefix = body.substring(0, j - 1);
        boolean captureMark = false;
        if (!prefix.isEmpty() && "x-:".indexOf(prefix.charAt(prefix.length() - 1)) >= 0) {
            captureMark = prefix.charAt(prefix.length() - 1) != '-';
            prefix = prefix.substring(0, prefix.length() - 1);
        }
        int fromFile = -1, fromRank = -1;
        if (!prefix.isEmpty()) {
            int k = 0;
            if (prefix.charAt(0) >= 'a' && prefix.charAt(0) < 'a' + g.files()) {
                fromFile = prefix.charAt(0) - 'a';
                k = 1;
            }
            if (k < prefix.length()) {
                try {
                    fromRank = Integer.parseInt(prefix.substring(k)) - 1;
                } catch (NumberFormatException e) {
                    throw new InvalidMoveException("invalid san: '" + text + "'");
                }
                if (fromRank < 0 || fromRank >= g.ranks()) throw new InvalidMoveException("invalid san: '" + text + "' (no rank " + prefix.substring(k) + ")");
            }
        }
        if (type == null && captureMark && fromFile < 0) {
            throw new InvalidMoveException("invalid san: '" + text + "' (a pawn capture names its file)");
        }
        if (type == null) {
            type = v.pieces().stream().filter(PieceType::pawn).findFirst().orElse(null);
            if (type == null) throw new InvalidMoveException("invalid san: '" + text + "' (" + v.name() + " has no pawns)");
        }

        List<Integer> matches = new ArrayList<>();
        boolean promotionNeeded = false;
        for (int m : p.packedLegal()) {
            if (Board.to(m) != to || Board.kind(m) == Board.CASTLE) continue;
            int from = Board.from(m);
            int code = b.pieceAt(from);
            if (v.pieces().get(code >> 1) != type) continue;
            if (fromFile >= 0 && g.file(from) != fromFile) continue;
            if (fromRank >= 0 && g.rank(from) != fromRank) continue;
            // A pawn move without a departure file is a push: "c4" never means a capture on c4.
            if (type.pawn() && fromFile < 0 && g.file(from) != g.file(to)) continue;
            if (Board.kind(m) == Board.PROMOTION) {
                if (promotion == null) {
                    promotionNeeded = true;
                    continue;
                }
                if (v.pieces().get(Board.promo(m)) != promotion) continue;
            } else if (promotion != null) {
                continue;
            }
            int baseBits = m & Board.BASE;
            if (matches.stream().noneMatch(x -> x == baseBits)) matches.add(baseBits);
        }
        if (matches.size() == 1) return p.unpack(matches.get(0));  // base bits only: the caller adds a deferred promotion
        if (matches.isEmpty()) {
            if (promotionNeeded) throw new IllegalMoveException("illegal san: '" + text + "' needs a promotion piece in " + p.fen());
            throw new IllegalMoveException("illegal san: '" + text + "' in " + p.fen());
        }
        throw new AmbiguousMoveException("ambiguous san: '" + text + "' in " + p.fen() + " (could be "
                + String.join(", ", matches.stream().map(m -> withoutSuffix(p, m)).toList()) + ")");
    }

    private static Move castle(Position p, String text, boolean kingSide) {
        for (int m : p.packedLegal()) {
            if (Board.kind(m) == Board.CASTLE && (Board.to(m) > Board.from(m)) == kingSide) return p.unpack(m & Board.BASE);
        }
        throw new IllegalMoveException("illegal san: '" + text + "' in " + p.fen());
    }

    // ---- UCI ---------------------------------------------------------------------------------------------------

    static String uci(Position p, Move move) {
        BoardGeometry g = p.geometry();
        return switch (move) {
            case Move.Null x -> "0000";
            case Move.Deferred d -> uci(p, d.move()) + "_" + g.squareName(d.square()) + Character.toLowerCase(d.promotion().letter());
            case Move.Castle c -> g.squareName(c.from())
                    + g.squareName(p.variant().castling() == Variant.Castling.STANDARD ? c.to() : c.rookFrom());
            case Move.Promotion pr -> g.squareName(pr.from()) + g.squareName(pr.to())
                    + Character.toLowerCase(pr.promotion().letter());
            default -> g.squareName(move.from()) + g.squareName(move.to());
        };
    }

    static Move parseUci(Position p, String text) {
        if (text == null) throw new InvalidMoveException("invalid uci: null");
        int u = text.indexOf('_');
        if (u >= 0) return resolveDeferred(p, parseUciBase(p, text.substring(0, u)), text.substring(u + 1), text);
        Move base = parseUciBase(p, text);
        return resolveDeferred(p, base, null, text);
    }

    private static Move parseUciBase(Position p, String text) {
        String uci = text.trim();
        if (uci.equals("0000")) return Move.NULL;
        BoardGeometry g = p.geometry();
        // Squares may have two-digit ranks on tall boards; split at the second letter.
        int second = -1;
        for (int i = 1; i < uci.length(); i++) {
            if (Character.isLetter(uci.charAt(i))) {
                second = i;
                break;
            }
        }
        if (second < 2) throw new InvalidMoveException("invalid uci: '" + text + "'");
        int third = uci.length();
        for (int i = second + 1; i < uci.length(); i++) {
            if (Character.isLetter(uci.charAt(i))) {
                third = i;
                break;
            }
        }
        int from = g.trySquare(uci.substring(0, second));
        int to = g.trySquare(uci.substring(second, third));
        if (from < 0 || to < 0 || uci.length() - third > 1) throw new InvalidMoveException("invalid uci: '" + text + "'");
        PieceType promotion = null;
        if (third < uci.length()) {
            promotion = p.variant().pieceType(uci.charAt(third));
            if (promotion == null) throw new InvalidMoveException("invalid uci: '" + text + "' (no piece '" + uci.charAt(third) + "')");
        }
        Board b = p.board();
        for (int m : p.packedLegal()) {
            if (Board.from(m) != from) continue;
            int kind = Board.kind(m);
            if (kind == Board.CASTLE) {
                int kingTo = b.castleKingTo(from, Board.to(m));
                boolean kingTakesRook = Board.to(m) == to;
                // e1g1 means castling only in standard chess (and only when the king really moves two files).
                boolean kingStep = p.variant().castling() == Variant.Castling.STANDARD && kingTo == to;
                if ((kingTakesRook || kingStep) && promotion == null) return p.unpack(m & Board.BASE);
                continue;
            }
            if (Board.to(m) != to) continue;
            if (kind == Board.PROMOTION) {
                if (promotion != null && b.variant.pieces().get(Board.promo(m)) == promotion) return p.unpack(m & Board.BASE);
            } else if (promotion == null) {
                return p.unpack(m & Board.BASE);
            }
        }
        throw new IllegalMoveException("illegal uci: '" + text + "' in " + p.fen());
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
