package org.marelle.board.serial;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.SensorReading;

/**
 * Cuts the bytes a board sends into lines and parses each one: a {@link SerialMessage} for a good line, a
 * {@link Malformed} for anything else. It never throws on input and keeps no state but the partial line, so any
 * byte sequence is safe to feed; a line longer than the limit is dropped up to its newline.
 *
 * <p>Pure: no I/O, no clock, no logging. Not thread-safe; one reader thread owns a parser.
 */
public final class LineParser {

    /** Receives what the parser makes of each line. */
    public interface Sink {
        void message(SerialMessage message);

        void malformed(Malformed malformed);
    }

    private final byte[] line;
    private int length;
    private boolean overflow;

    public LineParser(int maxLineLength) {
        if (maxLineLength < 8) throw new IllegalArgumentException("line limit " + maxLineLength);
        this.line = new byte[maxLineLength];
    }

    public LineParser() {
        this(SerialProtocol.MAX_BOARD_LINE);
    }

    /** Feeds received bytes; every complete line is parsed and reported to the sink before this returns. */
    public void feed(byte[] data, int off, int len, Sink sink) {
        for (int i = off; i < off + len; i++) {
            byte b = data[i];
            if (b == '\n') {
                if (overflow) {
                    sink.malformed(new Malformed(Malformed.Reason.TOO_LONG,
                            "line longer than " + line.length + " characters", excerpt(line, length)));
                } else {
                    parseLine(line, length, sink);
                }
                length = 0;
                overflow = false;
            } else if (!overflow) {
                if (length == line.length) overflow = true;
                else line[length++] = b;
            }
        }
    }

    /** Drops a partial line (after a reconnect the rest of it will never come). */
    public void reset() {
        length = 0;
        overflow = false;
    }

    /** Parses one complete line (without its newline) and reports it. Empty lines are ignored. */
    public static void parseLine(byte[] bytes, int len, Sink sink) {
        if (len > 0 && bytes[len - 1] == '\r') len--;
        if (len == 0) return;
        for (int i = 0; i < len; i++) {
            int b = bytes[i] & 0xFF;
            if (b < 0x20 || b > 0x7E) {
                sink.malformed(new Malformed(Malformed.Reason.NOT_ASCII,
                        String.format("byte 0x%02X at column %d", b, i + 1), excerpt(bytes, len)));
                return;
            }
        }
        String text = new String(bytes, 0, len, java.nio.charset.StandardCharsets.US_ASCII);
        if (len < 6 || text.charAt(len - 5) != '*' || hex(text, len - 4, len) < 0) {
            sink.malformed(new Malformed(Malformed.Reason.SYNTAX, "no '*' and four hex digits of checksum at the end",
                    excerpt(bytes, len)));
            return;
        }
        int sent = (int) hex(text, len - 4, len);
        int computed = SerialProtocol.crc16(bytes, 0, len - 5);
        if (sent != computed) {
            sink.malformed(new Malformed(Malformed.Reason.CHECKSUM, "checksum " + SerialProtocol.hex4(sent)
                    + " but the line gives " + SerialProtocol.hex4(computed), excerpt(bytes, len)));
            return;
        }
        String body = text.substring(0, len - 5);
        try {
            sink.message(parseBody(body));
        } catch (BadField e) {
            sink.malformed(new Malformed(e.reason, e.getMessage(), excerpt(bytes, len)));
        }
    }

