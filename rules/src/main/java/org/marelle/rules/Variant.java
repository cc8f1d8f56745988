package org.marelle.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.marelle.geometry.BoardGeometry;

/**
 * A chess variant, as data: board size, piece set, start position and rule flags. Nothing here is code that moves
 * pieces; the move generator reads these fields.
 *
 * {@snippet :
 * Variant v = Variant.byName("chess960");
 * Position p = v.chess960Position(518);   // the standard array
 * }
 */
public final class Variant {

    /** How castling works. */
    public enum Castling {
        NONE,
        /** King and rooks from their usual squares; FEN writes KQkq. */
        STANDARD,
        /** Fischer random: king between the rooks anywhere on the back rank; FEN writes X-FEN or Shredder-FEN. */
        CHESS960
    }

    /**
     * Where castling puts the pieces, as files (0 = a): the king's start file (for {@link Castling#STANDARD}), and
     * the king's and rook's destinations on the king side (towards the last file) and the queen side.
     */
    public record CastlingFiles(int kingStart, int kingSideKing, int kingSideRook, int queenSideKing, int queenSideRook) {
        /** e, then g and f, c and d: chess and Chess960. */
        public static final CastlingFiles CHESS = new CastlingFiles(4, 6, 5, 2, 3);
    }

    public static final Variant STANDARD = builder("standard", BoardGeometry.CHESS)
            .aliases("chess", "normal", "classical", "from position", "fromposition", "standard chess")
            .pieces(PieceType.PAWN, PieceType.KNIGHT, PieceType.BISHOP, PieceType.ROOK, PieceType.QUEEN, PieceType.KING)
            .startFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .castling(Castling.STANDARD)
            .pawnDoubleStep(true)
            .enPassant(true)
            .promotions(PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT)
            .insufficientMaterial(true)
            .build();

    /** Chess960: standard chess whose castling works from any start array. */
    public static final Variant CHESS960 = STANDARD.derive("chess960")
            .aliases("fischerandom", "fischerrandom", "fischer random", "chess 960", "960", "frc", "fischer random chess")
            .castling(Castling.CHESS960)
            .build();

    /**
     * Courier chess as Fairy-Stockfish plays it, from the position after the ceremonial opening jumps. No castling,
     * no double step, no en passant; stalemate loses; a bare king loses (with one move of grace to level).
     */
    public static final Variant COURIER = builder("courier", BoardGeometry.COURIER)
            .aliases("courier chess", "kurierspiel", "courierchess")
            .pieces(PieceType.PAWN, PieceType.KNIGHT, PieceType.COURIER, PieceType.ROOK, PieceType.FERZ,
                    PieceType.MANN, PieceType.SCHLEICH, PieceType.ALFIL, PieceType.KING)
            .startFen("rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1")
            .promotions(PieceType.FERZ)
            .stalemateLoses(true)
            .bareKingLoses(true)
            .build();

    /**
     * Courier from the full array, where each side's first four moves must be the sauts de joie: the a-, g- and
     * l-pawns two squares forward and the ferz g1-g3 (g8-g6), in any order; then the {@link #COURIER} rules apply.
     */
    public static final Variant COURIER_JUMPS = COURIER.derive("courier-jumps")
            .aliases("courier jumps", "courier ceremony", "courier with jumps")
            .startFen("rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1")
            .openingJumps("a2a4", "g2g4", "l2l4", "g1g3")
            .build();

    /** Albers' archer ("fou"): one square diagonally, or a leap of two diagonally. */
    private static final PieceType ARCHER = PieceType.of('E', "archer", "FA");
    /** Albers' sage: the archer's moves and the knight's. */
    private static final PieceType SAGE = PieceType.of('M', "sage", "FAN");
    /** Albers' Schleich: one square in any direction, not royal. */
    private static final PieceType JESTER = PieceType.of('W', "schleich", "K");

