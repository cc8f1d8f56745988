package org.marelle.bridge.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/** {@code board.driver}: the sensor hardware, chosen by {@code type}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = DriverConfig.GpioMatrix.class, name = "gpio-matrix"),
    @JsonSubTypes.Type(value = DriverConfig.Mcp23017.class, name = "mcp23017"),
    @JsonSubTypes.Type(value = DriverConfig.Hc165.class, name = "hc165"),
    @JsonSubTypes.Type(value = DriverConfig.Serial.class, name = "serial"),
    @JsonSubTypes.Type(value = DriverConfig.Simulated.class, name = "simulated")
})
public sealed interface DriverConfig {

    /** The type names, as written in the file. */
    List<String> TYPES = List.of("gpio-matrix", "mcp23017", "hc165", "serial", "simulated");

    /**
     * Reed switches or Hall sensors in a row/column matrix on GPIO pins (BCM numbers), with a diode per switch.
     *
     * @param rows         row pins, driven one at a time (required)
     * @param columns      column pins, read (required)
     * @param activeLow    rows selected low, columns pulled up (default true)
     * @param settleMicros wait after selecting a row (default 10)
     */
    record GpioMatrix(List<Integer> rows, List<Integer> columns, Boolean activeLow, Integer settleMicros)
            implements DriverConfig {
        public GpioMatrix {
            if (activeLow == null) activeLow = true;
            if (settleMicros == null) settleMicros = 10;
        }
    }

    /**
     * MCP23017 I²C port expanders, 16 inputs each, sensor 16 × chip + pin (GPA0..7, then GPB0..7).
     *
     * @param bus       I²C bus (default 1, the header's pins 3 and 5)
     * @param addresses chip addresses 0x20..0x27, chip 0 first (required)
     * @param pullUps   the chips' internal pull-ups on (default true)
     * @param activeLow a closed switch reads 0 (default true)
     */
    record Mcp23017(Integer bus, List<Integer> addresses, Boolean pullUps, Boolean activeLow) implements DriverConfig {
        public Mcp23017 {
            if (bus == null) bus = 1;
            if (pullUps == null) pullUps = true;
            if (activeLow == null) activeLow = true;
        }
    }

    /**
     * A chain of 74HC165 shift registers on three GPIO pins, 8 inputs per chip.
     *
     * @param load        SH/LD pin (required)
     * @param clock       CLK pin (required)
     * @param data        QH pin of the first chip (required)
     * @param chips       chips in the chain (default: enough for the board's squares)
     * @param activeLow   a closed switch reads 0 (default true)
     * @param pulseMicros extra wait after each edge (default 0)
     */
    record Hc165(Integer load, Integer clock, Integer data, Integer chips, Boolean activeLow, Integer pulseMicros)
            implements DriverConfig {
        public Hc165 {
            if (activeLow == null) activeLow = true;
            if (pulseMicros == null) pulseMicros = 0;
        }
    }

    /**
     * A microcontroller that scans the board and speaks Marelle's serial line protocol.
     *
     * @param port device path, e.g. /dev/ttyACM0 or /dev/serial/by-id/... (required)
     * @param baud bits per second (default 115200)
     */
    record Serial(String port, Integer baud) implements DriverConfig {
        public Serial {
            if (baud == null) baud = 115200;
        }
    }

    /**
     * A board in memory. With {@code listen}, a person can play on it from another terminal
     * ({@code nc localhost PORT}, then {@code move e2 e4}); the console listens on the loopback address only.
     *
     * @param listen TCP port of the console (default: no console)
     */
    record Simulated(Integer listen) implements DriverConfig {
    }
}
