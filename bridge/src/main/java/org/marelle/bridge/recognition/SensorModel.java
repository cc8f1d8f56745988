package org.marelle.bridge.recognition;

/**
 * How a board senses its squares: the scanning and debouncing the host does, and the physical ways a square is
 * misread. The simulator makes its raw scans from it; the recognizer can use the derived values to tell a misreading
 * from a hand's doing (how short a settled reading can be, how long a square no hand touches can read wrong).
 *
 * <p>Times are milliseconds. Scan {@code k} happens at {@link #scanAt(long) scanAt(k)} = {@code k × 1000 / scanHz}
 * (rounded down), as a scan loop started at time 0 with a millisecond clock stamps it.
 *
 * @param scanHz              scans per second the host reads the sensors at ({@code board.scanHz}; 1–1000)
 * @param debounceScans       identical consecutive scans the {@code Debouncer} needs before a reading counts
 *                            ({@code board.debounceScans}; 1–50, 1 = no debouncing)
 * @param bounceMillis        reed bounce: for up to this long after a square changes, the switch contact chatters, the
 *                            square reading its old state for moments of 1–2 ms at a time (0 = no bounce; at most 50)
 * @param dropout             Hall dropout: how long a piece set down off the centre of its square (where the magnet
 *                            is barely over the sensor) reads empty, each time it happens ({@link Range#NONE} = never)
 * @param dropoutTimes        how many times at most (1 to this many, at random) such a piece drops out (0–10)
 * @param dropoutWithinMillis the dropouts start within this long after the piece was set down (the piece and the
 *                            board settle; after that the reading holds); 0 only without dropouts
 * @param brushChance         hand brush: the chance that a piece carried in the hand passes low over an empty square
 *                            next to where it is set down, close enough to read that square occupied (0–1)
 * @param brush               how long such a brushed square reads occupied ({@link Range#NONE} with no brush)
 * @param lostScanOneIn       lost scans: about one scan in this many never arrives (a bus error; the scan loop skips
 *                            it), never two in a row; 0 = none, else at least 2
 * @param legacyFlicker       the {@code noisy} profile's sensor noise as it has always been simulated: after each
 *                            change, 1–3 scans of flicker on the changed square (30 %) and on a neighbouring square
 *                            (25 %); kept so that earlier results stay reproducible
 */
