package org.marelle.board.led;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.marelle.board.LedBoard;
import org.marelle.board.LedFrame;
import org.marelle.board.ManualClock;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.junit.jupiter.api.Test;

class PixelLedBoardTest {

    /** Records every write. */
    static final class RecordingStrip implements PixelStrip {
        final int pixels;
        final List<int[]> writes = new ArrayList<>();
        boolean closed;

        RecordingStrip(int pixels) {
            this.pixels = pixels;
        }

        @Override
        public int pixelCount() {
            return pixels;
        }

        @Override
        public void write(int[] rgb) {
            writes.add(rgb.clone());
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private final ManualClock clock = new ManualClock(0);

    @Test
    void writesOnlyWhatChangesAndPadsALongerStrip() {
        var strip = new RecordingStrip(70);                     // 64 squares, 6 spare LEDs at the end
        var leds = new PixelLedBoard(LedLayout.perSquare(8, 8, Rotation.R0, false, false), strip, clock,
                Duration.ofMillis(1000));
        LedFrame frame = LedFrame.builder(8, 8).on(3, 0xABCDEF).build();
        leds.show(frame);
        leds.show(frame);
        assertThat(leds.refresh()).isFalse();
        assertThat(strip.writes).singleElement().satisfies(w -> {
            assertThat(w).hasSize(70);
            assertThat(w[3]).isEqualTo(0xABCDEF);
        });
    }

    @Test
    void rawPixelsLightSingleLedsUntilTheNextFrame() {
        var strip = new RecordingStrip(81);
        var leds = new PixelLedBoard(LedLayout.corners(8, 8, Rotation.R0, false, false), strip, clock,
                Duration.ofMillis(1000));
        int[] one = new int[81];
        one[40] = 0x00FF00;
        assertThat(leds.showPixels(one)).isTrue();
        clock.set(500);
        assertThat(leds.refresh()).isFalse();          // the blink thread does not paint over the pattern
        assertThat(strip.writes).singleElement().satisfies(w -> {
            assertThat(w[40]).isEqualTo(0x00FF00);
            assertThat(java.util.Arrays.stream(w).filter(c -> c != 0).count()).isEqualTo(1);
        });
        leds.show(LedFrame.off(8, 8));
        assertThat(strip.writes).hasSize(2);
        assertThat(strip.writes.get(1)).containsOnly(0);
    }

    @Test
    void blinkIsLitInTheFirstHalfOfThePeriod() {
        var strip = new RecordingStrip(64);
        var leds = new PixelLedBoard(LedLayout.perSquare(8, 8, Rotation.R0, false, false), strip, clock,
                Duration.ofMillis(1000));
        leds.show(LedFrame.builder(8, 8).blink(0, 0xFF0000).build());
        clock.set(499);
        leds.refresh();
        clock.set(500);
        leds.refresh();
        clock.set(1000);
        leds.refresh();
        assertThat(strip.writes).extracting(w -> w[0]).containsExactly(0xFF0000, 0, 0xFF0000);
    }

    @Test
    void closeReleasesTheStripAndLaterRefreshesDoNothing() {
        var strip = new RecordingStrip(64);
        var leds = new PixelLedBoard(LedLayout.perSquare(8, 8, Rotation.R0, false, false), strip, clock,
                Duration.ofMillis(1000));
        leds.close();
        assertThat(strip.closed).isTrue();
        assertThat(leds.refresh()).isFalse();
    }

    @Test
    void refusesFramesOfAnotherBoard() {
        var leds = new PixelLedBoard(LedLayout.perSquare(8, 8, Rotation.R0, false, false), new RecordingStrip(64),
                clock, Duration.ofMillis(1000));
        assertThatThrownBy(() -> leds.show(LedFrame.off(12, 8))).hasMessageContaining("12x8");
    }

    @Test
    void noLedsAcceptsAnything() {
        LedBoard none = LedBoard.none();
        none.show(LedFrame.builder(12, 8).on(0, 1).build());
        none.close();
    }

    @Test
    void frameBuilderSetsManySquares() {
        LedFrame f = LedFrame.builder(8, 8).on(0, 0x010203).blink(1, 0x040506).set(2, 0x070809, LedFrame.Pattern.OFF)
                .off(0).build();
        assertThat(f.led(0)).isEqualTo(LedFrame.Led.OFF);
        assertThat(f.led(1)).isEqualTo(new LedFrame.Led(0x040506, LedFrame.Pattern.BLINK));
        assertThat(f.squareCount()).isEqualTo(64);
        assertThat(f.toBuilder().on(5, 1).build().led(1)).isEqualTo(f.led(1));
        assertThat(f).isEqualTo(LedFrame.off(8, 8).with(1, new LedFrame.Led(0x040506, LedFrame.Pattern.BLINK))
                .with(2, new LedFrame.Led(0x070809, LedFrame.Pattern.OFF)));
    }
}
