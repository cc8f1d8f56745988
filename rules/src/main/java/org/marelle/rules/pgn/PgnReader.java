package org.marelle.rules.pgn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import org.marelle.rules.AmbiguousMoveException;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.InvalidMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnLexer.Kind;
import org.marelle.rules.pgn.PgnLexer.Token;

/**
 * Reads the games of a PGN source one by one, replaying every move, without loading the whole source.
 *
 * {@snippet :
 * try (PgnReader games = new PgnReader(PgnReader.decode(Files.newInputStream(path)), path.toString())) {
 *     while (games.hasNext()) {
 *         switch (games.next()) {
 *             case PgnReader.Parsed p -> System.out.println(p.game().mainline().size() + " plies");
 *             case PgnReader.Failed f -> System.err.println(f.error());
 *         }
 *     }
 * }
 * }
 *
 * <p>A bad game does not stop the reader: it yields a {@link Failed} entry naming the game (1-based, counted in the
 * source) and the line:column of the fault, then resumes at the next game. The next game starts after the bad game's
 * result token, or at the next tag pair that opens a line once the bad game's movetext has begun (or after a blank
 * line). Comments and strings are still read properly while skipping, so a "1-0" inside a comment does not fool it.
 *
 * <p>What it accepts beyond strict PGN, because real files have it: UTF-8 BOM; CR, LF or CRLF line ends; escape
 * lines ({@code %} in column 1); games without tags; tags and moves on one line; a blank line inside the tag section;
 * games without a result token (at the end of the source, or when the next tag section begins); suffix annotations
 * and symbolic evaluations ({@code !?}, {@code +/=}, {@code ∞}, {@code RR}, {@code N}); null moves {@code --} and
 * {@code Z0}; UCI moves ({@code e2e4}); castling with zeros; en passant marks ({@code exd6 e.p.}); <code>\}</code> and
 * <code>\\</code> escapes in comments; move numbers are not checked. Header-only sources (tag sections with no movetext
 * between them) are read as games of zero moves: a tag pair after a blank line whose name the current game already
 * has starts the next game. In files without tags or results, "1." opening a line after a blank line starts the
 * next game once the current one has moves.
 *
 * <p>Every move is replayed, variations included; the first illegal, ambiguous or unreadable move fails the game.
 * The reader is not thread-safe; the games it returns may be shared.
 */
public final class PgnReader implements Iterator<PgnReader.Entry>, AutoCloseable {

    /** One game of the source: parsed, or failed with the reason. */
    public sealed interface Entry permits Parsed, Failed {
        /** 1-based number of the game in the source. */
        int gameNumber();
    }

    /**
     * A game read and replayed.
     *
     * @param line the line where the game starts
     */
    public record Parsed(int gameNumber, int line, PgnGame game) implements Entry {
    }

    /** A game that could not be read or replayed; the reader went on with the next game. */
    public record Failed(PgnError error) implements Entry {
        @Override
        public int gameNumber() {
            return error.gameNumber();
        }
    }

    /** Word annotations some editors (ChessBase, Kokopu) write in movetext. */
    private static final Map<String, Integer> WORD_NAGS = Map.of("RR", 145, "N", 146, "inf", 13);

    /**
     * The most moves one game may hold, variations included. The longest game the rules allow has under 18,000 plies;
     * an annotated game with a large tree of variations stays far below too. The bound, with {@link #MAX_GAME_CHARS},
     * keeps what one game can take of the memory small, whatever the file holds.
     */
    public static final int MAX_GAME_MOVES = 100_000;

    /** The most text one game may take, tags, moves and comments together. */
    public static final long MAX_GAME_CHARS = 16L << 20;

    /** Variant tag values that mean ordinary chess, beyond the names {@link Variant#byName} knows. */
    private static final Set<String> STANDARD_NAMES = Set.of("", "regular", "orthodox", "classic", "standard");

    private final Reader source;
    private final String sourceName;
    private final PgnLexer lexer;
    private int gameNumber;
    private Entry next;

    private final int maxGameMoves;
    private final long maxGameChars;

    /** Reads from {@code in}; {@code sourceName} names the source in errors. */
    public PgnReader(Reader in, String sourceName) {
        this(in, sourceName, MAX_GAME_MOVES, MAX_GAME_CHARS);
    }

