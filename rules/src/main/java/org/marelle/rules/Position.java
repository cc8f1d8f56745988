package org.marelle.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;

/**
 * A position, as an immutable value: the pieces, the side to move, castling rights, the en passant square, the
 * two move counters, and the positions since the last capture or pawn move (for repetitions). Playing a move
 * returns a new position; this one never changes, so positions can be shared between threads freely.
 *
 * {@snippet :
 * Position p = Position.start(Variant.STANDARD);
 * p.legalMoves().size();                  // 20
 * p = p.playSan("e4").playSan("e5");
 * p.fen();  // "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
 * }
 */
public final class Position {

    /** Keys of earlier positions since the last irreversible move, newest first: for repetition counts. */
    private record History(long key, History previous) {
    }

    private final Board board;          // never mutated once the position is built
    private final History history;      // includes this position's key
    private volatile int[] legal;       // cached packed legal moves
    // (The recognizer asks the same position for its moves, occupancy and FEN many times a frame: each is worked
    // out once. Benign races: two threads may both compute one, and get equal values.)
    private volatile List<Move> legalList;
    private volatile SquareSet occupied;
    private volatile String fen;
    private volatile byte check;        // 0 unknown, 1 not in check, 2 in check

    private Position(Board board, History previous) {
        this.board = board;
        this.history = new History(board.key, board.halfmove == 0 ? null : previous);
    }

    public static Position start(Variant variant) {
        return variant.startPosition();
    }

    /** Reads a FEN for standard chess. */
    public static Position fromFen(String fen) {
        return fromFen(Variant.STANDARD, fen);
    }

    /**
     * Reads a FEN (the two counters may be left out). Throws {@link FenException} naming the field and the text.
     * An en passant square on which no legal capture exists is accepted and dropped, as {@link #fen()} writes one
     * only when the capture is possible.
     */
    public static Position fromFen(Variant variant, String fen) {
        Board b = Fen.parse(variant, fen);
        dropUselessEnPassant(b);
        return new Position(b, null);
    }

    private static void dropUselessEnPassant(Board b) {
        if (b.ep < 0) return;
        int[] moves = new int[Board.MAX_MOVES];
        int count = b.copy().generate(moves, 0);
        for (int i = 0; i < count; i++) {
            if (Board.kind(moves[i]) == Board.EN_PASSANT) return;
        }
        b.key ^= b.at.zEpFile[b.ep % b.files];
        b.ep = -1;
    }

    // ---- what is on the board ----------------------------------------------------------------------------------

    public Variant variant() {
        return board.variant;
    }

    public BoardGeometry geometry() {
        return board.variant.geometry();
    }

    public Color turn() {
        return board.turn == 0 ? Color.WHITE : Color.BLACK;
    }

    public int halfmoveClock() {
        return board.halfmove;
    }

    public int fullmoveNumber() {
        return board.fullmove;
    }

    /** The en passant target square, or -1; set only when an en passant capture is legal now. */
    public int epSquare() {
        return board.ep;
    }

    /** The piece on a square, or {@code null}. */
    public Piece pieceAt(int square) {
        int code = board.pieceAt(square);
        if (code < 0) return null;
        return new Piece(board.variant.pieces().get(code >> 1), (code & 1) == 0 ? Color.WHITE : Color.BLACK);
    }

    /** Every occupied square: what an occupancy-only sensor board should see. */
    public SquareSet occupancy() {
        SquareSet o = occupied;
        if (o == null) {
            o = new SquareSet(board.cLo[0] | board.cLo[1], board.cHi[0] | board.cHi[1]);
            occupied = o;
        }
        return o;
    }

    public SquareSet occupancy(Color color) {
        int c = color.ordinal();
        return new SquareSet(board.cLo[c], board.cHi[c]);
    }

    /** The squares holding pieces of this type and colour. */
    public SquareSet pieces(PieceType type, Color color) {
        int t = board.variant.pieces().indexOf(type);
        if (t < 0) return SquareSet.EMPTY;
        return new SquareSet(board.pLo[t * 2 + color.ordinal()], board.pHi[t * 2 + color.ordinal()]);
    }

    /** The royal piece's square for a side, or -1. */
    public int king(Color color) {
        return board.kingSq[color.ordinal()];
    }

