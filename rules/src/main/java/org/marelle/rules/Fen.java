package org.marelle.rules;

import org.marelle.geometry.BoardGeometry;

/**
 * Reads and writes Forsyth–Edwards Notation for any board size: piece placement (run lengths may have two digits,
 * as on a 12-file board), side to move, castling (KQkq, or X-FEN / Shredder-FEN file letters for Chess960), en
 * passant square, halfmove clock and fullmove number. The two counters may be left out (EPD style).
 */
final class Fen {

    /**
     * The largest halfmove clock and fullmove number read. No game comes near (the 75-move rule ends every game
     * before move 9,000), and the bound keeps both counters, and the move numbers printed from them, far from int
     * overflow however long the game goes on from the position.
     */
    static final int MAX_COUNTER = 99_999;

    private Fen() {
    }

    static Board parse(Variant variant, String fen) {
        if (fen == null || fen.isBlank()) {
            throw new FenException("empty FEN");
        }
        String[] given = fen.trim().split("\\s+");
        if (given.length > 6) {
            throw new FenException("FEN '" + fen + "' has " + given.length + " fields; expected at most 6 (extra: '"
                    + given[6] + "')");
        }
        if (given.length < 2) {
            throw new FenException("FEN '" + fen + "' has no side to move; expected 6 fields (placement, side to move, "
                    + "castling, en passant, halfmove clock, fullmove number)");
        }
        // FEN tags in the wild often stop early; the missing fields take their usual defaults.
        String[] fields = {"", "", "-", "-", "0", "1"};
        System.arraycopy(given, 0, fields, 0, given.length);
        BoardGeometry g = variant.geometry();
        Board b = new Board(variant);
        placement(variant, b, fields[0]);

        switch (fields[1]) {
            case "w" -> b.turn = 0;
            case "b" -> b.turn = 1;
            default -> throw new FenException("side to move '" + fields[1] + "' is not 'w' or 'b'");
        }

        for (int c = 0; c < 2; c++) {
            String name = c == 0 ? "white" : "black";
            if (b.kingSq[c] < 0) throw new FenException("placement '" + fields[0] + "' has no " + name + " " + royalName(variant));
            int royals = b.at.royalType;
            int count = Long.bitCount(b.pLo[royals * 2 + c]) + Long.bitCount(b.pHi[royals * 2 + c]);
            if (count > 1) throw new FenException("placement '" + fields[0] + "' has " + count + " " + name + " " + royalName(variant) + "s");
        }
        if (b.at.pawnType >= 0) {
            for (int c = 0; c < 2; c++) {
                int tc = b.at.pawnType * 2 + c;
                // With a promotion delay a pawn may wait on its last rank; never on its first.
                int firstRank = c == 0 ? 0 : g.ranks() - 1, lastRank = g.ranks() - 1 - firstRank;
                boolean mayWait = variant.promotionDelay() > 0;
                for (int sq = 0; sq < b.n; sq++) {
                    if (b.squares[sq] - 1 == tc && (g.rank(sq) == firstRank || (g.rank(sq) == lastRank && !mayWait))) {
                        throw new FenException("placement '" + fields[0] + "': " + (c == 0 ? "white" : "black")
                                + " pawn on " + g.squareName(sq) + " (pawns cannot stand on the first or last rank)");
                    }
                }
            }
        }

        castling(variant, b, fields[2]);
        enPassant(variant, b, fields[3]);

        b.halfmove = number(fields[4], "halfmove clock");
        // Some files write 0 for the fullmove number; read it as 1, as most tools do.
        b.fullmove = Math.max(1, number(fields[5], "fullmove number"));

        int them = b.turn ^ 1;
        if (b.attacked(b.kingSq[them], b.turn, b.cLo[0] | b.cLo[1], b.cHi[0] | b.cHi[1])) {
            throw new FenException("FEN '" + fen + "': " + (them == 0 ? "white" : "black")
                    + " is in check but it is " + (them == 0 ? "black" : "white") + " to move");
        }
        b.key = b.computeKey();
        return b;
    }

    private static String royalName(Variant v) {
        for (PieceType p : v.pieces()) if (p.royal()) return p.name();
        return "king";
    }

