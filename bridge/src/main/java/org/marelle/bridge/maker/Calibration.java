package org.marelle.bridge.maker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import org.marelle.board.Occupancy;
import org.marelle.board.SensorMapping;
import org.marelle.geometry.BoardGeometry;

/**
 * Guided calibration as a pure step function: the board is read with the identity mapping (so square index
 * {@code i} of a frame is sensor {@code i}), a person puts one piece on a1, b1, ..., each time lifting it again, and
 * the sensor that comes on is the one watching that square. Each settled frame goes to {@link #accept(Occupancy)};
 * a square whose sensor never answers is passed over with {@link #skip()}. Immutable: every step returns the next
 * state, so tests drive it with frames from a simulated board and no time passes.
 *
 * <p>Sensors already on in the first frame (the board must be empty) and on in every frame since are reported as
 * stuck; sensors never seen on are reported as dead. Neither is given a square.
 */
public final class Calibration {

    /** What the person should do now. */
    public enum Phase { CLEAR_BOARD, PLACE, LIFT, DONE }

    /** The outcome: the table to write, and the sensors and squares that need a look. */
    public record Result(SensorMapping mapping, List<Integer> stuckSensors, List<Integer> deadSensors,
                         List<Integer> unmappedSquares) {
    }

    private final int files;
    private final int ranks;
    private final Phase phase;
    private final int target;          // the square asked for (PLACE, LIFT)
    private final int[] squareOfSensor;
    private final boolean[] alwaysOn;  // on in every frame so far
    private final boolean[] seen;      // on in some frame
    private final boolean started;     // a first frame has come
    private final String note;         // what went wrong with the last frame, or null

    private Calibration(int files, int ranks, Phase phase, int target, int[] squareOfSensor, boolean[] alwaysOn,
                        boolean[] seen, boolean started, String note) {
        this.files = files;
        this.ranks = ranks;
        this.phase = phase;
        this.target = target;
        this.squareOfSensor = squareOfSensor;
        this.alwaysOn = alwaysOn;
        this.seen = seen;
        this.started = started;
        this.note = note;
    }

    /** A calibration of a {@code files × ranks} board read through as many sensors as it has squares. */
    public static Calibration start(int files, int ranks) {
        int n = files * ranks;
        int[] table = new int[n];
        Arrays.fill(table, SensorMapping.UNUSED);
        boolean[] always = new boolean[n];
        Arrays.fill(always, true);
        return new Calibration(files, ranks, Phase.CLEAR_BOARD, 0, table, always, new boolean[n], false, null);
    }

    public Phase phase() {
        return phase;
    }

    public boolean done() {
        return phase == Phase.DONE;
    }

    /** The square to light on the board's LEDs: the one asked for, while a piece is asked for there. */
    public OptionalInt litSquare() {
        return phase == Phase.PLACE || phase == Phase.LIFT ? OptionalInt.of(target) : OptionalInt.empty();
    }

    /** What to tell the person now. */
    public String prompt() {
        String name = name(target);
        String p = switch (phase) {
            case CLEAR_BOARD -> "Clear the board (take every piece off).";
            case PLACE -> "Put a piece on " + name + " (or type 'skip' if nothing happens).";
            case LIFT -> "Lift the piece off " + name + ".";
            case DONE -> "Calibration done.";
        };
        return note == null ? p : note + " " + p;
    }