    /**
     * Courier chess under Albers' rules of 1821: modern queen, courier, knight and rook; the archer and the sage;
     * pawns with the double step and en passant; castling on both wings (king to the c or j file, rook beside it
     * on d or i); stalemate draws; a pawn on the last rank waits two of its side's moves, then becomes a piece of
     * its owner's choice.
     */
    public static final Variant COURIER_MODERN = builder("courier-modern", BoardGeometry.COURIER)
            .aliases("courier modern", "modern courier", "albers", "courier albers")
            .pieces(PieceType.PAWN, PieceType.KNIGHT, PieceType.COURIER, PieceType.ROOK, PieceType.QUEEN,
                    SAGE, JESTER, ARCHER, PieceType.KING)
            .startFen("rnebmkqwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKQWBENR w KQkq - 0 1")
            .castling(Castling.STANDARD)
            .castlingFiles(new CastlingFiles(5, 9, 8, 2, 3))
            .pawnDoubleStep(true)
            .enPassant(true)
            .promotions(PieceType.QUEEN, PieceType.ROOK, PieceType.COURIER, PieceType.KNIGHT, ARCHER, SAGE, JESTER)
            .promotionDelay(2)
            .build();

    private static final List<Variant> ALL = List.of(STANDARD, CHESS960, COURIER, COURIER_JUMPS, COURIER_MODERN);

    private final String name;
    private final List<String> aliases;
    private final BoardGeometry geometry;
    private final List<PieceType> pieces;
    private final String startFen;
    private final Castling castling;
    private final boolean pawnDoubleStep;
    private final boolean enPassant;
    private final List<PieceType> promotions;
    private final boolean insufficientMaterial;
    private final boolean stalemateLoses;
    private final boolean bareKingLoses;
    private final List<String> openingJumps;
    private final CastlingFiles castlingFiles;
    private final int promotionDelay;
    private volatile Attacks attacks;

    private Variant(Builder b) {
        this.name = Objects.requireNonNull(b.name);
        this.aliases = List.copyOf(b.aliases);
        this.geometry = Objects.requireNonNull(b.geometry);
        this.pieces = List.copyOf(b.pieces);
        this.startFen = Objects.requireNonNull(b.startFen, "start FEN");
        this.castling = b.castling;
        this.pawnDoubleStep = b.pawnDoubleStep;
        this.enPassant = b.enPassant;
        this.promotions = List.copyOf(b.promotions);
        this.insufficientMaterial = b.insufficientMaterial;
        this.stalemateLoses = b.stalemateLoses;
        this.bareKingLoses = b.bareKingLoses;
        this.openingJumps = List.copyOf(b.openingJumps);
        this.castlingFiles = b.castlingFiles;
        this.promotionDelay = b.promotionDelay;
        if (promotionDelay < 0 || promotionDelay > 2) {
            throw new IllegalArgumentException("variant " + name + ": promotion delay " + promotionDelay + " is outside 0..2");
        }
        for (String jump : openingJumps) {
            if (jump.length() < 4 || geometry.trySquare(jump.substring(0, 2)) < 0 || geometry.trySquare(jump.substring(2)) < 0) {
                throw new IllegalArgumentException("variant " + name + ": opening jump '" + jump + "' is not two squares like g1g3");
            }
        }
        if (pieces.size() > 15) {
            throw new IllegalArgumentException("variant " + name + ": at most 15 piece types");
        }
        long letters = pieces.stream().map(PieceType::letter).distinct().count();
        if (letters != pieces.size()) {
            throw new IllegalArgumentException("variant " + name + ": two piece types share a letter");
        }
        if (pieces.stream().filter(PieceType::pawn).count() > 1) {
            throw new IllegalArgumentException("variant " + name + ": at most one pawn type");
        }
        if (pieces.stream().filter(PieceType::royal).count() != 1) {
            throw new IllegalArgumentException("variant " + name + ": exactly one royal piece type is needed");
        }
        for (PieceType p : promotions) {
            if (!pieces.contains(p)) {
                throw new IllegalArgumentException("variant " + name + ": promotion piece " + p.name() + " is not in its piece set");
            }
        }
    }

