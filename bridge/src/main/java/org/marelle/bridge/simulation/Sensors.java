package org.marelle.bridge.simulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.marelle.board.Debouncer;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;

/**
 * The sensor layer of the simulation: reads the hands' timeline ({@link HumanPlaySimulator.Change}s) as a board with
 * the given {@link SensorModel} would, one raw scan every scan period with the model's misreadings, and feeds every
 * scan that arrives through the daemon's own {@link Debouncer}, as {@code OccupancyFeed} does in {@code marelle run}.
 * The result is the settled frames the recognizer sees, each with the scan at which it was settled.
 */
public final class Sensors {

    /**
     * A frame as the debouncer gives it: {@code frame} carries the time of the first agreeing scan (when the board
     * changed); {@code settledAt} is the time of the scan that settled it, when the daemon receives it.
     */
    public record Settled(Occupancy frame, long settledAt) {
    }

    /** A square read inverted during [from, to). */
    private record Flicker(int square, long from, long to) {
    }

    private Sensors() {
    }

    /**
     * Scans the timeline from time 0 until the last reading is settled. The first settled frame is the initial board
     * (scan 0 always arrives, so at debounce 1 it is at time 0, as before sensor models existed).
     */
    static List<Settled> scan(SensorModel model, BoardGeometry g, SquareSet initial, List<HumanPlaySimulator.Change> changes,
                              SplittableRandom rnd) {
        // The order of the draws below is part of the reproducibility of old results: the lost-scan seed, then the
        // legacy flicker per change, exactly as the single-layer simulator drew them.
        long missSeed = rnd.nextLong();
        List<Flicker> flickers = new ArrayList<>();
        if (model.legacyFlicker()) legacyFlicker(model, g, changes, rnd, flickers);
        if (model.bounceMillis() > 0) bounce(model, changes, rnd, flickers);
        if (!model.dropout().none()) dropouts(model, changes, rnd, flickers);
        if (model.brushChance() > 0) brushes(model, g, initial, changes, rnd, flickers);
        flickers.sort(Comparator.comparingLong(Flicker::from));
        long longestFlicker = 0;
        for (Flicker f : flickers) longestFlicker = Math.max(longestFlicker, f.to() - f.from());

        List<Long> times = new ArrayList<>(changes.size() + 2 * flickers.size());
        for (HumanPlaySimulator.Change c : changes) times.add(c.at());
        for (Flicker f : flickers) {
            times.add(f.from());
            times.add(f.to());
        }
        times.sort(null);

        Debouncer debouncer = new Debouncer(model.debounceScans());
        List<Settled> out = new ArrayList<>();
        SquareSet physical = initial;
        SquareSet last = null;
        int sameScans = 0;
        int nextChange = 0, nextTime = 0, flickerFrom = 0;
        for (long k = 0; ; k++) {
            long at = model.scanAt(k);
            while (nextTime < times.size() && times.get(nextTime) <= at) nextTime++;
            if (k > 0 && lost(model, missSeed, k)) continue;
            while (nextChange < changes.size() && changes.get(nextChange).at() <= at) {
                HumanPlaySimulator.Change c = changes.get(nextChange++);
                physical = c.occupied() ? physical.with(c.square()) : physical.without(c.square());
            }
            SquareSet reading = physical;
            while (flickerFrom < flickers.size() && flickers.get(flickerFrom).to() + longestFlicker < at) flickerFrom++;
            for (int i = flickerFrom; i < flickers.size() && flickers.get(i).from() <= at; i++) {
                Flicker f = flickers.get(i);
                if (at < f.to()) reading = reading.contains(f.square()) ? reading.without(f.square()) : reading.with(f.square());
            }
            Occupancy raw = Occupancy.of(g, reading, at);
            debouncer.accept(raw).ifPresent(f -> out.add(new Settled(f, at)));
            sameScans = reading.equals(last) ? sameScans + 1 : 1;
            last = reading;
            if (sameScans >= model.debounceScans()) {
                // The reading is settled and nothing changes before the next event time: more identical scans would
                // be no-ops for the debouncer, so the quiet stretch (thinking, often minutes) is skipped.
                if (nextTime >= times.size()) break;
                k = Math.max(k, model.scanAtOrAfter(times.get(nextTime)) - 1);
            }
        }
        return out;
    }

    /** About one scan in {@code lostScanOneIn} is lost (a bus error), never two in a row. */
    private static boolean lost(SensorModel model, long seed, long k) {
        return model.lostScanOneIn() > 0 && lostHash(model.lostScanOneIn(), seed, k) && !lostHash(model.lostScanOneIn(), seed, k - 1);
    }

