package org.marelle.bridge.recognition;

/**
 * How long the recognizer waits before it believes what the board shows, and how it treats a board that goes back
 * to an earlier position. Every window counts from the last change of the board that concerns the move.
 *
 * <p>Why the windows differ: a move is committed only when it can no longer grow into another move. A knight move
 * cannot grow; a bishop put down on c4 may still be on its way to b5; a rook put on f1 while castling is legal may be
 * the first half of castling; a pawn put on the last rank waits for the player to choose the piece. See
 * {@code docs/recognition.md}.
 *
 * @param mode            {@link Mode#CASUAL}: putting the pieces back to an earlier position takes moves back;
 *                        {@link Mode#TOURNAMENT}: the same board is a mismatch to fix
 * @param settleMillis    a move that cannot grow into another (default 250 ms)
 * @param slideMillis     a move whose piece could still slide further along the same line (default 600 ms; field
 *                        systems use 125 ms per square up to 750 ms)
 * @param castlingMillis  a king or rook move that may be the first half of castling (default 1500 ms)
 * @param captureMillis   a capture whose destination was seen empty while the capturing piece was lifted (default
 *                        400 ms); a capture never seen that way is not committed at all
 * @param promotionMillis a promotion, while the player may still choose another piece on the board (default 2000 ms)
 * @param takebackMillis  the board back at an earlier position of the game, casual mode (default 800 ms)
 * @param newGameMillis   the start position set up (default 1000 ms)
 * @param resultMillis    a result gesture (default 1000 ms)
 * @param mismatchMillis  how long a board no legal move explains must rest (no square changing) before it is reported
 *                        as a mismatch (default 1500 ms)
 * @param proofMillis     how long a square must read empty to count as lifted: captures are proven and lifts counted
 *                        only by runs at least this long, so sensor flicker proves nothing (default 120 ms)
 * @param takebackPlies   how many plies a takeback may undo at most (default 10)
 * @param sensors         how the board senses its squares: scan rate, debouncing, and how long a square can read
 *                        wrong (default {@link SensorModel#hall} at 50 Hz with 2-scan debouncing, the daemon's scanning
 *                        with the sensors that misread the most: a piece set down off centre may read empty for up to
 *                        120 ms within a second)
 * @param searchOnly      whether every move is decided by the story search alone, the move matcher proposing none
 *                        (it still finds takebacks, a new game and result gestures, and a move it matches still keeps a
 *                        takeback from being read): the way to one cost for every decision (issue #13, items 2 and
 *                        4), measured beside the released way until it is as good on every profile. Off by default;
 *                        see docs/recognition.md, "Deciding by the story search alone"
 */
