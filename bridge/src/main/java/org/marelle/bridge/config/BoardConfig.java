package org.marelle.bridge.config;

/**
 * {@code board}: what is played on it and how its sensors are read.
 *
 * @param variant       the rules: standard, chess960, courier, courier-jumps, courier-modern (default standard)
 * @param files         files of the board; optional, must agree with the variant (8, or 12 for Courier)
 * @param ranks         ranks of the board; optional, must agree with the variant (8)
 * @param driver        the sensor hardware (required)
 * @param sensors       which square each sensor watches (default: sensor 0 on a1, along rank 1, then rank 2, ...)
 * @param debounceScans identical scans that make a reading settled (default 2; serial and simulated boards 1)
 * @param scanHz        scans per second of boards the host scans itself (default 50)
 */
public record BoardConfig(String variant, Integer files, Integer ranks, DriverConfig driver, SensorsConfig sensors,
                          Integer debounceScans, Integer scanHz) {

    public static final String DEFAULT_VARIANT = "standard";
    public static final int DEFAULT_DEBOUNCE_SCANS = 2;
    public static final int DEFAULT_SCAN_HZ = 50;

    public BoardConfig {
        if (variant == null) variant = DEFAULT_VARIANT;
        if (sensors == null) sensors = SensorsConfig.DEFAULTS;
        if (debounceScans == null) {
            debounceScans = driver instanceof DriverConfig.Serial || driver instanceof DriverConfig.Simulated
                    ? 1 : DEFAULT_DEBOUNCE_SCANS;
        }
        if (scanHz == null) scanHz = DEFAULT_SCAN_HZ;
    }
}