    /** The castling rook squares still usable (rights, not whether castling is legal now). */
    public SquareSet castlingRooks(Color color) {
        SquareSet s = SquareSet.EMPTY;
        for (int side = 0; side < 2; side++) {
            int r = board.castleRook[color.ordinal() * 2 + side];
            if (r >= 0) s = s.with(r);
        }
        return s;
    }

    /** A hash of the position (pieces, side, castling rights, legal en passant): equal for repeated positions. */
    public long zobrist() {
        return board.key;
    }

    // ---- moves -------------------------------------------------------------------------------------------------

    /** Each thread's room to generate moves in, before the legal ones are copied out (a search asks thousands of positions). */
    private static final ThreadLocal<int[]> GENERATED = ThreadLocal.withInitial(() -> new int[Board.MAX_MOVES]);

    int[] packedLegal() {
        int[] l = legal;
        if (l == null) {
            int[] buf = GENERATED.get();
            int count = board.copy().generate(buf, 0);
            l = java.util.Arrays.copyOf(buf, count);
            legal = l;
        }
        return l;
    }

    public List<Move> legalMoves() {
        List<Move> l = legalList;
        if (l == null) {
            int[] packed = packedLegal();
            List<Move> out = new ArrayList<>(packed.length);
            for (int m : packed) out.add(unpack(m));
            l = Collections.unmodifiableList(out);
            legalList = l;
        }
        return l;
    }

    /**
     * The legal moves that lift a piece from one of {@code squares} (castling: the king's square or the rook's), in
     * the order of {@link #legalMoves()}. Cheaper than filtering that list where few squares are asked about: only
     * these moves are built.
     */
    public List<Move> legalMovesFrom(SquareSet squares) {
        List<Move> out = new ArrayList<>();
        for (int m : packedLegal()) {
            if (squares.contains(Board.from(m)) || Board.kind(m) == Board.CASTLE && squares.contains(Board.to(m))) {
                out.add(unpack(m));
            }
        }
        return out;
    }

    public boolean isLegal(Move move) {
        return pack(move) != -1;
    }

    /** The packed form of a legal move, or -1 when the move is not legal here. */
    int pack(Move move) {
        if (move == null || move instanceof Move.Null) return -1;
        int to = move.to();
        boolean castle = (move instanceof Move.Deferred d ? d.move() : move) instanceof Move.Castle;
        for (int m : packedLegal()) {
            // (A castling move packs the rook's square as its destination; any other, the one its move names.)
            if (Board.from(m) == move.from() && (Board.kind(m) == Board.CASTLE ? castle : Board.to(m) == to)
                    && unpack(m).equals(move)) {
                return m;
            }
        }
        return -1;
    }

    Move unpack(int m) {
        Move base = unpackBase(m);
        int dp = Board.deferredPiece(m);
        return dp < 0 ? base : new Move.Deferred(base, Board.deferredSquare(m), board.variant.pieces().get(dp));
    }

    private Move unpackBase(int m) {
        int from = Board.from(m), to = Board.to(m);
        return switch (Board.kind(m)) {
            case Board.CASTLE -> new Move.Castle(from, board.castleKingTo(from, to), to, board.castleRookTo(from, to));
            case Board.EN_PASSANT -> new Move.EnPassant(from, to);
            case Board.PROMOTION -> new Move.Promotion(from, to, board.variant.pieces().get(Board.promo(m)));
            default -> new Move.Normal(from, to);
        };
    }

    /** Plays a legal move (or {@link Move#NULL}) and returns the new position; throws when it is not legal. */
    public Position play(Move move) {
        Board b = board.copy();
        if (move instanceof Move.Null) {
            b.makeNull();
            return new Position(b, history);
        }
        int m = pack(move);
        if (m == -1) {
            throw new IllegalMoveException("illegal move " + describe(move) + " in " + fen());
        }
        b.make(m);
        dropUselessEnPassant(b);
        return new Position(b, history);
    }

    private String describe(Move move) {
        if (move == null) return "null";
        BoardGeometry g = geometry();
        boolean onBoard = move.from() >= 0 && move.from() < g.squareCount() && move.to() >= 0 && move.to() < g.squareCount();
        return onBoard ? "'" + g.squareName(move.from()) + g.squareName(move.to()) + "' (" + move + ")" : move.toString();
    }

