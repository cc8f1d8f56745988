package org.marelle.rules.pgn;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Cuts PGN text into tokens, one line at a time, so a large file is never held in memory whole. The lexer knows
 * nothing about games: it does not decide whether a symbol is a move, a tag name or nonsense; the reader does.
 *
 * <p>Line ends may be LF, CRLF or a lone CR. A UTF-8 byte order mark at the very start is skipped. A line may be at
 * most {@link #MAX_LINE_CHARS} long and a brace comment at most {@link #MAX_COMMENT_CHARS}: beyond, the lexer gives an
 * error token and passes over the rest without keeping it, so that no input (a gzip bomb, a file that is not PGN)
 * can fill the memory. Lines starting with {@code %} in column 1 are escape lines and are skipped (not
 * inside a brace comment, where they are comment text).
 */
final class PgnLexer {

    enum Kind {
        /** {@code [} */
        TAG_OPEN,
        /** {@code ]} */
        TAG_CLOSE,
        /** a quoted string, text unescaped */
        STRING,
        /** a PGN symbol: a move, a tag name, a word annotation such as {@code RR}; also {@code --} */
        SYMBOL,
        /** a move number, text = the digits then "." (White's move), "..." (Black's: two or more dots) or nothing */
        MOVE_NUMBER,
        /** {@code $n} or a suffix/symbolic annotation; text = the NAG number */
        NAG,
        /** a brace or rest-of-line comment, text = what is inside */
        COMMENT,
        /** {@code (} */
        VARIATION_OPEN,
        /** {@code )} */
        VARIATION_CLOSE,
        /** 1-0, 0-1, 1/2-1/2 or * */
        RESULT,
        /** something that is not PGN; text = the message */
        ERROR,
        END
    }

    /**
     * One token. {@code firstOnLine}: nothing but blanks stands before it on its line; {@code afterBlankLine}: a
     * blank line separates it from the token before.
     */
    record Token(Kind kind, String text, int line, int column, boolean firstOnLine, boolean afterBlankLine) {

        boolean is(Kind k) {
            return kind == k;
        }

        String where() {
            return line + ":" + column;
        }
    }

    /** Suffix annotations of the PGN standard (section 8.2.4) and the usual symbolic evaluation signs. */
    static final Map<String, Integer> SYMBOLIC_NAGS = Map.ofEntries(
            Map.entry("!", 1), Map.entry("?", 2), Map.entry("!!", 3), Map.entry("??", 4),
            Map.entry("!?", 5), Map.entry("?!", 6),
            Map.entry("=", 10), Map.entry("~", 13),
            Map.entry("+=", 14), Map.entry("+/=", 14), Map.entry("=+", 15), Map.entry("=/+", 15),
            Map.entry("+/-", 16), Map.entry("-/+", 17), Map.entry("+-", 18), Map.entry("-+", 19));

    /** The Unicode glyphs chess books print for common NAGs (the ChessBase / Informant set). */
    private static final Map<Character, Integer> GLYPH_NAGS = Map.ofEntries(
            Map.entry('\u25A1', 7), // □ only move
            Map.entry('\u221E', 13), // ∞ unclear
            Map.entry('\u2A72', 14), // ⩲ slight edge White
            Map.entry('\u2A71', 15), // ⩱ slight edge Black
            Map.entry('\u00B1', 16), // ± White better
            Map.entry('\u2213', 17), // ∓ Black better
            Map.entry('\u2A00', 22), // ⨀ zugzwang
            Map.entry('\u2299', 22), // ⊙ zugzwang
            Map.entry('\u27F3', 32), // ⟳ development
            Map.entry('\u2191', 36), // ↑ initiative
            Map.entry('\u2192', 40), // → attack
            Map.entry('\u21C6', 132), // ⇆ counterplay
            Map.entry('\u2295', 138), // ⊕ time trouble
            Map.entry('\u2206', 140), // ∆ with the idea
            Map.entry('\u0394', 140)); // Δ with the idea

    /** A whole line that is one tag pair: inside an unclosed brace comment it marks where the next game starts. */
    private static final Pattern TAG_PAIR_LINE = Pattern.compile("\\s*\\[\\s*[A-Za-z0-9_]+\\s+\".*\"\\s*]\\s*");

    /** The longest line kept: PGN writers break lines at 80 characters; a longer line is read past as an error. */
    static final int MAX_LINE_CHARS = 1 << 20;

    /** The longest brace comment kept (an annotator's essay is a few thousand characters). */
    static final int MAX_COMMENT_CHARS = 1 << 20;

    /** How far ahead of its tokens the lexer may have read. */
    static final int BUFFER_CHARS = 1 << 16;

    private final Reader in;
    private final char[] buf = new char[BUFFER_CHARS];
    private int bufPos;
    private int bufEnd;
    private boolean skipLf;         // the last line ended with CR: a LF right after it belongs to the same line end
    private int linesRead;          // lines returned by readLine()
    private int overlongAt = -1;    // the number of a line longer than MAX_LINE_CHARS, not yet reported
    private long charsRead;         // characters read so far, line ends included
    private String line;            // the current line, null at the end of the input
    private int lineNumber;         // 1-based number of the current line
    private int pos;                // index into line of the next character to read
    private boolean tokenOnLine;    // a token already started on the current line
    private boolean blankLineBefore; // a blank line passed since the last token
    private final Deque<Token> ahead = new ArrayDeque<>(2);

    PgnLexer(Reader reader) {
        this.in = reader;
        this.line = readLine();
        this.lineNumber = 1;
        if (line != null && !line.isEmpty() && line.charAt(0) == '\uFEFF') {
            line = line.substring(1);
        }
        skipEscapeLines();
    }

    Token peek() {
        if (ahead.isEmpty()) {
            ahead.push(lex());
        }
        return ahead.peek();
    }

    /** The next token; at the end of the input, END again and again. */
    Token next() {
        Token t = peek();
        if (t.kind != Kind.END) {
            ahead.pop();
        }
        return t;
    }

    /** Puts a token back, to be read again next. */
    void pushBack(Token t) {
        ahead.push(t);
    }

    /** Characters read from the input so far (line ends included): how far the reader has come, to bound a game. */
    long charsRead() {
        return charsRead;
    }

    /**
     * The next line without its end, or null at the end of the input. A line longer than {@link #MAX_LINE_CHARS} is
     * read to its end without being kept, and returned empty, with {@link #overlongAt} set to its number.
     */
    private String readLine() {
        try {
            StringBuilder text = new StringBuilder(80);
            boolean any = false;
            boolean overlong = false;
            while (true) {
                if (bufPos == bufEnd) {
                    int n = in.read(buf, 0, buf.length);
                    if (n < 0) {
                        if (!any) {
                            return null;
                        }
                        break;
                    }
                    bufPos = 0;
                    bufEnd = n;
                    charsRead += n;
                }
                if (skipLf) {
                    skipLf = false;
                    if (buf[bufPos] == '\n') {
                        bufPos++;
                        continue;
                    }
                }
                any = true;
                int start = bufPos;
                while (bufPos < bufEnd && buf[bufPos] != '\n' && buf[bufPos] != '\r') {
                    bufPos++;
                }
                if (!overlong) {
                    if (text.length() + (bufPos - start) > MAX_LINE_CHARS) {
                        overlong = true;
                        text = new StringBuilder(0);
                    } else {
                        text.append(buf, start, bufPos - start);
                    }
                }
                if (bufPos < bufEnd) {
                    skipLf = buf[bufPos] == '\r';
                    bufPos++;
                    break;
                }
            }
            linesRead++;
            if (overlong) {
                overlongAt = linesRead;
            }
            return text.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The error of an overlong current line, once; null when the line is not one. */
    private Token overlong(int column) {
        if (overlongAt != lineNumber) {
            return null;
        }
        overlongAt = -1;
        return new Token(Kind.ERROR, "the line is longer than " + MAX_LINE_CHARS + " characters (is this PGN text?)",
                lineNumber, column, !tokenOnLine, blankLineBefore);
    }

    private void nextLine() {
        if (line != null && line.isBlank()) {
            blankLineBefore = true;
        }
        line = readLine();
        lineNumber++;
        pos = 0;
        tokenOnLine = false;
        skipEscapeLines();
    }

    /** PGN standard 6: a line starting with '%' is ignored, so other programs can leave notes in the file. */
    private void skipEscapeLines() {
        while (line != null && !line.isEmpty() && line.charAt(0) == '%') {
            line = readLine();
            lineNumber++;
        }
    }

    private Token token(Kind kind, String text, int column) {
        Token t = new Token(kind, text, lineNumber, column, !tokenOnLine, blankLineBefore);
        tokenOnLine = true;
        blankLineBefore = false;
        return t;
    }

    private Token lex() {
        while (true) {
            if (line == null) {
                return new Token(Kind.END, "", lineNumber, 1, true, blankLineBefore);
            }
            Token tooLong = overlong(1);
            if (tooLong != null) {
                tokenOnLine = true;
                blankLineBefore = false;
                return tooLong;
            }
            while (pos < line.length() && isBlank(line.charAt(pos))) {
                pos++;
            }
            if (pos >= line.length()) {
                nextLine();
                continue;
            }
            char c = line.charAt(pos);
            int column = pos + 1;
            switch (c) {
                case '[' -> {
                    pos++;
                    return token(Kind.TAG_OPEN, "[", column);
                }
                case ']' -> {
                    pos++;
                    return token(Kind.TAG_CLOSE, "]", column);
                }
                case '(' -> {
                    pos++;
                    return token(Kind.VARIATION_OPEN, "(", column);
                }
                case ')' -> {
                    pos++;
                    return token(Kind.VARIATION_CLOSE, ")", column);
                }
                case '*' -> {
                    pos++;
                    return token(Kind.RESULT, "*", column);
                }
                case '"' -> {
                    return string(column);
                }
                case '{' -> {
                    return braceComment(column);
                }
                case ';' -> {
                    String text = line.substring(pos + 1);
                    pos = line.length();
                    return token(Kind.COMMENT, text, column);
                }
                case '$' -> {
                    int end = pos + 1;
                    while (end < line.length() && isDigit(line.charAt(end))) {
                        end++;
                    }
                    String digits = line.substring(pos + 1, end);
                    pos = end;
                    if (digits.isEmpty() || digits.length() > 3 || Integer.parseInt(digits) > 255) {
                        return token(Kind.ERROR, "bad NAG '$" + digits + "'", column);
                    }
                    return token(Kind.NAG, String.valueOf(Integer.parseInt(digits)), column);
                }
                case '.', ',' -> {
                    // Stray dots ("1. ... e5") and commas ("9. Bxe7, Qxe7") carry nothing: pass over them.
                    pos++;
                }
                case '}' -> {
                    pos++;
                    return token(Kind.ERROR, "'}' without a matching '{'", column);
                }
                default -> {
                    if (isSymbolStart(c)) {
                        Token t = symbol(column);
                        if (t != null) {
                            return t;
                        }
                    } else if (isAnnotationChar(c)) {
                        return annotation(column);
                    } else if (GLYPH_NAGS.containsKey(c)) {
                        pos++;
                        return token(Kind.NAG, String.valueOf(GLYPH_NAGS.get(c)), column);
                    } else {
                        int cp = line.codePointAt(pos);
                        pos += Character.charCount(cp);
                        return token(Kind.ERROR, "unexpected character '" + Character.toString(cp) + "'", column);
                    }
                }
            }
        }
    }

    /** Reads a symbol, a move number or a result; null when it read an "e.p." to ignore. */
    private Token symbol(int column) {
        int start = pos;
        if (line.startsWith("1/2-1/2", pos) && !continuesSymbol(pos + 7)) {
            pos += 7;
            return token(Kind.RESULT, "1/2-1/2", column);
        }
        if (isDigit(line.charAt(pos))) {
            int end = pos;
            while (end < line.length() && isDigit(line.charAt(end))) {
                end++;
            }
            if (end < line.length() && (line.charAt(end) == '.' || line.charAt(end) == '\u2026')) {
                String digits = line.substring(pos, end);
                int dots = end;
                while (end < line.length() && (line.charAt(end) == '.' || line.charAt(end) == '\u2026')) {
                    end++;
                }
                boolean black = end - dots > 1 || line.charAt(dots) == '\u2026';
                pos = end;
                return token(Kind.MOVE_NUMBER, digits + (black ? "..." : "."), column);
            }
        }
        int end = pos;
        while (end < line.length() && isSymbolChar(line.charAt(end))) {
            end++;
        }
        String text = line.substring(start, end);
        pos = end;
        if (text.equals("1-0") || text.equals("0-1")) {
            return token(Kind.RESULT, text, column);
        }
        if (text.chars().allMatch(PgnLexer::isDigit)) {
            return token(Kind.MOVE_NUMBER, text, column);
        }
        // En passant marks some files add: "gxf6ep", "gxf6e.p.", "gxf6 e.p.".
        if (text.equals("e") && line.startsWith(".p.", pos)) {
            pos += 3;
            return null;
        }
        if (text.length() >= 3 && text.endsWith("e") && isDigit(text.charAt(text.length() - 2))
                && line.startsWith(".p.", pos)) {
            pos += 3;
            text = text.substring(0, text.length() - 1);
        } else if (text.length() >= 4 && text.endsWith("ep") && isDigit(text.charAt(text.length() - 3))) {
            text = text.substring(0, text.length() - 2);
        }
        return token(Kind.SYMBOL, text, column);
    }

    /** A run of annotation characters: "!?", "+/-", "=", ... or the null move "--". */
    private Token annotation(int column) {
        int end = pos;
        boolean suffix = line.charAt(pos) == '!' || line.charAt(pos) == '?';
        while (end < line.length() && isAnnotationChar(line.charAt(end))
                && (line.charAt(end) == '!' || line.charAt(end) == '?') == suffix) {
            end++;
        }
        String text = line.substring(pos, end);
        pos = end;
        if (text.equals("--")) {
            return token(Kind.SYMBOL, text, column);
        }
        Integer nag = SYMBOLIC_NAGS.get(text);
        if (nag == null) {
            return token(Kind.ERROR, "unknown annotation '" + text + "'", column);
        }
        return token(Kind.NAG, nag.toString(), column);
    }

    /**
     * A quoted string: {@code \"} and {@code \\} are escapes, any other backslash stands for itself. A string may not
     * cross a line end. One leniency: some programs write a value ending in a backslash unescaped
     * ({@code [Event "Cup \"]}); when the line ends in {@code "]} the string is taken to end there.
     */
    private Token string(int column) {
        StringBuilder value = new StringBuilder();
        int i = pos + 1;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == '"' || line.charAt(i + 1) == '\\')) {
                value.append(line.charAt(i + 1));
                i += 2;
            } else if (c == '"') {
                pos = i + 1;
                return token(Kind.STRING, value.toString(), column);
            } else {
                value.append(c);
                i++;
            }
        }
        String rest = line.substring(pos + 1).stripTrailing();
        if (rest.endsWith("\"]")) {
            String raw = rest.substring(0, rest.length() - 2);
            pos = pos + 1 + raw.length() + 1; // just after the closing quote, before ']'
            return token(Kind.STRING, unescapeLenient(raw), column);
        }
        pos = line.length();
        return token(Kind.ERROR, "unterminated string (a tag value ends on its own line with '\"')", column);
    }

    private static String unescapeLenient(String raw) {
        StringBuilder value = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < raw.length() && (raw.charAt(i + 1) == '"' || raw.charAt(i + 1) == '\\')) {
                value.append(raw.charAt(++i));
            } else {
                value.append(c);
            }
        }
        return value.toString();
    }

    /**
     * A brace comment, which may span lines. <code>\}</code> and <code>\\</code> are read as escapes (so a writer can put a
     * brace in a comment); any other backslash stands for itself. A comment left open is closed, as an error, at the
     * end of the input or before a line that is a whole tag pair: the latter is almost surely the next game, and
     * stopping there lets the rest of the file load.
     */
    private Token braceComment(int column) {
        int startLine = lineNumber;
        boolean first = !tokenOnLine;
        boolean blank = blankLineBefore;
        tokenOnLine = true;
        blankLineBefore = false;
        StringBuilder text = new StringBuilder();
        int i = pos + 1;
        while (true) {
            while (i < line.length()) {
                char c = line.charAt(i);
                if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == '}' || line.charAt(i + 1) == '\\')) {
                    text.append(line.charAt(i + 1));
                    i += 2;
                } else if (c == '}') {
                    pos = i + 1;
                    return new Token(Kind.COMMENT, text.toString(), startLine, column, first, blank);
                } else {
                    text.append(c);
                    i++;
                }
            }
            if (text.length() > MAX_COMMENT_CHARS) {
                pos = line.length();
                return new Token(Kind.ERROR, "comment longer than " + MAX_COMMENT_CHARS + " characters (is a '}' "
                        + "missing?)", startLine, column, first, blank);
            }
            String following = readLine();
            if (following == null || TAG_PAIR_LINE.matcher(following).matches()) {
                line = following;
                lineNumber++;
                pos = 0;
                tokenOnLine = false;
                blankLineBefore = false;
                return new Token(Kind.ERROR, "unterminated comment (no '}' before "
                        + (following == null ? "the end of the input)" : "the tag pair on line " + lineNumber + ")"),
                        startLine, column, first, blank);
            }
            text.append('\n');
            line = following;
            lineNumber++;
            i = 0;
            Token tooLong = overlong(1);
            if (tooLong != null) {
                pos = 0;
                return tooLong;
            }
        }
    }

    private boolean continuesSymbol(int index) {
        return index < line.length() && isSymbolChar(line.charAt(index));
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f' || c == '\u000B' || c == '\u00A0';
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isSymbolStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c);
    }

    private static boolean isSymbolChar(char c) {
        return isSymbolStart(c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
    }

    private static boolean isAnnotationChar(char c) {
        return c == '!' || c == '?' || c == '+' || c == '-' || c == '=' || c == '/' || c == '~';
    }
}
