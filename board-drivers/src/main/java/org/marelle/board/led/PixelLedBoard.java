package org.marelle.board.led;

import java.time.Duration;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.marelle.board.LedBoard;
import org.marelle.board.LedFrame;
import org.marelle.board.layout.LedLayout;

/**
 * LEDs driven pixel by pixel: a {@link LedLayout} turns square frames into LED colours, a {@link PixelStrip}
 * writes them. Blinking squares are lit during the first half of each blink period and dark in the second, by
 * the injected clock; {@link #refresh()} rewrites the strip when that changes, and only then, so a steady frame
 * costs no bus traffic. {@link #start()} runs refresh on a thread; tests call it step by step.
 */
public final class PixelLedBoard implements LedBoard {

    public static final Duration DEFAULT_BLINK_PERIOD = Duration.ofMillis(800);
    private static final long REFRESH_MILLIS = 25;

    private final LedLayout layout;
    private final PixelStrip strip;
    private final InstantSource clock;
    private final long halfPeriodMillis;
    private final int[] rendered;
    private int[] written;
    private volatile LedFrame frame;
    private boolean raw;   // showing raw pixels: the blink thread leaves the strip alone until the next frame
    private ScheduledExecutorService loop;
    private boolean closed;

    public PixelLedBoard(LedLayout layout, PixelStrip strip, InstantSource clock, Duration blinkPeriod) {
        this.layout = Objects.requireNonNull(layout, "layout");
        this.strip = Objects.requireNonNull(strip, "strip");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (blinkPeriod.toMillis() < 2) throw new IllegalArgumentException("blink period " + blinkPeriod);
        this.halfPeriodMillis = blinkPeriod.toMillis() / 2;
        if (strip.pixelCount() < layout.ledCount()) {
            throw new IllegalArgumentException("the layout places " + layout.ledCount() + " LEDs but the strip has "
                    + strip.pixelCount());
        }
        this.rendered = new int[layout.ledCount()];
        this.frame = LedFrame.off(layout.files(), layout.ranks());
    }

    public PixelLedBoard(LedLayout layout, PixelStrip strip) {
        this(layout, strip, InstantSource.system(), DEFAULT_BLINK_PERIOD);
    }

    @Override
    public void show(LedFrame frame) {
        if (frame.files() != layout.files() || frame.ranks() != layout.ranks()) {
            throw new IllegalArgumentException("LED frame of " + frame.files() + "x" + frame.ranks()
                    + " for a board of " + layout.files() + "x" + layout.ranks());
        }
        synchronized (this) {
            this.frame = frame;
            raw = false;
        }
        refresh();
    }

    @Override
    public synchronized boolean showPixels(int[] rgb) {
        if (closed) return true;
        if (rgb.length > strip.pixelCount()) {
            throw new IllegalArgumentException(rgb.length + " colours for a strip of " + strip.pixelCount() + " LEDs");
        }
        raw = true;
        written = null;   // the next frame is written in full
        strip.write(Arrays.copyOf(rgb, strip.pixelCount()));
        return true;
    }

    /**
     * Renders the current frame at the current blink phase and writes the strip if any LED changed.
     *
     * @return whether the strip was written
     */
    public synchronized boolean refresh() {
        if (closed || raw) return false;
        boolean blinkLit = (clock.millis() / halfPeriodMillis & 1) == 0;
        layout.render(frame, blinkLit, rendered);
        if (written != null && Arrays.equals(written, rendered)) return false;
        int[] out = rendered.length == strip.pixelCount() ? rendered.clone()
                : Arrays.copyOf(rendered, strip.pixelCount());
        strip.write(out);
        written = rendered.clone();
        return true;
    }

    /** Starts the thread that keeps blinking squares blinking. */
    public synchronized void start() {
        if (loop != null) return;
        loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "marelle-leds");
            t.setDaemon(true);
            return t;
        });
        loop.scheduleAtFixedRate(this::refreshQuietly, 0, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            // A bus error must not kill the blink thread; the next refresh tries again.
            System.getLogger(PixelLedBoard.class.getName()).log(System.Logger.Level.WARNING, "LED refresh failed", e);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
            if (loop != null) {
                loop.shutdownNow();
                loop = null;
            }
            strip.close();
        }
    }
}
