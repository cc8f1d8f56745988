package org.marelle.board.led;

import com.pi4j.context.Context;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiMode;
import java.util.Objects;

/**
 * An 8x8 single-colour LED matrix driven by a MAX7219 over SPI: 64 pixels, lit when their colour is not black.
 * Pixel {@code i} is digit register {@code i / 8} (rows), bit {@code 7 - i % 8} (columns, first pixel of a row in
 * the most significant bit, segment DP); the {@link org.marelle.board.layout.LedLayout} turns and mirrors the
 * board onto that. The chip has one brightness for all pixels, its intensity register (0–15).
 *
 * <p>Each register write is one 16-bit SPI transfer, register address first; the chip latches it when chip
 * select rises. Registers (MAX7219 datasheet, table 2): 0x01–0x08 digits 0–7, 0x09 decode mode, 0x0A intensity,
 * 0x0B scan limit, 0x0C shutdown, 0x0F display test.
 */
public final class Max7219Matrix implements PixelStrip {

    public static final int DIGIT0 = 0x01;
    public static final int DECODE_MODE = 0x09;
    public static final int INTENSITY = 0x0A;
    public static final int SCAN_LIMIT = 0x0B;
    public static final int SHUTDOWN = 0x0C;
    public static final int DISPLAY_TEST = 0x0F;
    /** The chip accepts up to 10 MHz; 1 MHz is plenty for 8 rows and forgiving of long wires. */
    public static final int SPI_HZ = 1_000_000;

    private final Spi spi;
    private final byte[] rows = new byte[8];
    private final byte[] transfer = new byte[2];

    /** Sets the chip up (no decoding, all 8 digits scanned, intensity, display on) and blanks it. */
    public Max7219Matrix(Spi spi, int intensity) {
        this.spi = Objects.requireNonNull(spi, "spi");
        if (intensity < 0 || intensity > 15) throw new IllegalArgumentException("MAX7219 intensity " + intensity + " is not 0..15");
        register(DISPLAY_TEST, 0x00);
        register(DECODE_MODE, 0x00);
        register(SCAN_LIMIT, 0x07);
        register(INTENSITY, intensity);
        for (int d = 0; d < 8; d++) register(DIGIT0 + d, 0x00);
        register(SHUTDOWN, 0x01);
    }

    public static Max7219Matrix open(Context pi4j, int bus, int channel, int intensity) {
        var config = Spi.newConfigBuilder(pi4j)
                .id("max7219-spi" + bus + "." + channel)
                .name("MAX7219 LED matrix")
                .bus(bus)
                .channel(channel)
                .mode(SpiMode.MODE_0)
                .baud(SPI_HZ);
        // The kernel's spidev, when the Pi4J context has it; otherwise the context's default (mock in tests).
        if (pi4j.hasProvider("linuxfs-spi")) config.provider("linuxfs-spi");
        Spi spi = pi4j.create(config.build());
        return new Max7219Matrix(spi, intensity);
    }

    @Override
    public int pixelCount() {
        return 64;
    }

    /** Writes the rows that changed since the last write. */
    @Override
    public void write(int[] rgb) {
        if (rgb.length != 64) throw new IllegalArgumentException(rgb.length + " colours for a 64-LED matrix");
        for (int row = 0; row < 8; row++) {
            int bits = 0;
            for (int col = 0; col < 8; col++) {
                if (rgb[row * 8 + col] != 0) bits |= 0x80 >>> col;
            }
            if (rows[row] != (byte) bits) {
                rows[row] = (byte) bits;
                register(DIGIT0 + row, bits);
            }
        }
    }

    /** Blanks the matrix and puts the chip in shutdown (LEDs off, registers kept). */
    @Override
    public void close() {
        register(SHUTDOWN, 0x00);
        spi.close();
    }

    private void register(int address, int value) {
        transfer[0] = (byte) address;
        transfer[1] = (byte) value;
        spi.write(transfer, 0, 2);
    }
}
