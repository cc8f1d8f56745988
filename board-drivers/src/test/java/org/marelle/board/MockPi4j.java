package org.marelle.board;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.platform.MockPlatform;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProvider;
import com.pi4j.plugin.mock.provider.spi.MockSpiProvider;

/** A Pi4J context on the mock platform only: real Pi4J code paths, no hardware, no provider auto-detection. */
public final class MockPi4j {

    private MockPi4j() {
    }

    public static Context context() {
        return Pi4J.newContextBuilder()
                .add(new MockPlatform())
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance(),
                        MockI2CProvider.newInstance(), MockSpiProvider.newInstance())
                .build();
    }
}
