package org.marelle.board.serial;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.marelle.board.LedBoard;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.board.OccupancyFeed;
import org.marelle.board.OccupancyListener;
import org.marelle.board.SensorBoard;
import org.marelle.board.SensorMapping;
import org.marelle.board.layout.LedLayout;

/**
 * A board whose scanning is done by a microcontroller on a serial port, speaking Marelle's line protocol
 * (docs/serial-protocol.md): it sends a hello and occupancy frames, the host sends LED commands. The same object
 * is the {@link SensorBoard} and, when the board has LEDs, the {@link LedBoard}.
 *
 * <p>Everything happens in {@link #step()}, which the board's thread calls over and over and a test calls by
 * hand: connect when due, read what arrived (waiting at most the link's read timeout), parse it, and send LED
 * commands. When the port goes away (a read returns -1, a write fails) or the board falls silent, the link is
 * closed and reopened after a delay that starts at {@link Settings#firstRetry()} and doubles up to
 * {@link Settings#maxRetry()}, timed by the injected clock; a good hello resets it. A malformed line is counted
 * and logged, never fatal.
 */
public final class SerialBoard implements SensorBoard, LedBoard {

    private static final System.Logger LOG = System.getLogger(SerialBoard.class.getName());

    /**
     * @param debounceScans identical frames that make a reading settled (1: the microcontroller already debounces)
     * @param firstRetry    delay before reconnecting after a disconnection or a failed open
     * @param maxRetry      the delay doubles after each failure up to this
     * @param helloRetry    how often to repeat the host's hello until the board answers
     * @param silence       close and reconnect when no valid line arrived for this long (zero: never)
     * @param blinkPeriod   full period of blinking LEDs (lit in the first half)
     */
    public record Settings(int debounceScans, Duration firstRetry, Duration maxRetry, Duration helloRetry,
                           Duration silence, Duration blinkPeriod) {
        public Settings {
            if (debounceScans < 1) throw new IllegalArgumentException("debounce scans " + debounceScans);
            if (firstRetry.toMillis() < 1 || maxRetry.compareTo(firstRetry) < 0) {
                throw new IllegalArgumentException("retry delays " + firstRetry + " .. " + maxRetry);
            }
            if (helloRetry.toMillis() < 1) throw new IllegalArgumentException("hello retry " + helloRetry);
            if (silence.isNegative()) throw new IllegalArgumentException("silence timeout " + silence);
            if (blinkPeriod.toMillis() < 2) throw new IllegalArgumentException("blink period " + blinkPeriod);
        }

        public static Settings defaults() {
            return new Settings(1, Duration.ofMillis(250), Duration.ofSeconds(10), Duration.ofSeconds(1),
                    Duration.ofSeconds(5), Duration.ofMillis(800));
        }
    }

    /** What one {@link #step()} did. */
    public enum Step {
        /** Not connected, and not yet time to try again. */
        WAITING,
        /** Opened the port and sent the hello. */
        CONNECTED,
        /** Connected: read (perhaps nothing), parsed, wrote LEDs if due. */
        READ,
        /** The link went away (or could not be opened) and is closed; a retry is scheduled. */
        DISCONNECTED
    }

    /** Counters since the board was created. */
    public record Stats(boolean connected, SerialMessage.Hello hello, long connects, long disconnects,
                        long failedOpens, long lines, long frames, long malformed, long checksumErrors,
                        long missedFrames, long ignoredFrames, long boardErrors, long ledCommands) {
    }

    private final SerialLink.Opener opener;
    private final SensorMapping mapping;
    private final LedLayout ledLayout;
    private final InstantSource clock;
    private final Settings settings;
    private final OccupancyFeed feed;
    private final LineParser parser = new LineParser();
    private final byte[] buffer = new byte[512];
    private final Sink sink = new Sink();
    private final int[] ledRgb;

