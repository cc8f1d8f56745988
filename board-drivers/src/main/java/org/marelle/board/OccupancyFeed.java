package org.marelle.board;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The common tail of every sensor board: raw occupancy in, through the {@link Debouncer}, settled frames out to
 * the listeners. Drivers feed it from their own thread; listeners may be added from any thread.
 */
public final class OccupancyFeed {

    private static final System.Logger LOG = System.getLogger(OccupancyFeed.class.getName());

    private final Debouncer debouncer;
    private final List<OccupancyListener> listeners = new CopyOnWriteArrayList<>();
    private volatile Occupancy latest;

    public OccupancyFeed(int debounceScans) {
        this.debouncer = new Debouncer(debounceScans);
    }

    public void addListener(OccupancyListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeListener(OccupancyListener listener) {
        listeners.remove(listener);
    }

    /** Feeds one raw scan; notifies the listeners if it settles a new reading. Call from one thread at a time. */
    public synchronized void offer(Occupancy scan) {
        Optional<Occupancy> settled = debouncer.accept(scan);
        if (settled.isEmpty()) return;
        latest = settled.get();
        for (OccupancyListener l : listeners) {
            try {
                l.onOccupancy(latest);
            } catch (RuntimeException e) {
                // A failing listener must not stop the board or starve the other listeners.
                LOG.log(Level.WARNING, "occupancy listener " + l + " failed on " + latest, e);
            }
        }
    }

    /** Forgets the settled state (the board restarted or reconnected): the next settled reading is reported. */
    public synchronized void reset() {
        debouncer.reset();
    }

    /**
     * The board stopped being read at {@code atMillis}: tells the listeners (moves may be made before it is read
     * again) and forgets the settled state, so that the first reading after is reported whatever it is.
     */
    public synchronized void lost(long atMillis) {
        debouncer.reset();
        for (OccupancyListener l : listeners) {
            try {
                l.onReadingLost(atMillis);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "occupancy listener " + l + " failed on a lost reading", e);
            }
        }
    }

    public Optional<Occupancy> latest() {
        return Optional.ofNullable(latest);
    }
}
