package org.marelle.bridge.daemon;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.marelle.board.LedBoard;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.board.OccupancyListener;
import org.marelle.board.SensorBoard;
import org.marelle.bridge.output.Coalescer;

/**
 * The running daemon for one board: the board's frames go through a queue to one thread, the daemon's, which owns
 * the {@link BoardLoop} (recognizer and game session) and lets the recognizer's time pass by the injected clock.
 * LEDs and files are written by their own threads, so that neither a slow SD card nor an LED bus holds up the
 * recognizer; only the journal is written on the daemon's thread, because a move must be on disk before anything
 * else sees it.
 *
 * <p>{@link #stop()} (the shutdown hook calls it on SIGTERM) stops the board, lets the daemon's thread finish what
 * it is doing, turns the LEDs off and closes every file.
 */
public final class Daemon implements AutoCloseable {

    private sealed interface Input {
    }

    private record FrameInput(Occupancy frame) implements Input {
    }

    private record ReadingLostInput(long atMillis) implements Input {
    }

    private record CommandInput(Function<BoardLoop, ?> command, CompletableFuture<Object> done) implements Input {
    }

    private enum Stop implements Input { STOP }

    /** When nothing is waiting, how often the thread wakes to look at the clock anyway. */
    private static final long IDLE_NANOS = 1_000_000_000L;

    private final SensorBoard board;
    private final LedBoard ledBoard;
    private final BoardLoop loop;
    private final DaemonClock clock;
    private final EventLog log;
    /** Bugs met while handling inputs, said once rather than once a frame (only the daemon's thread uses it). */
    private final RepeatedFailures failures = new RepeatedFailures();
    private final List<AutoCloseable> closeAtStop;
    private final LinkedBlockingQueue<Input> inbox = new LinkedBlockingQueue<>();
    private final Coalescer<LedFrame> leds;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean stopping;
    private boolean closed;

    /**
     * @param closeAtStop closed in order after the daemon's thread and the LEDs stopped (PGN output, journal, board,
     *                    hardware context, ...)
     */
    public Daemon(SensorBoard board, LedBoard ledBoard, BoardLoopFactory loopFactory, DaemonClock clock, EventLog log,
                  List<AutoCloseable> closeAtStop) {
        this.board = Objects.requireNonNull(board, "board");
        this.ledBoard = Objects.requireNonNull(ledBoard, "ledBoard");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.log = Objects.requireNonNull(log, "log");
        this.closeAtStop = new ArrayList<>(closeAtStop);
        this.leds = new Coalescer<>("marelle-leds", ledBoard::show);
        this.loop = loopFactory.create(leds::offer);
        this.thread = Thread.ofPlatform().name("marelle-daemon").unstarted(this::run);
    }

    /** Builds the board loop once the daemon knows where LED frames go. */
    @FunctionalInterface
    public interface BoardLoopFactory {
        BoardLoop create(Consumer<LedFrame> leds);
    }

    /** Starts the daemon's thread, then the board (whose first frame is the board as it stands). */
    public void start() {
        board.addListener(new OccupancyListener() {
            @Override
            public void onOccupancy(Occupancy frame) {
                if (!stopping) inbox.add(new FrameInput(frame));
            }

            @Override
            public void onReadingLost(long atMillis) {
                if (!stopping) inbox.add(new ReadingLostInput(atMillis));
            }
        });
        thread.start();
        board.start();
    }

    /**
     * Runs {@code command} on the daemon's thread, between two frames: the way other threads (a web API, the demo)
     * change the game.
     */
    @SuppressWarnings("unchecked")
    public <T> CompletableFuture<T> submit(Function<BoardLoop, T> command) {
        CompletableFuture<Object> done = new CompletableFuture<>();
        if (stopping) {
            done.completeExceptionally(new IllegalStateException("the daemon is stopping"));
        } else {
            inbox.add(new CommandInput(command, done));
        }
        return (CompletableFuture<T>) done;
    }

    private void run() {
        try {
            while (true) {
                // The time is read before the queue is looked at: a frame that was not in the queue then settled
                // later than this time (a scaled clock holds time back until the frame is queued), and the loop ticks
                // the recognizer a debounce behind it (BoardLoop.tick), before the first scan of any frame still
                // settling, so no window runs out ahead of a frame already under way.
                long now = clock.millis();
                guarded(() -> loop.retrySaving(now));
                Input in = inbox.poll();
                if (in == null) {
                    OptionalLong wake = loop.wakeUpAt();
                    if (wake.isPresent() && wake.getAsLong() <= now) {
                        guarded(() -> loop.tick(now));
                        continue;
                    }
                    long wait = wake.isPresent() ? Math.min(clock.nanosUntil(wake.getAsLong()), IDLE_NANOS) : IDLE_NANOS;
                    in = inbox.poll(Math.max(wait, 1), TimeUnit.NANOSECONDS);
                    if (in == null) continue;
                }
                switch (in) {
                    case FrameInput f -> guarded(() -> loop.frame(f.frame()));
                    case ReadingLostInput l -> guarded(() -> loop.readingLost(l.atMillis()));
                    case CommandInput c -> {
                        try {
                            c.done().complete(c.command().apply(loop));
                        } catch (RuntimeException e) {
                            c.done().completeExceptionally(e);
                        }
                    }
                    case Stop s -> {
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One input; a bug in handling it is logged and the daemon goes on with the next. */
    private void guarded(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            failures.line(trace.toString().strip().replace('\n', ' '), clock.millis()).ifPresent(log::error);
        }
    }

    /** The loop, for tests that look at the recognizer or the session after the daemon stopped. */
    public BoardLoop loop() {
        return loop;
    }

    /** Stops the board and the daemon's thread, turns the LEDs off, closes the files. Safe to call twice. */
    public void stop() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        stopping = true;
        inbox.add(Stop.STOP);
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        leds.close();
        // The LEDs go dark before the board stops: a serial board's LEDs and sensors share one port, which stopping
        // the sensors closes (readings that still arrive meanwhile wait in the inbox, unread).
        try {
            ledBoard.show(LedFrame.off(board.files(), board.ranks()));
        } catch (RuntimeException e) {
            log.warning("turning the LEDs off: " + e.getMessage());
        }
        try {
            board.stop();
        } catch (RuntimeException e) {
            log.warning("stopping the board: " + e.getMessage());
        }
        try {
            ledBoard.close();
        } catch (RuntimeException e) {
            log.warning("closing the LEDs: " + e.getMessage());
        }
        for (AutoCloseable c : closeAtStop) {
            try {
                c.close();
            } catch (Exception e) {
                log.warning("closing " + c + ": " + e.getMessage());
            }
        }
        log.info("stopped");
        stopped.countDown();
    }

    @Override
    public void close() {
        stop();
    }

    /** Waits until {@link #stop()} has finished. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    public boolean isStopped() {
        return stopped.getCount() == 0;
    }
}