    // Connection state: only step() and stop() touch it, under this object's lock.
    private SerialLink link;
    private volatile boolean connected;
    private long nextAttemptAt;
    private long retryDelay;
    private volatile SerialMessage.Hello hello;
    private boolean usable;
    private long helloSentAt;
    private long lastLineAt;
    private int lastSeq = -1;
    private int[] ledSent;
    private int ledSeq;
    private volatile LedFrame ledFrame;

    private final AtomicLong connects = new AtomicLong(), disconnects = new AtomicLong(), failedOpens = new AtomicLong(),
            lines = new AtomicLong(), frames = new AtomicLong(), malformed = new AtomicLong(),
            checksumErrors = new AtomicLong(), missedFrames = new AtomicLong(), ignoredFrames = new AtomicLong(),
            boardErrors = new AtomicLong(), ledCommands = new AtomicLong();

    private final Object lifecycle = new Object();
    private Thread loop;
    private volatile boolean running;

    /**
     * @param opener    opens the port, again after each disconnection
     * @param mapping   board geometry and which square each of the board's sensors watches
     * @param ledLayout how the board's LEDs lie, or {@code null} when it has none
     */
    public SerialBoard(SerialLink.Opener opener, SensorMapping mapping, LedLayout ledLayout, InstantSource clock,
                       Settings settings) {
        this.opener = Objects.requireNonNull(opener, "opener");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        if (ledLayout != null && (ledLayout.files() != mapping.files() || ledLayout.ranks() != mapping.ranks())) {
            throw new IllegalArgumentException("LED layout of " + ledLayout.files() + "x" + ledLayout.ranks()
                    + " for a board of " + mapping.files() + "x" + mapping.ranks());
        }
        this.ledLayout = ledLayout;
        this.ledRgb = ledLayout == null ? null : new int[ledLayout.ledCount()];
        this.feed = new OccupancyFeed(settings.debounceScans());
        this.retryDelay = settings.firstRetry().toMillis();
        this.nextAttemptAt = Long.MIN_VALUE;
    }

    /**
     * Does one round of work; never throws for anything the board or the port does.
     */
    public synchronized Step step() {
        long now = clock.millis();
        if (link == null) {
            if (now < nextAttemptAt) return Step.WAITING;
            return connect(now) ? Step.CONNECTED : Step.DISCONNECTED;
        }
        int n;
        try {
            n = link.read(buffer);
        } catch (IOException | RuntimeException e) {
            disconnect("read failed: " + e.getMessage());
            return Step.DISCONNECTED;
        }
        if (n < 0) {
            disconnect("the port is gone (read returned -1)");
            return Step.DISCONNECTED;
        }
        if (n > 0) parser.feed(buffer, 0, n, sink);
        now = clock.millis();
        if (hello == null && now - helloSentAt >= settings.helloRetry().toMillis() && !send(SerialProtocol.hostHello(), now)) {
            return Step.DISCONNECTED;
        }
        long silence = settings.silence().toMillis();
        if (silence > 0 && now - lastLineAt >= silence) {
            disconnect("no valid line for " + (now - lastLineAt) + " ms");
            return Step.DISCONNECTED;
        }
        return writeLeds(now) ? Step.READ : Step.DISCONNECTED;
    }

    private boolean connect(long now) {
        try {
            link = opener.open();
        } catch (IOException | RuntimeException e) {
            long n = failedOpens.incrementAndGet();
            scheduleRetry(now);
            if (n <= 3 || n % 100 == 0) {
                LOG.log(Level.WARNING, "cannot open the board's serial port (" + e.getMessage() + "); retrying in "
                        + (nextAttemptAt - now) + " ms");
            }
            return false;
        }
        connects.incrementAndGet();
        connected = true;
        parser.reset();
        hello = null;
        usable = false;
        lastSeq = -1;
        ledSent = null;
        lastLineAt = now;
        LOG.log(Level.INFO, "opened " + link + "; sending hello");
        return send(SerialProtocol.hostHello(), now);
    }