    /** The next state after a settled frame (square {@code i} of the frame = sensor {@code i}). */
    public Calibration accept(Occupancy frame) {
        if (frame.files() != files || frame.ranks() != ranks) {
            throw new IllegalArgumentException("frame of " + frame.files() + "x" + frame.ranks() + " for a calibration of "
                    + files + "x" + ranks);
        }
        boolean[] always = alwaysOn.clone();
        boolean[] seenNow = seen.clone();
        for (int s = 0; s < always.length; s++) {
            always[s] &= frame.occupied(s);
            seenNow[s] |= frame.occupied(s);
        }
        // The sensors this frame says hold a piece, stuck ones aside.
        List<Integer> on = new ArrayList<>();
        for (int s = 0; s < always.length; s++) if (frame.occupied(s) && !always[s]) on.add(s);
        if (!started) {
            // The first frame decides which sensors look stuck: the board is meant to be empty now.
            return new Calibration(files, ranks, Phase.PLACE, 0, squareOfSensor, always, seenNow, true, null);
        }
        return switch (phase) {
            case CLEAR_BOARD, LIFT -> on.isEmpty()
                    ? next(always, seenNow, squareOfSensor)
                    : with(phase, always, seenNow, squareOfSensor, null);
            case PLACE -> {
                if (on.isEmpty()) yield with(Phase.PLACE, always, seenNow, squareOfSensor, null);
                if (on.size() > 1) {
                    yield with(Phase.PLACE, always, seenNow, squareOfSensor, on.size()
                            + " sensors are on (" + sensorList(on) + "): leave only the piece on " + name(target) + ".");
                }
                int sensor = on.get(0);
                int[] table = squareOfSensor.clone();
                String n = null;
                if (table[sensor] != SensorMapping.UNUSED) {
                    // The last answer wins; the square it answered for before is left without a sensor.
                    n = "Sensor " + sensor + " already answered for " + name(table[sensor]) + "; now it is "
                            + name(target) + ".";
                }
                table[sensor] = target;
                yield with(Phase.LIFT, always, seenNow, table, n);
            }
            case DONE -> this;
        };
    }

    /** Passes over the square asked for: its sensor does not answer. */
    public Calibration skip() {
        if (phase != Phase.PLACE) return this;
        return next(alwaysOn, seen, squareOfSensor);
    }

    private Calibration next(boolean[] always, boolean[] seenNow, int[] table) {
        if (phase == Phase.CLEAR_BOARD) return with(Phase.PLACE, always, seenNow, table, null);
        int t = target + 1;
        Phase p = t >= files * ranks ? Phase.DONE : Phase.PLACE;
        return new Calibration(files, ranks, p, p == Phase.DONE ? target : t, table, always, seenNow, started, null);
    }

    private Calibration with(Phase p, boolean[] always, boolean[] seenNow, int[] table, String n) {
        return new Calibration(files, ranks, p, target, table, always, seenNow, started, n);
    }

    /** The mapping found so far, with the stuck and dead sensors and the squares no sensor answered for. */
    public Result result() {
        List<Integer> stuck = new ArrayList<>(), dead = new ArrayList<>(), unmapped = new ArrayList<>();
        boolean[] mapped = new boolean[files * ranks];
        for (int s = 0; s < squareOfSensor.length; s++) {
            if (started && alwaysOn[s]) stuck.add(s);
            else if (!seen[s]) dead.add(s);
            if (squareOfSensor[s] != SensorMapping.UNUSED) mapped[squareOfSensor[s]] = true;
        }
        for (int sq = 0; sq < mapped.length; sq++) if (!mapped[sq]) unmapped.add(sq);
        return new Result(SensorMapping.table(files, ranks, squareOfSensor), stuck, dead, unmapped);
    }

    /** The result for a person: problems by sensor number and square. */
    public String report() {
        Result r = result();
        StringBuilder sb = new StringBuilder();
        for (int s : r.stuckSensors()) sb.append("sensor ").append(s).append(": stuck (always on)\n");
        for (int s : r.deadSensors()) sb.append("sensor ").append(s).append(": dead (never seen on)\n");
        for (int sq : r.unmappedSquares()) {
            sb.append(name(sq)).append(": no sensor answered\n");
        }
        if (sb.isEmpty()) sb.append("every square has its sensor; no stuck or dead sensor\n");
        return sb.toString();
    }

    private String name(int square) {
        return new BoardGeometry(files, ranks).squareName(square);
    }

    private static String sensorList(List<Integer> sensors) {
        StringBuilder sb = new StringBuilder();
        for (int s : sensors) sb.append(sb.isEmpty() ? "" : ", ").append(s);
        return sb.toString();
    }
}
