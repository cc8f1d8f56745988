package org.marelle.board.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.Occupancy;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;

class SimulatedBoardTest {

    private final List<Occupancy> frames = new ArrayList<>();

    @Test
    void reportsEachChangeAtTheGivenTimeOnceStarted() {
        var board = new SimulatedBoard(8, 8);
        board.addListener(frames::add);
        board.set(Occupancy.of(8, 8, 0, 12, 52));
        assertThat(frames).isEmpty();                 // not started yet

        board.start();
        board.lift(12, 1_000);
        board.drop(28, 1_400);

        assertThat(frames).extracting(Occupancy::squares)
                .containsExactly(SquareSet.of(12, 52), SquareSet.of(52), SquareSet.of(28, 52));
        assertThat(frames).extracting(Occupancy::atMillis).containsExactly(0L, 1_000L, 1_400L);
        assertThat(board.latest()).contains(Occupancy.of(8, 8, 1_400, 28, 52));

        board.stop();
        board.lift(28, 2_000);
        assertThat(frames).hasSize(3);
        assertThat(board.current().squares()).containsExactly(52);
    }

    @Test
    void twelveByEightAndPolarity() {
        var board = new SimulatedBoard(12, 8);
        board.addListener(frames::add);
        board.start();
        var white = new Occupancy(12, 8, SquareSet.of(95), 5, new Occupancy.Polarity(SquareSet.of(95)));
        board.set(white);
        board.drop(0, 6);
        assertThat(frames.get(1)).isEqualTo(white);
        assertThat(frames.get(2).polarity()).isEqualTo(white.polarity());
        assertThat(frames.get(2).squares()).containsExactly(0, 95);
    }

    @Test
    void refusesImpossibleChanges() {
        var board = new SimulatedBoard(8, 8);
        assertThatThrownBy(() -> board.lift(4, 0)).hasMessage("e1 is empty");
        board.drop(4, 0);
        assertThatThrownBy(() -> board.drop(4, 0)).hasMessage("e1 is already occupied");
        assertThatThrownBy(() -> board.drop(64, 0)).hasMessageContaining("off the 8x8 board");
        assertThatThrownBy(() -> board.set(Occupancy.empty(12, 8, 0))).hasMessageContaining("12x8");
    }

    @Test
    void rendersRankEightOnTop() {
        var board = new SimulatedBoard(8, 8);
        board.drop(0, 0);
        board.drop(63, 0);
        assertThat(board.render()).isEqualTo("""
                 8 . . . . . . . x
                 7 . . . . . . . .
                 6 . . . . . . . .
                 5 . . . . . . . .
                 4 . . . . . . . .
                 3 . . . . . . . .
                 2 . . . . . . . .
                 1 x . . . . . . .
                   a b c d e f g h
                """);
    }
}