    /** With other bounds than {@link #MAX_GAME_MOVES} and {@link #MAX_GAME_CHARS}: for tests, which need no megabytes. */
    PgnReader(Reader in, String sourceName, int maxGameMoves, long maxGameChars) {
        this.source = in;
        this.sourceName = sourceName;
        this.lexer = new PgnLexer(in);
        this.maxGameMoves = maxGameMoves;
        this.maxGameChars = maxGameChars;
    }

    /**
     * A reader for PGN bytes: UTF-8, where a byte does not start valid UTF-8 it is read as ISO-8859-1 (PGN's official
     * character set, which many old files use). A byte order mark is skipped by the reader. Closing the reader
     * closes the stream.
     */
    public static Reader decode(InputStream in) {
        return decode(in, line -> { });
    }

    /**
     * As {@link #decode(InputStream)}, telling {@code notUtf8} the (1-based) line of the first byte that is not
     * UTF-8, once, when the source has one: the text is then read as Latin-1 there, and the user should know.
     */
    public static Reader decode(InputStream in, IntConsumer notUtf8) {
        return new BufferedReader(new PgnDecoder(in, notUtf8), 1 << 16);
    }

    /** Every entry of a PGN text, for small texts and tests. */
    public static List<Entry> readAll(String pgn) {
        try (PgnReader r = new PgnReader(new StringReader(pgn), "<string>")) {
            List<Entry> all = new ArrayList<>();
            r.forEachRemaining(all::add);
            return all;
        }
    }

    /**
     * @throws UncheckedIOException when the underlying reader fails
     */
    @Override
    public boolean hasNext() {
        if (next == null) {
            next = readGame();
        }
        return next != null;
    }

