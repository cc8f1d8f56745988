package org.marelle.bridge.daemon;

/**
 * Time running {@code speed} times faster than real time, from a start instant, and held back at a horizon: a
 * simulated player sets the horizon just before the time of its next sensor frame, so that however late its thread
 * runs, the recognizer never sees time pass beyond a frame that has not arrived yet. That keeps a fast demo exactly
 * as correct as a real-time one: windows close only when nothing could still happen inside them.
 */
public final class ScaledClock implements DaemonClock {

    private final long startMillis;
    private final long startNanos;
    private final double speed;
    private volatile long horizon = Long.MAX_VALUE;

    /** @param speed how many times faster than real time (1 = real time) */
    public ScaledClock(long startMillis, double speed) {
        if (!(speed > 0) || Double.isInfinite(speed)) throw new IllegalArgumentException("speed " + speed);
        this.startMillis = startMillis;
        this.startNanos = System.nanoTime();
        this.speed = speed;
    }

    public double speed() {
        return speed;
    }

    public long startMillis() {
        return startMillis;
    }

    /** Time as it would run without a horizon. */
    public long unheldMillis() {
        return startMillis + (long) ((System.nanoTime() - startNanos) / 1e6 * speed);
    }

    @Override
    public long millis() {
        return Math.min(unheldMillis(), horizon);
    }

    /** Time will not pass {@code millis} until the horizon is moved on ({@link Long#MAX_VALUE}: no horizon). */
    public void holdAt(long millis) {
        horizon = millis;
    }

    /** The real nanoseconds at which this clock (without horizon) reads {@code millis}, on {@link System#nanoTime()}. */
    public long nanoTimeAt(long millis) {
        return startNanos + (long) ((millis - startMillis) / speed * 1e6);
    }

    @Override
    public long nanosUntil(long millis) {
        long wait = nanoTimeAt(millis) - System.nanoTime();
        if (wait <= 0 && millis > horizon) {
            // Held back: the next frame is late. Look again soon rather than spin.
            return 200_000;
        }
        return Math.max(0, wait);
    }
}
