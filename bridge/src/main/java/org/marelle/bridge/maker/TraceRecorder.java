package org.marelle.bridge.maker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import org.marelle.board.Occupancy;
import org.marelle.bridge.trace.SensorTrace;

/**
 * Writes settled frames as a sensor trace (the JSON Lines format {@link SensorTrace} reads), so that
 * {@code marelle recognize --trace} replays a recording. Times are counted from the start of the recording (a frame
 * stamped earlier, such as a simulated board's initial one, counts as 0); the first frame is written in full, later frames as the squares that went up or down. Each line is flushed at once: a recording cut short
 * by Ctrl-C still holds every frame seen.
 */
public final class TraceRecorder implements AutoCloseable {

    private final Writer out;
    private Occupancy previous;
    private final long origin;
    private long lastMillis;

    /** @param originMillis the start of the recording, on the clock that stamps the frames */
    public TraceRecorder(Writer out, long originMillis) {
        this.out = out;
        this.origin = originMillis;
    }

    /** Records one frame. */
    public synchronized void frame(Occupancy frame) {
        // A clock stepped back (NTP) must not produce a trace the reader refuses: times never go back.
        long t = Math.max(lastMillis, frame.atMillis() - origin);
        Occupancy shifted = frame.at(t);
        List<String> lines = SensorTrace.write(previous == null ? List.of(shifted) : List.of(previous, shifted));
        write(lines.get(lines.size() - 1));
        previous = shifted;
        lastMillis = t;
    }

    /**
     * Records that time has passed up to {@code atMillis} (the clock's time, like the frames'), so the replay lets
     * the recognizer's windows run out as they did live. Ignored before the first frame.
     */
    public synchronized void tick(long atMillis) {
        if (previous == null) return;
        long t = Math.max(lastMillis, atMillis - origin);
        write(SensorTrace.tick(t));
        lastMillis = t;
    }

    private void write(String line) {
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
