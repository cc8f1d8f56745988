package org.marelle.bridge.trace;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.core.JsonToken;
import org.marelle.board.Occupancy;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;

/**
 * Recorded sensor data as JSON Lines, one object a line, times in milliseconds, squares named as in SAN:
 * <pre>
 * {"t": 0, "occupied": ["a1", "b1", ...]}   a full debounced frame (every occupied square)
 * {"t": 1530, "up": "e2"}                    squares that empty ("up") or fill ("down") since the previous frame;
 * {"t": 1790, "down": "e4"}                  each a square or a list of squares; both may appear in one line
 * {"t": 4000}                                time passes with no change (lets windows run out)
 * </pre>
 * Times never go back. Blank lines are skipped; keys other than these are ignored (room for recorders to add
 * notes). When the first line is not a full frame, the board starts as the game position shows it. The same format
 * is what the drivers' recorder writes, so a misrecognised game can be replayed with {@code marelle recognize}.
 */
public final class SensorTrace {

    /** One line of a trace: a frame (the board after the line) or a tick. */
    public sealed interface Entry {
        long atMillis();
    }

    public record Frame(Occupancy occupancy) implements Entry {
        @Override
        public long atMillis() {
            return occupancy.atMillis();
        }
    }

    public record Tick(long atMillis) implements Entry {
    }

    /** A line that is not a valid trace line; the message names the line, the column and what is wrong. */
    public static final class TraceException extends IllegalArgumentException {
        private final int line;
        private final int column;

        public TraceException(int line, int column, String message) {
            super(line + ":" + column + ": " + message);
            this.line = line;
            this.column = column;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }
    }

    private SensorTrace() {
    }

    /** The longest line read, in bytes: a line holds one frame, a few hundred bytes even on a 12x8 board. */
    public static final int MAX_LINE_BYTES = 1 << 20;

