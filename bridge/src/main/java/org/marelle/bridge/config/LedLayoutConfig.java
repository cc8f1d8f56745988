package org.marelle.bridge.config;

/**
 * {@code leds.layout}: where the LEDs are and in which order the chain visits them.
 *
 * @param placement  {@code per-square} (one LED under each square) or {@code corners} (an LED on each square corner:
 *                   9×9 on 8×8, 13×9 on 12×8) (default per-square)
 * @param rotation   0, 90, 180 or 270: where LED 0 is, as for the sensors (default 0: a1)
 * @param mirrored   files reversed after turning (default false)
 * @param serpentine every second line of the chain runs back, as strips are usually laid (default false)
 */
public record LedLayoutConfig(String placement, Integer rotation, Boolean mirrored, Boolean serpentine) {

    public static final String PER_SQUARE = "per-square";
    public static final String CORNERS = "corners";
    public static final LedLayoutConfig DEFAULTS = new LedLayoutConfig(PER_SQUARE, 0, false, false);

    public LedLayoutConfig {
        if (placement == null) placement = PER_SQUARE;
        if (rotation == null) rotation = 0;
        if (mirrored == null) mirrored = false;
        if (serpentine == null) serpentine = false;
    }
}
