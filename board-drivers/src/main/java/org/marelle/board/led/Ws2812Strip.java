package org.marelle.board.led;

import com.pi4j.context.Context;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiMode;
import java.util.Objects;

/**
 * WS2812 ("NeoPixel") LEDs driven from the SPI MOSI pin. The LEDs read a 800 kHz one-wire signal; clocking SPI at
 * 2.4 MHz makes each SPI bit last 417 ns, so every data bit becomes three SPI bits: {@code 100} for a 0
 * (0.42 µs high, 0.83 µs low) and {@code 110} for a 1 (0.83 µs high, 0.42 µs low), within the WS2812B tolerances
 * (T0H 0.4 µs, T1H 0.8 µs, ±150 ns). Each LED takes 24 data bits, green then red then blue, most significant bit
 * first: 9 SPI bytes per LED. A run of zero bytes after the data (over 280 µs low) latches the colours.
 *
 * <p>Two limits protect the power supply: a brightness (0–255) scaling every channel, and an optional current
 * budget: when the estimated draw (about 20 mA per fully lit channel) exceeds it, all LEDs are dimmed together.
 */
public final class Ws2812Strip implements PixelStrip {

    /** SPI clock: three SPI bits per WS2812 bit at 800 kHz. */
    public static final int SPI_HZ = 2_400_000;
    /** Zero bytes after the data: 90 bytes at 2.4 MHz hold the line low for 300 µs, enough for any WS2812. */
    public static final int RESET_BYTES = 90;
    /** Estimated draw of one channel at full brightness, in milliamps. */
    public static final int MILLIAMPS_PER_CHANNEL = 20;

    private final Spi spi;
    private final int pixels;
    private final int brightness;
    private final int maxMilliamps;
    private final byte[] buffer;

    /**
     * @param brightness   0–255, applied to every channel
     * @param maxMilliamps current budget for the whole strip, 0 for none
     */
    public Ws2812Strip(Spi spi, int pixels, int brightness, int maxMilliamps) {
        this.spi = Objects.requireNonNull(spi, "spi");
        if (pixels < 1) throw new IllegalArgumentException("a strip of " + pixels + " LEDs");
        if (brightness < 0 || brightness > 255) throw new IllegalArgumentException("brightness " + brightness + " is not 0..255");
        if (maxMilliamps < 0) throw new IllegalArgumentException("current budget " + maxMilliamps + " mA");
        this.pixels = pixels;
        this.brightness = brightness;
        this.maxMilliamps = maxMilliamps;
        this.buffer = new byte[encodedLength(pixels)];
    }

    /** Opens SPI {@code bus}.{@code channel} at {@link #SPI_HZ}, mode 0, and drives {@code pixels} LEDs on its MOSI. */
    public static Ws2812Strip open(Context pi4j, int bus, int channel, int pixels, int brightness, int maxMilliamps) {
        var config = Spi.newConfigBuilder(pi4j)
                .id("ws2812-spi" + bus + "." + channel)
                .name("WS2812 LEDs")
                .bus(bus)
                .channel(channel)
                .mode(SpiMode.MODE_0)
                .baud(SPI_HZ);
        // The kernel's spidev, when the Pi4J context has it; otherwise the context's default (mock in tests).
        if (pi4j.hasProvider("linuxfs-spi")) config.provider("linuxfs-spi");
        Spi spi = pi4j.create(config.build());
        return new Ws2812Strip(spi, pixels, brightness, maxMilliamps);
    }

    @Override
    public int pixelCount() {
        return pixels;
    }

    @Override
    public void write(int[] rgb) {
        if (rgb.length != pixels) throw new IllegalArgumentException(rgb.length + " colours for " + pixels + " LEDs");
        encode(rgb, brightness, maxMilliamps, buffer);
        spi.write(buffer, 0, buffer.length);
    }

    @Override
    public void close() {
        write(new int[pixels]);
        spi.close();
    }

    /** SPI bytes for {@code pixels} LEDs, reset included. */
    public static int encodedLength(int pixels) {
        return pixels * 9 + RESET_BYTES;
    }

    /**
     * Encodes colours into SPI bytes (GRB, 3 SPI bits per bit, reset tail), after brightness and current limits.
     *
     * @param out at least {@link #encodedLength(int)} bytes
     */
    public static void encode(int[] rgb, int brightness, int maxMilliamps, byte[] out) {
        int n = rgb.length;
        int[] grb = new int[n * 3];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int c = rgb[i];
            grb[3 * i] = scale(c >>> 8 & 0xFF, brightness);
            grb[3 * i + 1] = scale(c >>> 16 & 0xFF, brightness);
            grb[3 * i + 2] = scale(c & 0xFF, brightness);
            sum += grb[3 * i] + grb[3 * i + 1] + grb[3 * i + 2];
        }
        // Estimated draw is sum / 255 * 20 mA; when over budget, scale everything by budget / draw (rounding down,
        // so the result never exceeds the budget).
        long budgetUnits = (long) maxMilliamps * 255;
        long drawUnits = sum * MILLIAMPS_PER_CHANNEL;
        boolean limit = maxMilliamps > 0 && drawUnits > budgetUnits;
        int p = 0;
        for (int v : grb) {
            int value = limit ? (int) (v * budgetUnits / drawUnits) : v;
            int bits = spread(value);
            out[p++] = (byte) (bits >>> 16);
            out[p++] = (byte) (bits >>> 8);
            out[p++] = (byte) bits;
        }
        java.util.Arrays.fill(out, p, p + RESET_BYTES, (byte) 0);
    }

    private static int scale(int channel, int brightness) {
        return (channel * brightness + 127) / 255;
    }

    /** One byte as 24 SPI bits: each bit b becomes 1 b 0, most significant first. */
    static int spread(int value) {
        int bits = 0;
        for (int i = 7; i >= 0; i--) {
            bits = bits << 3 | 0b100 | (value >>> i & 1) << 1;
        }
        return bits;
    }
}