    public static Builder builder(String name, BoardGeometry geometry) {
        return new Builder(name, geometry);
    }

    /**
     * A builder for a new variant that starts as a copy of this one (as Fairy-Stockfish's {@code [child:parent]}),
     * so the child states only what differs. Aliases are not inherited.
     */
    public Builder derive(String childName) {
        Builder b = new Builder(childName, geometry);
        b.pieces.addAll(pieces);
        b.promotions.addAll(promotions);
        b.openingJumps.addAll(openingJumps);
        b.startFen = startFen;
        b.castling = castling;
        b.castlingFiles = castlingFiles;
        b.pawnDoubleStep = pawnDoubleStep;
        b.enPassant = enPassant;
        b.insufficientMaterial = insufficientMaterial;
        b.stalemateLoses = stalemateLoses;
        b.bareKingLoses = bareKingLoses;
        b.promotionDelay = promotionDelay;
        return b;
    }

    /** All built-in variants. */
    public static List<Variant> all() {
        return ALL;
    }

    /**
     * Finds a variant by its name or an alias, ignoring case, spaces and dashes ("Chess960", "fischerandom",
     * "Standard"). Throws {@code IllegalArgumentException("unknown variant: …")} naming the known ones.
     */
    public static Variant byName(String name) {
        String key = normalise(name);
        for (Variant v : ALL) {
            if (normalise(v.name).equals(key)) return v;
            for (String a : v.aliases) {
                if (normalise(a).equals(key)) return v;
            }
        }
        throw new IllegalArgumentException("unknown variant: '" + name + "' (known: "
                + String.join(", ", ALL.stream().map(Variant::name).toList()) + ")");
    }

