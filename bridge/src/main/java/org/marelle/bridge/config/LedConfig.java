package org.marelle.bridge.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/** {@code leds}: the board's LEDs, chosen by {@code type} (default none). */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = LedConfig.None.class, name = "none"),
    @JsonSubTypes.Type(value = LedConfig.Ws2812.class, name = "ws2812"),
    @JsonSubTypes.Type(value = LedConfig.Max7219.class, name = "max7219"),
    @JsonSubTypes.Type(value = LedConfig.Board.class, name = "board")
})
public sealed interface LedConfig {

    List<String> TYPES = List.of("none", "ws2812", "max7219", "board");

    int DEFAULT_BLINK_MILLIS = 800;

    /** No LEDs. */
    record None() implements LedConfig {
    }

    /**
     * WS2812 ("NeoPixel") LEDs on the SPI MOSI pin (GPIO 10 for SPI 0), one per square or on the corners.
     *
     * @param spiBus       SPI bus (default 0)
     * @param spiChannel   chip select (default 0; WS2812 ignore it, but the bus needs one)
     * @param brightness   0..255, scales every colour (default 64)
     * @param maxMilliamps current budget of the whole strip, colours dimmed to fit; 0 for none (default 1500)
     * @param layout       where the LEDs are (default one per square, chain from a1 along rank 1)
     * @param blinkMillis  period of blinking squares (default 800)
     */
    record Ws2812(Integer spiBus, Integer spiChannel, Integer brightness, Integer maxMilliamps, LedLayoutConfig layout,
                  Integer blinkMillis) implements LedConfig {
        public Ws2812 {
            if (spiBus == null) spiBus = 0;
            if (spiChannel == null) spiChannel = 0;
            if (brightness == null) brightness = 64;
            if (maxMilliamps == null) maxMilliamps = 1500;
            if (layout == null) layout = LedLayoutConfig.DEFAULTS;
            if (blinkMillis == null) blinkMillis = DEFAULT_BLINK_MILLIS;
        }
    }

    /**
     * An 8×8 single-colour matrix on a MAX7219 (8×8 boards only, one LED per square).
     *
     * @param spiBus      SPI bus (default 0)
     * @param spiChannel  chip select (default 0)
     * @param intensity   0..15 (default 8)
     * @param layout      how the matrix lies on the board (placement must be per-square)
     * @param blinkMillis period of blinking squares (default 800)
     */
    record Max7219(Integer spiBus, Integer spiChannel, Integer intensity, LedLayoutConfig layout, Integer blinkMillis)
            implements LedConfig {
        public Max7219 {
            if (spiBus == null) spiBus = 0;
            if (spiChannel == null) spiChannel = 0;
            if (intensity == null) intensity = 8;
            if (layout == null) layout = LedLayoutConfig.DEFAULTS;
            if (blinkMillis == null) blinkMillis = DEFAULT_BLINK_MILLIS;
        }
    }

    /**
     * The LEDs of a serial board, driven through its microcontroller (board.driver must be serial).
     *
     * @param layout      where the LEDs are
     * @param blinkMillis period of blinking squares (default 800)
     */
    record Board(LedLayoutConfig layout, Integer blinkMillis) implements LedConfig {
        public Board {
            if (layout == null) layout = LedLayoutConfig.DEFAULTS;
            if (blinkMillis == null) blinkMillis = DEFAULT_BLINK_MILLIS;
        }
    }
}