    private static SerialMessage parseBody(String body) throws BadField {
        List<int[]> spans = fields(body);
        String type = field(body, spans, 0);
        switch (type) {
            case "HELLO" -> {
                need(body, spans, 3, "HELLO <version> <sensors> <leds> <firmware>");
                int version = decimal(body, spans, 1, "version", 0, 65535);
                if (version != SerialProtocol.VERSION) {
                    // Later versions may change what follows; only the version field is sure.
                    return new SerialMessage.Hello(version, 0, 0, rest(body, spans, 2));
                }
                need(body, spans, 5, "HELLO <version> <sensors> <leds> <firmware>");
                int sensors = decimal(body, spans, 2, "sensors", 1, 128);
                int leds = decimal(body, spans, 3, "leds", 0, SerialProtocol.MAX_LEDS);
                return new SerialMessage.Hello(version, sensors, leds, rest(body, spans, 4));
            }
            case "F" -> {
                need(body, spans, 3, "F <seq> <occupied> [<white>]");
                if (spans.size() > 4) throw bad(body, spans, 4, "frame has " + spans.size() + " fields, at most 4");
                int seq = decimal(body, spans, 1, "seq", 0, 65535);
                long[] occupied = bits(body, spans, 2, "occupied");
                int digits = spans.get(2)[1] - spans.get(2)[0];
                if (spans.size() == 4) {
                    long[] white = bits(body, spans, 3, "white");
                    if (spans.get(3)[1] - spans.get(3)[0] != digits) {
                        throw bad(body, spans, 3, "white has " + (spans.get(3)[1] - spans.get(3)[0])
                                + " digits, occupied has " + digits);
                    }
                    return new SerialMessage.Frame(seq, digits,
                            new SensorReading(occupied[0], occupied[1], white[0], white[1], true));
                }
                return new SerialMessage.Frame(seq, digits, SensorReading.of(occupied[0], occupied[1]));
            }
            case "E" -> {
                need(body, spans, 2, "E <code> <text>");
                return new SerialMessage.BoardError(field(body, spans, 1), spans.size() > 2 ? rest(body, spans, 2) : "");
            }
            default -> throw new BadField(Malformed.Reason.UNKNOWN, "message type '" + type + "' at column 1");
        }
    }

    /** Start and end of each field; fields are separated by exactly one space. */
    private static List<int[]> fields(String body) throws BadField {
        List<int[]> spans = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= body.length(); i++) {
            if (i == body.length() || body.charAt(i) == ' ') {
                if (i == start) {
                    throw new BadField(Malformed.Reason.SYNTAX, "empty field at column " + (i + 1));
                }
                spans.add(new int[]{start, i});
                start = i + 1;
            }
        }
        return spans;
    }

    private static String field(String body, List<int[]> spans, int n) {
        return body.substring(spans.get(n)[0], spans.get(n)[1]);
    }

    private static String rest(String body, List<int[]> spans, int n) {
        return body.substring(spans.get(n)[0]);
    }

    private static void need(String body, List<int[]> spans, int count, String form) throws BadField {
        if (spans.size() < count) {
            throw new BadField(Malformed.Reason.SYNTAX, "expected " + form + ", got " + spans.size() + " fields");
        }
    }

    private static int decimal(String body, List<int[]> spans, int n, String name, int min, int max) throws BadField {
        String f = field(body, spans, n);
        if (f.length() > 5) throw bad(body, spans, n, name + " '" + f + "' is not " + min + ".." + max);
        int v = 0;
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c < '0' || c > '9') throw bad(body, spans, n, name + " '" + f + "' is not a decimal number");
            v = v * 10 + (c - '0');
        }
        if (v < min || v > max) throw bad(body, spans, n, name + " '" + f + "' is not " + min + ".." + max);
        return v;
    }

    /** Hex digits, digit k holding bits 4k..4k+3: {lo, hi}. */
    private static long[] bits(String body, List<int[]> spans, int n, String name) throws BadField {
        String f = field(body, spans, n);
        if (f.length() > 32) throw bad(body, spans, n, name + " has " + f.length() + " hex digits, at most 32");
        long lo = 0, hi = 0;
        for (int k = 0; k < f.length(); k++) {
            int d = Character.digit(f.charAt(k), 16);
            if (d < 0) throw bad(body, spans, n, name + " '" + f + "' is not hex digits");
            int s = 4 * k;
            if (s < 64) lo |= (long) d << s; else hi |= (long) d << (s - 64);
        }
        return new long[]{lo, hi};
    }

    private static long hex(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(s.charAt(i), 16);
            if (d < 0) return -1;
            v = v << 4 | d;
        }
        return v;
    }

    private static BadField bad(String body, List<int[]> spans, int n, String what) {
        return new BadField(Malformed.Reason.SYNTAX, what + " at column " + (spans.get(n)[0] + 1));
    }

    /** The line for logs: printable, non-printable bytes as \xNN, at most 80 characters. */
    static String excerpt(byte[] bytes, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len && sb.length() <= 80; i++) {
            int b = bytes[i] & 0xFF;
            if (b >= 0x20 && b <= 0x7E && b != '\\') sb.append((char) b);
            else sb.append(String.format("\\x%02X", b));
        }
        return sb.length() > 80 ? sb.substring(0, 77) + "..." : sb.toString();
    }

    private static final class BadField extends Exception {
        final Malformed.Reason reason;

        BadField(Malformed.Reason reason, String message) {
            super(message, null, false, false);
            this.reason = reason;
        }
    }
}
