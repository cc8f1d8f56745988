package org.marelle.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;

class DebouncerTest {

    private static Occupancy at(long t, int... squares) {
        return Occupancy.of(8, 8, t, squares);
    }

    @Test
    void aReadingSettlesAfterNIdenticalScansStampedWithTheFirst() {
        Debouncer d = new Debouncer(3);
        assertThat(d.accept(at(0, 12))).isEmpty();
        assertThat(d.accept(at(20, 12))).isEmpty();
        Optional<Occupancy> settled = d.accept(at(40, 12));
        assertThat(settled).hasValueSatisfying(o -> {
            assertThat(o.squares()).containsExactly(12);
            assertThat(o.atMillis()).isZero();
        });
        // Further identical scans report nothing new.
        assertThat(d.accept(at(60, 12))).isEmpty();
        assertThat(d.stable()).contains(at(0, 12));
    }

    @Test
    void aBounceRestartsTheCount() {
        Debouncer d = new Debouncer(3);
        d.accept(at(0));
        d.accept(at(20));
        assertThat(d.accept(at(40))).isPresent();
        // e2 lifted, the switch bounces back once, then stays open.
        assertThat(d.accept(at(60, 12))).isEmpty();
        assertThat(d.accept(at(80))).isEmpty();      // bounce: back to the settled state, reports nothing
        assertThat(d.accept(at(100, 12))).isEmpty();
        assertThat(d.accept(at(120, 12))).isEmpty();
        assertThat(d.accept(at(140, 12))).contains(at(100, 12));
    }

    @Test
    void returningToTheSettledStateReportsNothing() {
        Debouncer d = new Debouncer(2);
        d.accept(at(0, 1));
        assertThat(d.accept(at(10, 1))).isPresent();
        assertThat(d.accept(at(20, 2))).isEmpty();
        assertThat(d.accept(at(30, 1))).isEmpty();
        assertThat(d.accept(at(40, 1))).isEmpty();
        assertThat(d.stable()).hasValueSatisfying(o -> assertThat(o.atMillis()).isZero());
    }

    @Test
    void eachSquareSettlesOnItsOwn() {
        // A one-handed capture empties d5 (35) for two scans while a hand brushes c5 (34) for one scan in between:
        // the board never reads the same twice, but d5 does.
        Debouncer d = new Debouncer(2);
        d.accept(at(0, 35));
        assertThat(d.accept(at(20, 35))).isPresent();
        assertThat(d.accept(at(40))).isEmpty();
        assertThat(d.accept(at(60, 34))).contains(at(40));
        assertThat(d.accept(at(80, 35))).isEmpty();
        assertThat(d.accept(at(100, 35))).contains(at(80, 35));
    }

    @Test
    void oneScanMeansNoDebouncing() {
        Debouncer d = new Debouncer(1);
        assertThat(d.accept(at(0, 5))).contains(at(0, 5));
        assertThat(d.accept(at(1, 6))).contains(at(1, 6));
        assertThat(d.accept(at(2, 6))).isEmpty();
    }

    @Test
    void aPolarityChangeIsAChange() {
        Debouncer d = new Debouncer(1);
        var white = new Occupancy(8, 8, SquareSet.of(4), 0, new Occupancy.Polarity(SquareSet.of(4)));
        var black = new Occupancy(8, 8, SquareSet.of(4), 5, new Occupancy.Polarity(SquareSet.EMPTY));
        assertThat(d.accept(white)).isPresent();
        assertThat(d.accept(black)).contains(black);
    }

    @Test
    void resetReportsTheNextSettledReadingAgain() {
        Debouncer d = new Debouncer(2);
        d.accept(at(0, 3));
        assertThat(d.accept(at(1, 3))).isPresent();
        d.reset();
        assertThat(d.stable()).isEmpty();
        d.accept(at(5, 3));
        assertThat(d.accept(at(6, 3))).contains(at(5, 3));
    }

    @Test
    void rejectsFewerThanOneScan() {
        assertThatThrownBy(() -> new Debouncer(0)).hasMessageContaining("at least 1");
    }
}