    /**
     * Reads a whole trace into memory, for tests and short texts; a file is read with {@link #entries}, a line at a
     * time. {@code initial} is the board before the first line (the game position's occupancy).
     *
     * @throws TraceException for a line that is not valid, naming line:column
     * @throws UncheckedIOException when reading fails
     */
    public static List<Entry> read(Reader in, BoardGeometry geometry, SquareSet initial) {
        List<Entry> out = new ArrayList<>();
        BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
        Lines lines = new Lines(geometry, initial);
        try {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                Entry e = lines.read(line);
                if (e != null) out.add(e);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * The entries of a trace file, read one line at a time as they are asked for, so that a trace of any length
     * takes the memory of one line. Each line is decoded as strict UTF-8 (a byte that is not is an error naming its
     * line and column, never a character guessed) and may be at most {@link #MAX_LINE_BYTES} long. Closing the
     * entries closes the stream.
     */
    public static Entries entries(InputStream in, BoardGeometry geometry, SquareSet initial) {
        return new Entries(in, new Lines(geometry, initial));
    }

    /** A trace file being read: {@link #next()} until it gives null. */
    public static final class Entries implements AutoCloseable {
        private final InputStream in;
        private final Lines lines;
        private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        private byte[] buf = new byte[256];

        private Entries(InputStream in, Lines lines) {
            this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in, 1 << 16);
            this.lines = lines;
        }

        /**
         * The next entry, or null at the end of the trace.
         *
         * @throws TraceException for a line that is not valid (not UTF-8, too long, not a trace line)
         * @throws IOException    when reading fails
         */
        public Entry next() throws IOException {
            while (true) {
                int length = readLine();
                if (length < 0) return null;
                Entry e = lines.read(decode(length));
                if (e != null) return e;
            }
        }

        /** Reads the next line's bytes (without its LF, CRLF or CR end) into buf; -1 at the end of the input. */
        private int readLine() throws IOException {
            int n = 0;
            int b = in.read();
            if (b < 0) return -1;
            while (b >= 0 && b != '\n' && b != '\r') {
                if (n == MAX_LINE_BYTES) {
                    throw new TraceException(lines.lineNo + 1, 1, "the line is longer than " + MAX_LINE_BYTES
                            + " bytes: a trace line holds one frame");
                }
                if (n == buf.length) buf = Arrays.copyOf(buf, Math.min(MAX_LINE_BYTES, buf.length * 2));
                buf[n++] = (byte) b;
                b = in.read();
            }
            if (b == '\r') {
                in.mark(1);
                if (in.read() != '\n') in.reset();
            }
            return n;
        }

        private String decode(int length) {
            ByteBuffer bytes = ByteBuffer.wrap(buf, 0, length);
            CharBuffer chars = CharBuffer.allocate(length);
            CoderResult r = utf8.reset().decode(bytes, chars, true);
            if (r.isError()) {
                // The column counts the characters before the bad byte, as every other column of a trace does.
                throw new TraceException(lines.lineNo + 1, chars.position() + 1, "not valid UTF-8");
            }
            utf8.flush(chars);
            return chars.flip().toString();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** What reading lines one after the other keeps: the board and the time so far, and the line number. */
    private static final class Lines {
        private final BoardGeometry geometry;
        private SquareSet board;
        private long last = Long.MIN_VALUE;
        private int lineNo;

        Lines(BoardGeometry geometry, SquareSet initial) {
            this.geometry = geometry;
            this.board = initial;
        }

        /** The entry of the next line, or null for a blank line. */
        Entry read(String line) {
            lineNo++;
            if (lineNo == 1 && line.startsWith("\uFEFF")) line = line.substring(1);
            if (line.isBlank()) return null;
            List<Entry> out = new ArrayList<>(1);
            board = readLine(TraceLine.parse(line, lineNo), lineNo, geometry, board, last, out);
            Entry e = out.get(0);
            last = e.atMillis();
            return e;
        }
    }

    /** Adds the entry of one parsed line, returns the board after it. */
    private static SquareSet readLine(Map<String, TraceLine.Value> obj, int lineNo, BoardGeometry geometry, SquareSet board,
                                      long last, List<Entry> out) {
        TraceLine.Value tv = obj.get("t");
        if (tv == null) throw new TraceException(lineNo, 1, "missing \"t\" (the time in milliseconds)");
        long t = time(tv, lineNo);
        if (t < last) {
            throw new TraceException(lineNo, tv.column(), "time " + t + " is before the previous line's " + last);
        }
        TraceLine.Value occupied = obj.get("occupied");
        TraceLine.Value up = obj.get("up");
        TraceLine.Value down = obj.get("down");
        if (occupied == null && up == null && down == null) {
            out.add(new Tick(t));
            return board;
        }
        if (occupied != null) {
            if (up != null || down != null) {
                throw new TraceException(lineNo, occupied.column(), "\"occupied\" gives the whole board: no \"up\" or \"down\" with it");
            }
            board = SquareSet.EMPTY;
            for (TraceLine.Value sq : list(occupied, "occupied", lineNo)) board = board.with(square(sq, lineNo, geometry));
        } else {
            if (up != null) {
                for (TraceLine.Value sq : stringOrList(up, "up", lineNo)) {
                    int s = square(sq, lineNo, geometry);
                    if (!board.contains(s)) {
                        throw new TraceException(lineNo, sq.column(), "up \"" + geometry.squareName(s) + "\", but that square is empty");
                    }
                    board = board.without(s);
                }
            }
            if (down != null) {
                for (TraceLine.Value sq : stringOrList(down, "down", lineNo)) {
                    int s = square(sq, lineNo, geometry);
                    if (board.contains(s)) {
                        throw new TraceException(lineNo, sq.column(), "down \"" + geometry.squareName(s) + "\", but that square is occupied");
                    }
                    board = board.with(s);
                }
            }
        }
        out.add(new Frame(Occupancy.of(geometry, board, t)));
        return board;
    }

    /** Writes frames as trace lines: the first in full, the others as the squares that changed. */
    public static List<String> write(List<Occupancy> frames) {
        List<String> out = new ArrayList<>(frames.size());
        Occupancy previous = null;
        for (Occupancy f : frames) {
            StringBuilder sb = new StringBuilder("{\"t\": ").append(f.atMillis());
            if (previous == null) {
                sb.append(", \"occupied\": ");
                names(sb, f, f.squares());
            } else {
                SquareSet up = previous.squares().minus(f.squares()), down = f.squares().minus(previous.squares());
                if (!up.isEmpty()) {
                    sb.append(", \"up\": ");
                    if (up.count() == 1) sb.append('"').append(f.squareName(up.first())).append('"'); else names(sb, f, up);
                }
                if (!down.isEmpty()) {
                    sb.append(", \"down\": ");
                    if (down.count() == 1) sb.append('"').append(f.squareName(down.first())).append('"'); else names(sb, f, down);
                }
            }
            out.add(sb.append('}').toString());
            previous = f;
        }
        return out;
    }

    private static long time(TraceLine.Value v, int line) {
        // Whole numbers written as 1.0 or 1e3 have always been accepted; 9e15 keeps every accepted time exact in a double.
        double d = v.number() == null ? Double.NaN : v.number().doubleValue();
        if (!(d == Math.rint(d) && d >= 0 && d <= 9.0e15)) {
            throw new TraceException(line, v.column(), "\"t\" must be a whole number of milliseconds, 0 or more, not " + v.show());
        }
        return (long) d;
    }

    private static List<TraceLine.Value> list(TraceLine.Value v, String key, int line) {
        if (v.items() == null) throw new TraceException(line, v.column(), "\"" + key + "\" must be a list, not " + v.show());
        return v.items();
    }

    private static List<TraceLine.Value> stringOrList(TraceLine.Value v, String key, int line) {
        if (v.kind() == JsonToken.VALUE_STRING) return List.of(v);
        if (v.items() != null) return v.items();
        throw new TraceException(line, v.column(), "\"" + key + "\" must be a string or a list, not " + v.show());
    }

    private static int square(TraceLine.Value v, int line, BoardGeometry g) {
        if (v.kind() != JsonToken.VALUE_STRING) {
            throw new TraceException(line, v.column(), "a square name like \"e4\" expected, not " + v.show());
        }
        int sq = g.trySquare(v.text());
        if (sq < 0) {
            throw new TraceException(line, v.column(), "\"" + v.text() + "\" is not a square of a " + g.files() + "x" + g.ranks() + " board");
        }
        return sq;
    }

    /** A tick line. */
    public static String tick(long atMillis) {
        return "{\"t\": " + atMillis + "}";
    }

    private static void names(StringBuilder sb, Occupancy f, SquareSet squares) {
        sb.append('[');
        for (int sq : squares) {
            if (sb.charAt(sb.length() - 1) != '[') sb.append(", ");
            sb.append('"').append(f.squareName(sq)).append('"');
        }
        sb.append(']');
    }
}
