package org.marelle.bridge.maker;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Comparator;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.marelle.board.Occupancy;
import org.marelle.board.OccupancyListener;

/**
 * What a maker tool reacts to, in one queue: settled frames from the board's thread and lines typed by the person
 * from a reader thread. The tool's loop takes them one at a time, so its state is only ever touched by one thread.
 * Frames come before lines waiting in the queue: on a simulated board a console line makes its frames at once, and
 * they must be seen before the next line (a {@code quit} typed after {@code drop a1} comes after a1's frame).
 */
public final class MakerInput implements OccupancyListener {

    /** One thing that happened. */
    public sealed interface Event {
    }

    public record Frame(Occupancy occupancy) implements Event {
    }

    public record Line(String text) implements Event {
    }

    /** The person's input ended. */
    public record End() implements Event {
    }

    /** An event with its arrival number, so events of one kind keep their order. */
    private record Queued(Event event, long seq) {
        int rank() {
            return event instanceof Frame ? 0 : 1;
        }
    }

    private final AtomicLong arrivals = new AtomicLong();
    private final BlockingQueue<Queued> queue = new PriorityBlockingQueue<>(16,
            Comparator.comparingInt(Queued::rank).thenComparingLong(Queued::seq));

    private void add(Event e) {
        queue.add(new Queued(e, arrivals.incrementAndGet()));
    }

    @Override
    public void onOccupancy(Occupancy occupancy) {
        add(new Frame(occupancy));
    }

    /** Reads lines on a daemon thread until the reader ends, then posts {@link End}. */
    public void readLines(BufferedReader in) {
        Thread t = new Thread(() -> {
            try {
                for (String l; (l = in.readLine()) != null; ) add(new Line(l));
            } catch (IOException e) {
                // An unreadable terminal ends the person's input, as end of file does.
            }
            add(new End());
        }, "marelle-maker-input");
        t.setDaemon(true);
        t.start();
    }

    public Event take() throws InterruptedException {
        return queue.take().event();
    }

    /** The next event if there is one now, else null (to finish what is queued once the input has ended). */
    public Event poll() {
        Queued q = queue.poll();
        return q == null ? null : q.event();
    }
}