    /** Sends a line; on failure closes the link and returns false. */
    private boolean send(String line, long now) {
        try {
            link.write(line.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            disconnect("write failed: " + e.getMessage());
            return false;
        }
        if (line.startsWith("HELLO")) helloSentAt = now;
        return true;
    }

    private void disconnect(String reason) {
        long now = clock.millis();
        try {
            link.close();
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "closing the serial link failed", e);
        }
        link = null;
        connected = false;
        hello = null;
        usable = false;
        disconnects.incrementAndGet();
        feed.lost(now);
        scheduleRetry(now);
        LOG.log(Level.WARNING, "board disconnected: " + reason + "; reconnecting in " + (nextAttemptAt - now) + " ms");
    }

    private void scheduleRetry(long now) {
        nextAttemptAt = now + retryDelay;
        retryDelay = Math.min(retryDelay * 2, settings.maxRetry().toMillis());
    }

    private boolean writeLeds(long now) {
        LedFrame frame = ledFrame;
        if (ledLayout == null || frame == null || !usable || hello.leds() < ledLayout.ledCount()) return true;
        long half = settings.blinkPeriod().toMillis() / 2;
        ledLayout.render(frame, (now / half & 1) == 0, ledRgb);
        if (ledSent != null && Arrays.equals(ledSent, ledRgb)) return true;
        int[] out = Arrays.copyOf(ledRgb, hello.leds());   // LEDs the layout does not place stay dark
        if (!send(SerialProtocol.leds(ledSeq, out), now)) return false;
        ledSeq = (ledSeq + 1) & 0xFFFF;
        ledSent = ledRgb.clone();
        ledCommands.incrementAndGet();
        return true;
    }

    /** Handles parsed lines; runs inside step(), under the lock. */
    private final class Sink implements LineParser.Sink {
        @Override
        public void message(SerialMessage m) {
            lines.incrementAndGet();
            lastLineAt = clock.millis();
            switch (m) {
                case SerialMessage.Hello h -> onHello(h);
                case SerialMessage.Frame f -> onFrame(f);
                case SerialMessage.BoardError e -> {
                    boardErrors.incrementAndGet();
                    // The board may have dropped our last LED command; sending it again costs little.
                    ledSent = null;
                    LOG.log(Level.WARNING, "board reports error " + e.code() + ": " + e.text());
                }
            }
        }

        @Override
        public void malformed(Malformed m) {
            long n = malformed.incrementAndGet();
            if (m.reason() == Malformed.Reason.CHECKSUM) checksumErrors.incrementAndGet();
            if (n <= 20 || n % 1000 == 0) LOG.log(Level.WARNING, "malformed line from the board (" + n + " so far): " + m);
        }
    }

    private void onHello(SerialMessage.Hello h) {
        hello = h;
        usable = false;
        if (h.version() != SerialProtocol.VERSION) {
            LOG.log(Level.ERROR, "the board speaks protocol version " + h.version() + ", this Marelle speaks "
                    + SerialProtocol.VERSION + "; its frames are ignored (update the firmware or Marelle)");
            return;
        }
        if (h.sensors() < mapping.sensorCount()) {
            LOG.log(Level.ERROR, "the board reports " + h.sensors() + " sensors but the sensor mapping names "
                    + mapping.sensorCount() + "; its frames are ignored (check the configuration)");
            return;
        }
        if (ledLayout != null && h.leds() < ledLayout.ledCount()) {
            LOG.log(Level.ERROR, "the board drives " + h.leds() + " LEDs but the LED layout places "
                    + ledLayout.ledCount() + "; LEDs stay dark");
        }
        usable = true;
        lastSeq = -1;
        ledSent = null;
        retryDelay = settings.firstRetry().toMillis();   // a healthy connection: the next outage starts afresh
        LOG.log(Level.INFO, "board " + h.firmware() + ": " + h.sensors() + " sensors, " + h.leds() + " LEDs");
    }

