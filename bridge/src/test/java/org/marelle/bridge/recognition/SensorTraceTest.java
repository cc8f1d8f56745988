package org.marelle.bridge.recognition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.board.Occupancy;
import org.marelle.rules.BoardGeometry;
import org.marelle.rules.Position;
import org.marelle.rules.SquareSet;
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
        assertThat(new SquareSet(o.lo(), o.hi())).isEqualTo(expected);
    }

    @Test
    void writesWhatItReads() {
        Occupancy a = new Occupancy(8, 8, START.occupancy().lo(), START.occupancy().hi(), 0, null);
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

    @Test
    void aRecordedGameReplaysThroughTheRecognizer() {
        List<SensorTrace.Entry> e = read("""
                {"t": 0, "up": "e2"}
                {"t": 300, "down": "e4"}
                {"t": 1000}
                """);
        RecognizerState s = RecognizerState.start(START);
        List<String> committed = new java.util.ArrayList<>();
        for (SensorTrace.Entry x : e) {
            Step st = x instanceof SensorTrace.Frame f ? s.accept(f.occupancy()) : s.tick(x.atMillis());
            st.events().stream().filter(RecognitionEvent.MoveCommitted.class::isInstance)
                    .forEach(c -> committed.add(((RecognitionEvent.MoveCommitted) c).san()));
            s = st.state();
        }
        assertThat(committed).containsExactly("e4");
    }
}
