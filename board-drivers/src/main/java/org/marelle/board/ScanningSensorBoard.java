package org.marelle.board;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A sensor board read by polling a {@link SensorScanner} at a fixed rate (50 Hz by default): each scan is mapped
 * to squares by the {@link SensorMapping}, stamped with the injected clock and debounced. The scan thread calls
 * {@link #scanOnce()}; tests call it themselves, step by step, with a clock they control.
 */
public final class ScanningSensorBoard implements SensorBoard {

    private static final System.Logger LOG = System.getLogger(ScanningSensorBoard.class.getName());
    public static final Duration DEFAULT_PERIOD = Duration.ofMillis(20);

    private final SensorScanner scanner;
    private final SensorMapping mapping;
    private final InstantSource clock;
    private final Duration period;
    private final OccupancyFeed feed;
    private final AtomicLong scans = new AtomicLong();
    private final AtomicLong failedScans = new AtomicLong();
    private final Object scanLock = new Object();
    private ScheduledExecutorService loop;

    /**
     * @param debounceScans identical scans that make a reading settled (see {@link Debouncer})
     * @param period        time between scans
     */
    public ScanningSensorBoard(SensorScanner scanner, SensorMapping mapping, int debounceScans, InstantSource clock,
                               Duration period) {
        this.scanner = Objects.requireNonNull(scanner, "scanner");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (period.isNegative() || period.isZero()) throw new IllegalArgumentException("scan period " + period);
        this.period = period;
        if (mapping.sensorCount() > scanner.sensorCount()) {
            throw new IllegalArgumentException("the mapping names " + mapping.sensorCount()
                    + " sensors but the hardware reads " + scanner.sensorCount());
        }
        this.feed = new OccupancyFeed(debounceScans);
    }

    public ScanningSensorBoard(SensorScanner scanner, SensorMapping mapping, int debounceScans) {
        this(scanner, mapping, debounceScans, InstantSource.system(), DEFAULT_PERIOD);
    }

    @Override
    public int files() {
        return mapping.files();
    }

    @Override
    public int ranks() {
        return mapping.ranks();
    }

    /**
     * Reads the sensors once and feeds the result through debouncing to the listeners. A hardware error is
     * counted and logged and the scan skipped: a loose wire must not stop the board.
     *
     * @return whether the scan succeeded
     */
    public boolean scanOnce() {
        // One scan at a time: two threads walking the same matrix rows would corrupt each other's readings.
        synchronized (scanLock) {
            long at = clock.millis();
            SensorReading reading;
            try {
                reading = scanner.scan();
            } catch (RuntimeException e) {
                long n = failedScans.incrementAndGet();
                if (n <= 10 || n % 1000 == 0) LOG.log(Level.WARNING, "sensor scan failed (" + n + " so far)", e);
                return false;
            }
            scans.incrementAndGet();
            feed.offer(mapping.occupancy(reading, at));
            return true;
        }
    }

    public long scans() {
        return scans.get();
    }

    public long failedScans() {
        return failedScans.get();
    }

    @Override
    public synchronized void start() {
        if (loop != null) return;
        feed.reset();
        loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "marelle-sensor-scan");
            t.setDaemon(true);
            return t;
        });
        loop.scheduleAtFixedRate(this::scanOnce, 0, period.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public synchronized void stop() {
        if (loop == null) return;
        loop.shutdownNow();
        try {
            // A scan in progress finishes its hardware calls before the hardware is released.
            loop.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        loop = null;
    }

    @Override
    public void close() {
        stop();
        scanner.close();
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
