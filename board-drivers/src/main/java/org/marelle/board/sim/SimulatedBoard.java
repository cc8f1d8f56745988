package org.marelle.board.sim;

import java.util.Optional;
import org.marelle.board.Occupancy;
import org.marelle.board.OccupancyFeed;
import org.marelle.board.OccupancyListener;
import org.marelle.board.SensorBoard;

/**
 * A board in memory: the demo, the recognizer's simulator and a person at the {@link SimConsole} lift and drop
 * pieces on it, each change at a time the caller gives. It reports each change at once, as a settled frame (there
 * is nothing to debounce), but only while started; {@link #start()} reports the current squares first, as a
 * hardware board reports its first settled scan.
 *
 * <p>Thread-safe: changes may come from any thread; listeners run on the caller's.
 */
public final class SimulatedBoard implements SensorBoard {

    private final int files;
    private final int ranks;
    private final OccupancyFeed feed = new OccupancyFeed(1);
    private Occupancy current;
    private boolean started;

    /** An empty board. */
    public SimulatedBoard(int files, int ranks) {
        this.files = files;
        this.ranks = ranks;
        this.current = Occupancy.empty(files, ranks, 0);
    }

    @Override
    public int files() {
        return files;
    }

    @Override
    public int ranks() {
        return ranks;
    }

    /** The squares occupied now (whether or not the board is started). */
    public synchronized Occupancy current() {
        return current;
    }

    /**
     * Takes the piece off {@code square}.
     *
     * @throws IllegalStateException naming the square if it is empty
     */
    public synchronized void lift(int square, long atMillis) {
        check(square);
        if (!current.occupied(square)) throw new IllegalStateException(current.squareName(square) + " is empty");
        change(current.without(square).at(atMillis));
    }

    /**
     * Puts a piece on {@code square}.
     *
     * @throws IllegalStateException naming the square if it is already occupied
     */
    public synchronized void drop(int square, long atMillis) {
        check(square);
        if (current.occupied(square)) throw new IllegalStateException(current.squareName(square) + " is already occupied");
        change(current.with(square).at(atMillis));
    }

    /** Replaces the whole board at once, at the occupancy's own time (polarity included, if it has one). */
    public synchronized void set(Occupancy occupancy) {
        if (occupancy.files() != files || occupancy.ranks() != ranks) {
            throw new IllegalArgumentException("occupancy of " + occupancy.files() + "x" + occupancy.ranks()
                    + " for a simulated board of " + files + "x" + ranks);
        }
        change(occupancy);
    }

    private void change(Occupancy next) {
        current = next;
        if (started) feed.offer(next);
    }

    private void check(int square) {
        if (square < 0 || square >= files * ranks) {
            throw new IllegalArgumentException("square " + square + " is off the " + files + "x" + ranks + " board");
        }
    }

    @Override
    public synchronized void start() {
        if (started) return;
        started = true;
        feed.reset();
        feed.offer(current);
    }

    @Override
    public synchronized void stop() {
        started = false;
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

    /** The board as text, rank {@code ranks} at the top: {@code x} occupied, {@code .} empty. */
    public String render() {
        Occupancy o = current();
        StringBuilder sb = new StringBuilder();
        for (int r = ranks - 1; r >= 0; r--) {
            sb.append(String.format("%2d ", r + 1));
            for (int f = 0; f < files; f++) {
                sb.append(o.occupied(r * files + f) ? 'x' : '.');
                if (f + 1 < files) sb.append(' ');
            }
            sb.append('\n');
        }
        sb.append("   ");
        for (int f = 0; f < files; f++) {
            sb.append((char) ('a' + f));
            if (f + 1 < files) sb.append(' ');
        }
        return sb.append('\n').toString();
    }
}