public record RecognizerConfig(
        Mode mode,
        long settleMillis,
        long slideMillis,
        long castlingMillis,
        long captureMillis,
        long promotionMillis,
        long takebackMillis,
        long newGameMillis,
        long resultMillis,
        long mismatchMillis,
        long proofMillis,
        int takebackPlies,
        SensorModel sensors,
        boolean searchOnly) {

    /** What putting the pieces back to an earlier position means. */
    public enum Mode {
        /** Friendly play: the moves are taken back. */
        CASUAL,
        /** Rated play: no takebacks; the board must be put right. */
        TOURNAMENT
    }

    public RecognizerConfig {
        if (mode == null) throw new IllegalArgumentException("mode must be casual or tournament");
        check("settleMillis", settleMillis);
        check("slideMillis", slideMillis);
        check("castlingMillis", castlingMillis);
        check("captureMillis", captureMillis);
        check("promotionMillis", promotionMillis);
        check("takebackMillis", takebackMillis);
        check("newGameMillis", newGameMillis);
        check("resultMillis", resultMillis);
        check("mismatchMillis", mismatchMillis);
        check("proofMillis", proofMillis);
        if (takebackPlies < 0) throw new IllegalArgumentException("takebackPlies must be 0 or more, not " + takebackPlies);
        if (sensors == null) throw new IllegalArgumentException("sensors must be given (a SensorModel)");
    }

    /** The configuration with every move decided as released (see {@link #searchOnly}: off). */
    public RecognizerConfig(Mode mode, long settleMillis, long slideMillis, long castlingMillis, long captureMillis,
                            long promotionMillis, long takebackMillis, long newGameMillis, long resultMillis,
                            long mismatchMillis, long proofMillis, int takebackPlies, SensorModel sensors) {
        this(mode, settleMillis, slideMillis, castlingMillis, captureMillis, promotionMillis, takebackMillis,
                newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, false);
    }

    /**
     * The same recognizer with every move decided by the story search alone ({@code on}), or as released: a
     * developer's measure for now (`marelle simulate --search-only`), not a setting. See {@link #searchOnly}.
     */
    public RecognizerConfig withSearchOnly(boolean on) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, on);
    }

    /** The sensors the defaults assume: the daemon's scanning (50 Hz, 2 scans) of Hall sensors. */
    public static final SensorModel DEFAULT_SENSORS = SensorModel.hall(50, 2);

    private static void check(String name, long millis) {
        if (millis < 0 || millis > 3_600_000) {
            throw new IllegalArgumentException(name + " must be between 0 and 3600000 ms, not " + millis);
        }
    }

    /** The documented defaults, casual mode. */
    public static RecognizerConfig defaults() {
        return new RecognizerConfig(Mode.CASUAL, 250, 600, 1500, 400, 2000, 800, 1000, 1000, 1500, 120, 10,
                DEFAULT_SENSORS, false);
    }

    /**
     * How long a reading must last to count as what the board showed, and how long a glitch may last (two thirds of
     * {@code proofMillis}: 80 ms by default, longer than three scans of flicker at 40 Hz, shorter than any reply).
     */
    public long storyMillis() {
        return Math.max(proofMillis() * 2 / 3, sensors.longestFlicker() + 1);
    }

    /**
     * How long a square must read empty to count as lifted: the configured {@code proofMillis}, and never less than
     * half as long again as the sensors' flicker lasts, so that flicker proves nothing at any scan rate (the legacy
     * {@code noisy} sensor at 24 Hz without debouncing flickers for up to 125 ms: read at 120 ms, a flicker on the
     * rook beside a queen's capture proved Qxf8+ for Qxf6).
     */
    @Override
    public long proofMillis() {
        return Math.max(proofMillis, (sensors.longestFlicker() + 1) * 3 / 2);
    }

    public RecognizerConfig withMode(Mode m) {
        return new RecognizerConfig(m, settleMillis, slideMillis, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withSettleMillis(long ms) {
        return new RecognizerConfig(mode, ms, slideMillis, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withSlideMillis(long ms) {
        return new RecognizerConfig(mode, settleMillis, ms, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withCastlingMillis(long ms) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, ms, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withCaptureMillis(long ms) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, castlingMillis, ms, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withPromotionMillis(long ms) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, castlingMillis, captureMillis, ms,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withMismatchMillis(long ms) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, ms, proofMillis, takebackPlies, sensors, searchOnly);
    }

    public RecognizerConfig withTakebackPlies(int plies) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, plies, sensors, searchOnly);
    }

    /** The same recognizer on a board that senses as {@code s} says. */
    public RecognizerConfig withSensors(SensorModel s) {
        return new RecognizerConfig(mode, settleMillis, slideMillis, castlingMillis, captureMillis, promotionMillis,
                takebackMillis, newGameMillis, resultMillis, mismatchMillis, proofMillis, takebackPlies, s, searchOnly);
    }

    /**
     * The longest a player holds a piece over the board before setting it down (thinking with a piece in hand). A
     * board still for longer has every piece set down: a capture that only looked like a piece held over its victim
     * (its square read empty no longer than dropouts, or not at all) is then confirmed. Half a minute: longer than
     * players hold a piece in the air, shorter than a game's last move stays on the board while the result is settled.
     */
    public static final long HOLD_MILLIS = 30_000;

    /** See {@link #HOLD_MILLIS}. */
    public long holdMillis() {
        return HOLD_MILLIS;
    }

    /**
     * How long the board must stay as it was after a lit square is touched for the touch to answer the question
     * (the player touches, then looks at the lights, which go out once the answer is taken). A piece lifted and set
     * back and then moved, or touched before another is moved (j'adoube), answers nothing: a touch that is the start
     * of play is no answer, whichever square it was on.
     */
    public static final long ANSWER_MILLIS = 1_000;

    /** See {@link #ANSWER_MILLIS}. */
    public long answerMillis() {
        return ANSWER_MILLIS;
    }

    /** The longest window: after this much quiet every pending decision has been taken. */
    public long longestWindow() {
        long m = Math.max(settleMillis, Math.max(slideMillis, castlingMillis));
        m = Math.max(m, Math.max(captureMillis, promotionMillis));
        m = Math.max(m, Math.max(takebackMillis, Math.max(newGameMillis, resultMillis)));
        return Math.max(m, mismatchMillis);
    }
}