    @Override
    public Entry next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more games in " + sourceName);
        }
        Entry e = next;
        next = null;
        return e;
    }

    /** The remaining entries as a sequential stream (lazily read). */
    public Stream<Entry> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED | Spliterator.NONNULL),
                false);
    }

    @Override
    public void close() {
        try {
            source.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fault in the current game. {@code gameOver}: the fault token already ended the game, nothing to skip. */
    private static final class GameError extends Exception {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;
        final boolean gameOver;

        GameError(Token at, String message) {
            this(at.line(), at.column(), message, false);
        }

        GameError(int line, int column, String message, boolean gameOver) {
            super(message, null, false, false);
            this.line = line;
            this.column = column;
            this.gameOver = gameOver;
        }
    }

    /** State of the game being read. */
    private final class GameState {
        final Map<String, String> tags = new LinkedHashMap<>();
        final Map<String, Token> tagTokens = new LinkedHashMap<>();
        final GameNode root = GameNode.root();
        final long startChars;
        int moves;
        boolean movetextSeen;
        boolean anything;
        String result;

        GameState() {
            startChars = lexer.charsRead();
        }

        /** Refuses a game that grew past {@link #MAX_GAME_CHARS} by the token {@code at}. */
        void checkSize(Token at) throws GameError {
            if (lexer.charsRead() - startChars > maxGameChars + PgnLexer.BUFFER_CHARS) {
                // The lexer reads ahead by up to a buffer: allow for it, so that a game just under the bound is never
                // refused for what follows it.
                throw new GameError(at, "more than " + maxGameChars + " characters in one game: too long to be a game");
            }
        }
    }

    /** A line of moves being read: the main line, or a variation (an alternative to a move). */
    private static final class Line {
        final GameNode variationOf;   // for a variation: the node its first move hangs from; null for the main line
        final Token open;             // the '(' that opened it
        GameNode node;                // the last node read on this line; null while a variation has no move yet
        Position position;            // the position after node (or where the variation starts)
        Position before;              // the position before node's move
        final List<Integer> pendingNags = new ArrayList<>(0);
        final List<String> pendingComments = new ArrayList<>(0);

        Line(GameNode variationOf, Token open, GameNode node, Position position) {
            this.variationOf = variationOf;
            this.open = open;
            this.node = node;
            this.position = position;
        }
    }

    private Entry readGame() {
        while (true) {
            Token first = lexer.peek();
            if (first.is(Kind.END)) {
                return null;
            }
            int number = ++gameNumber;
            GameState game = new GameState();
            try {
                readTags(game);
                Position initial = setUp(game);
                readMovetext(game, initial);
                if (!game.anything) {
                    // Only comments (before the next tag section or the end): not a game, and they belong to none.
                    gameNumber--;
                    continue;
                }
                String result = game.result;
                if (result == null) {
                    String tag = game.tags.getOrDefault("Result", "*").strip();
                    result = PgnGame.RESULTS.contains(tag) ? tag : "*";
                }
                return new Parsed(number, first.line(), new PgnGame(game.tags, initial, game.root, result));
            } catch (GameError e) {
                if (!e.gameOver) {
                    skipToNextGame(game.movetextSeen);
                }
                return new Failed(new PgnError(sourceName, number, e.line, e.column, e.getMessage()));
            }
        }
    }

    private void readTags(GameState game) throws GameError {
        while (lexer.peek().is(Kind.TAG_OPEN)) {
            game.checkSize(lexer.peek());
            Token open = lexer.next();
            Token name = lexer.peek();
            if (open.afterBlankLine() && name.is(Kind.SYMBOL) && game.tags.containsKey(name.text())) {
                // A header-only source: this tag pair repeats a tag of the game, after a blank line, so it opens
                // the next game.
                lexer.pushBack(open);
                return;
            }
            game.anything = true;
            lexer.next();
            if (name.is(Kind.ERROR)) {
                throw new GameError(name, name.text());
            }
            if (!name.is(Kind.SYMBOL)) {
                throw new GameError(name, "expected a tag name after '[', found " + describe(name));
            }
            Token value = lexer.next();
            if (value.is(Kind.ERROR)) {
                throw new GameError(value, value.text() + " in tag " + name.text());
            }
            if (!value.is(Kind.STRING)) {
                throw new GameError(value, "expected a quoted value for tag " + name.text() + ", found "
                        + describe(value));
            }
            Token close = lexer.next();
            if (!close.is(Kind.TAG_CLOSE)) {
                throw new GameError(close, "expected ']' to close tag " + name.text() + ", found " + describe(close));
            }
            game.tags.put(name.text(), value.text());
            game.tagTokens.put(name.text(), value);
        }
    }

    /** The initial position from the Variant and FEN tags. */
    private static Position setUp(GameState game) throws GameError {
        Variant variant = Variant.STANDARD;
        String variantName = game.tags.get("Variant");
        if (variantName != null) {
            try {
                variant = variant(variantName);
            } catch (IllegalArgumentException e) {
                throw new GameError(game.tagTokens.get("Variant"), "unsupported variant '" + variantName + "' ("
                        + e.getMessage() + ")");
            }
        }
        String fen = game.tags.get("FEN");
        if (fen == null) {
            if (variant == Variant.CHESS960) {
                Token at = game.tagTokens.get("Variant");
                throw new GameError(at, "variant '" + variantName + "' needs a FEN tag: the start array is not given");
            }
            return variant.startPosition();
        }
        Position position;
        try {
            position = Position.fromFen(variant, fen.strip());
        } catch (IllegalArgumentException e) {
            throw new GameError(game.tagTokens.get("FEN"), "bad FEN tag '" + fen + "': " + e.getMessage());
        }
        if (variantName == null) {
            // No Variant tag, but castling rights only Chess960 explains (Shredder-FEN letters, or a king or rook
            // off its standard square): read the game as Chess960, as most PGN readers do.
            try {
                Position chess960 = Position.fromFen(Variant.CHESS960, fen.strip());
                if (castlingRights(chess960) > castlingRights(position)) {
                    return chess960;
                }
            } catch (IllegalArgumentException notChess960) {
                // keep the standard reading
            }
        }
        return position;
    }

    private static int castlingRights(Position p) {
        return p.castlingRooks(Color.WHITE).count() + p.castlingRooks(Color.BLACK).count();
    }

    /** The variant a Variant tag names: standard or Chess960 spellings, or whatever {@link Variant#byName} knows. */
    static Variant variant(String name) {
        String key = name.strip().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]", "");
        if (STANDARD_NAMES.contains(key)) {
            return Variant.STANDARD;
        }
        return Variant.byName(name.strip());
    }

    private void readMovetext(GameState game, Position initial) throws GameError {
        Deque<Line> outer = new ArrayDeque<>();
        Line line = new Line(null, null, game.root, initial);
        while (true) {
            Token t = lexer.peek();
            game.checkSize(t);
            switch (t.kind()) {
                case END -> {
                    if (!outer.isEmpty()) {
                        throw unclosed(line, "the end of the input", true);
                    }
                    return;
                }
                case TAG_OPEN -> {
                    if (!t.firstOnLine()) {
                        lexer.next();
                        throw new GameError(t, "'[' in movetext (a tag pair must stand at the start of a line,"
                                + " before the moves)");
                    }
                    if (!outer.isEmpty()) {
                        throw unclosed(line, "the tag pair at " + t.where(), true);
                    }
                    return; // a game without a result token: the next game starts here
                }
                case RESULT -> {
                    lexer.next();
                    game.anything = true;
                    if (!outer.isEmpty()) {
                        throw new GameError(t.line(), t.column(), "result '" + t.text() + "' inside a variation (the '('"
                                + " at " + line.open.where() + " is not closed)", true);
                    }
                    game.result = t.text();
                    return;
                }
                case MOVE_NUMBER -> {
                    if (startsNextGame(t) && outer.isEmpty() && !game.root.variations().isEmpty()) {
                        return; // a game without tags and result follows one without a result
                    }
                    lexer.next();
                    game.movetextSeen = game.anything = true;
                }
                case SYMBOL -> {
                    lexer.next();
                    game.movetextSeen = game.anything = true;
                    Integer nag = WORD_NAGS.get(t.text());
                    if (nag != null) {
                        addNag(line, nag);
                    } else {
                        if (++game.moves > maxGameMoves) {
                            throw new GameError(t, "more than " + maxGameMoves + " moves in one game (variations "
                                    + "included): too long to be a game");
                        }
                        playMove(line, t);
                    }
                }
                case NAG -> {
                    lexer.next();
                    game.movetextSeen = game.anything = true;
                    addNag(line, Integer.parseInt(t.text()));
                }
                case COMMENT -> {
                    lexer.next();
                    game.movetextSeen = true;
                    String text = t.text().strip();
                    if (line.node != null) {
                        line.node.addCommentAfter(text);
                    } else {
                        line.pendingComments.add(text);
                    }
                }
                case VARIATION_OPEN -> {
                    lexer.next();
                    game.movetextSeen = game.anything = true;
                    if (line.node == null || line.node.isRoot()) {
                        throw new GameError(t, "'(' must follow the move the variation replaces");
                    }
                    outer.push(line);
                    line = new Line(line.node.parent(), t, null, line.before);
                }
                case VARIATION_CLOSE -> {
                    lexer.next();
                    game.movetextSeen = game.anything = true;
                    if (outer.isEmpty()) {
                        throw new GameError(t, "')' without a matching '('");
                    }
                    // An empty variation "()" is dropped, with any comment in it.
                    line = outer.pop();
                }
                case STRING -> {
                    lexer.next();
                    throw new GameError(t, "unexpected string \"" + t.text() + "\" in movetext");
                }
                case TAG_CLOSE -> {
                    lexer.next();
                    throw new GameError(t, "unexpected ']' in movetext");
                }
                case ERROR -> {
                    lexer.next();
                    throw new GameError(t, t.text());
                }
            }
        }
    }

    private static GameError unclosed(Line line, String before, boolean gameOver) {
        return new GameError(line.open.line(), line.open.column(), "unclosed variation: the '(' at "
                + line.open.where() + " has no ')' before " + before, gameOver);
    }

    private static void addNag(Line line, int nag) {
        if (line.node != null) {
            line.node.addNag(nag);
        } else {
            line.pendingNags.add(nag);
        }
    }

    private static void playMove(Line line, Token t) throws GameError {
        Position before = line.position;
        Move move = parseMove(before, t);
        Position after;
        try {
            after = before.play(move);
        } catch (IllegalArgumentException e) {
            throw new GameError(t, "illegal move '" + label(before, t.text()) + "' in position " + before.fen());
        }
        GameNode child = (line.node != null ? line.node : line.variationOf).addChild(move, t.text());
        if (line.node == null) {
            line.pendingComments.forEach(child::addCommentBefore);
            line.pendingNags.forEach(child::addNag);
            line.pendingComments.clear();
            line.pendingNags.clear();
        }
        line.before = before;
        line.node = child;
        line.position = after;
    }

    private static Move parseMove(Position p, Token t) throws GameError {
        String san = t.text();
        if (san.equals("--") || san.equals("Z0")) {
            if (p.isCheck()) {
                throw new GameError(t, "illegal null move '" + label(p, san) + "' in position " + p.fen()
                        + " (the side to move is in check)");
            }
            return Move.NULL;
        }
        if (san.length() > 1 && san.charAt(0) == 'P' && san.charAt(1) >= 'a' && san.charAt(1) <= 'z') {
            throw new GameError(t, "invalid move '" + label(p, san) + "' (SAN writes pawn moves without a letter)");
        }
        if (looksLikeUci(san)) {
            // Engine logs write UCI ("g1f3", "e1c1"); read them as such before trying SAN.
            try {
                return p.parseUci(san);
            } catch (IllegalArgumentException notUci) {
                // fall through to SAN, which reports the fault
            }
        }
        try {
            return p.parseSan(san);
        } catch (AmbiguousMoveException e) {
            throw new GameError(t, "ambiguous move '" + label(p, san) + "' in position " + p.fen());
        } catch (IllegalMoveException e) {
            throw new GameError(t, "illegal move '" + label(p, san) + "' in position " + p.fen());
        } catch (InvalidMoveException e) {
            throw new GameError(t, "invalid move '" + label(p, san) + "' (not SAN)");
        } catch (IllegalArgumentException e) {
            throw new GameError(t, "illegal move '" + label(p, san) + "' in position " + p.fen() + ": "
                    + e.getMessage());
        } catch (RuntimeException e) {
            // Whatever the SAN reader trips on, a bad file must give an error, never a crash.
            throw new GameError(t, "invalid move '" + label(p, san) + "' (" + e + ")");
        }
    }

    /** Square, square, optional promotion letter: "e2e4", "e7e8q", "a10b10" on a wide board. */
    private static boolean looksLikeUci(String s) {
        int i = square(s, 0);
        if (i < 0) {
            return false;
        }
        i = square(s, i);
        return i == s.length() || (i == s.length() - 1 && s.charAt(i) >= 'a' && s.charAt(i) <= 'z');
    }

    /** The index after a square name ("e4", "b10") at {@code from}, or -1. */
    private static int square(String s, int from) {
        if (from >= s.length() || s.charAt(from) < 'a' || s.charAt(from) > 'z') {
            return -1;
        }
        int i = from + 1;
        while (i < s.length() && PgnLexer.isDigit(s.charAt(i)) && i - from <= 2) {
            i++;
        }
        return i == from + 1 ? -1 : i;
    }

    /** "12... Nf6": the move with its number, as a reader of the game would name it. */
    static String label(Position p, String san) {
        return p.fullmoveNumber() + (p.turn() == Color.WHITE ? ". " : "... ") + san;
    }

    private static String describe(Token t) {
        return switch (t.kind()) {
            case END -> "the end of the input";
            case STRING -> "\"" + t.text() + "\"";
            case COMMENT -> "a comment";
            case NAG -> "NAG $" + t.text();
            case ERROR -> t.text();
            default -> "'" + t.text() + "'";
        };
    }

    /**
     * Passes over the rest of a bad game: up to its result token (consumed), or up to a tag pair that opens a line
     * once movetext has been seen or after a blank line (left for the next game), or the end.
     */
    private void skipToNextGame(boolean movetextSeen) {
        int depth = 0;
        while (true) {
            Token t = lexer.peek();
            if (t.is(Kind.END)) {
                return;
            }
            if (t.is(Kind.TAG_OPEN) && t.firstOnLine() && (movetextSeen || t.afterBlankLine())) {
                return;
            }
            if (t.is(Kind.MOVE_NUMBER) && movetextSeen && depth == 0 && startsNextGame(t)) {
                return;
            }
            lexer.next();
            switch (t.kind()) {
                case RESULT -> {
                    return;
                }
                case VARIATION_OPEN -> {
                    depth++;
                    movetextSeen = true;
                }
                case VARIATION_CLOSE -> {
                    depth = Math.max(0, depth - 1);
                    movetextSeen = true;
                }
                case MOVE_NUMBER, COMMENT, NAG -> movetextSeen = true;
                default -> {
                }
            }
        }
    }

    /**
     * "1." opening a line after a blank line, in a game that has moves: files that leave out tags and results
     * (chessops' test data) separate games this way.
     */
    private static boolean startsNextGame(Token moveNumber) {
        return moveNumber.firstOnLine() && moveNumber.afterBlankLine() && moveNumber.text().equals("1.");
    }
}
