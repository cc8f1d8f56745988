package org.marelle.board.gpio;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalInputConfigBuilder;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalOutputConfigBuilder;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;

/**
 * Creates GPIO pins the way the scanners need them: BCM numbering, the gpiod provider when the Pi4J context has
 * it (the kernel's character-device interface, the supported one on current Raspberry Pi OS), otherwise the
 * context's default provider (the mock one in tests).
 */
public final class GpioPins {

    public static final String GPIOD_INPUT = "gpiod-digital-input";
    public static final String GPIOD_OUTPUT = "gpiod-digital-output";

    private GpioPins() {
    }

    /**
     * An input with Pi4J's own debounce switched off: a matrix column changes within microseconds as rows are
     * driven, and debouncing happens on whole scans in {@link org.marelle.board.Debouncer}.
     */
    public static DigitalInput input(Context pi4j, String id, int bcm, PullResistance pull) {
        checkPin(id, bcm);
        DigitalInputConfigBuilder b = DigitalInput.newConfigBuilder(pi4j)
                .id(id).name(id).address(bcm).pull(pull).debounce(0L);
        if (pi4j.hasProvider(GPIOD_INPUT)) b.provider(GPIOD_INPUT);
        return pi4j.create(b);
    }

    /** An output that starts, and is left on shutdown, at {@code idle}. */
    public static DigitalOutput output(Context pi4j, String id, int bcm, DigitalState idle) {
        checkPin(id, bcm);
        DigitalOutputConfigBuilder b = DigitalOutput.newConfigBuilder(pi4j)
                .id(id).name(id).address(bcm).initial(idle).shutdown(idle);
        if (pi4j.hasProvider(GPIOD_OUTPUT)) b.provider(GPIOD_OUTPUT);
        return pi4j.create(b);
    }

    private static void checkPin(String id, int bcm) {
        // The 40-pin header brings out BCM 0..27; 0 and 1 are the HAT EEPROM's I²C and best left alone, but legal.
        if (bcm < 0 || bcm > 27) throw new IllegalArgumentException(id + ": BCM " + bcm + " is not a header GPIO (0..27)");
    }
}