    private static boolean lostHash(int oneIn, long seed, long k) {
        long z = seed + k * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) % oneIn == 0;
    }

    /** The noisy profile's flicker, drawn exactly as before (durations in whole scans of the model's rate). */
    private static void legacyFlicker(SensorModel model, BoardGeometry g, List<HumanPlaySimulator.Change> changes,
                                      SplittableRandom rnd, List<Flicker> out) {
        for (HumanPlaySimulator.Change c : changes) {
            if (rnd.nextDouble() < 0.3) {
                long from = c.at() + 5 + rnd.nextLong(56);
                out.add(new Flicker(c.square(), from, from + scans(model, 1 + rnd.nextInt(3))));
            }
            if (rnd.nextDouble() < 0.25) {
                int n = neighbour(g, c.square(), rnd);
                if (n >= 0) {
                    long from = Math.max(0, c.at() - 50 + rnd.nextLong(111));
                    out.add(new Flicker(n, from, from + scans(model, 1 + rnd.nextInt(3))));
                }
            }
        }
    }

    private static long scans(SensorModel model, int n) {
        return Math.round(n * model.scanMillis());
    }

    /**
     * Reed bounce: from each change on, for 1 to {@code bounceMillis} ms, the contact alternates between the old state
     * (1–2 ms) and the new (1–2 ms). At most 2 ms at a time wrong, so a scan period over 2 ms never sees it twice.
     */
    private static void bounce(SensorModel model, List<HumanPlaySimulator.Change> changes, SplittableRandom rnd,
                               List<Flicker> out) {
        for (HumanPlaySimulator.Change c : changes) {
            long end = c.at() + 1 + rnd.nextInt(model.bounceMillis());
            for (long from = c.at(); from < end; ) {
                long to = Math.min(end, from + 1 + rnd.nextInt(2));
                out.add(new Flicker(c.square(), from, to));
                from = to + 1 + rnd.nextInt(2);
            }
        }
    }

    /**
     * Hall dropouts: after each off-centre set-down, 1 to {@code dropoutTimes} times within {@code dropoutWithinMillis},
     * the square reads empty for a dropout's length; none overlap, and none outlasts the piece on the square.
     */
    private static void dropouts(SensorModel model, List<HumanPlaySimulator.Change> changes, SplittableRandom rnd,
                                 List<Flicker> out) {
        for (int i = 0; i < changes.size(); i++) {
            HumanPlaySimulator.Change c = changes.get(i);
            if (!c.occupied() || !c.offCentre()) continue;
            long gone = Long.MAX_VALUE;
            for (int j = i + 1; j < changes.size(); j++) {
                if (changes.get(j).square() == c.square()) {
                    gone = changes.get(j).at();
                    break;
                }
            }
            int n = 1 + rnd.nextInt(model.dropoutTimes());
            long[] starts = new long[n];
            for (int d = 0; d < n; d++) starts[d] = c.at() + 1 + rnd.nextLong(model.dropoutWithinMillis());
            Arrays.sort(starts);
            long free = c.at();
            for (long from : starts) {
                long to = from + model.dropout().min() + rnd.nextInt(model.dropout().max() - model.dropout().min() + 1);
                if (from < free || to >= gone) continue;
                out.add(new Flicker(c.square(), from, to));
                // A dropout ends with the reading back for at least a few ms before the next can begin.
                free = to + 10;
            }
        }
    }

    /**
     * Hand brush: before a set-down, with {@code brushChance}, an empty neighbour of the destination reads occupied for
     * a brush's length, ending 0–60 ms before the piece lands (the hand coming in low over it). Only a neighbour that
     * no hand changes meanwhile, so the brush is the only reading there.
     */
    private static void brushes(SensorModel model, BoardGeometry g, SquareSet initial,
                                List<HumanPlaySimulator.Change> changes, SplittableRandom rnd, List<Flicker> out) {
        SquareSet board = initial;
        for (int i = 0; i < changes.size(); i++) {
            HumanPlaySimulator.Change c = changes.get(i);
            if (c.occupied() && c.setDown() && rnd.nextDouble() < model.brushChance()) {
                int n = neighbour(g, c.square(), rnd);
                long to = c.at() - rnd.nextInt(61);
                long from = to - model.brush().min() - rnd.nextInt(model.brush().max() - model.brush().min() + 1);
                if (n >= 0 && from > 0 && !board.contains(n) && untouched(changes, n, from, c.at(), i)) {
                    out.add(new Flicker(n, from, to));
                }
            }
            board = c.occupied() ? board.with(c.square()) : board.without(c.square());
        }
    }

    /** Whether no change on {@code square} happens within [from, until] (looking around change {@code i}). */
    private static boolean untouched(List<HumanPlaySimulator.Change> changes, int square, long from, long until, int i) {
        for (int j = i; j >= 0 && changes.get(j).at() >= from; j--) {
            if (changes.get(j).square() == square) return false;
        }
        for (int j = i + 1; j < changes.size() && changes.get(j).at() <= until; j++) {
            if (changes.get(j).square() == square) return false;
        }
        return true;
    }

    private static int neighbour(BoardGeometry g, int sq, SplittableRandom rnd) {
        int f = g.file(sq) + rnd.nextInt(3) - 1, r = g.rank(sq) + rnd.nextInt(3) - 1;
        if (f < 0 || r < 0 || f >= g.files() || r >= g.ranks() || (f == g.file(sq) && r == g.rank(sq))) return -1;
        return g.square(f, r);
    }
}
