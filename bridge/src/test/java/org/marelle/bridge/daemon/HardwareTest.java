package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pi4j.context.Context;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.marelle.board.ScanningSensorBoard;
import org.marelle.board.SensorMapping;
import org.marelle.board.led.PixelLedBoard;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.SensorsConfig;
import org.marelle.geometry.BoardGeometry;

/** The drivers a configuration names, opened on Pi4J's mock platform. */
class HardwareTest {

    @Test
    void shiftRegistersAndAMax7219Matrix() throws Exception {
        MarelleConfig c = ConfigLoader.parse("""
                board:
                  driver: {type: hc165, load: 25, clock: 24, data: 23}
                leds:
                  type: max7219
                  spiBus: 1
                """, "hc165.yaml");
        Context[] pi4j = new Context[1];
        try (Hardware h = Hardware.open(c, () -> pi4j[0] = LauncherTest.mockPi4j(), () -> Instant.EPOCH)) {
            assertThat(h.description()).isEqualTo("8 74HC165 shift registers; MAX7219 LED matrix on SPI 1");
            assertThat(h.sensors()).isInstanceOf(ScanningSensorBoard.class);
            assertThat(h.leds()).isInstanceOf(PixelLedBoard.class);
            assertThat(pi4j[0].registry().exists("hc165-load")).isTrue();
        }
    }

    @Test
    void theSensorMappingFollowsTheConfiguration() {
        BoardGeometry g = BoardGeometry.CHESS;
        assertThat(Hardware.mapping(SensorsConfig.DEFAULTS, g)).isEqualTo(SensorMapping.identity(8, 8));
        SensorMapping turned = Hardware.mapping(new SensorsConfig(180, false, false, null), g);
        assertThat(turned.square(0)).isEqualTo(g.parseSquare("h8"));
        SensorMapping table = Hardware.mapping(new SensorsConfig(0, false, false, "b1 a1"), BoardGeometry.CHESS);
        assertThat(table.square(0)).isEqualTo(1);
        assertThat(table.square(1)).isEqualTo(0);
    }

    @Test
    void aPinPi4jRefusesStopsTheStart() throws Exception {
        // Something else holds the id of the first row pin: Pi4J refuses it, and the start fails with its message.
        Context pi4j = LauncherTest.mockPi4j();
        pi4j.create(com.pi4j.io.gpio.digital.DigitalOutput.newConfigBuilder(pi4j).id("matrix-row-0").address(5));
        MarelleConfig c = ConfigLoader.parse("""
                board:
                  driver: {type: gpio-matrix, rows: [5, 6, 13, 19, 26, 16, 20, 21], columns: [4, 17, 27, 22, 23, 24, 25, 12]}
                """, "matrix.yaml");
        assertThatThrownBy(() -> Hardware.open(c, () -> pi4j, () -> Instant.EPOCH)).isInstanceOf(RuntimeException.class);
    }
}
