package org.marelle.board;

import java.util.Arrays;

/**
 * What the LEDs should show: per square a colour and a pattern (off, on, blink). Immutable; build one with
 * {@link #off(int, int)} and {@link #with(int, Led)}. A layout maps these square frames onto the hardware's LEDs
 * (one per square, or on the square corners).
 *
 * {@snippet :
 * LedFrame f = LedFrame.off(8, 8).with(12, new LedFrame.Led(0x00FF00, LedFrame.Pattern.ON));
 * }
 */
public final class LedFrame {

    public enum Pattern { OFF, ON, BLINK }

    /** One square's light: a 0xRRGGBB colour and a pattern. */
    public record Led(int rgb, Pattern pattern) {
        public static final Led OFF = new Led(0, Pattern.OFF);

        public Led {
            if (rgb < 0 || rgb > 0xFFFFFF) throw new IllegalArgumentException("colour " + Integer.toHexString(rgb) + " is not 0xRRGGBB");
        }
    }

    private final int files;
    private final int ranks;
    private final Led[] leds;

    private LedFrame(int files, int ranks, Led[] leds) {
        this.files = files;
        this.ranks = ranks;
        this.leds = leds;
    }

    public static LedFrame off(int files, int ranks) {
        Led[] leds = new Led[files * ranks];
        Arrays.fill(leds, Led.OFF);
        return new LedFrame(files, ranks, leds);
    }

    public int files() {
        return files;
    }

    public int ranks() {
        return ranks;
    }

    public Led led(int square) {
        return leds[square];
    }

    public LedFrame with(int square, Led led) {
        Led[] copy = leds.clone();
        copy[square] = led;
        return new LedFrame(files, ranks, copy);
    }

    /** A builder for a frame of this geometry, starting dark. */
    public static Builder builder(int files, int ranks) {
        return new Builder(off(files, ranks));
    }

    /** A builder starting from this frame. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public int squareCount() {
        return leds.length;
    }

    /**
     * Sets many squares without copying the frame each time. Not thread-safe; {@link #build()} may be called more
     * than once, each frame is independent of later changes.
     */
    public static final class Builder {
        private final int files;
        private final int ranks;
        private final Led[] leds;

        private Builder(LedFrame from) {
            this.files = from.files;
            this.ranks = from.ranks;
            this.leds = from.leds.clone();
        }

        public Builder set(int square, Led led) {
            leds[square] = java.util.Objects.requireNonNull(led, "led");
            return this;
        }

        public Builder set(int square, int rgb, Pattern pattern) {
            return set(square, new Led(rgb, pattern));
        }

        /** Lights the square steadily in this colour. */
        public Builder on(int square, int rgb) {
            return set(square, new Led(rgb, Pattern.ON));
        }

        public Builder blink(int square, int rgb) {
            return set(square, new Led(rgb, Pattern.BLINK));
        }

        public Builder off(int square) {
            return set(square, Led.OFF);
        }

        public LedFrame build() {
            return new LedFrame(files, ranks, leds.clone());
        }
    }

    public boolean isDark() {
        for (Led l : leds) if (l.pattern() != Pattern.OFF) return false;
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LedFrame f && f.files == files && f.ranks == ranks && Arrays.equals(f.leds, leds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(leds) * 31 + files;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int r = ranks - 1; r >= 0; r--) {
            for (int f = 0; f < files; f++) {
                Led l = leds[r * files + f];
                sb.append(switch (l.pattern()) {
                    case OFF -> '.';
                    case ON -> 'o';
                    case BLINK -> '*';
                });
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
