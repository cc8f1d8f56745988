package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;

/** What a maker is told when the machine lacks the devices the config's drivers need, on a made-up /dev. */
class HostDevicesTest {

    @TempDir
    Path dev;

    private static MarelleConfig shipped(String name) throws Exception {
        return ConfigLoader.load(Path.of("../config/" + name));
    }

    @Test
    void aGpioMatrixWithWs2812OnABareMachineNamesBothDevices() throws Exception {
        String why = new HostDevices(dev).explain(shipped("reed-matrix-ws2812.yaml"));
        assertThat(why).contains("board.driver gpio-matrix needs a GPIO chip (" + dev.resolve("gpiochip0") + ")",
                "it is not a Raspberry Pi", "leds ws2812 drives SPI 0.0 through " + dev.resolve("spidev0.0"),
                "sudo raspi-config, Interface Options, SPI");
    }

    @Test
    void nothingIsSaidWhenTheDevicesAreThere() throws Exception {
        touch("gpiochip4");
        touch("spidev0.0");
        assertThat(new HostDevices(dev).explain(shipped("reed-matrix-ws2812.yaml"))).isNull();
    }

    @Test
    void anI2cBoardNamesItsBus() throws Exception {
        MarelleConfig c = shipped("hall-mcp23017-corners.yaml");
        touch("gpiochip0");
        assertThat(new HostDevices(dev).explain(c)).startsWith("board.driver mcp23017 reads I2C bus 1 through "
                + dev.resolve("i2c-1")).contains("Interface Options, I2C");
        touch("i2c-1");
        String leds = new HostDevices(dev).explain(c);
        assertThat(leds == null || !leds.contains("I2C")).isTrue();
    }

    @Test
    void aSimulatedBoardNeedsNothing() throws Exception {
        assertThat(new HostDevices(dev).explain(shipped("simulated.yaml"))).isNull();
    }

    private void touch(String name) throws IOException {
        Files.createFile(dev.resolve(name));
    }
}
