package org.marelle.bridge.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class SensorTraceTest {

    private static final Position START = Position.start(Variant.STANDARD);

    private static List<SensorTrace.Entry> read(String text) {
        return SensorTrace.read(new StringReader(text), BoardGeometry.CHESS, START.occupancy());
    }

    private static int sq(String name) {
        return BoardGeometry.CHESS.parseSquare(name);
    }

    @Test
    void readsFullFramesChangesAndTicks() {
        List<SensorTrace.Entry> e = read("""
                {"t": 0, "occupied": ["a1", "e2"]}
                {"t": 1530, "up": "e2"}

                {"t": 1790, "down": "e4"}
                {"t": 4000}
                """);
        assertThat(e).hasSize(4);
        assertThat(((SensorTrace.Frame) e.get(0)).occupancy().squares()).containsExactly(sq("a1"), sq("e2"));
        assertThat(((SensorTrace.Frame) e.get(1)).occupancy().squares()).containsExactly(sq("a1"));
        assertThat(((SensorTrace.Frame) e.get(2)).occupancy().squares()).containsExactly(sq("a1"), sq("e4"));
        assertThat(e.get(2).atMillis()).isEqualTo(1790);
        assertThat(e.get(3)).isEqualTo(new SensorTrace.Tick(4000));
    }

    @Test
    void startsFromTheGamePositionWithoutAFullFrame() {
        List<SensorTrace.Entry> e = read("{\"t\": 10, \"up\": [\"e2\", \"d2\"], \"down\": \"e4\", \"note\": \"fast hand\"}");
        SquareSet expected = START.occupancy().without(sq("e2")).without(sq("d2")).with(sq("e4"));
        Occupancy o = ((SensorTrace.Frame) e.get(0)).occupancy();
        assertThat(o.squares()).isEqualTo(expected);
    }

    @Test
    void writesWhatItReads() {
        Occupancy a = new Occupancy(8, 8, START.occupancy(), 0, null);
        Occupancy b = a.without(sq("e2")).at(100);
        Occupancy c = b.with(sq("e4")).at(300);
        List<String> lines = SensorTrace.write(List.of(a, b, c));
        assertThat(lines.get(1)).isEqualTo("{\"t\": 100, \"up\": \"e2\"}");
        assertThat(lines.get(2)).isEqualTo("{\"t\": 300, \"down\": \"e4\"}");
        List<SensorTrace.Entry> back = read(String.join("\n", lines));
        assertThat(back).extracting(x -> ((SensorTrace.Frame) x).occupancy()).containsExactly(a, b, c);
    }

    @Test
    void errorsNameLineAndColumn() {
        assertThatThrownBy(() -> read("{\"t\": 0}\n{\"t\": 5, \"up\": \"e9\"}"))
                .isInstanceOf(SensorTrace.TraceException.class).hasMessage("2:16: \"e9\" is not a square of a 8x8 board");
        assertThatThrownBy(() -> read("{\"t\": 10}\n{\"t\": 5}"))
                .hasMessage("2:7: time 5 is before the previous line's 10");
        assertThatThrownBy(() -> read("{\"t\": 1, \"up\": \"e4\"}"))
                .hasMessage("1:16: up \"e4\", but that square is empty");
        assertThatThrownBy(() -> read("{\"t\": 1, \"down\": \"e2\"}"))
                .hasMessage("1:18: down \"e2\", but that square is occupied");
        assertThatThrownBy(() -> read("{\"up\": \"e2\"}")).hasMessage("1:1: missing \"t\" (the time in milliseconds)");
        assertThatThrownBy(() -> read("{\"t\": 1, \"up\": \"e2\"")).hasMessage("1:20: ',' or '}' expected");
        assertThatThrownBy(() -> read("[1, 2]")).hasMessage("1:1: a JSON object \"{...}\" expected");
        assertThatThrownBy(() -> read("{\"t\": -3}")).hasMessage("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not -3");
        assertThatThrownBy(() -> read("{\"t\": 1, \"occupied\": \"a1\"}")).hasMessage("1:22: \"occupied\" must be a list, not \"a1\"");
    }

    /** The message for a line that is not JSON, as {@code marelle recognize} prints it after the file name. */
    private static String errorFor(String line) {
        try {
            read(line);
        } catch (SensorTrace.TraceException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + line);
    }

    @Test
    void malformedJsonIsNamedByLineAndColumnInTheFormatsWords() {
        // Truncated lines: the place is the end of the line.
        assertThat(errorFor("{\"t\": 1, \"up\": ")).isEqualTo("1:16: the line ends too early");
        assertThat(errorFor("{\"t\": 1, \"up\": \"e2")).isEqualTo("1:19: the string is not closed");
        assertThat(errorFor("{\"t\": 1, \"up\": [\"e2\"")).isEqualTo("1:21: ',' or ']' expected");
        // Structure.
        assertThat(errorFor("{\"t\": 1 \"up\": \"e2\"}")).isEqualTo("1:9: ',' or '}' expected, not '\"'");
        assertThat(errorFor("{\"t\" 1}")).isEqualTo("1:6: ':' expected, not '1'");
        assertThat(errorFor("{t: 1}")).isEqualTo("1:2: a key in double quotes expected, not 't'");
        assertThat(errorFor("{\"t\": 1}}")).isEqualTo("1:9: text after the object");
        assertThat(errorFor("{\"t\": 1} {\"t\": 2}")).isEqualTo("1:10: text after the object");
        assertThat(errorFor("\"t\"")).isEqualTo("1:1: a JSON object \"{...}\" expected");
        assertThat(errorFor("  nope")).isEqualTo("1:3: a JSON object \"{...}\" expected");
        // Strict JSON: no trailing commas, comments, single quotes, leading zeros, plus signs, NaN or bare words.
        assertThat(errorFor("{\"t\": 1,}")).isEqualTo("1:9: a key in double quotes expected, not '}'");
        assertThat(errorFor("{\"t\": 1, \"up\": [\"e2\",]}")).isEqualTo("1:22: a value expected, not ']'");
        assertThat(errorFor("{\"t\": 1} // lifted")).isEqualTo("1:10: comments are not JSON");
        assertThat(errorFor("{\"t\": 1, /* note */ \"up\": \"e2\"}")).isEqualTo("1:10: comments are not JSON");
        assertThat(errorFor("{\"t\": 1, \"up\": 'e2'}")).isEqualTo("1:16: a value expected, not \"'\"");
        assertThat(errorFor("{\"t\": 0100}")).isEqualTo("1:8: a number must not start with 0 (unless it is 0)");
        assertThat(errorFor("{\"t\": +1}")).isEqualTo("1:8: a number must not start with '+'");
        assertThat(errorFor("{\"t\": 1.}")).isEqualTo("1:8: a digit expected in the number, not '}'");
        assertThat(errorFor("{\"t\": NaN}")).isEqualTo("1:10: 'NaN' is not a JSON value");
        assertThat(errorFor("{\"t\": -Infinity}")).isEqualTo("1:16: '-Infinity' is not a JSON value");
        assertThat(errorFor("{\"t\": 1, \"up\": e2}")).isEqualTo("1:16: 'e2' is not a JSON value");
        // Strings.
        assertThat(errorFor("{\"t\": 1, \"up\": \"e\\q\"}")).isEqualTo("1:19: unknown escape '\\q'");
        assertThat(errorFor("{\"t\": 1, \"up\": \"\\u00\"}")).isEqualTo("1:21: a \\u escape needs four hex digits");
        assertThat(errorFor("{\"t\": 1, \"up\": \"e\t2\"}")).isEqualTo("1:18: a control character in a string must be written as an escape");
        // Duplicate keys are refused wherever they are, at the second key.
        assertThat(errorFor("{\"t\": 1, \"t\": 2}")).isEqualTo("1:10: key \"t\" appears twice");
        assertThat(errorFor("{\"t\": 1, \"note\": {\"a\": 1, \"a\": 2}}")).isEqualTo("1:27: key \"a\" appears twice");
        // Wrong types and numbers out of range.
        assertThat(errorFor("{\"t\": \"5\"}")).isEqualTo("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not \"5\"");
        assertThat(errorFor("{\"t\": 1.5}")).isEqualTo("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not 1.5");
        assertThat(errorFor("{\"t\": null}")).isEqualTo("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not null");
        assertThat(errorFor("{\"t\": [1]}")).isEqualTo("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not a list");
        assertThat(errorFor("{\"t\": 99999999999999999999}"))
                .isEqualTo("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not 99999999999999999999");
        assertThat(errorFor("{\"t\": 1e400}")).isEqualTo("1:7: \"t\" must be a whole number of milliseconds, 0 or more, not 1e400");
        assertThat(errorFor("{\"t\": " + "9".repeat(1500) + "}")).startsWith("1:").endsWith(": too long or nested too deeply for a trace line");
        assertThat(errorFor("{\"t\": 1, \"up\": 5}")).isEqualTo("1:16: \"up\" must be a string or a list, not 5");
        assertThat(errorFor("{\"t\": 1, \"down\": {\"sq\": \"e4\"}}")).isEqualTo("1:18: \"down\" must be a string or a list, not an object");
        assertThat(errorFor("{\"t\": 1, \"occupied\": [\"a1\", 2]}")).isEqualTo("1:29: a square name like \"e4\" expected, not 2");
        // A later line: the line number counts blank lines too.
        assertThat(errorFor("{\"t\": 0}\n\n{\"t\": 1, \"up\": \"e2\"")).isEqualTo("3:20: ',' or '}' expected");
    }

    /** Issue #14: a line nested 100,000 deep is one error, not a stack overflow; nesting is bounded at 32. */
    @Test
    void deepNestingIsRefusedInWords() {
        String deep = "{\"t\": 0, \"note\": " + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertThat(errorFor(deep)).startsWith("1:").endsWith(": lists and objects nested more than 32 deep");
        String note = "[".repeat(31) + "]".repeat(31);
        assertThat(read("{\"t\": 0, \"note\": " + note + "}")).hasSize(1);
        assertThat(errorFor("{\"t\": 0, \"note\": [" + note + "]}")).endsWith(": lists and objects nested more than 32 deep");
    }

    /** A file is read a line at a time as entries are asked for: what follows a line is not read before it is needed. */
    @Test
    void aFileIsReadALineAtATime() throws IOException {
        byte[] first = "{\"t\": 0}\n{\"t\": 10, \"up\": \"e2\"}\n".getBytes(StandardCharsets.UTF_8);
        InputStream failsAfter = new SequenceInputStream(new ByteArrayInputStream(first), new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("read past the lines asked for");
            }
        });
        try (SensorTrace.Entries entries = SensorTrace.entries(failsAfter, BoardGeometry.CHESS, START.occupancy())) {
            assertThat(entries.next()).isEqualTo(new SensorTrace.Tick(0));
            assertThat(entries.next()).isInstanceOf(SensorTrace.Frame.class);
            assertThatThrownBy(entries::next).isInstanceOf(IOException.class);
        }
    }

    /** Lines are bounded, and decoded strictly: a line too long, or a byte that is not UTF-8, names where. */
    @Test
    void fileLinesAreBoundedAndStrictUtf8() throws IOException {
        byte[] tooLong = ("{\"t\": 0}\n{\"t\": 1, \"note\": \"" + "x".repeat(SensorTrace.MAX_LINE_BYTES) + "\"}\n")
                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> readFile(tooLong)).isInstanceOf(SensorTrace.TraceException.class)
                .hasMessage("2:1: the line is longer than 1048576 bytes: a trace line holds one frame");
        byte[] latin1 = "{\"t\": 0, \"note\": \"\u00e9t\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> readFile(latin1)).hasMessage("1:19: not valid UTF-8");
        byte[] crlf = "\uFEFF{\"t\": 0, \"note\": \"\u00e9t\u00e9\"}\r\n{\"t\": 5}\r{\"t\": 6}".getBytes(StandardCharsets.UTF_8);
        assertThat(readFile(crlf)).containsExactly(new SensorTrace.Tick(0), new SensorTrace.Tick(5), new SensorTrace.Tick(6));
    }

    private static List<SensorTrace.Entry> readFile(byte[] bytes) throws IOException {
        List<SensorTrace.Entry> all = new ArrayList<>();
        try (SensorTrace.Entries entries = SensorTrace.entries(new ByteArrayInputStream(bytes), BoardGeometry.CHESS,
                START.occupancy())) {
            for (SensorTrace.Entry e; (e = entries.next()) != null; ) all.add(e);
        }
        return all;
    }

    @Test
    void acceptsWhatJsonAllows() {
        // Whole numbers in other spellings, escapes, any JSON whitespace and unknown keys holding any JSON value.
        List<SensorTrace.Entry> e = read("\t{ \"t\" : 1e3 , \"up\" : \"\\u0065\\u0032\", \"note\": {\"x\": [null, true, -0.5, \"}\"]} }");
        assertThat(e).hasSize(1);
        assertThat(e.get(0).atMillis()).isEqualTo(1000);
        Occupancy o = ((SensorTrace.Frame) e.get(0)).occupancy();
        assertThat(o.occupied(sq("e2"))).isFalse();
    }

    @Test
    void roundTripOn8x8() {
        Occupancy a = new Occupancy(8, 8, START.occupancy(), 0, null);
        // A capture by hand: both pieces up at once, one down; then castling's four squares in one scan.
        Occupancy b = a.without(sq("e2")).without(sq("d7")).at(120);
        Occupancy c = b.with(sq("d7")).at(450);
        Occupancy d = c.without(sq("e1")).without(sq("h1")).with(sq("e2")).at(900);
        Occupancy empty = Occupancy.empty(8, 8, 2_000);
        List<Occupancy> frames = List.of(a, b, c, d, empty);
        List<String> lines = SensorTrace.write(frames);
        assertThat(lines.get(1)).isEqualTo("{\"t\": 120, \"up\": [\"e2\", \"d7\"]}");
        assertThat(lines.get(3)).isEqualTo("{\"t\": 900, \"up\": [\"e1\", \"h1\"], \"down\": \"e2\"}");
        List<SensorTrace.Entry> back = SensorTrace.read(new StringReader(String.join("\n", lines) + "\n"), BoardGeometry.CHESS, SquareSet.EMPTY);
        assertThat(back).extracting(x -> ((SensorTrace.Frame) x).occupancy()).containsExactlyElementsOf(frames);
    }

    @Test
    void roundTripOn12x8() {
        BoardGeometry wide = BoardGeometry.COURIER;
        SquareSet start = SquareSet.EMPTY.with(wide.parseSquare("a1")).with(wide.parseSquare("l1")).with(wide.parseSquare("l8"))
                .with(wide.parseSquare("f2"));
        Occupancy a = new Occupancy(12, 8, start, 0, null);
        Occupancy b = a.without(wide.parseSquare("l8")).at(200);
        Occupancy c = b.with(wide.parseSquare("k7")).without(wide.parseSquare("f2")).at(650);
        Occupancy d = c.with(wide.parseSquare("l8")).with(wide.parseSquare("f4")).at(650);
        List<Occupancy> frames = List.of(a, b, c, d);
        List<String> lines = SensorTrace.write(frames);
        assertThat(lines.get(0)).isEqualTo("{\"t\": 0, \"occupied\": [\"a1\", \"l1\", \"f2\", \"l8\"]}");
        assertThat(lines.get(1)).isEqualTo("{\"t\": 200, \"up\": \"l8\"}");
        List<SensorTrace.Entry> back = SensorTrace.read(new StringReader(String.join("\n", lines)), wide, SquareSet.EMPTY);
        assertThat(back).extracting(x -> ((SensorTrace.Frame) x).occupancy()).containsExactlyElementsOf(frames);
        assertThatThrownBy(() -> SensorTrace.read(new StringReader("{\"t\": 0, \"occupied\": [\"m1\"]}"), wide, SquareSet.EMPTY))
                .hasMessage("1:23: \"m1\" is not a square of a 12x8 board");
    }

    @Test
    void aRecordedGameReplaysThroughTheRecognizer() {
        List<SensorTrace.Entry> e = read("""
                {"t": 0, "up": "e2"}
                {"t": 300, "down": "e4"}
                {"t": 1000}
                """);
        RecognizerState s = RecognizerState.start(START);
        List<String> committed = new ArrayList<>();
        for (SensorTrace.Entry x : e) {
            Step st = x instanceof SensorTrace.Frame f ? s.accept(f.occupancy()) : s.tick(x.atMillis());
            st.events().stream().filter(RecognitionEvent.MoveCommitted.class::isInstance)
                    .forEach(c -> committed.add(((RecognitionEvent.MoveCommitted) c).san()));
            s = st.state();
        }
        assertThat(committed).containsExactly("e4");
    }
}
