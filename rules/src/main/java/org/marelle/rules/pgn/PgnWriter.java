package org.marelle.rules.pgn;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Writes games in PGN export format (PGN standard, section 8): the seven tag roster first and in order (missing ones
 * as "?"), then the other tags as read; movetext in strict SAN from {@link Position#san}, with move numbers
 * ({@code N...} for a Black move after a comment or variation), NAGs as {@code $n}, comments in braces and variations
 * in parentheses, lines of at most 80 characters, the result at the end.
 *
 * <p>Comments are re-flowed: runs of blanks and line ends inside a comment become one space. A closing brace, or a
 * backslash before one, is escaped with a backslash, which {@link PgnReader} undoes.
 */
public final class PgnWriter {

    /** The maximum length of a movetext line. */
    public static final int LINE_WIDTH = 80;

    private static final Pattern BLANKS = Pattern.compile("\\s+");

    private static final List<String> ROSTER = List.of("Event", "Site", "Date", "Round", "White", "Black", "Result");

    private PgnWriter() {
    }

    /** One game, ending with a line end after the result. */
    public static String toPgn(PgnGame game) {
        StringBuilder sb = new StringBuilder();
        write(game, sb);
        return sb.toString();
    }

    /** Games one after the other, a blank line between two games. */
    public static void writeAll(Iterable<PgnGame> games, Appendable out) {
        boolean first = true;
        for (PgnGame g : games) {
            if (!first) {
                append(out, "\n");
            }
            write(g, out);
            first = false;
        }
    }

    /** One game, ending with a line end after the result. */
    public static void write(PgnGame game, Appendable out) {
        StringBuilder sb = new StringBuilder();
        writeTags(game, sb);
        sb.append('\n');
        Movetext text = new Movetext(sb);
        GameNode root = game.root();
        for (int nag : root.nags()) {
            text.word("$" + nag);
        }
        root.commentsAfter().forEach(text::comment);
        writeLine(text, root, game.initial(), true);
        text.word(game.result());
        text.end();
        append(out, sb);
    }

    /**
     * The game's tag pair section as {@link #write} writes it (the seven-tag roster first, then the others, one a
     * line), for a text that keeps a game's headers above moves written otherwise ({@code marelle notation --headers}).
     */
    public static String tags(PgnGame game) {
        StringBuilder sb = new StringBuilder();
        writeTags(game, sb);
        return sb.toString();
    }

    private static void writeTags(PgnGame game, StringBuilder sb) {
        Map<String, String> tags = game.tags();
        for (String name : ROSTER) {
            String value = tags.get(name);
            if (value == null) {
                value = switch (name) {
                    case "Date" -> "????.??.??";
                    case "Result" -> game.result();
                    default -> "?";
                };
            }
            tag(sb, name, value);
        }
        Position initial = game.initial();
        Variant variant = initial.variant();
        if (variant != Variant.STANDARD && !tags.containsKey("Variant")) {
            tag(sb, "Variant", variant == Variant.CHESS960 ? "Chess960"
                    : Character.toUpperCase(variant.name().charAt(0)) + variant.name().substring(1));
        }
        if (!tags.containsKey("FEN")
                && (variant == Variant.CHESS960 || !initial.fen().equals(variant.startPosition().fen()))) {
            if (!tags.containsKey("SetUp")) {
                tag(sb, "SetUp", "1");
            }
            tag(sb, "FEN", initial.fen());
        }
        for (Map.Entry<String, String> e : tags.entrySet()) {
            if (!ROSTER.contains(e.getKey())) {
                if (e.getKey().equals("FEN") && !tags.containsKey("SetUp")) {
                    tag(sb, "SetUp", "1"); // export format: a FEN tag comes with SetUp "1"
                }
                tag(sb, e.getKey(), e.getValue());
            }
        }
    }

    private static void tag(StringBuilder sb, String name, String value) {
        sb.append('[').append(name).append(" \"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\', '"' -> sb.append('\\').append(c);
                case '\n', '\r' -> sb.append(' '); // a tag value is one line
                default -> sb.append(c);
            }
        }
        sb.append("\"]\n");
    }

    /** Writes the line that continues after {@code node}, with the variations of each move. */
    private static void writeLine(Movetext text, GameNode node, Position position, boolean numberNext) {
        while (!node.variations().isEmpty()) {
            List<GameNode> children = node.variations();
            GameNode main = children.get(0);
            numberNext = writeMove(text, main, position, numberNext);
            for (GameNode alternative : children.subList(1, children.size())) {
                text.open();
                boolean n = writeMove(text, alternative, position, true);
                writeLine(text, alternative, position.play(alternative.move()), n);
                text.close();
                numberNext = true;
            }
            position = position.play(main.move());
            node = main;
        }
    }

    /** Writes one move with its comments and NAGs; true when the next move needs its number repeated. */
    private static boolean writeMove(Movetext text, GameNode node, Position before, boolean numberNext) {
        if (!node.commentsBefore().isEmpty()) {
            node.commentsBefore().forEach(text::comment);
            numberNext = true;
        }
        if (before.turn() == Color.WHITE) {
            text.word(before.fullmoveNumber() + ".");
        } else if (numberNext) {
            text.word(before.fullmoveNumber() + "...");
        }
        Move m = node.move();
        text.word(m instanceof Move.Null ? "--" : before.san(m));
        for (int nag : node.nags()) {
            text.word("$" + nag);
        }
        node.commentsAfter().forEach(text::comment);
        return !node.commentsAfter().isEmpty();
    }

    private static void append(Appendable out, CharSequence s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Movetext laid out in lines of at most {@link #LINE_WIDTH} characters, broken between words. */
    private static final class Movetext {
        private final StringBuilder sb;
        private int lineLength;
        private String prefix = ""; // "(" waiting to stick to the next word

        Movetext(StringBuilder sb) {
            this.sb = sb;
        }

        void word(String w) {
            w = prefix + w;
            prefix = "";
            if (lineLength > 0 && lineLength + 1 + w.length() > LINE_WIDTH) {
                sb.append('\n');
                lineLength = 0;
            }
            if (lineLength > 0) {
                sb.append(' ');
                lineLength++;
            } else if (w.startsWith("%")) {
                // A line starting with '%' would be read back as an escape line.
                sb.append(' ');
                lineLength++;
            }
            sb.append(w);
            lineLength += w.length();
        }

        void open() {
            prefix += "(";
        }

        void close() {
            // ")" sticks to the word before it.
            if (lineLength + 1 > LINE_WIDTH) {
                sb.append('\n');
                lineLength = 0;
            }
            sb.append(')');
            lineLength++;
        }

        void comment(String c) {
            String[] words = commands(BLANKS.split(escape(c).strip()));
            if (words.length == 1 && words[0].isEmpty()) {
                word("{}");
                return;
            }
            for (int i = 0; i < words.length; i++) {
                String w = words[i];
                if (i == 0) {
                    w = "{" + w;
                }
                if (i == words.length - 1) {
                    w = w + "}";
                }
                word(w);
            }
        }

        /**
         * Keeps each embedded command such as {@code [%clk 1:23:45]} in one piece: broadcast relays read them with
         * patterns that do not expect a line break inside.
         */
        private static String[] commands(String[] words) {
            java.util.List<String> out = new java.util.ArrayList<>(words.length);
            StringBuilder open = null;
            for (String w : words) {
                if (open != null) {
                    open.append(' ').append(w);
                    if (w.contains("]")) {
                        out.add(open.toString());
                        open = null;
                    }
                } else if (w.startsWith("[%") && !w.contains("]")) {
                    open = new StringBuilder(w);
                } else {
                    out.add(w);
                }
            }
            if (open != null) out.add(open.toString());
            return out.toArray(String[]::new);
        }

        private static String escape(String c) {
            StringBuilder e = new StringBuilder(c.length());
            for (int i = 0; i < c.length(); i++) {
                char ch = c.charAt(i);
                if (ch == '}') {
                    e.append("\\}");
                } else if (ch == '\\' && (i + 1 == c.length() || c.charAt(i + 1) == '}' || c.charAt(i + 1) == '\\')) {
                    e.append("\\\\");
                } else {
                    e.append(ch);
                }
            }
            return e.toString();
        }

        void end() {
            sb.append('\n');
        }
    }
}
