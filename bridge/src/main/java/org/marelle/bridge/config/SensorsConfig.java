package org.marelle.bridge.config;

/**
 * {@code board.sensors}: which square each sensor watches. Either a regular grid (sensor 0 at the corner the
 * rotation and mirroring say, lines along the hardware's rows, every second line reversed when serpentine), or an
 * explicit table of square names in sensor order ({@code "a1 b1 c1 ..."}, {@code -} for a sensor that watches
 * nothing), as calibration writes it. A table replaces the grid settings.
 *
 * @param rotation   0, 90, 180 or 270 (default 0: sensor 0 on a1, first line along rank 1)
 * @param mirrored   files reversed after turning (default false)
 * @param serpentine every second line runs back (default false)
 * @param table      explicit table (default none)
 */
public record SensorsConfig(Integer rotation, Boolean mirrored, Boolean serpentine, String table) {

    public static final SensorsConfig DEFAULTS = new SensorsConfig(0, false, false, null);

    public SensorsConfig {
        if (rotation == null) rotation = 0;
        if (mirrored == null) mirrored = false;
        if (serpentine == null) serpentine = false;
    }
}