    /** Whether the move gives check; cheaper than playing it when only that is wanted (writing notation). */
    public boolean givesCheck(Move move) {
        return checkMark(move) != 0;
    }

    /** 0 when the move gives no check, '+' for check, '#' for mate: the suffix SAN writes. */
    char checkMark(Move move) {
        if (move instanceof Move.Null) return 0;
        int m = pack(move);
        if (m == -1) throw new IllegalMoveException("illegal move " + describe(move) + " in " + fen());
        Board b = board.copy();
        b.make(m);
        if (!b.inCheck()) return 0;
        return b.generate(new int[Board.MAX_MOVES], 0) == 0 ? '#' : '+';
    }

    public Position playSan(String san) {
        return play(parseSan(san));
    }

    public Position playUci(String uci) {
        return play(parseUci(uci));
    }

    /** The occupancy the board shows after the move: what the recognizer compares the sensors against. */
    public SquareSet occupancyAfter(Move move) {
        SquareSet occ = occupancy();
        return switch (move) {
            case Move.Null x -> occ;
            case Move.Deferred d -> occupancyAfter(d.move());
            case Move.Castle c -> occ.without(c.from()).without(c.rookFrom()).with(c.to()).with(c.rookTo());
            case Move.EnPassant e -> occ.without(e.from()).without(geometry().square(geometry().file(e.to()),
                    geometry().rank(e.from()))).with(e.to());
            default -> occ.without(move.from()).with(move.to());
        };
    }

    // ---- state of the game -------------------------------------------------------------------------------------

    public boolean isCheck() {
        byte c = check;
        if (c == 0) {
            c = board.copy().inCheck() ? (byte) 2 : (byte) 1;
            check = c;
        }
        return c == 2;
    }

    public boolean isCheckmate() {
        return packedLegal().length == 0 && isCheck() && !isVariantEnd();
    }

    public boolean isStalemate() {
        return packedLegal().length == 0 && !isCheck() && !isVariantEnd();
    }

    /** The game ended by a variant's own rule (Courier's bare king). */
    public boolean isVariantEnd() {
        return board.variant.bareKingLoses() && board.bareKingEnds();
    }

    /** Neither side can ever mate (for variants with that rule): e.g. king and bishop against king. */
    public boolean isInsufficientMaterial() {
        return board.variant.insufficientMaterial()
                && hasInsufficientMaterial(Color.WHITE) && hasInsufficientMaterial(Color.BLACK);
    }

    /**
     * Whether this side can never checkmate, whatever the opponent does (used when a flag falls). Knights and
     * bishops count as insufficient only when no helpmate is possible with the opponent's pieces.
     */
    public boolean hasInsufficientMaterial(Color color) {
        Variant v = board.variant;
        SquareSet mine = occupancy(color), theirs = occupancy(color.other());
        SquareSet all = occupancy();
        for (PieceType t : v.pieces()) {
            if (t == PieceType.KING || t == PieceType.KNIGHT || t == PieceType.BISHOP) continue;
            if (!pieces(t, color).isEmpty()) return false;
        }
        SquareSet knights = pieces(PieceType.KNIGHT, Color.WHITE).union(pieces(PieceType.KNIGHT, Color.BLACK));
        SquareSet bishops = pieces(PieceType.BISHOP, Color.WHITE).union(pieces(PieceType.BISHOP, Color.BLACK));
        SquareSet pawns = pieces(PieceType.PAWN, Color.WHITE).union(pieces(PieceType.PAWN, Color.BLACK));
        if (!mine.intersect(knights).isEmpty()) {
            SquareSet kingsAndQueens = pieces(PieceType.KING, color.other()).union(pieces(PieceType.QUEEN, color.other()));
            return mine.count() <= 2 && theirs.minus(kingsAndQueens).isEmpty();
        }
        if (!mine.intersect(bishops).isEmpty()) {
            boolean anyLight = false, anyDark = false;
            for (int s : bishops) {
                if (geometry().isLight(s)) anyLight = true; else anyDark = true;
            }
            return !(anyLight && anyDark) && pawns.isEmpty() && knights.isEmpty();
        }
        return !all.isEmpty();
    }

    /** 50 moves by each side without a capture or pawn move: a draw either player may claim. */
    public boolean isFiftyMoves() {
        return board.halfmove >= 100;
    }