    private static int number(String text, String field) {
        try {
            int v = Integer.parseInt(text);
            if (v < 0) throw new NumberFormatException();
            if (v > MAX_COUNTER) {
                throw new FenException(field + " '" + text + "' is too large (at most " + MAX_COUNTER + ")");
            }
            return v;
        } catch (NumberFormatException e) {
            if (text.matches("\\d+")) {
                throw new FenException(field + " '" + text + "' is too large (at most " + MAX_COUNTER + ")");
            }
            throw new FenException(field + " '" + text + "' is not a non-negative whole number");
        }
    }

    private static void placement(Variant variant, Board b, String text) {
        BoardGeometry g = variant.geometry();
        String[] rows = text.split("/", -1);
        if (rows.length != g.ranks()) {
            throw new FenException("placement '" + text + "' has " + rows.length + " ranks; expected " + g.ranks());
        }
        for (int i = 0; i < rows.length; i++) {
            int rank = g.ranks() - 1 - i;
            String row = rows[i];
            int file = 0;
            int j = 0;
            while (j < row.length()) {
                char ch = row.charAt(j);
                if (Character.isDigit(ch)) {
                    int k = j;
                    while (k < row.length() && Character.isDigit(row.charAt(k))) k++;
                    int run = Integer.parseInt(row.substring(j, k));
                    if (run == 0 || row.charAt(j) == '0') {
                        throw new FenException("rank " + (rank + 1) + " '" + row + "': empty-square count '" + row.substring(j, k) + "' is not allowed");
                    }
                    file += run;
                    j = k;
                } else {
                    PieceType type = variant.pieceType(ch);
                    if (type == null || !Character.isLetter(ch)) {
                        throw new FenException("rank " + (rank + 1) + " '" + row + "': '" + ch + "' is not a piece of " + variant.name());
                    }
                    int color = Character.isUpperCase(ch) ? 0 : 1;
                    if (file < g.files()) {
                        b.put(g.square(file, rank), variant.pieces().indexOf(type) * 2 + color);
                    }
                    j++;
                    if (j < row.length() && row.charAt(j) == '\'') {
                        // Our mark for a pawn that has already waited one move on its last rank (promotion delay).
                        boolean onLastRank = rank == (color == 0 ? g.ranks() - 1 : 0);
                        if (!type.pawn() || !onLastRank || variant.promotionDelay() < 2 || file >= g.files()) {
                            throw new FenException("rank " + (rank + 1) + " '" + row + "': the wait mark ' follows only a pawn on its last rank in a variant with a promotion delay");
                        }
                        b.waited[g.square(file, rank)] = 1;
                        j++;
                    }
                    file++;
                }
            }
            if (file != g.files()) {
                throw new FenException("rank " + (rank + 1) + " '" + row + "' has " + file + " squares; expected " + g.files());
            }
        }
    }