    private static String normalise(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]", "");
    }

    public String name() {
        return name;
    }

    public List<String> aliases() {
        return aliases;
    }

    public BoardGeometry geometry() {
        return geometry;
    }

    public List<PieceType> pieces() {
        return pieces;
    }

    public String startFen() {
        return startFen;
    }

    public Castling castling() {
        return castling;
    }

    public boolean pawnDoubleStep() {
        return pawnDoubleStep;
    }

    public boolean enPassant() {
        return enPassant;
    }

    public List<PieceType> promotions() {
        return promotions;
    }

    public boolean insufficientMaterial() {
        return insufficientMaterial;
    }

    /** Whether a stalemated side loses (Courier) rather than draws. */
    public boolean stalemateLoses() {
        return stalemateLoses;
    }

    /** Whether a side reduced to its bare king loses (Courier, with the one-move grace to level). */
    public boolean bareKingLoses() {
        return bareKingLoses;
    }

    /**
     * White's compulsory opening moves (UCI, e.g. {@code g1g3}), played in any order as each side's first moves;
     * Black's are the same mirrored. Empty for most variants.
     */
    public List<String> openingJumps() {
        return openingJumps;
    }

    public CastlingFiles castlingFiles() {
        return castlingFiles;
    }

    /**
     * How many of its side's moves a pawn on the last rank waits before it becomes the chosen piece; 0 when it
     * promotes on arrival (most variants). The choice is part of the move that completes the wait.
     */
    public int promotionDelay() {
        return promotionDelay;
    }

    /** The piece type with this FEN letter (either case), or null. */
    public PieceType pieceType(char letter) {
        char up = Character.toUpperCase(letter);
        for (PieceType p : pieces) {
            if (p.letter() == up) return p;
        }
        return null;
    }

    public Position startPosition() {
        return Position.fromFen(this, startFen);
    }

    /**
     * The Chess960 start position with Scharnagl number {@code n} (0..959); 518 is the standard array.
     * Only for {@link Castling#CHESS960} variants on 8 files.
     */
    public Position chess960Position(int n) {
        if (castling != Castling.CHESS960 || geometry.files() != 8) {
            throw new IllegalArgumentException(name + " has no Chess960 start positions");
        }
        if (n < 0 || n > 959) {
            throw new IllegalArgumentException("Chess960 position number " + n + " is outside 0..959");
        }
        char[] rank = new char[8];
        int q = n;
        rank[(q % 4) * 2 + 1] = 'B';   // light-squared bishop on b, d, f or h
        q /= 4;
        rank[(q % 4) * 2] = 'B';       // dark-squared bishop on a, c, e or g
        q /= 4;
        placeOnEmpty(rank, q % 6, 'Q');
        q /= 6;
        int[][] knights = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
        int[] kn = knights[q];
        // Place the second knight first so the first one's index still counts the same empty squares.
        placeOnEmpty(rank, kn[1], 'N');
        placeOnEmpty(rank, kn[0], 'N');
        placeOnEmpty(rank, 0, 'R');
        placeOnEmpty(rank, 0, 'K');
        placeOnEmpty(rank, 0, 'R');
        String white = new String(rank);
        String fen = white.toLowerCase(Locale.ROOT) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
        return Position.fromFen(this, fen);
    }

    private static void placeOnEmpty(char[] rank, int index, char piece) {
        int seen = 0;
        for (int i = 0; i < rank.length; i++) {
            if (rank[i] == 0) {
                if (seen == index) {
                    rank[i] = piece;
                    return;
                }
                seen++;
            }
        }
        throw new IllegalStateException("no empty square " + index);
    }

    Attacks attacks() {
        Attacks a = attacks;
        if (a == null) {
            synchronized (this) {
                a = attacks;
                if (a == null) {
                    a = new Attacks(this);
                    attacks = a;
                }
            }
        }
        return a;
    }

    @Override
    public String toString() {
        return name;
    }

    /** Builds a variant from its data; {@link #build()} checks that the pieces fit together. */
    public static final class Builder {
        private final String name;
        private final BoardGeometry geometry;
        private final List<String> aliases = new ArrayList<>();
        private final List<PieceType> pieces = new ArrayList<>();
        private final List<PieceType> promotions = new ArrayList<>();
        private String startFen;
        private Castling castling = Castling.NONE;
        private boolean pawnDoubleStep;
        private boolean enPassant;
        private boolean insufficientMaterial;
        private boolean stalemateLoses;
        private boolean bareKingLoses;
        private final List<String> openingJumps = new ArrayList<>();
        private CastlingFiles castlingFiles = CastlingFiles.CHESS;
        private int promotionDelay;

        private Builder(String name, BoardGeometry geometry) {
            this.name = name;
            this.geometry = geometry;
        }

        public Builder aliases(String... names) {
            aliases.addAll(List.of(names));
            return this;
        }

        public Builder pieces(PieceType... types) {
            pieces.clear();
            pieces.addAll(List.of(types));
            return this;
        }

        public Builder startFen(String fen) {
            startFen = fen;
            return this;
        }

        public Builder castling(Castling rule) {
            castling = rule;
            return this;
        }

        public Builder pawnDoubleStep(boolean on) {
            pawnDoubleStep = on;
            return this;
        }

        public Builder enPassant(boolean on) {
            enPassant = on;
            return this;
        }

        public Builder promotions(PieceType... types) {
            promotions.clear();
            promotions.addAll(List.of(types));
            return this;
        }

        public Builder insufficientMaterial(boolean on) {
            insufficientMaterial = on;
            return this;
        }

        public Builder stalemateLoses(boolean on) {
            stalemateLoses = on;
            return this;
        }

        public Builder bareKingLoses(boolean on) {
            bareKingLoses = on;
            return this;
        }

        public Builder castlingFiles(CastlingFiles files) {
            castlingFiles = files;
            return this;
        }

        public Builder promotionDelay(int ownMoves) {
            promotionDelay = ownMoves;
            return this;
        }

        public Builder openingJumps(String... jumps) {
            openingJumps.clear();
            openingJumps.addAll(List.of(jumps));
            return this;
        }

        public Variant build() {
            return new Variant(this);
        }
    }
}
