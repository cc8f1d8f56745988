package org.marelle.bridge.simulation;

import java.util.Locale;

/**
 * How the simulated person plays. All timings are drawn from the seeded generator; the bounds below keep every
 * legal-looking intermediate board (a slider on its way, a rook put down first when castling, a promotion before
 * its swap) inside the recognizer's default windows, as a player who knows the board would.
 */
public enum Profile {

    /** Lift, drop, settle: one piece at a time in the textbook order, long quiet after each move. */
    CLEAN(false, false, false),

    /**
     * Random capture, castling and en passant orders; sliders dragged over the squares between; hesitations (lift,
     * put back, lift again); touching other pieces (j'adoube); thinking pauses of any length, also with a piece in
     * hand.
     */
    HUMAN(true, false, false),

    /** {@link #HUMAN} plus sensor noise: 1–3-scan flicker on touched and neighbouring squares, missed scans. */
    NOISY(true, true, false),

    /** {@link #HUMAN} with every reply begun within 150 ms of the previous move (110 to 150 ms), and quicker hands. */
    BLITZ(true, false, true);

    final boolean human;
    final boolean noise;
    final boolean fast;

    Profile(boolean human, boolean noise, boolean fast) {
        this.human = human;
        this.noise = noise;
        this.fast = fast;
    }

    /** The profile for a name, ignoring case; {@code IllegalArgumentException} naming the known ones otherwise. */
    public static Profile byName(String name) {
        for (Profile p : values()) {
            if (p.name().equalsIgnoreCase(name == null ? "" : name.trim())) return p;
        }
        throw new IllegalArgumentException("unknown profile: '" + name + "' (known: clean, human, noisy, blitz)");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
