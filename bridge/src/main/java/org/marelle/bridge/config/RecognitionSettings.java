package org.marelle.bridge.config;

import java.util.Locale;
import org.marelle.bridge.recognition.RecognizerConfig;

/**
 * {@code recognition}: how the move recognizer decides; the defaults are {@link RecognizerConfig#defaults()}.
 * Windows in milliseconds (see {@link RecognizerConfig} for what each one waits for).
 *
 * @param mode casual (putting pieces back takes moves back) or tournament (the board must be put right)
 */
public record RecognitionSettings(String mode, Long settleMillis, Long slideMillis, Long castlingMillis,
                                  Long captureMillis, Long promotionMillis, Long takebackMillis, Long newGameMillis,
                                  Long resultMillis, Long mismatchMillis, Long proofMillis, Integer takebackPlies) {

    public static final RecognitionSettings DEFAULTS = new RecognitionSettings(null, null, null, null, null, null,
            null, null, null, null, null, null);

    public RecognitionSettings {
        RecognizerConfig d = RecognizerConfig.defaults();
        if (mode == null) mode = d.mode().name().toLowerCase(Locale.ROOT);
        if (settleMillis == null) settleMillis = d.settleMillis();
        if (slideMillis == null) slideMillis = d.slideMillis();
        if (castlingMillis == null) castlingMillis = d.castlingMillis();
        if (captureMillis == null) captureMillis = d.captureMillis();
        if (promotionMillis == null) promotionMillis = d.promotionMillis();
        if (takebackMillis == null) takebackMillis = d.takebackMillis();
        if (newGameMillis == null) newGameMillis = d.newGameMillis();
        if (resultMillis == null) resultMillis = d.resultMillis();
        if (mismatchMillis == null) mismatchMillis = d.mismatchMillis();
        if (proofMillis == null) proofMillis = d.proofMillis();
        if (takebackPlies == null) takebackPlies = d.takebackPlies();
    }

    /** The recognizer's configuration (the loader has checked the values). */
    public RecognizerConfig toRecognizerConfig() {
        return new RecognizerConfig(RecognizerConfig.Mode.valueOf(mode.toUpperCase(Locale.ROOT)), settleMillis,
                slideMillis, castlingMillis, captureMillis, promotionMillis, takebackMillis, newGameMillis,
                resultMillis, mismatchMillis, proofMillis, takebackPlies, RecognizerConfig.DEFAULT_SENSORS);
    }
}
