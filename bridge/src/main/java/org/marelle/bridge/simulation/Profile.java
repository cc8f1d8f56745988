package org.marelle.bridge.simulation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.marelle.bridge.recognition.SensorModel;

/**
 * How the simulated person plays (the hands) and what board they play on (the sensors, a {@link SensorModel} that
 * {@code marelle simulate --scan-hz/--debounce} may re-time). All timings are drawn from the seeded generator; the
 * bounds below keep every legal-looking intermediate board (a slider on its way, a rook put down first when castling,
 * a promotion before its swap) inside the recognizer's default windows, as a player who knows the board would.
 *
 * <p>The first four profiles are read by an ideal 40 Hz sensor without debouncing (noisy: with its legacy noise),
 * exactly as before sensor models existed, so that their results stay comparable. The last four use the daemon's
 * defaults, 50 Hz and 2-scan debouncing, with physical sensor effects.
 */
public enum Profile {

    /** Lift, drop, settle: one piece at a time in the textbook order, long quiet after each move. */
    CLEAN(false, false, false, false, false, false, SensorModel.ideal(40, 1)),

    /**
     * Random capture, castling and en passant orders; sliders dragged over the squares between; hesitations (lift,
     * put back, lift again); touching other pieces (j'adoube); thinking pauses of any length, also with a piece in
     * hand.
     */
    HUMAN(true, false, false, false, false, false, SensorModel.ideal(40, 1)),

    /** {@link #HUMAN} plus sensor noise: 1–3-scan flicker on touched and neighbouring squares, missed scans. */
    NOISY(true, true, false, false, false, false, SensorModel.legacyNoisy()),

    /** {@link #HUMAN} with every reply begun within 150 ms of the previous move (110 to 150 ms), and quicker hands. */
    BLITZ(true, false, true, false, false, false, SensorModel.ideal(40, 1)),

    /**
     * {@link #HUMAN} hands of a quick player (40 % of replies begun 120–250 ms after the previous piece landed, one
     * set-down in five off centre) on reed switches ({@link SensorModel#reed}: bounce).
     */
    REED(true, false, false, true, false, false, SensorModel.reed(50, 2)),

    /** The hands of {@link #REED} on Hall sensors ({@link SensorModel#hall}: dropouts after off-centre set-downs, brush). */
    HALL(true, false, false, true, false, false, SensorModel.hall(50, 2)),

    /**
     * The hands of {@link #REED}, every capture one-handed and fast: the capturing piece lifted, the victim plucked
     * off, the capturing piece set down at once (the square reads empty 60–200 ms); on Hall sensors.
     */
    SWAP(true, false, false, true, true, false, SensorModel.hall(50, 2)),

    /**
     * The hands of {@link #REED}, every slider move and pawn double step dragged, resting 100–250 ms on each square
     * crossed; on reed switches.
     */
    DRAG(true, false, false, true, false, true, SensorModel.reed(50, 2));

    final boolean human;
    /** The hands allow for the legacy sensor noise (hold a lifted piece longer than any flicker lasts). */
    final boolean noise;
    final boolean fast;
    /** Quick replies for a good share of moves, and pieces set down off centre sometimes. */
    final boolean quick;
    final boolean swap;
    final boolean dragAll;
    private final SensorModel sensors;

    Profile(boolean human, boolean noise, boolean fast, boolean quick, boolean swap, boolean dragAll,
            SensorModel sensors) {
        this.human = human;
        this.noise = noise;
        this.fast = fast;
        this.quick = quick;
        this.swap = swap;
        this.dragAll = dragAll;
        this.sensors = sensors;
    }

    /** The board this profile plays on by default. */
    public SensorModel sensors() {
        return sensors;
    }

    /** The profile for a name, ignoring case; {@code IllegalArgumentException} naming the known ones otherwise. */
    public static Profile byName(String name) {
        for (Profile p : values()) {
            if (p.name().equalsIgnoreCase(name == null ? "" : name.trim())) return p;
        }
        throw new IllegalArgumentException("unknown profile: '" + name + "' (known: " + names() + ")");
    }

    /** The names of all profiles, comma-separated, in order. */
    public static String names() {
        return Arrays.stream(values()).map(Profile::toString).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