    private void onFrame(SerialMessage.Frame f) {
        if (!usable) {
            ignoredFrames.incrementAndGet();
            return;
        }
        int sensors = hello.sensors();
        if (f.digits() != (sensors + 3) / 4 || beyond(f, sensors)) {
            sink.malformed(new Malformed(Malformed.Reason.SYNTAX, "frame of " + f.digits() + " digits for "
                    + sensors + " sensors", "F " + f.seq()));
            return;
        }
        if (lastSeq >= 0) {
            int gap = (f.seq() - lastSeq - 1) & 0xFFFF;
            // A huge jump is a restarted counter (the board rebooted without a hello), not thousands of lost frames.
            if (gap != 0xFFFF && gap <= 1000) missedFrames.addAndGet(gap);
        }
        lastSeq = f.seq();
        frames.incrementAndGet();
        feed.offer(mapping.occupancy(f.reading(), clock.millis()));
    }

    private static boolean beyond(SerialMessage.Frame f, int sensors) {
        var r = f.reading();
        for (int s = sensors; s < 4 * f.digits(); s++) {
            if (r.on(s) || (r.polarity() && r.white(s))) return true;
        }
        return false;
    }

    /** When the next connection attempt is due (clock millis), while disconnected. */
    public synchronized long nextAttemptMillis() {
        return nextAttemptAt;
    }

    public Stats stats() {
        return new Stats(connected, hello, connects.get(), disconnects.get(), failedOpens.get(), lines.get(),
                frames.get(), malformed.get(), checksumErrors.get(), missedFrames.get(), ignoredFrames.get(),
                boardErrors.get(), ledCommands.get());
    }

    @Override
    public int files() {
        return mapping.files();
    }

    @Override
    public int ranks() {
        return mapping.ranks();
    }

    /** Starts the thread that calls {@link #step()} until {@link #stop()}. */
    @Override
    public void start() {
        synchronized (lifecycle) {
            if (loop != null) return;
            running = true;
            loop = Thread.ofPlatform().daemon().name("marelle-serial-board").start(this::run);
        }
    }

    private void run() {
        while (running) {
            try {
                if (step() == Step.WAITING) {
                    long wait = Math.min(nextAttemptMillis() - clock.millis(), 100);
                    if (wait > 0) LockSupport.parkNanos(wait * 1_000_000);
                }
            } catch (RuntimeException e) {
                // step() handles the port's failures; this is a bug, and the board must keep going anyway.
                LOG.log(Level.ERROR, "serial board step failed", e);
                LockSupport.parkNanos(100_000_000);
            }
        }
    }

    /** Stops the thread, sends the LED frame last shown if it was not sent yet, and closes the port. */
    @Override
    public void stop() {
        Thread t;
        synchronized (lifecycle) {
            t = loop;
            loop = null;
            running = false;
        }
        if (t != null) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            if (link != null) {
                // The last frame asked for is shown before the port closes (the LEDs turned off as the daemon stops).
                writeLeds(clock.millis());
                link.close();
                link = null;
                connected = false;
                hello = null;
                usable = false;
            }
        }
    }

    /** Turns the board's LEDs off (if it is connected and has any), then stops and closes the port. */
    @Override
    public void close() {
        synchronized (this) {
            if (link != null && usable && ledLayout != null && hello.leds() > 0) {
                send(SerialProtocol.leds(ledSeq, new int[hello.leds()]), clock.millis());
            }
        }
        stop();
    }

    @Override
    public void show(LedFrame frame) {
        if (frame.files() != mapping.files() || frame.ranks() != mapping.ranks()) {
            throw new IllegalArgumentException("LED frame of " + frame.files() + "x" + frame.ranks()
                    + " for a board of " + mapping.files() + "x" + mapping.ranks());
        }
        ledFrame = frame;
    }

    @Override
    public void addListener(OccupancyListener listener) {
        feed.addListener(listener);
    }

    @Override
    public void removeListener(OccupancyListener listener) {
        feed.removeListener(listener);
    }

    @Override
    public Optional<Occupancy> latest() {
        return feed.latest();
    }
}
