package org.marelle.bridge.config;

/**
 * The daemon's configuration: one YAML file, one section per part. Every section but {@code board} may be left out
 * and takes its documented defaults ({@code docs/config.md}). Read it with {@link ConfigLoader}, which also checks
 * it; the records only fill in defaults. {@code broadcast} stays null when the file has no such section (no live
 * broadcast), and so does {@code play} (two people at the board), and {@code publish} (nothing published).
 */
public record MarelleConfig(BoardConfig board, LedConfig leds, RecognitionSettings recognition, GameConfig game,
                            OutputConfig output, BroadcastSettings broadcast, PlayConfig play, PublishConfig publish) {

    public MarelleConfig {
        if (leds == null) leds = new LedConfig.None();
        if (recognition == null) recognition = RecognitionSettings.DEFAULTS;
        if (game == null) game = GameConfig.DEFAULTS;
        if (output == null) output = OutputConfig.DEFAULTS;
    }

    /** Without a {@code publish} section. */
    public MarelleConfig(BoardConfig board, LedConfig leds, RecognitionSettings recognition, GameConfig game,
                         OutputConfig output, BroadcastSettings broadcast, PlayConfig play) {
        this(board, leds, recognition, game, output, broadcast, play, null);
    }

    /** Without a {@code play} section: two people at the board. */
    public MarelleConfig(BoardConfig board, LedConfig leds, RecognitionSettings recognition, GameConfig game,
                         OutputConfig output, BroadcastSettings broadcast) {
        this(board, leds, recognition, game, output, broadcast, null);
    }

    /** The same configuration with another {@code broadcast} section (null: none). */
    public MarelleConfig withBroadcast(BroadcastSettings b) {
        return new MarelleConfig(board, leds, recognition, game, output, b, play, publish);
    }
}
