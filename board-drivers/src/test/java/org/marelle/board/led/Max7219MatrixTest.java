package org.marelle.board.led;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.spi.MockSpi;
import java.time.Duration;
import org.marelle.board.LedFrame;
import org.marelle.board.ManualClock;
import org.marelle.board.MockPi4j;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** MAX7219 over Pi4J's mock SPI: register writes are checked byte for byte against the datasheet's registers. */
class Max7219MatrixTest {

    private final Context pi4j = MockPi4j.context();
    private final ManualClock clock = new ManualClock(0);

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private MockSpi spi() {
        return pi4j.io("max7219-spi0.1", MockSpi.class);
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) b[i] = (byte) values[i];
        return b;
    }

    @Test
    void setsTheChipUpAndBlanksIt() {
        Max7219Matrix.open(pi4j, 0, 1, 8);
        assertThat(spi().readEntireMockBuffer()).containsExactly(bytes(
                0x0F, 0x00,   // display test off
                0x09, 0x00,   // no BCD decoding
                0x0B, 0x07,   // scan all 8 digits
                0x0A, 0x08,   // intensity 8 of 15
                0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x04, 0x00, 0x05, 0x00, 0x06, 0x00, 0x07, 0x00, 0x08, 0x00,
                0x0C, 0x01)); // leave shutdown
    }

    @Test
    void writesOnlyTheRowsThatChange() {
        var matrix = Max7219Matrix.open(pi4j, 0, 1, 15);
        var leds = new PixelLedBoard(LedLayout.perSquare(8, 8, Rotation.R0, false, false), matrix, clock,
                Duration.ofMillis(800));
        spi().readEntireMockBuffer();

        leds.show(LedFrame.builder(8, 8).on(0, 0x00FF00).build());            // a1: row 0, first column
        assertThat(spi().readEntireMockBuffer()).containsExactly(bytes(0x01, 0x80));

        leds.show(LedFrame.builder(8, 8).on(12, 0x00FF00).on(15, 0x0000FF).build());   // e2, h2: row 1
        assertThat(spi().readEntireMockBuffer()).containsExactly(bytes(0x01, 0x00, 0x02, 0x09));

        leds.show(LedFrame.builder(8, 8).on(12, 0xFF0000).on(15, 0x0000FF).build());   // colour only: same pixels
        assertThat(spi().readEntireMockBuffer()).isEmpty();
    }

    @Test
    void blinkingFollowsTheClock() {
        var matrix = Max7219Matrix.open(pi4j, 0, 1, 15);
        var leds = new PixelLedBoard(LedLayout.perSquare(8, 8, Rotation.R0, false, false), matrix, clock,
                Duration.ofMillis(800));
        spi().readEntireMockBuffer();
        leds.show(LedFrame.builder(8, 8).blink(63, 0xFFFFFF).build());        // h8: row 7, last column
        assertThat(spi().readEntireMockBuffer()).containsExactly(bytes(0x08, 0x01));
        clock.advance(399);
        assertThat(leds.refresh()).isFalse();
        clock.advance(1);
        assertThat(leds.refresh()).isTrue();
        assertThat(spi().readEntireMockBuffer()).containsExactly(bytes(0x08, 0x00));
        clock.advance(400);
        assertThat(leds.refresh()).isTrue();
        assertThat(spi().readEntireMockBuffer()).containsExactly(bytes(0x08, 0x01));
    }

    @Test
    void closeShutsTheChipDown() {
        var matrix = Max7219Matrix.open(pi4j, 0, 1, 0);
        MockSpi spi = spi();
        spi.readEntireMockBuffer();
        matrix.close();
        assertThat(spi.readEntireMockBuffer()).containsExactly(bytes(0x0C, 0x00));
    }

    @Test
    void onlyFitsAnEightByEightBoard() {
        var matrix = Max7219Matrix.open(pi4j, 0, 1, 0);
        assertThatThrownBy(() -> new PixelLedBoard(LedLayout.perSquare(12, 8, Rotation.R0, false, false), matrix,
                clock, Duration.ofMillis(800))).hasMessageContaining("96 LEDs").hasMessageContaining("64");
        assertThatThrownBy(() -> Max7219Matrix.open(pi4j, 0, 0, 16)).hasMessageContaining("intensity 16");
    }
}
