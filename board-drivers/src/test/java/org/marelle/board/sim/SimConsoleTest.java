package org.marelle.board.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.marelle.board.ManualClock;
import org.marelle.board.Occupancy;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;

class SimConsoleTest {

    private final ManualClock clock = new ManualClock(5_000);
    private final SimulatedBoard board = new SimulatedBoard(8, 8);
    private final SimConsole console = new SimConsole(board, clock);
    private final List<Occupancy> frames = new ArrayList<>();

    {
        board.addListener(frames::add);
        board.start();
    }

    @Test
    void liftAndDropAtTheClocksTime() {
        console.execute("setup", 1);
        clock.advance(700);
        assertThat(console.execute("lift e2", 2)).isEqualTo(new SimConsole.Reply("ok", false, false));
        clock.advance(300);
        console.execute("  drop   E4  ", 3);
        assertThat(frames).extracting(Occupancy::atMillis).containsExactly(0L, 5_000L, 5_700L, 6_000L);
        assertThat(board.current().occupied(12)).isFalse();
        assertThat(board.current().occupied(28)).isTrue();
        assertThat(board.current().count()).isEqualTo(32);
    }

    @Test
    void moveOntoAPieceIsACapture() {
        console.execute("set e4 d5", 1);
        frames.clear();
        assertThat(console.execute("move e4 d5", 2).text()).isEqualTo("ok (capture)");
        assertThat(frames).extracting(Occupancy::squares)
                .containsExactly(SquareSet.of(28), SquareSet.EMPTY, SquareSet.of(35));
    }

    @Test
    void errorsNameLineColumnAndText() {
        assertThat(console.execute("lfit e2", 4)).satisfies(r -> {
            assertThat(r.error()).isTrue();
            assertThat(r.text()).startsWith("error: line 4, column 1: unknown command 'lfit'");
        });
        assertThat(console.execute("lift   z9", 7).text())
                .isEqualTo("error: line 7, column 8: 'z9' is not a square of a 8x8 board (a1..h8)");
        assertThat(console.execute("lift e2", 8).text()).isEqualTo(
                "error: line 8, column 6: e2 is empty: nothing to lift there ('show' prints the board, 'setup' sets the pieces)");
        console.execute("drop e4", 9);
        assertThat(console.execute("drop d4 e4", 10).text()).isEqualTo("error: line 10, column 9: e4 is already occupied");
        assertThat(board.current().squares()).as("a failed command changes nothing").containsExactly(28);
        assertThat(console.execute("move e4", 11).text()).contains("column 1").contains("move FROM TO");
        assertThat(console.execute("lift e4 e4", 12).text()).contains("column 9: e4 is given twice");
        assertThat(console.execute("show e4", 13).text()).contains("column 6: show takes no arguments");
        assertThat(console.execute("lift", 14).text()).contains("lift needs a square");
    }

    @Test
    void ignoresBlankAndCommentLines() {
        assertThat(console.execute("   ", 1)).isNull();
        assertThat(console.execute("# a comment", 2)).isNull();
    }

    @Test
    void runsASessionUntilQuit() throws Exception {
        var out = new StringWriter();
        console.run(new BufferedReader(new StringReader("drop a1\n\nshow\nbogus\nquit\nlift a1\n")), out);
        String text = out.toString();
        assertThat(text).startsWith("marelle simulated board 8x8;");
        assertThat(text).contains("ok\n").contains(" 1 x . . . . . . .\n").contains("error: line 4, column 1");
        assertThat(text).endsWith("bye\n");
        assertThat(board.current().squares()).containsExactly(0);   // the line after quit never ran
    }

    @Test
    void twelveByEightSquares() {
        var wide = new SimulatedBoard(12, 8);
        var c = new SimConsole(wide, clock);
        c.execute("drop l8 k1", 1);
        assertThat(wide.current().squares()).containsExactly(10, 95);
        assertThat(c.execute("drop m1", 2).text()).contains("a1..l8");
    }
}
