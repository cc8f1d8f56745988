package org.marelle.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.marelle.board.layout.GridOrder;
import org.marelle.board.layout.Rotation;
import org.junit.jupiter.api.Test;

class SensorMappingTest {

    @Test
    void identityMapsSensorToSameSquare() {
        SensorMapping m = SensorMapping.identity(8, 8);
        Occupancy o = m.occupancy(SensorReading.ofSensors(0, 12, 63), 7);
        assertThat(o.squares()).containsExactly(0, 12, 63);
        assertThat(o.atMillis()).isEqualTo(7);
        assertThat(o.polarity()).isNull();
    }

    @Test
    void aBoardTurnedHalfWayReadsSensorZeroOnH8() {
        SensorMapping m = SensorMapping.grid(8, 8, new GridOrder(8, 8, Rotation.R180, false, false));
        assertThat(m.square(0)).isEqualTo(63);
        assertThat(m.sensor(63)).isZero();
        assertThat(m.occupancy(SensorReading.ofSensors(0, 63), 0).squares()).containsExactly(0, 63);
        assertThat(m.occupancy(SensorReading.ofSensors(1), 0).squares()).containsExactly(62);
    }

    @Test
    void twelveByEightUsesTheHighWord() {
        SensorMapping m = SensorMapping.grid(12, 8, new GridOrder(12, 8, Rotation.R0, true, true));
        // Mirrored: sensor 0 on l1; serpentine: line 1 runs from a2 back to l2.
        assertThat(m.square(0)).isEqualTo(11);
        assertThat(m.square(12)).isEqualTo(12);
        assertThat(m.square(95)).isEqualTo(95);    // line 7 runs back from a8 to l8... mirrored: ends on l8
        Occupancy o = m.occupancy(SensorReading.ofSensors(95, 70), 0);
        assertThat(o.occupied(95)).isTrue();
        assertThat(o.count()).isEqualTo(2);
    }

    @Test
    void extraAndUnusedSensorsAreIgnored() {
        SensorMapping m = SensorMapping.table(2, 1, SensorMapping.UNUSED, 1, 0);
        Occupancy o = m.occupancy(SensorReading.ofSensors(0, 1, 5, 100), 0);
        assertThat(o.squares()).containsExactly(1);
        assertThat(m.sensor(0)).isEqualTo(2);
    }

    @Test
    void polarityFollowsTheSquares() {
        SensorMapping m = SensorMapping.table(2, 1, 1, 0);
        var reading = new SensorReading(0b11, 0, 0b01, 0, true);
        Occupancy o = m.occupancy(reading, 0);
        assertThat(o.polarity()).isNotNull();
        assertThat(o.polarity().white(1)).isTrue();     // sensor 0 (white) watches square 1
        assertThat(o.polarity().white(0)).isFalse();
    }

    @Test
    void textRoundTrips() {
        SensorMapping m = SensorMapping.grid(12, 8, new GridOrder(12, 8, Rotation.R270, false, true));
        assertThat(SensorMapping.parse(12, 8, m.toText())).isEqualTo(m);
        SensorMapping withGaps = SensorMapping.parse(8, 8, "a1  b1 -\n c1");
        assertThat(withGaps.sensorCount()).isEqualTo(4);
        assertThat(withGaps.square(2)).isEqualTo(SensorMapping.UNUSED);
        assertThat(withGaps.square(3)).isEqualTo(2);
        assertThat(withGaps.toText()).isEqualTo("a1 b1 - c1");
    }

    @Test
    void badTablesNameTheSensorAndText() {
        assertThatThrownBy(() -> SensorMapping.parse(8, 8, "a1 b1 z9"))
                .hasMessageContaining("sensor 2").hasMessageContaining("column 7").hasMessageContaining("'z9'");
        assertThatThrownBy(() -> SensorMapping.parse(8, 8, "a1 b1 a1"))
                .hasMessageContaining("sensors 0 and 2").hasMessageContaining("a1");
        assertThatThrownBy(() -> SensorMapping.parse(8, 8, "i1")).hasMessageContaining("'i1'");
        assertThatThrownBy(() -> SensorMapping.table(8, 8, 64)).hasMessageContaining("off the 8x8 board");
        assertThatThrownBy(() -> SensorMapping.grid(8, 8, GridOrder.rowMajor(12, 8))).hasMessageContaining("12x8");
    }

    @Test
    void squareNames() {
        // A sensor table is written by people: blanks and the file letter's case do not matter, and an error names
        // the board's squares.
        assertThat(SensorMapping.parse(12, 8, "l8").square(0)).isEqualTo(95);
        assertThat(SensorMapping.parse(8, 8, "E4").square(0)).isEqualTo(28);
        assertThat(SensorMapping.table(12, 8, 95).toText()).isEqualTo("l8");
        assertThatThrownBy(() -> SensorMapping.parse(8, 8, "e0")).hasMessageContaining("'e0'");
        assertThatThrownBy(() -> SensorMapping.parse(8, 8, "e10")).hasMessageContaining("a1..h8");
        assertThatThrownBy(() -> SensorMapping.parse(8, 8, "e+4")).hasMessageContaining("'e+4'");
    }
}
