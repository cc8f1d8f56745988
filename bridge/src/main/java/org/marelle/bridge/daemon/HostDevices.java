package org.marelle.bridge.daemon;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.marelle.bridge.config.DriverConfig;
import org.marelle.bridge.config.LedConfig;
import org.marelle.bridge.config.MarelleConfig;

/**
 * The kernel's device files a configuration's drivers open through Pi4J ({@code /dev/gpiochip*}, {@code /dev/i2c-N},
 * {@code /dev/spidevB.C}), and what to tell a maker when the machine lacks them. Pi4J's own words for a missing
 * device ({@code No gpio chip yet initialized!}) do not say that the machine is no Raspberry Pi, or that I²C or SPI
 * is switched off in {@code raspi-config}.
 *
 * <pre>{@code
 * String why = HostDevices.SYSTEM.explain(config);   // null when every device is there
 * }</pre>
 *
 * @param dev the device folder ({@code /dev}; another in tests)
 */
public record HostDevices(Path dev) {

    /** This machine's devices. */
    public static final HostDevices SYSTEM = new HostDevices(Path.of("/dev"));

    /**
     * What the configuration needs that this machine lacks, one sentence per missing device naming the config key,
     * the device file and what to do; null when nothing is missing (a failure then has another cause).
     */
    public String explain(MarelleConfig config) {
        List<String> missing = new ArrayList<>();
        switch (config.board().driver()) {
            case DriverConfig.GpioMatrix m -> gpio("board.driver gpio-matrix", missing);
            case DriverConfig.Hc165 h -> gpio("board.driver hc165", missing);
            case DriverConfig.Mcp23017 m -> {
                String file = "i2c-" + m.bus();
                if (!Files.exists(dev.resolve(file))) {
                    missing.add("board.driver mcp23017 reads I2C bus " + m.bus() + " through " + dev.resolve(file)
                            + ", which this machine does not have: on a Raspberry Pi, switch I2C on (sudo raspi-config,"
                            + " Interface Options, I2C) and reboot; elsewhere there is no such bus.");
                }
            }
            case DriverConfig.Serial s -> {
            }
            case DriverConfig.Simulated s -> {
            }
        }
        switch (config.leds()) {
            case LedConfig.Ws2812 w -> spi("leds ws2812", w.spiBus(), w.spiChannel(), missing);
            case LedConfig.Max7219 m -> spi("leds max7219", m.spiBus(), m.spiChannel(), missing);
            case LedConfig.Board b -> {
            }
            case LedConfig.None n -> {
            }
        }
        return missing.isEmpty() ? null : String.join(" ", missing);
    }

    private void gpio(String key, List<String> missing) {
        if (hasGpioChip()) return;
        missing.add(key + " needs a GPIO chip (" + dev.resolve("gpiochip0") + "), and this machine has none: it is not"
                + " a Raspberry Pi, or its GPIO driver is not loaded. To try Marelle without a board: marelle demo, or"
                + " marelle run --config config/simulated.yaml.");
    }

    private void spi(String key, int bus, int channel, List<String> missing) {
        String file = "spidev" + bus + "." + channel;
        if (Files.exists(dev.resolve(file))) return;
        missing.add(key + " drives SPI " + bus + "." + channel + " through " + dev.resolve(file) + ", which this machine"
                + " does not have: on a Raspberry Pi, switch SPI on (sudo raspi-config, Interface Options, SPI) and"
                + " reboot; elsewhere there is no such bus.");
    }

    private boolean hasGpioChip() {
        try (DirectoryStream<Path> chips = Files.newDirectoryStream(dev, "gpiochip*")) {
            return chips.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }
}
