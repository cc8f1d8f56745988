package org.marelle.rules;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A perft suite: positions, each with the number of leaf nodes expected at some depths. Reads the two formats
 * the chess-programming world shares (the counts are facts computed by many engines; the files are data):
 *
 * <ul>
 *   <li>EPD style, one position a line: {@code FEN ;D1 20 ;D2 400 ;D3 8902}. The FEN may leave out its two move
 *       counters (then {@code 0 1} is assumed).
 *   <li>python-chess's {@code .perft} style: an {@code id NAME} line, an {@code epd FEN} line, then one
 *       {@code perft DEPTH COUNT} line per depth.
 * </ul>
 *
 * Blank lines and lines starting with {@code #} are comments in both; one file may mix them. Only the count fields
 * are checked here: whether a FEN is a legal position is for {@link Position#fromFen(Variant, String)} to say, so a
 * bad FEN in a suite becomes a failure of that case, not of the whole file.
 *
 * {@snippet :
 * List<PerftSuite.Case> cases = PerftSuite.parse(new StringReader(
 *         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400\n"));
 * // cases.get(0).fen()    -> "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
 * // cases.get(0).counts() -> {1=20, 2=400}
 * }
 */
public final class PerftSuite {

    /**
     * One position of a suite.
     *
     * @param line   the 1-based line of the file the FEN is on, for messages
     * @param fen    the FEN, with move counters (added as {@code 0 1} when the file left them out)
     * @param counts expected leaf-node count by depth, shallowest first; may be empty
     */
    public record Case(int line, String fen, SortedMap<Integer, Long> counts) {
        public Case {
            counts = Collections.unmodifiableSortedMap(new TreeMap<>(counts));
        }
    }

    /** A suite line that cannot be read; the message names the line and quotes the text. */
    public static final class FormatException extends IllegalArgumentException {
        private final int line;

        FormatException(int line, String message) {
            super("line " + line + ": " + message);
            this.line = line;
        }

        /** The 1-based line the problem is on. */
        public int line() {
            return line;
        }
    }

    // "D5 4865609" in an EPD line; the count may not be negative.
    private static final Pattern EPD_COUNT = Pattern.compile("D(\\d+)\\s+(\\d+)");
    private static final Pattern PERFT_LINE = Pattern.compile("perft\\s+(\\d+)\\s+(\\d+)");
    // FEN fields up to and including en passant; the move counters are optional in suites.
    private static final int FEN_FIELDS_WITHOUT_COUNTERS = 4;

    private PerftSuite() {
    }

    /**
     * Reads a whole suite. Does not close the reader.
     *
     * @throws FormatException when a count field or {@code perft} line is malformed, a depth repeats within a
     *                         position, or a {@code perft} line comes before any position
     * @throws IOException     when the reader fails
     */
    public static List<Case> parse(Reader in) throws IOException {
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        List<Draft> drafts = new ArrayList<>();
        // In the .perft format a position's counts follow on later lines, into the last 'epd' draft.
        SortedMap<Integer, Long> perftTarget = null;

        String text;
        int lineNumber = 0;
        while ((text = lines.readLine()) != null) {
            lineNumber++;
            if (lineNumber == 1 && text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            String line = text.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            // A FEN's first token holds '/', so it can never be mistaken for one of these keywords.
            String keyword = line.split("\\s+", 2)[0];
            switch (keyword) {
                case "id" -> perftTarget = null;
                case "epd" -> {
                    String fen = line.substring(keyword.length()).strip();
                    if (fen.isEmpty()) {
                        throw new FormatException(lineNumber, "'epd' without a FEN");
                    }
                    Draft draft = new Draft(lineNumber, withMoveCounters(fen), new TreeMap<>());
                    drafts.add(draft);
                    perftTarget = draft.counts();
                }
                case "perft" -> {
                    if (perftTarget == null) {
                        throw new FormatException(lineNumber, "'" + line + "' does not follow an 'epd' line");
                    }
                    Matcher m = PERFT_LINE.matcher(line);
                    if (!m.matches()) {
                        throw new FormatException(lineNumber, "expected 'perft DEPTH COUNT', got '" + line + "'");
                    }
                    putCount(perftTarget, lineNumber, m.group(1), m.group(2), line);
                }
                default -> {
                    perftTarget = null;
                    drafts.add(parseEpdLine(lineNumber, line));
                }
            }
        }
        return drafts.stream().map(d -> new Case(d.line(), d.fen(), d.counts())).toList();
    }

    /** A case while its counts may still grow. */
    private record Draft(int line, String fen, SortedMap<Integer, Long> counts) {
    }

    private static Draft parseEpdLine(int lineNumber, String line) {
        String[] fields = line.split(";");
        String fen = fields[0].strip();
        if (fen.isEmpty()) {
            throw new FormatException(lineNumber, "no FEN before the first ';' in '" + line + "'");
        }
        SortedMap<Integer, Long> counts = new TreeMap<>();
        for (int i = 1; i < fields.length; i++) {
            String field = fields[i].strip();
            if (field.isEmpty()) {
                continue; // a trailing ';'
            }
            Matcher m = EPD_COUNT.matcher(field);
            if (!m.matches()) {
                throw new FormatException(lineNumber, "expected a count field like 'D3 8902', got '" + field + "'");
            }
            putCount(counts, lineNumber, m.group(1), m.group(2), field);
        }
        return new Draft(lineNumber, withMoveCounters(fen), counts);
    }

    private static void putCount(SortedMap<Integer, Long> counts, int lineNumber, String depthText, String countText,
            String field) {
        int depth;
        long count;
        try {
            depth = Integer.parseInt(depthText);
            count = Long.parseLong(countText);
        } catch (NumberFormatException e) {
            throw new FormatException(lineNumber, "number too large in '" + field + "'");
        }
        if (depth < 1) {
            throw new FormatException(lineNumber, "depth must be at least 1 in '" + field + "'");
        }
        if (counts.putIfAbsent(depth, count) != null) {
            throw new FormatException(lineNumber, "depth " + depth + " given twice ('" + field + "')");
        }
    }

    private static String withMoveCounters(String fen) {
        String[] fields = fen.split("\\s+");
        String normalized = String.join(" ", fields);
        return fields.length == FEN_FIELDS_WITHOUT_COUNTERS ? normalized + " 0 1" : normalized;
    }
}
