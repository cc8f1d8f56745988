package org.marelle.bridge.config;

/**
 * The daemon's configuration: one YAML file, one section per part. Every section but {@code board} may be left out
 * and takes its documented defaults ({@code docs/config.md}). Read it with {@link ConfigLoader}, which also checks
 * it; the records only fill in defaults. {@code broadcast} stays null when the file has no such section (no live
 * broadcast).
 */
public record MarelleConfig(BoardConfig board, LedConfig leds, RecognitionSettings recognition, GameConfig game,
                            OutputConfig output, BroadcastSettings broadcast) {

    public MarelleConfig {
        if (leds == null) leds = new LedConfig.None();
        if (recognition == null) recognition = RecognitionSettings.DEFAULTS;
        if (game == null) game = GameConfig.DEFAULTS;
        if (output == null) output = OutputConfig.DEFAULTS;
    }

    /** The same configuration with another {@code broadcast} section (null: none). */
    public MarelleConfig withBroadcast(BroadcastSettings b) {
        return new MarelleConfig(board, leds, recognition, game, output, b);
    }
}
