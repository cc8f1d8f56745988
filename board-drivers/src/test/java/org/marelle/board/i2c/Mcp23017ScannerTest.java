package org.marelle.board.i2c;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.util.ArrayList;
import java.util.List;
import org.marelle.board.ManualClock;
import org.marelle.board.MockPi4j;
import org.marelle.board.Occupancy;
import org.marelle.board.ScanningSensorBoard;
import org.marelle.board.SensorMapping;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the MCP23017 scanner against Pi4J's mock I²C. The mock keeps a queue per register: what the driver writes
 * is queued (so the test can read the configuration back), and the test queues the bytes each scan will read.
 */
class Mcp23017ScannerTest {

    private final Context pi4j = MockPi4j.context();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private MockI2C chip(int address) {
        return pi4j.io("mcp23017-0x" + Integer.toHexString(address), MockI2C.class);
    }

    /** Queues the pin levels the next scan reads from this chip: GPIOA then GPIOB (sequential read). */
    private void pins(int address, int gpioA, int gpioB) {
        chip(address).writeRegister(Mcp23017Scanner.GPIOA, new byte[]{(byte) gpioA, (byte) gpioB});
    }

    @Test
    void configuresEveryChipAsInputsWithPullUps() {
        Mcp23017Scanner.open(pi4j, new Mcp23017Scanner.Wiring(1, List.of(0x20, 0x21, 0x22, 0x23), true, true));
        for (int a = 0x20; a <= 0x23; a++) {
            MockI2C c = chip(a);
            assertThat(c.bus()).isEqualTo(1);
            assertThat(c.device()).isEqualTo(a);
            assertThat(c.readRegister(Mcp23017Scanner.IOCON) & 0xFF).isZero();
            assertThat(c.readRegister(Mcp23017Scanner.IODIRA) & 0xFF).isEqualTo(0xFF);
            assertThat(c.readRegister(Mcp23017Scanner.IODIRB) & 0xFF).isEqualTo(0xFF);
            assertThat(c.readRegister(Mcp23017Scanner.IPOLA) & 0xFF).isZero();
            assertThat(c.readRegister(Mcp23017Scanner.GPPUA) & 0xFF).isEqualTo(0xFF);
            assertThat(c.readRegister(Mcp23017Scanner.GPPUB) & 0xFF).isEqualTo(0xFF);
        }
    }

    @Test
    void withoutPullUpsTheyStayOff() {
        Mcp23017Scanner.open(pi4j, new Mcp23017Scanner.Wiring(1, List.of(0x27), false, false));
        assertThat(chip(0x27).readRegister(Mcp23017Scanner.GPPUA) & 0xFF).isZero();
        assertThat(chip(0x27).readRegister(Mcp23017Scanner.GPPUB) & 0xFF).isZero();
    }

    @Test
    void readsSixteenSensorsPerChipActiveLow() {
        var scanner = Mcp23017Scanner.open(pi4j,
                new Mcp23017Scanner.Wiring(1, List.of(0x20, 0x21, 0x22, 0x23), true, true));
        pins(0x20, 0b1111_1110, 0xFF);       // GPA0 low: sensor 0
        pins(0x21, 0b1111_0111, 0xFF);       // GPA3 low: sensor 19
        pins(0x22, 0xFF, 0b1111_1110);       // GPB0 low: sensor 40
        pins(0x23, 0xFF, 0b0111_1111);       // GPB7 low: sensor 63
        assertThat(scanner.scan().sensors()).containsExactly(0, 19, 40, 63);
    }

    @Test
    void sixChipsForTwelveByEightActiveHigh() {
        var scanner = Mcp23017Scanner.open(pi4j,
                new Mcp23017Scanner.Wiring(1, List.of(0x20, 0x21, 0x22, 0x23, 0x24, 0x25), false, false));
        assertThat(scanner.sensorCount()).isEqualTo(96);
        for (int a = 0x20; a <= 0x23; a++) pins(a, 0, 0);
        pins(0x24, 0x01, 0x00);              // sensor 64
        pins(0x25, 0x00, 0x80);              // sensor 95
        assertThat(scanner.scan().sensors()).containsExactly(64, 95);
    }

    @Test
    void aFailedReadIsCountedAndSkipped() {
        var scanner = Mcp23017Scanner.open(pi4j, new Mcp23017Scanner.Wiring(1, List.of(0x20), true, true));
        assertThatThrownBy(scanner::scan).hasMessageContaining("0x20").hasMessageContaining("read 0 of 2");

        var clock = new ManualClock(0);
        var board = new ScanningSensorBoard(scanner, SensorMapping.table(4, 4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                12, 13, 14, 15), 1, clock, ScanningSensorBoard.DEFAULT_PERIOD);
        List<Occupancy> frames = new ArrayList<>();
        board.addListener(frames::add);
        assertThat(board.scanOnce()).isFalse();      // nothing queued: the bus "fails"
        pins(0x20, 0xFE, 0xFF);
        clock.advance(20);
        assertThat(board.scanOnce()).isTrue();
        assertThat(board.failedScans()).isEqualTo(1);
        assertThat(frames).singleElement().satisfies(o -> {
            assertThat(o.squares()).containsExactly(0);
            assertThat(o.atMillis()).isEqualTo(20);
        });
    }
}
