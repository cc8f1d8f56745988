package org.marelle.bridge.config;

import org.marelle.bridge.recognition.SensorModel;

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
 * @param sensorType    {@code hall} or {@code reed}: how the sensors misread, which the recognizer allows for
 *                      (default hall: a piece set down off centre may read empty for a moment; reed switches do not)
 */
public record BoardConfig(String variant, Integer files, Integer ranks, DriverConfig driver, SensorsConfig sensors,
                          Integer debounceScans, Integer scanHz, String sensorType) {

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
        if (sensorType == null) sensorType = "hall";
    }

    /** The sensing the recognizer reasons with (the loader has checked the values). */
    public SensorModel sensorModel() {
        return "reed".equals(sensorType) ? SensorModel.reed(scanHz, debounceScans) : SensorModel.hall(scanHz, debounceScans);
    }
}
