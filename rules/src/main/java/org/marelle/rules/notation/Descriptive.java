package org.marelle.rules.notation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Piece;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * Descriptive notation, as chess books printed it until the 1970s, in English ({@code P-K4}, {@code N-KB3},
 * {@code BxN}) or in French ({@code P4R}, {@code C3FR}, {@code FxC}).
 *
 * <p>Files are named after the piece that starts on them, the same for both sides: in English QR, QN, QB, Q, K, KB,
 * KN, KR (files a to h); in French TD, CD, FD, D, R, FR, CR, TR (tour dame … tour roi). Ranks are counted from the
 * moving player's own side, so White's K3 (French 3R) is Black's K6 (6R): both are e3. English writes the file then
 * the rank ({@code KB3}), French the rank then the file ({@code 3FR}). Where it is enough, a file is named without its
 * wing: {@code B3} is QB3 or KB3 (French {@code 3F}), and the Q and K files never need one.
 *
 * <p>A move is the piece, {@code -} (nothing in French) and the square it goes to; a capture is the piece, {@code x}
 * and the piece it takes ({@code BxN}, {@code PxP}). Pieces are K Q R B N P in English ({@code Kt} is read as N), R D T
 * F C P in French. Castling is {@code O-O} and {@code O-O-O} (in words when asked for:
 * {@link #withCastlingInWords()}); check is {@code ch} in English and {@code +} in French,
 * mate {@code #}; promotion {@code P-K8=Q} ({@code P8R=D}); en passant {@code PxP e.p.}.
 *
 * <p><b>Writing</b> uses the least qualification that is unambiguous in the position, trying shorter texts first:
 * <ul>
 *   <li>the destination with its wing ({@code N-KB3} when N-QB3 is also possible, else {@code N-B3});</li>
 *   <li>a pawn by its file ({@code BPxP}, then {@code QBPxP}; French {@code PFxP}, {@code PFDxP});</li>
 *   <li>a captured pawn by its file ({@code PxKP}, {@code PxQBP}) or a captured piece by its square after a slash
 *       ({@code BxN/B6}, {@code BxN/QB6});</li>
 *   <li>a moving piece by the square it leaves, in parentheses: the rank ({@code R(1)-Q2}), then the short square
 *       ({@code N(B3)-Q1}), then the full one ({@code N(QB3)-Q1}); French {@code T(1)2D}, {@code C(3F)1D}.</li>
 * </ul>
 * Pieces are never written by wing ({@code KR}, {@code QN}): that names where a piece started, which the position
 * cannot tell once rooks and knights have moved.
 *
 * <p><b>Reading</b> accepts all of the above and also: {@code /} instead of parentheses and the other way round,
 * {@code ×} or {@code :} for captures, an en dash, {@code Kt}, {@code Sq.} for the first rank ({@code R-K.Sq.}),
 * {@code P-K8(Q)}, {@code P-K8/Q} and {@code P-K8Q}, {@code ch}, {@code dis ch}, {@code +}, {@code ++}, {@code mate},
 * {@code #}, {@code Castles} (with {@code KR}/{@code QR} or {@code K}/{@code Q} when both are legal), French
 * {@code petit roque}/{@code grand roque}, a capture written with the square taken ({@code BxQB6}), and pieces named
 * by wing: a queen's or king's bishop is the one on the colour of its starting square; a queen's (king's) rook or
 * knight is the one nearest the queen's (king's) side among the player's pieces of that kind. A move that fits no
 * legal move, or more than one, is an error that says which moves it could have been.
 *
 * <p>Only defined on an 8x8 board: the files are named after the standard array.
 */
public final class Descriptive implements MoveNotation {

    public static final Descriptive ENGLISH = new Descriptive(Terms.english());
    public static final Descriptive FRENCH = new Descriptive(Terms.french());

    private final Terms terms;
    private final boolean castlingInWords;

    private Descriptive(Terms terms) {
        this(terms, false);
    }

    private Descriptive(Terms terms, boolean castlingInWords) {
        this.terms = terms;
        this.castlingInWords = castlingInWords;
    }

    /**
     * The same notation, writing castling in words as the books that use it do: French {@code petit roque} and
     * {@code grand roque}; English {@code Castles}, with {@code KR} or {@code QR} when both castlings are legal.
     */
    public Descriptive withCastlingInWords() {
        return new Descriptive(terms, true);
    }

    @Override
    public String name() {
        return terms.name;
    }

    @Override
    public String title() {
        return terms.title;
    }

    @Override
    public String result(String pgnResult) {
        return pgnResult.equals("1/2-1/2") && terms.french ? "½-½" : pgnResult;
    }

    /** The full name of a square seen from {@code side}: English {@code K4}, {@code QB3}; French {@code 4R}, {@code 3FD}. */
    public String squareName(BoardGeometry g, Color side, int square) {
        return terms.square(terms.files[g.file(square)], relativeRank(g, side, square));
    }

    /** The rank of a square counted from {@code side}'s own first rank, 1 to 8. */
    static int relativeRank(BoardGeometry g, Color side, int square) {
        return side == Color.WHITE ? g.rank(square) + 1 : g.ranks() - g.rank(square);
    }

    // ---- the vocabulary of one language ------------------------------------------------------------------------

    /** Letters, file names and the order of a square's parts in one language. */
    private static final class Terms {
        final String name;
        final String title;
        final boolean french;
        final Map<PieceType, String> letters;
        /** Full file names, files a to h. */
        final String[] files;
        /** File names without the wing, where the language drops it (null where not). */
        final String[] shortFiles;
        final String check;
        final String queenWing;
        final String kingWing;
        final Pattern move;
        final Pattern promotion;

        private Terms(String name, String title, boolean french, Map<PieceType, String> letters, String[] files,
                String[] shortFiles, String check, String queenWing, String kingWing, Pattern move, Pattern promotion) {
            this.name = name;
            this.title = title;
            this.french = french;
            this.letters = letters;
            this.files = files;
            this.shortFiles = shortFiles;
            this.check = check;
            this.queenWing = queenWing;
            this.kingWing = kingWing;
            this.move = move;
            this.promotion = promotion;
        }

        static Terms english() {
            String file = "[QK]?[RNB]|[QK]";
            String piece = "[KQRBNP]";
            // mover, then either "-square" or "x" and the piece taken (or the square taken)
            Pattern move = Pattern.compile("(?<mq>" + file + ")?(?<mp>" + piece + ")"
                    + "(?:[(/](?<mf>" + file + ")?(?<mr>[1-8])\\)?)?"
                    + "(?:-(?<tf>" + file + ")(?<tr>[1-8])"
                    + "|x(?:(?<sf>" + file + ")(?<sr>[1-8])"
                    + "|(?<cq>" + file + ")?(?<cp>" + piece + ")(?:[(/](?<cf>" + file + ")?(?<cr>[1-8])\\)?)?))");
            Pattern promotion = Pattern.compile("(?:[=(/](?<p>[QRBN])\\)?|(?<=[1-8])(?<q>[QRBN]))$");
            return new Terms("descriptive-en", "English descriptive notation", false,
                    Map.of(PieceType.KING, "K", PieceType.QUEEN, "Q", PieceType.ROOK, "R", PieceType.BISHOP, "B",
                            PieceType.KNIGHT, "N", PieceType.PAWN, "P"),
                    new String[] {"QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"},
                    new String[] {"R", "N", "B", null, null, "B", "N", "R"},
                    "ch", "Q", "K", move, promotion);
        }

        static Terms french() {
            String file = "[TCF][DR]?|[DR]";
            String piece = "[RDTFCP]";
            Pattern move = Pattern.compile("(?<mp>" + piece + ")(?<mq>" + file + ")?"
                    + "(?:[(/](?<mr>[1-8])(?<mf>" + file + ")?\\)?)?"
                    + "(?:-?(?<tr>[1-8])(?<tf>" + file + ")"
                    + "|x(?:(?<sr>[1-8])(?<sf>" + file + ")"
                    + "|(?<cp>" + piece + ")(?<cq>" + file + ")?(?:[(/](?<cr>[1-8])(?<cf>" + file + ")?\\)?)?))");
            // A French square ends with a file letter, so a promotion needs its sign: P8R=D, P8R(D).
            Pattern promotion = Pattern.compile("(?:[=(/](?<p>[DTFC])\\)?|(?<q>(?!x)x))$");
            return new Terms("descriptive-fr", "French descriptive notation", true,
                    Map.of(PieceType.KING, "R", PieceType.QUEEN, "D", PieceType.ROOK, "T", PieceType.BISHOP, "F",
                            PieceType.KNIGHT, "C", PieceType.PAWN, "P"),
                    new String[] {"TD", "CD", "FD", "D", "R", "FR", "CR", "TR"},
                    new String[] {"T", "C", "F", null, null, "F", "C", "T"},
                    "+", "D", "R", move, promotion);
        }

        String letter(PieceType type) {
            return letters.get(type);
        }

        PieceType piece(String letter) {
            for (Map.Entry<PieceType, String> e : letters.entrySet()) {
                if (e.getValue().equals(letter)) {
                    return e.getKey();
                }
            }
            return null;
        }

        String square(String file, int rank) {
            return french ? rank + file : file + rank;
        }

        /** The files a file name stands for, as a bit mask (bit 0 = a-file); 0 when it is not a file name. */
        int fileMask(String fileName) {
            int mask = 0;
            for (int f = 0; f < files.length; f++) {
                if (fileName.equals(files[f]) || fileName.equals(shortFiles[f])) {
                    mask |= 1 << f;
                }
            }
            return mask;
        }

        /** A pawn named by its file: English QBP, BP; French PFD, PF. */
        String pawnOnFile(String fileName) {
            return french ? letter(PieceType.PAWN) + fileName : fileName + letter(PieceType.PAWN);
        }
    }

    // ---- what a text says --------------------------------------------------------------------------------------

    /** Where: a set of files (bit mask, {@link #ANY_FILE} for any) and a rank counted from the mover (0 for any). */
    private record Where(int files, int rank) {
        static final int ANY_FILE = 0xFF;
        static final Where ANYWHERE = new Where(ANY_FILE, 0);

        boolean fits(BoardGeometry g, Color side, int square) {
            return (files & (1 << g.file(square))) != 0 && (rank == 0 || rank == relativeRank(g, side, square));
        }
    }

    /** A piece as a text names it: its kind, optionally its wing (-1 queen's, +1 king's) and where it stands. */
    private record Who(PieceType type, int wing, Where where) {
    }

    /**
     * What a move text says: the mover; for a capture the piece taken ({@code taken}) or the square taken on
     * ({@code to}); otherwise the square reached ({@code to}); the promotion; castling (+1 king's side, -1 queen's,
     * 2 either); whether it is marked en passant.
     */
    private record Said(Who mover, boolean capture, Who taken, Where to, PieceType promotion, int castle,
            boolean enPassant) {
    }

    /** One legal move, with what descriptive notation looks at. */
    private record Candidate(Move move, PieceType type, int from, int to, PieceType taken, int takenSquare) {
        boolean capture() {
            return taken != null;
        }
    }

    private static List<Candidate> candidates(Position p) {
        BoardGeometry g = p.geometry();
        List<Candidate> out = new ArrayList<>();
        for (Move m : p.legalMoves()) {
            if (m instanceof Move.Castle) {
                out.add(new Candidate(m, PieceType.KING, m.from(), m.to(), null, -1));
                continue;
            }
            int takenSquare = m instanceof Move.EnPassant ? g.square(g.file(m.to()), g.rank(m.from())) : m.to();
            Piece taken = p.pieceAt(takenSquare);
            out.add(new Candidate(m, p.pieceAt(m.from()).type(), m.from(), m.to(),
                    taken == null ? null : taken.type(), taken == null ? -1 : takenSquare));
        }
        return out;
    }

    private static boolean fits(Position p, Candidate c, Said said) {
        if (said.castle != 0 || c.move instanceof Move.Castle) {
            return c.move instanceof Move.Castle castle && said.castle != 0
                    && (said.castle == 2 || (castle.rookFrom() > castle.from()) == (said.castle > 0));
        }
        BoardGeometry g = p.geometry();
        Color side = p.turn();
        if (!fits(p, said.mover, c.type, c.from)) {
            return false;
        }
        if (said.capture != c.capture()) {
            return false;
        }
        if (said.to != null && !said.to.fits(g, side, c.to)) {
            return false;
        }
        if (said.taken != null && !fits(p, said.taken, c.taken, c.takenSquare)) {
            return false;
        }
        if (said.enPassant && !(c.move instanceof Move.EnPassant)) {
            return false;
        }
        PieceType promotion = c.move instanceof Move.Promotion pr ? pr.promotion() : null;
        return promotion == said.promotion;
    }

    /** Whether the piece of kind {@code type} on {@code square} is the one {@code who} names. */
    private static boolean fits(Position p, Who who, PieceType type, int square) {
        // Every square of a move is named from the side of the player making it, the piece taken's too.
        if (who.type != type || !who.where.fits(p.geometry(), p.turn(), square)) {
            return false;
        }
        return who.wing == 0 || onWing(p, p.pieceAt(square), square, who.wing);
    }

    /**
     * A queen's or king's piece: for bishops, the one on the colour of that bishop's starting square (bishops never
     * change colour); for the others, the one nearest that side of the board among the player's pieces of the kind.
     */
    private static boolean onWing(Position p, Piece piece, int square, int wing) {
        BoardGeometry g = p.geometry();
        if (piece.type() == PieceType.BISHOP) {
            int homeRank = piece.color() == Color.WHITE ? 0 : g.ranks() - 1;
            int home = g.square(wing < 0 ? 2 : g.files() - 3, homeRank);
            return g.isLight(home) == g.isLight(square);
        }
        int extreme = wing < 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        for (int sq : p.pieces(piece.type(), piece.color())) {
            extreme = wing < 0 ? Math.min(extreme, g.file(sq)) : Math.max(extreme, g.file(sq));
        }
        return g.file(square) == extreme;
    }

    // ---- writing -----------------------------------------------------------------------------------------------

    /** A way of naming part of a move, with what it says and how much it qualifies. */
    private record Option<T>(String text, T value) {
    }

    @Override
    public String write(Position before, Move move) {
        Scribe.requireChessboard(before, title());
        Scribe.requireLegal(before, move, title());
        if (move instanceof Move.Null) {
            return "--";
        }
        String suffix = checkMark(before.play(move));
        if (move instanceof Move.Castle c) {
            boolean kingside = c.rookFrom() > c.from();
            if (!castlingInWords) return (kingside ? "O-O" : "O-O-O") + suffix;
            if (terms.french) return (kingside ? "petit roque" : "grand roque") + (suffix.isEmpty() ? "" : " " + suffix);
            boolean both = before.legalMoves().stream().filter(o -> o instanceof Move.Castle).count() > 1;
            return "Castles" + (both ? kingside ? " KR" : " QR" : "") + (suffix.isEmpty() ? "" : " " + suffix);
        }
        BoardGeometry g = before.geometry();
        Color side = before.turn();
        List<Candidate> all = candidates(before);
        Candidate me = all.stream().filter(c -> c.move.equals(move)).findFirst().orElseThrow();
        PieceType promotion = move instanceof Move.Promotion pr ? pr.promotion() : null;

        List<Option<Who>> movers = whoOptions(g, side, me.type, me.from, false);
        List<Option<Object>> targets = new ArrayList<>();
        if (me.capture()) {
            for (Option<Who> o : whoOptions(g, side, me.taken, me.takenSquare, true)) {
                targets.add(new Option<>("x" + o.text, o.value));
            }
        } else {
            int f = g.file(me.to);
            int rank = relativeRank(g, side, me.to);
            String dash = terms.french ? "" : "-";
            if (terms.shortFiles[f] != null) {
                targets.add(new Option<>(dash + terms.square(terms.shortFiles[f], rank),
                        new Where(terms.fileMask(terms.shortFiles[f]), rank)));
            }
            targets.add(new Option<>(dash + terms.square(terms.files[f], rank), new Where(1 << f, rank)));
        }
        record Text(String text, int mover, int target, Said said) {
        }
        List<Text> texts = new ArrayList<>();
        for (int i = 0; i < movers.size(); i++) {
            for (int j = 0; j < targets.size(); j++) {
                Object t = targets.get(j).value;
                Said said = t instanceof Who taken
                        ? new Said(movers.get(i).value, true, taken, null, promotion, 0, false)
                        : new Said(movers.get(i).value, false, null, (Where) t, promotion, 0, false);
                texts.add(new Text(movers.get(i).text + targets.get(j).text, i, j, said));
            }
        }
        texts.sort(Comparator.comparingInt((Text t) -> t.text.length()).thenComparingInt(Text::mover)
                .thenComparingInt(Text::target));
        for (Text t : texts) {
            int fitting = 0;
            for (Candidate c : all) {
                if (fits(before, c, t.said)) {
                    fitting++;
                }
            }
            if (fitting == 1) {
                return t.text + promotionText(promotion) + (move instanceof Move.EnPassant ? " e.p." : "") + suffix;
            }
        }
        // Unreachable: naming the piece by its full square and the full target always fits one move only.
        throw new IllegalStateException("no unambiguous " + title() + " for " + before.uci(move) + " in " + before.fen());
    }

    /**
     * The ways to name a piece, least qualified first. A mover: its letter; a pawn by its file (short, full); then by
     * the square it stands on in parentheses (rank, short square, full square). A piece taken: its letter; a pawn by
     * its file; then its square after a slash (short, full).
     */
    private List<Option<Who>> whoOptions(BoardGeometry g, Color side, PieceType type, int square, boolean taken) {
        String letter = terms.letter(type);
        int f = g.file(square);
        int rank = relativeRank(g, side, square);
        String shortFile = terms.shortFiles[f];
        String fullFile = terms.files[f];
        List<Option<Who>> out = new ArrayList<>();
        out.add(new Option<>(letter, new Who(type, 0, Where.ANYWHERE)));
        if (type == PieceType.PAWN) {
            if (shortFile != null) {
                out.add(new Option<>(terms.pawnOnFile(shortFile), new Who(type, 0, new Where(terms.fileMask(shortFile), 0))));
            }
            out.add(new Option<>(terms.pawnOnFile(fullFile), new Who(type, 0, new Where(1 << f, 0))));
        }
        String open = taken ? "/" : "(";
        String close = taken ? "" : ")";
        if (!taken) {
            out.add(new Option<>(letter + open + rank + close, new Who(type, 0, new Where(Where.ANY_FILE, rank))));
        }
        if (shortFile != null) {
            out.add(new Option<>(letter + open + terms.square(shortFile, rank) + close,
                    new Who(type, 0, new Where(terms.fileMask(shortFile), rank))));
        }
        out.add(new Option<>(letter + open + terms.square(fullFile, rank) + close, new Who(type, 0, new Where(1 << f, rank))));
        return out;
    }

    private String promotionText(PieceType promotion) {
        return promotion == null ? "" : "=" + terms.letter(promotion);
    }

    private String checkMark(Position after) {
        String mark = Scribe.checkMark(after);
        return mark.equals("+") ? terms.check : mark;
    }

    // ---- reading -----------------------------------------------------------------------------------------------

    private static final Pattern CHECK = Pattern.compile(
            "(?:\\s*(?:dis\\.?|dbl\\.?|double)?\\s*ch\\.?|\\s*éch\\.?|\\s*mate?|\\s*[+#]+)$");
    private static final Pattern EN_PASSANT = Pattern.compile("\\s*e\\.?\\s?p\\.?$");
    private static final Pattern SQ = Pattern.compile("\\.?Sq\\.?");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    @Override
    public Move read(Position before, String text) {
        Scribe.requireChessboard(before, title());
        if (text == null || text.isBlank()) {
            throw new InvalidMoveException("empty move in " + title());
        }
        String t = Scribe.withoutAnnotations(text);
        boolean enPassant = false;
        boolean more = true;
        while (more) {
            more = false;
            Matcher check = CHECK.matcher(t);
            if (check.find() && check.start() > 0) {
                t = t.substring(0, check.start()).strip();
                more = true;
            }
            Matcher ep = EN_PASSANT.matcher(t);
            if (ep.find() && ep.start() > 0) {
                t = t.substring(0, ep.start()).strip();
                enPassant = true;
                more = true;
            }
        }
        if (Scribe.isNullMove(t)) {
            return Move.NULL;
        }
        Said said = parse(text, t, enPassant);
        List<Candidate> fitting = new ArrayList<>();
        boolean promotionNeeded = false;
        for (Candidate c : candidates(before)) {
            if (fits(before, c, said)) {
                fitting.add(c);
            } else if (said.promotion == null && c.move instanceof Move.Promotion pr
                    && fits(before, c, new Said(said.mover, said.capture, said.taken, said.to, pr.promotion(),
                            said.castle, said.enPassant))) {
                promotionNeeded = true;
            }
        }
        if (fitting.size() == 1) {
            return fitting.get(0).move;
        }
        if (fitting.isEmpty()) {
            String why;
            if (promotionNeeded) {
                why = "the pawn reaches the last rank and needs a promotion piece";
            } else if (said.castle != 0) {
                why = "castling " + (said.castle == 1 ? "king's side " : said.castle == -1 ? "queen's side " : "")
                        + "is not legal";
            } else {
                why = "no legal move of a " + before.turn().name().toLowerCase(Locale.ROOT) + " "
                        + said.mover.type.name() + (said.capture ? " takes " + (said.taken == null
                                ? "on that square" : "a " + said.taken.type.name()) : " goes there");
            }
            throw new IllegalMoveException("'" + text + "' (" + title() + "): " + why + " in " + before.fen());
        }
        List<String> names = new ArrayList<>();
        BoardGeometry g = before.geometry();
        for (Candidate c : fitting) {
            names.add(write(before, c.move) + " (" + g.squareName(c.from) + "-" + g.squareName(c.to) + ")");
        }
        throw new AmbiguousMoveException("'" + text + "' (" + title() + ") is ambiguous in " + before.fen() + ": "
                + Scribe.both(names) + " fit");
    }

    /** What the text says, or an {@link InvalidMoveException} saying what it expected. */
    private Said parse(String original, String text, boolean enPassant) {
        String t = text.replace("Kt", "N").replace('×', 'x').replace(':', 'x').replace('–', '-').replace('—', '-');
        if (t.contains("Sq")) {
            t = SQ.matcher(t).replaceAll("1");
        }
        t = SPACES.matcher(t).replaceAll("");
        String lower = t.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "o-o", "0-0", "castlesk", "castleskr", "castleskingside", "petitroque" -> {
                return new Said(null, false, null, null, null, 1, false);
            }
            case "o-o-o", "0-0-0", "castlesq", "castlesqr", "castlesqueenside", "grandroque" -> {
                return new Said(null, false, null, null, null, -1, false);
            }
            case "castles", "roque" -> {
                return new Said(null, false, null, null, null, 2, false);
            }
            default -> {
            }
        }
        PieceType promotion = null;
        Matcher pm = terms.promotion.matcher(t);
        if (pm.find()) {
            String letter = pm.group("p") != null ? pm.group("p") : pm.group("q");
            if (letter != null) {
                promotion = terms.piece(letter);
                t = t.substring(0, pm.start());
            }
        }
        Matcher m = terms.move.matcher(t);
        if (!m.matches()) {
            throw new InvalidMoveException("'" + original + "' is not a move in " + title() + " (expected e.g. "
                    + (terms.french ? "P4R, C3FR, FxC, P8R=D, O-O" : "P-K4, N-KB3, BxN, P-K8=Q, O-O") + ")");
        }
        Who mover = who(original, m.group("mp"), m.group("mq"), m.group("mf"), m.group("mr"));
        if (m.group("tr") != null) {
            return new Said(mover, false, null, where(m.group("tf"), m.group("tr")), promotion, 0, enPassant);
        }
        if (m.group("sr") != null) {
            return new Said(mover, true, null, where(m.group("sf"), m.group("sr")), promotion, 0, enPassant);
        }
        Who taken = who(original, m.group("cp"), m.group("cq"), m.group("cf"), m.group("cr"));
        return new Said(mover, true, taken, null, promotion, 0, enPassant);
    }

    /** A piece from its letter, its qualifier (a pawn's file, another piece's wing) and the square it stands on. */
    private Who who(String original, String letter, String qualifier, String file, String rank) {
        PieceType type = terms.piece(letter);
        int wing = 0;
        int files = Where.ANY_FILE;
        if (qualifier != null) {
            if (type == PieceType.PAWN) {
                files = terms.fileMask(qualifier);
            } else if (qualifier.equals(terms.queenWing)) {
                wing = -1;
            } else if (qualifier.equals(terms.kingWing)) {
                wing = 1;
            } else {
                throw new InvalidMoveException("'" + original + "' is not a move in " + title() + ": a "
                        + type.name() + " is qualified by its wing (" + terms.queenWing + " or " + terms.kingWing
                        + "), not '" + qualifier + "'");
            }
        }
        if (file != null) {
            files &= terms.fileMask(file);
        }
        return new Who(type, wing, new Where(files, rank == null ? 0 : Integer.parseInt(rank)));
    }

    private Where where(String file, String rank) {
        return new Where(terms.fileMask(file), Integer.parseInt(rank));
    }
}