    /**
     * Reads the castling field. Letters that are not castling letters are errors; a right that no king and rook
     * could still use (king or rook gone from its square) is dropped, as PGN FEN tags often carry stale rights.
     */
    private static void castling(Variant variant, Board b, String text) {
        if (text.equals("-")) return;
        BoardGeometry g = variant.geometry();
        int rookType = variant.pieces().indexOf(PieceType.ROOK);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            char up = Character.toUpperCase(ch);
            if (!Character.isLetter(ch) || (up != 'K' && up != 'Q' && (up < 'A' || up >= 'A' + g.files()))) {
                throw new FenException("castling field '" + text + "': '" + ch + "' is not K, Q, k, q or a file letter");
            }
            if (variant.castling() == Variant.Castling.NONE) {
                throw new FenException("castling field '" + text + "': " + variant.name() + " has no castling");
            }
            int color = Character.isUpperCase(ch) ? 0 : 1;
            int backRank = color == 0 ? 0 : g.ranks() - 1;
            int king = b.kingSq[color];
            if (king < 0 || g.rank(king) != backRank || rookType < 0) continue;
            int rookTc = rookType * 2 + color;
            int rook = -1;
            if (up == 'K' || up == 'Q') {
                // The outermost rook on that side of the king (X-FEN).
                boolean kingSide = up == 'K';
                for (int f = kingSide ? g.files() - 1 : 0; kingSide ? f > g.file(king) : f < g.file(king); f += kingSide ? -1 : 1) {
                    int sq = g.square(f, backRank);
                    if (b.pieceAt(sq) == rookTc) {
                        rook = sq;
                        break;
                    }
                }
            } else {
                int sq = g.square(up - 'A', backRank);
                if (b.pieceAt(sq) == rookTc) rook = sq;
            }
            if (rook < 0) continue;
            if (variant.castling() == Variant.Castling.STANDARD) {
                int kingFile = variant.castlingFiles().kingStart();
                if (g.file(king) != kingFile || (g.file(rook) != 0 && g.file(rook) != g.files() - 1)) continue;
            }
            b.castleRook[color * 2 + (rook > king ? 0 : 1)] = rook;
        }
    }

    private static void enPassant(Variant variant, Board b, String text) {
        if (text.equals("-")) return;
        BoardGeometry g = variant.geometry();
        int sq = g.trySquare(text);
        if (sq < 0) {
            throw new FenException("en passant field '" + text + "' is not '-' or a square of the board");
        }
        if (!variant.enPassant() || b.at.pawnType < 0) {
            throw new FenException("en passant field '" + text + "': " + variant.name() + " has no en passant");
        }
        int us = b.turn;
        int expectedRank = us == 0 ? g.ranks() - 3 : 2;
        int victim = sq - b.forward(us);
        int origin = sq + b.forward(us);
        if (g.rank(sq) != expectedRank) {
            throw new FenException("en passant field '" + text + "': with " + (us == 0 ? "white" : "black")
                    + " to move it must be on rank " + (expectedRank + 1));
        }
        if (b.pieceAt(victim) != b.at.pawnType * 2 + (us ^ 1) || b.squares[sq] != 0 || b.squares[origin] != 0) {
            throw new FenException("en passant field '" + text + "': no pawn can just have passed over " + text);
        }
        b.ep = sq;
    }

    static String write(Board b, boolean shredder) {
        Variant v = b.variant;
        BoardGeometry g = v.geometry();
        StringBuilder sb = new StringBuilder();
        for (int rank = g.ranks() - 1; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < g.files(); file++) {
                int code = b.pieceAt(g.square(file, rank));
                if (code < 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                char letter = v.pieces().get(code >> 1).letter();
                sb.append((code & 1) == 0 ? letter : Character.toLowerCase(letter));
                if (b.waited[g.square(file, rank)] != 0) sb.append('\'');
            }
            if (empty > 0) sb.append(empty);
            if (rank > 0) sb.append('/');
        }
        sb.append(' ').append(b.turn == 0 ? 'w' : 'b').append(' ');
        int len = sb.length();
        for (int c = 0; c < 2; c++) {
            for (int side = 0; side < 2; side++) {
                int rook = b.castleRook[c * 2 + side];
                if (rook < 0) continue;
                char ch;
                if (shredder || (v.castling() == Variant.Castling.CHESS960 && !outermost(b, c, side, rook))) {
                    ch = (char) ('A' + g.file(rook));
                } else {
                    ch = side == 0 ? 'K' : 'Q';
                }
                sb.append(c == 0 ? ch : Character.toLowerCase(ch));
            }
        }
        if (sb.length() == len) sb.append('-');
        sb.append(' ').append(b.ep >= 0 ? g.squareName(b.ep) : "-");
        sb.append(' ').append(b.halfmove).append(' ').append(b.fullmove);
        return sb.toString();
    }

    /** Whether no other rook of the colour stands further out on that side (so K/Q is unambiguous). */
    private static boolean outermost(Board b, int color, int side, int rook) {
        int rookTc = b.variant.pieces().indexOf(PieceType.ROOK) * 2 + color;
        int rankStart = rook - rook % b.files;
        if (side == 0) {
            for (int sq = rook + 1; sq < rankStart + b.files; sq++) if (b.pieceAt(sq) == rookTc) return false;
        } else {
            for (int sq = rankStart; sq < rook; sq++) if (b.pieceAt(sq) == rookTc) return false;
        }
        return true;
    }
}
