package org.marelle.board.i2c;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.marelle.board.SensorReading;
import org.marelle.board.SensorScanner;

/**
 * Sensors on MCP23017 16-bit I²C port expanders: 16 inputs per chip, 4 chips for an 8x8 board, 6 for 12x8, at
 * addresses 0x20–0x27 (pins A2 A1 A0). Sensor {@code 16 * chip + k} is GPA0..GPA7 for k = 0..7 and GPB0..GPB7
 * for k = 8..15, chips in the order the addresses are given.
 *
 * <p>Registers (MCP23017 datasheet, IOCON.BANK = 0, the reset default): IODIRA 0x00 / IODIRB 0x01 (1 = input),
 * IPOLA 0x02 / IPOLB 0x03, GPPUA 0x0C / GPPUB 0x0D (1 = 100 kΩ pull-up), GPIOA 0x12 / GPIOB 0x13. With sequential
 * addressing (IOCON.SEQOP = 0, the default) one two-byte read from GPIOA returns GPIOA then GPIOB, so a chip
 * costs one I²C transaction per scan.
 */
public final class Mcp23017Scanner implements SensorScanner {

    public static final int IODIRA = 0x00;
    public static final int IODIRB = 0x01;
    public static final int IPOLA = 0x02;
    public static final int IPOLB = 0x03;
    public static final int IOCON = 0x0A;
    public static final int GPPUA = 0x0C;
    public static final int GPPUB = 0x0D;
    public static final int GPIOA = 0x12;

    /**
     * @param bus       I²C bus number (1 on a Raspberry Pi's header pins 3 and 5)
     * @param addresses 7-bit chip addresses, chip 0 first
     * @param pullUps   whether to switch on the chips' internal pull-ups (for switches to ground)
     * @param activeLow whether a closed switch reads 0
     */
    public record Wiring(int bus, List<Integer> addresses, boolean pullUps, boolean activeLow) {
        public Wiring {
            addresses = List.copyOf(addresses);
            if (addresses.isEmpty() || addresses.size() > 8) {
                throw new IllegalArgumentException(addresses.size() + " MCP23017 chips: a bus takes 1..8");
            }
            var seen = new HashSet<Integer>();
            for (int a : addresses) {
                if (a < 0x20 || a > 0x27) {
                    throw new IllegalArgumentException("MCP23017 address 0x" + Integer.toHexString(a) + " is not 0x20..0x27");
                }
                if (!seen.add(a)) throw new IllegalArgumentException("MCP23017 address 0x" + Integer.toHexString(a) + " given twice");
            }
        }
    }

    private final List<I2C> chips;
    private final boolean activeLow;
    private final byte[] buffer = new byte[2];

    /** Configures every chip: IOCON default, all 16 pins inputs, no inversion, pull-ups as asked. */
    public Mcp23017Scanner(List<I2C> chips, boolean pullUps, boolean activeLow) {
        this.chips = List.copyOf(chips);
        if (this.chips.isEmpty() || this.chips.size() > 8) throw new IllegalArgumentException(this.chips.size() + " chips");
        this.activeLow = activeLow;
        int pull = pullUps ? 0xFF : 0x00;
        for (I2C chip : this.chips) {
            chip.writeRegister(IOCON, (byte) 0x00);
            chip.writeRegister(IODIRA, (byte) 0xFF);
            chip.writeRegister(IODIRB, (byte) 0xFF);
            chip.writeRegister(IPOLA, (byte) 0x00);
            chip.writeRegister(IPOLB, (byte) 0x00);
            chip.writeRegister(GPPUA, (byte) pull);
            chip.writeRegister(GPPUB, (byte) pull);
        }
    }

    /** Opens the chips (ids {@code mcp23017-0xNN}) and configures them. */
    public static Mcp23017Scanner open(Context pi4j, Wiring w) {
        List<I2C> chips = new ArrayList<>();
        for (int address : w.addresses()) {
            var b = I2C.newConfigBuilder(pi4j)
                    .id("mcp23017-0x" + Integer.toHexString(address))
                    .name("MCP23017 at 0x" + Integer.toHexString(address))
                    .bus(w.bus())
                    .device(address);
            if (pi4j.hasProvider("linuxfs-i2c")) b.provider("linuxfs-i2c");
            chips.add(pi4j.create(b.build()));
        }
        return new Mcp23017Scanner(chips, w.pullUps(), w.activeLow());
    }

    @Override
    public int sensorCount() {
        return chips.size() * 16;
    }

    @Override
    public SensorReading scan() {
        long lo = 0, hi = 0;
        for (int c = 0; c < chips.size(); c++) {
            I2C chip = chips.get(c);
            int n = chip.readRegister(GPIOA, buffer, 0, 2);
            if (n != 2) {
                throw new IllegalStateException("MCP23017 at 0x" + Integer.toHexString(chip.device()) + ": read "
                        + Math.max(n, 0) + " of 2 bytes from GPIOA/GPIOB");
            }
            int pins = (buffer[0] & 0xFF) | (buffer[1] & 0xFF) << 8;
            if (activeLow) pins = ~pins & 0xFFFF;
            long bits = (long) pins;
            int shift = c * 16;
            if (shift < 64) lo |= bits << shift; else hi |= bits << (shift - 64);
        }
        return SensorReading.of(lo, hi);
    }

    @Override
    public void close() {
        for (I2C chip : chips) chip.close();
    }
}