public record SensorModel(int scanHz, int debounceScans, int bounceMillis, Range dropout, int dropoutTimes,
                          int dropoutWithinMillis, double brushChance, Range brush, int lostScanOneIn,
                          boolean legacyFlicker) {

    /** A duration from {@code min} to {@code max} ms, both included. */
    public record Range(int min, int max) {

        /** No duration: the effect never happens. */
        public static final Range NONE = new Range(0, 0);

        public Range {
            if (min < 0 || max < min) throw new IllegalArgumentException("range must have 0 <= min <= max, not " + min + "–" + max);
        }

        public boolean none() {
            return max == 0;
        }
    }

    public SensorModel {
        check("scanHz", scanHz, 1, 1000);
        check("debounceScans", debounceScans, 1, 50);
        check("bounceMillis", bounceMillis, 0, 50);
        if (dropout == null) throw new IllegalArgumentException("dropout must not be null (Range.NONE for none)");
        check("dropoutTimes", dropoutTimes, 0, 10);
        check("dropoutWithinMillis", dropoutWithinMillis, 0, 10_000);
        if (dropout.none() != (dropoutTimes == 0) || dropout.none() != (dropoutWithinMillis == 0)) {
            throw new IllegalArgumentException("dropout, dropoutTimes and dropoutWithinMillis must be all zero or all"
                    + " positive, not " + dropout + ", " + dropoutTimes + ", " + dropoutWithinMillis);
        }
        if (dropout.min() == 0 && !dropout.none()) throw new IllegalArgumentException("dropout must last at least 1 ms");
        if (!(brushChance >= 0 && brushChance <= 1)) {
            throw new IllegalArgumentException("brushChance must be within 0..1, not " + brushChance);
        }
        if (brush == null) throw new IllegalArgumentException("brush must not be null (Range.NONE for none)");
        if ((brushChance > 0) == brush.none() || (brush.min() == 0 && !brush.none())) {
            throw new IllegalArgumentException("brushChance and brush must be both zero or both positive, not "
                    + brushChance + " and " + brush);
        }
        if (lostScanOneIn != 0) check("lostScanOneIn", lostScanOneIn, 2, Integer.MAX_VALUE);
    }

    private static void check(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be within " + min + ".." + max + ", not " + value);
        }
    }

    // ---- presets ---------------------------------------------------------------------------------------------------

    /** Sensors that read every square exactly as it is; only the scan rate and debouncing remain. */
    public static SensorModel ideal(int scanHz, int debounceScans) {
        return new SensorModel(scanHz, debounceScans, 0, Range.NONE, 0, 0, 0, Range.NONE, 0, false);
    }

    /**
     * The sensor noise of the {@code noisy} profile as simulated before sensor models existed: 40 Hz, no debouncing,
     * flicker of 1–3 scans on touched and neighbouring squares, one scan in fifty lost.
     */
    public static SensorModel legacyNoisy() {
        return new SensorModel(40, 1, 0, Range.NONE, 0, 0, 0, Range.NONE, 50, true);
    }

    /**
     * Reed switches: each change of a square bounces for up to 6 ms; one scan in a thousand lost. A reed switch closes
     * wherever the piece stands on its square, so there are no dropouts, and it needs the magnet close: no brush.
     */
    public static SensorModel reed(int scanHz, int debounceScans) {
        return new SensorModel(scanHz, debounceScans, 6, Range.NONE, 0, 0, 0, Range.NONE, 1000, false);
    }

    /**
     * Hall sensors: no contacts, so no bounce; a piece set down off centre reads empty for 30–120 ms, one to three
     * times within a second; a piece carried low over an empty neighbour of its destination reads there for 20–60 ms
     * (one set-down in four); one scan in a thousand lost.
     */
    public static SensorModel hall(int scanHz, int debounceScans) {
        return new SensorModel(scanHz, debounceScans, 0, new Range(30, 120), 3, 1000, 0.25, new Range(20, 60), 1000,
                false);
    }

    /** The same sensors read at another rate or debounced differently (e.g. {@code marelle simulate --scan-hz}). */
    public SensorModel withScanning(int scanHz, int debounceScans) {
        return new SensorModel(scanHz, debounceScans, bounceMillis, dropout, dropoutTimes, dropoutWithinMillis,
                brushChance, brush, lostScanOneIn, legacyFlicker);
    }

    // ---- derived values ------------------------------------------------------------------------------------------

    /** The time between two scans (not a whole number of ms at e.g. 24 Hz). */
    public double scanMillis() {
        return 1000.0 / scanHz;
    }

    /** When scan {@code k} happens (scan 0 at time 0). */
    public long scanAt(long k) {
        return k * 1000 / scanHz;
    }

    /** The first scan at or after {@code millis} (its index; {@link #scanAt} gives its time). */
    public long scanAtOrAfter(long millis) {
        return Math.ceilDiv(millis * scanHz, 1000L);
    }

    /**
     * The shortest reading the debouncer lets through, {@code debounceScans} scan periods (rounded down to the ms):
     * a square's settled reading never lasts less than this, whatever the sensors do (the debouncer filters each
     * square on its own: frames that change different squares may be closer).
     */
    public long shortestReading() {
        return debounceScans * 1000L / scanHz;
    }

    /**
     * How long after a change's first scan its settled frame may reach the recognizer at worst: the debouncer's further
     * scans ({@code debounceScans - 1}), and one more for a scan loop running late. A frame is stamped with its first
     * scan, so a loop that ticks the recognizer on its clock ticks it this far behind: a frame still on its way is then
     * never older than a tick (the recognizer would take it as arriving at the tick, and may have decided on the board
     * before it).
     */
    public long frameLatency() {
        return (long) Math.ceil(debounceScans * scanMillis());
    }

    /**
     * Whether a physical reading of {@code millis} ms may leave no settled reading at all: the scans sure to fall inside
     * it (in the worst phase, {@code ⌊millis / scan period⌋}), one fewer when a scan may be lost (the debouncer then
     * sees the scans either side of the lost one as consecutive), are fewer than the debouncer needs. A one-handed
     * capture's swap at 24 Hz with two-scan debouncing always may; at 40 Hz only through a lost scan; at 50 Hz never.
     */
    public boolean mayMiss(long millis) {
        long sure = (long) Math.floor(millis / scanMillis());
        if (lostScanOneIn > 0) sure--;
        return sure < debounceScans;
    }

    /**
     * Whether a physical reading of {@code millis} ms may leave no settled reading with every scan read, not only
     * through a lost scan (which is rare): a one-handed capture's swap at 24 Hz with two-scan debouncing may; at 40 and
     * 50 Hz not.
     */
    public boolean oftenMisses(long millis) {
        return (long) Math.floor(millis / scanMillis()) < debounceScans;
    }

    /**
     * Whether a piece carried for {@code millis} ms (lifted, carried and set down elsewhere) may read lifted and set
     * down in one settled frame. The debouncer delays both changes alike, so they settle in different frames once a
     * scan falls between them that reads the square lifted as empty; only what makes that square read its old state a
     * while after the lift can take that scan away: reed bounce ({@code bounceMillis}) or the legacy flicker (up to
     * three scans). So a carry as long as the longest gap between scans and that while is always read in two frames
     * (a lost scan, rare, aside).
     */
    public boolean mayReadCarryInOneFrame(long millis) {
        return millis < (long) Math.ceil(scanMillis()) + liftReadLate();
    }

    /**
     * The longest a square may go on reading a piece after it was lifted, in ms of physical time: reed bounce or the
     * legacy flicker; 0 for sensors without either. (The debouncer delays every change alike.)
     */
    public long liftReadLate() {
        return bounceMillis + longestFlicker();
    }

    /**
     * The longest a square no hand is touching can read wrong, in ms of physical time: a dropout, a brush or a
     * legacy flicker (reed bounce happens only on a square a hand just changed). Settled frames can show such a
     * misreading for up to one scan period more (it is seen from the first scan inside it to the first after it);
     * 0 when nothing misreads.
     */
    public long longestUntouchedMisreading() {
        return Math.max(longestFalseEmpty(), longestFalseOccupied());
    }

    /**
     * The longest a piece no hand is lifting reads as gone in one misreading, in ms of physical time: a legacy flicker
     * (up to three scans) or one dropout; 0 when it never does.
     */
    public long longestFalseEmpty() {
        long flicker = legacyFlicker ? (long) Math.ceil(3 * scanMillis()) : 0;
        return Math.max(flicker, dropout.max());
    }

    /**
     * The longest the legacy flicker makes any square near a change read wrong, as the scans see it (three scans);
     * 0 for sensors without it. Unlike a dropout (only on a square just set down), it may strike a square no move
     * touches.
     */
    public long longestFlicker() {
        return legacyFlicker ? (long) Math.ceil(3 * scanMillis()) : 0;
    }

    /**
     * Whether the sensors flicker but never drop out: a reading no longer than {@link #longestFlicker()} may then be
     * flicker alone, on the square read or beside it, and no dropout hides a piece set down.
     */
    public boolean flickersOnly() {
        return dropout().none() && longestFlicker() > 0;
    }

    /**
     * The longest a piece no hand is lifting can read as gone at worst: its dropouts end to end, which the debouncer
     * joins into one reading when the piece reads back between them for less than its shortest reading. Rare (two
     * dropouts within a debounce window of each other), so it bridges readings but proves nothing.
     */
    public long longestJoinedFalseEmpty() {
        long dropouts = dropout.none() ? 0 : dropoutTimes * (long) dropout.max() + (dropoutTimes - 1) * shortestReading();
        return Math.max(longestFalseEmpty(), dropouts);
    }

    /**
     * Whether a square that read empty for {@code emptyFor} ms, beginning {@code sinceSetDown} ms after a piece was set
     * down on it, may have been that piece misread rather than lifted: within the while after a set-down that dropouts
     * happen, and no longer than {@code longest} (one scan more, as the scans see it): {@link #longestFalseEmpty()}
     * for what one dropout does, {@link #longestJoinedFalseEmpty()} for what they can do together.
     */
    public boolean mayDropOut(long sinceSetDown, long emptyFor, long longest) {
        return !dropout.none() && sinceSetDown <= dropoutWithinMillis
                && emptyFor <= longest + (long) Math.ceil(scanMillis());
    }

    /**
     * The longest a physical reading of {@code millis} can last in settled frames: it is seen from the first scan
     * inside it to the first after it, a scan later when that scan is lost (never two in a row). (The debouncer moves
     * both ends alike.)
     */
    public long longestReadingOf(long millis) {
        return millis + (long) Math.ceil((lostScanOneIn > 0 ? 2 : 1) * scanMillis());
    }

    /**
     * How long after a square began to read wrong the host has read it right again at worst: the misreading
     * ({@link #longestUntouchedMisreading()}) as settled frames show it ({@link #longestReadingOf}), and the
     * debouncer's settling of the reading that ends it. A board still for longer shows no misreading.
     */
    public long misreadingOverWithin() {
        return longestReadingOf(longestUntouchedMisreading()) + (long) Math.ceil((debounceScans - 1) * scanMillis());
    }

    /**
     * The longest an empty square no piece is set on can read occupied, in ms of physical time: a brush by a piece
     * carried over it, or a legacy flicker; 0 when it never does.
     */
    public long longestFalseOccupied() {
        long flicker = legacyFlicker ? (long) Math.ceil(3 * scanMillis()) : 0;
        return Math.max(flicker, brush.max());
    }
}