    /** 75 moves by each side without a capture or pawn move: the game is drawn unless the last move mated. */
    public boolean isSeventyFiveMoves() {
        return board.halfmove >= 150;
    }

    /** How many times this position has stood on the board, this time included (same side to move, rights). */
    public int repetitions() {
        int count = 1;
        History h = history.previous;
        int plies = 1;
        while (h != null && plies <= board.halfmove) {
            if (plies % 2 == 0 && h.key == history.key) count++;
            h = h.previous;
            plies++;
        }
        return count;
    }

    /** The position has occurred three times: a draw either player may claim. */
    public boolean isThreefoldRepetition() {
        return repetitions() >= 3;
    }

    /** The position has occurred five times: the game is drawn. */
    public boolean isFivefoldRepetition() {
        return repetitions() >= 5;
    }

    /** The end the rules impose without a claim: mate, stalemate, dead material, 75 moves, fivefold repetition. */
    public Optional<Outcome> outcome() {
        Color mover = turn();
        if (board.variant.bareKingLoses() && board.bareKingEnds()) {
            int theirs = occupancy(mover.other()).count();
            return Optional.of(new Outcome(Termination.VARIANT, theirs == 1 ? mover : mover.other()));
        }
        if (packedLegal().length == 0) {
            if (isCheck()) return Optional.of(new Outcome(Termination.CHECKMATE, mover.other()));
            return Optional.of(new Outcome(Termination.STALEMATE, board.variant.stalemateLoses() ? mover.other() : null));
        }
        if (isInsufficientMaterial()) return Optional.of(new Outcome(Termination.INSUFFICIENT_MATERIAL, null));
        if (isSeventyFiveMoves()) return Optional.of(new Outcome(Termination.SEVENTY_FIVE_MOVES, null));
        if (isFivefoldRepetition()) return Optional.of(new Outcome(Termination.FIVEFOLD_REPETITION, null));
        return Optional.empty();
    }

    public boolean isGameOver() {
        return outcome().isPresent();
    }

    // ---- notation ----------------------------------------------------------------------------------------------

    /** The FEN; for Chess960 with X-FEN castling (KQkq where unambiguous, else the rook's file letter). */
    public String fen() {
        String f = fen;
        if (f == null) {
            f = Fen.write(board, false);
            fen = f;
        }
        return f;
    }

    /** The FEN with Shredder-FEN castling letters (the rooks' files, e.g. HAha). */
    public String shredderFen() {
        return Fen.write(board, true);
    }

    /** The move in Standard Algebraic Notation as the PGN standard writes it, with {@code +} or {@code #}. */
    public String san(Move move) {
        return San.write(this, move);
    }

    /**
     * Reads a SAN move, leniently as real files need: {@code 0-0}, a missing {@code x}, a wrong or missing
     * {@code +}/{@code #}, {@code e8Q}, long algebraic {@code e2e4} or {@code Ng1-f3}, {@code --} for a null move.
     */
    public Move parseSan(String san) {
        return San.parse(this, san);
    }

    /** The move as UCI writes it: {@code e2e4}, {@code e7e8q}; Chess960 castling as king takes rook. */
    public String uci(Move move) {
        return San.uci(this, move);
    }

    /** Reads a UCI move; in standard chess castling may be written {@code e1g1} or {@code e1h1}. */
    public Move parseUci(String uci) {
        return San.parseUci(this, uci);
    }

    Board board() {
        return board;
    }

    @Override
    public boolean equals(Object o) {
        // (Equal FENs mean equal keys, the key being a function of what the FEN shows but the counters: a cheap no
        // first.)
        return o instanceof Position p && p.board.variant == board.variant && p.board.key == board.key
                && p.fen().equals(fen());
    }

    @Override
    public int hashCode() {
        return Long.hashCode(board.key);
    }

    @Override
    public String toString() {
        return fen();
    }

    /** The board drawn as text, the top rank first: letters for pieces, '.' for empty squares. */
    public String diagram() {
        BoardGeometry g = geometry();
        StringBuilder sb = new StringBuilder();
        for (int r = g.ranks() - 1; r >= 0; r--) {
            for (int f = 0; f < g.files(); f++) {
                Piece p = pieceAt(g.square(f, r));
                sb.append(p == null ? '.' : p.fenChar());
                if (f < g.files() - 1) sb.append(' ');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
