package org.marelle.bridge.config;

/**
 * The daemon's configuration: one YAML file, one section per part. Every section but {@code board} may be left out
 * and takes its documented defaults ({@code docs/config.md}). Read it with {@link ConfigLoader}, which also checks
 * it; the records only fill in defaults.
 */
public record MarelleConfig(BoardConfig board, LedConfig leds, RecognitionSettings recognition, GameConfig game,
                            OutputConfig output) {

    public MarelleConfig {
        if (leds == null) leds = new LedConfig.None();
        if (recognition == null) recognition = RecognitionSettings.DEFAULTS;
        if (game == null) game = GameConfig.DEFAULTS;
        if (output == null) output = OutputConfig.DEFAULTS;
    }
}
