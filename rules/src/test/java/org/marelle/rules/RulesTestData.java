package org.marelle.rules;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads the third-party test data under {@code src/test/resources/{perft,san,rules}} (see the PROVENANCE.md beside
 * each file). Every record keeps its 1-based line number so a failing case names the exact row.
 */
final class RulesTestData {

    private RulesTestData() {
    }

    /** A numbered line of a resource file. */
    record Line(int number, String text) {
        @Override
        public String toString() {
            return "line " + number + ": " + text;
        }
    }

    /** A TSV row: columns by header name, plus the line it came from. */
    record TsvRow(String resource, int line, Map<String, String> columns) {
        String get(String column) {
            String value = columns.get(column);
            if (value == null) {
                throw new IllegalArgumentException(resource + ":" + line + " has no column '" + column + "'");
            }
            return value;
        }

        @Override
        public String toString() {
            return resource + ":" + line + " " + columns;
        }
    }

    /**
     * A perft case: a position and its node counts by depth. {@code id} is the tricky-file id, or "line N" for EPD
     * files. The {@code toString} is what JUnit prints as the case name.
     */
    record PerftCase(String resource, int line, String id, String fen, SortedMap<Integer, Long> counts) {
        @Override
        public String toString() {
            return id + ": " + fen;
        }
    }

    static List<Line> lines(String resource) {
        InputStream in = RulesTestData.class.getResourceAsStream("/" + resource);
        if (in == null) {
            throw new IllegalStateException("test resource missing from the classpath: " + resource);
        }
        List<Line> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                lines.add(new Line(number, text));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
        return lines;
    }

    /** Non-blank lines, trimmed (the sunfish .fen files: one FEN a line). */
    static List<Line> fenLines(String resource) {
        return lines(resource).stream()
                .filter(l -> !l.text().isBlank())
                .map(l -> new Line(l.number(), l.text().strip()))
                .toList();
    }

    /** A tab-separated file whose first line is the header. Missing trailing columns read as "". */
    static List<TsvRow> tsv(String resource) {
        List<Line> lines = lines(resource);
        String[] header = lines.getFirst().text().split("\t", -1);
        List<TsvRow> rows = new ArrayList<>();
        for (Line line : lines.subList(1, lines.size())) {
            if (line.text().isBlank()) {
                continue;
            }
            String[] cells = line.text().split("\t", -1);
            Map<String, String> columns = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                columns.put(header[i], i < cells.length ? cells[i] : "");
            }
            rows.add(new TsvRow(resource, line.number(), Collections.unmodifiableMap(columns)));
        }
        return rows;
    }

    /**
     * An EPD perft file, one position a line: {@code FEN ;D1 n ;D2 n ...} (the Ethereal suites). Parsed here rather
     * than with the main-code PerftSuite reader so these tests do not depend on it.
     */
    static List<PerftCase> epdPerft(String resource) {
        List<PerftCase> cases = new ArrayList<>();
        for (Line line : lines(resource)) {
            if (line.text().isBlank()) {
                continue;
            }
            String[] parts = line.text().split(";");
            SortedMap<Integer, Long> counts = new TreeMap<>();
            for (int i = 1; i < parts.length; i++) {
                String[] kv = parts[i].strip().split("\\s+");
                if (kv.length != 2 || !kv[0].startsWith("D")) {
                    throw new IllegalArgumentException(resource + ":" + line.number() + ": bad count '" + parts[i] + "'");
                }
                counts.put(Integer.parseInt(kv[0].substring(1)), Long.parseLong(kv[1]));
            }
            cases.add(new PerftCase(resource, line.number(), "line " + line.number(), parts[0].strip(), counts));
        }
        return cases;
    }

    /** python-chess's .perft format: {@code id X}, {@code epd FEN}, {@code perft D N} lines, '#' comments. */
    static List<PerftCase> trickyPerft(String resource) {
        List<PerftCase> cases = new ArrayList<>();
        String id = null;
        String fen = null;
        int fenLine = 0;
        SortedMap<Integer, Long> counts = new TreeMap<>();
        for (Line line : lines(resource)) {
            String text = line.text().strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            int space = text.indexOf(' ');
            String key = space < 0 ? text : text.substring(0, space);
            String value = space < 0 ? "" : text.substring(space + 1).strip();
            switch (key) {
                case "id" -> {
                    if (fen != null) {
                        cases.add(new PerftCase(resource, fenLine, id, fen, counts));
                    }
                    id = value;
                    fen = null;
                    counts = new TreeMap<>();
                }
                case "epd" -> {
                    fen = value;
                    fenLine = line.number();
                }
                case "perft" -> {
                    String[] kv = value.split("\\s+");
                    counts.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1]));
                }
                default -> throw new IllegalArgumentException(resource + ":" + line.number() + ": unknown key '" + key + "'");
            }
        }
        if (fen != null) {
            cases.add(new PerftCase(resource, fenLine, id, fen, counts));
        }
        return cases;
    }

    /** The four or six FEN fields of an EPD record (everything before the first ';' opcodes). */
    static int fieldCount(String fen) {
        return fen.strip().split("\\s+").length;
    }
}
