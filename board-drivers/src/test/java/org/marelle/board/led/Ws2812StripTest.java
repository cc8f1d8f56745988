package org.marelle.board.led;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pi4j.context.Context;
import com.pi4j.io.spi.SpiMode;
import com.pi4j.plugin.mock.provider.spi.MockSpi;
import java.time.Duration;
import java.util.Arrays;
import org.marelle.board.LedFrame;
import org.marelle.board.ManualClock;
import org.marelle.board.MockPi4j;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** WS2812 over Pi4J's mock SPI: the bytes written are decoded back by an independent decoder and checked. */
class Ws2812StripTest {

    private final Context pi4j = MockPi4j.context();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    /** Reads 3-SPI-bit symbols back: 100 is a 0, 110 a 1; anything else fails the test. Returns G, R, B per LED. */
    static int[] decode(byte[] spi, int leds) {
        int[] grb = new int[leds * 3];
        for (int k = 0; k < grb.length; k++) {
            long bits = 0;
            for (int j = 0; j < 3; j++) bits = bits << 8 | (spi[3 * k + j] & 0xFF);
            int v = 0;
            for (int i = 7; i >= 0; i--) {
                int symbol = (int) (bits >>> (3 * i)) & 0b111;
                assertThat(symbol).as("symbol %d of byte %d", 7 - i, k).isIn(0b100, 0b110);
                v = v << 1 | (symbol == 0b110 ? 1 : 0);
            }
            grb[k] = v;
        }
        return grb;
    }

    private MockSpi spi() {
        return pi4j.io("ws2812-spi0.0", MockSpi.class);
    }

    @Test
    void encodesKnownBytesExactly() {
        var strip = Ws2812Strip.open(pi4j, 0, 0, 1, 255, 0);
        strip.write(new int[]{0x80FF00});      // R 0x80, G 0xFF, B 0x00: sent as G, R, B
        byte[] out = spi().readEntireMockBuffer();
        assertThat(out).hasSize(9 + Ws2812Strip.RESET_BYTES);
        assertThat(Arrays.copyOf(out, 9)).containsExactly(
                0xDB, 0x6D, 0xB6,      // 0xFF: 110 x 8
                0xD2, 0x49, 0x24,      // 0x80: 110 then 100 x 7
                0x92, 0x49, 0x24);     // 0x00: 100 x 8
        for (int i = 9; i < out.length; i++) assertThat(out[i]).as("reset byte %d", i).isZero();
    }

    @Test
    void spiIsClockedForThreeBitsPerDataBit() {
        Ws2812Strip.open(pi4j, 0, 0, 4, 255, 0);
        assertThat(spi().config().baud()).isEqualTo(2_400_000);
        assertThat(spi().config().mode()).isEqualTo(SpiMode.MODE_0);
    }

    @Test
    void cornerLayoutOnTheStripSendsGrbPerLed() {
        var layout = LedLayout.corners(8, 8, Rotation.R0, false, true);
        var strip = Ws2812Strip.open(pi4j, 0, 0, layout.ledCount(), 255, 0);
        var leds = new PixelLedBoard(layout, strip, new ManualClock(0), Duration.ofMillis(800));
        leds.show(LedFrame.builder(8, 8).on(0, 0x102030).build());   // a1: corners (0,0) (1,0) (0,1) (1,1)

        byte[] out = spi().readEntireMockBuffer();
        assertThat(out).hasSize(81 * 9 + Ws2812Strip.RESET_BYTES);
        int[] grb = decode(out, 81);
        // Serpentine: (0,0) is LED 0, (1,0) LED 1, (1,1) LED 16, (0,1) LED 17.
        for (int led : new int[]{0, 1, 16, 17}) {
            assertThat(new int[]{grb[3 * led], grb[3 * led + 1], grb[3 * led + 2]}).as("LED %d", led)
                    .containsExactly(0x20, 0x10, 0x30);
        }
        assertThat(Arrays.stream(grb).filter(v -> v != 0).count()).isEqualTo(12);
    }

    @Test
    void brightnessScalesEveryChannel() {
        var strip = Ws2812Strip.open(pi4j, 0, 0, 2, 128, 0);
        strip.write(new int[]{0xFFFFFF, 0x020406});
        int[] grb = decode(spi().readEntireMockBuffer(), 2);
        assertThat(grb).containsExactly(128, 128, 128, 2, 1, 3);
    }

    @Test
    void aCurrentBudgetDimsTheWholeStrip() {
        var strip = Ws2812Strip.open(pi4j, 0, 0, 81, 255, 500);
        int[] white = new int[81];
        Arrays.fill(white, 0xFFFFFF);
        strip.write(white);                                  // 81 x 60 mA = 4.86 A unlimited
        int[] grb = decode(spi().readEntireMockBuffer(), 81);
        long sum = Arrays.stream(grb).asLongStream().sum();
        long milliamps = sum * Ws2812Strip.MILLIAMPS_PER_CHANNEL / 255;
        assertThat(milliamps).isBetween(450L, 500L);
        assertThat(grb).containsOnly(grb[0]);                // dimmed evenly, still white

        strip.write(new int[81]);                            // a dark strip is under any budget
        assertThat(decode(spi().readEntireMockBuffer(), 81)).containsOnly(0);
    }

    @Test
    void closeTurnsTheLedsOff() {
        var strip = Ws2812Strip.open(pi4j, 0, 0, 3, 255, 0);
        strip.write(new int[]{0xFFFFFF, 0xFFFFFF, 0xFFFFFF});
        spi().readEntireMockBuffer();
        MockSpi spi = spi();
        strip.close();
        assertThat(decode(spi.readEntireMockBuffer(), 3)).containsOnly(0);
    }

    @Test
    void rejectsBadSettings() {
        assertThatThrownBy(() -> Ws2812Strip.open(pi4j, 0, 0, 4, 300, 0)).hasMessageContaining("brightness 300");
        var strip = Ws2812Strip.open(pi4j, 0, 1, 4, 255, 0);
        assertThatThrownBy(() -> strip.write(new int[3])).hasMessageContaining("3 colours for 4 LEDs");
    }
}
