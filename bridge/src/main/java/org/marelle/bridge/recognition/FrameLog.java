package org.marelle.bridge.recognition;

import org.marelle.geometry.SquareSet;


/**
 * The board states seen since the last decision, newest first, as a persistent list (a new frame shares the older
 * ones). Each state lasts from its time until the next state's time (the newest until "now"). The recognizer decides
 * on the newest state alone; the older ones are evidence that chooses among candidates: which squares were lifted, and
 * which were empty at the same time.
 *
 * <p>Evidence only counts a square as empty for a run of at least {@code minMillis}, so that one to three scans of
 * sensor flicker never prove a capture or a lift.
 *
 * <p>{@code setDown}: when the pieces standing as the log begins were set down, as far as it knows;
 * {@code setDownUnseen}: per square, the latest a piece may have been set down there with no reading of it (a capture
 * faster than the scans), or null (see {@link #placedUnseen}).
 */
record FrameLog(long at, SquareSet board, FrameLog older, int size, long[] setDown, long[] setDownUnseen) {

    /** Beyond this many states the oldest are dropped: a board left in disorder must not grow the state forever. */
    static final int MAX_STATES = 256;

    static FrameLog of(long at, SquareSet board) {
        return new FrameLog(at, board, null, 1, null, null);
    }

    FrameLog push(long t, SquareSet board) {
        FrameLog log = new FrameLog(t, board, this, size + 1, setDown, setDownUnseen);
        return log.size > 2 * MAX_STATES ? log.keep(MAX_STATES) : log;
    }

    /** The squares whose reading changed after time {@code t} (as far back as the log reaches). */
    SquareSet changedSince(long t) {
        SquareSet changed = SquareSet.EMPTY;
        for (FrameLog s = this; s.older != null && s.at > t; s = s.older) {
            changed = changed.union(s.board.symmetricDifference(s.older.board));
        }
        return changed;
    }

    /** The log as it stood before time {@code t} (its newest state the one showing just before), or null if none. */
    FrameLog before(long t) {
        FrameLog s = this;
        while (s != null && s.at >= t) s = s.older;
        return s;
    }

    /** The newest {@code n} states. */
    private FrameLog keep(int n) {
        FrameLog[] states = newestFirst();
        FrameLog out = null;
        int count = Math.min(n, states.length);
        long[] kept = setDownAt(states, count - 1);
        for (int i = count - 1; i >= 0; i--) {
            FrameLog s = states[i];
            out = new FrameLog(s.at, s.board, out, out == null ? 1 : out.size + 1, kept, s.setDownUnseen);
        }
        return out;
    }

    /**
     * The states from time {@code t} on: those that began at or after {@code t}, and the one that was showing at
     * {@code t} (restamped to {@code t}).
     */
    FrameLog since(long t) {
        FrameLog[] states = newestFirst();
        int keep = 0;
        while (keep < states.length && states[keep].at > t) keep++;
        if (keep < states.length) keep++;   // the state showing at t
        FrameLog out = null;
        long[] kept = setDownAt(states, keep - 1);
        for (int i = keep - 1; i >= 0; i--) {
            FrameLog s = states[i];
            long at = Math.max(s.at, t);
            out = new FrameLog(at, s.board, out, out == null ? 1 : out.size + 1, kept, s.setDownUnseen);
        }
        return out;
    }

    /**
     * When the pieces standing in state {@code i} (of {@code states}, newest first) were set down: the start of each
     * one's reading as occupied, as far as this log knows ({@code Long.MIN_VALUE}: before anything it knows).
     */
    private static long[] setDownAt(FrameLog[] states, int i) {
        long[] at = new long[128];
        java.util.Arrays.fill(at, Long.MIN_VALUE);
        for (int sq = 0; sq < at.length; sq++) {
            if (states[i].has(sq)) at[sq] = setDownOf(states, i, sq);
        }
        return at;
    }

    /**
     * When the piece standing on {@code sq} as this log begins was set down, if the log knows (its oldest state shows
     * a piece there); else {@code Long.MIN_VALUE}. A piece set down there later with no reading of it
     * ({@link #placedUnseen}) is the piece there, set down as late as it may have been.
     */
    long setDownAtStart(int sq) {
        FrameLog oldest = this;
        while (oldest.older != null) oldest = oldest.older;
        return oldest.has(sq) ? Math.max(oldest.setDownBefore(sq), setDownUnseen(sq)) : Long.MIN_VALUE;
    }

    /**
     * When the piece standing on {@code sq} at this log's start (the oldest state) was set down, if the log knows
     * (it was cut from a longer one that saw it): else {@code Long.MIN_VALUE}.
     */
    private long setDownBefore(int sq) {
        return setDown == null ? Long.MIN_VALUE : setDown[sq];
    }

    /**
     * When the piece on {@code sq} in state {@code i} of {@code states} (newest first) was set down: the start of its
     * run of occupied readings, or before the log's start when the log knows; {@code Long.MIN_VALUE} when unknown
     * (it stood there since before anything the log knows).
     */
    private static long setDownOf(FrameLog[] states, int i, int sq) {
        int oldest = states.length - 1;
        int k = i;
        while (k < oldest && states[k + 1].has(sq)) k++;
        return k < oldest ? states[k].at : states[oldest].setDownBefore(sq);
    }

    /**
     * This log, knowing that a piece was set down on each square of {@code squares} with no reading of it, as late as
     * {@code at}: a capture made faster than the sensors read sets the capturing piece down on a square that never
     * read empty. What the sensors may do after a set-down (a dropout) may then follow from then.
     */
    FrameLog placedUnseen(SquareSet squares, long at) {
        if (squares.isEmpty()) return this;
        long[] unseen = new long[128];
        if (setDownUnseen == null) java.util.Arrays.fill(unseen, Long.MIN_VALUE);
        else System.arraycopy(setDownUnseen, 0, unseen, 0, unseen.length);
        for (int sq : squares.toArray()) unseen[sq] = Math.max(unseen[sq], at);
        FrameLog[] states = newestFirst();
        FrameLog out = null;
        for (int i = states.length - 1; i >= 0; i--) {
            FrameLog s = states[i];
            out = new FrameLog(s.at, s.board, out, out == null ? 1 : out.size + 1, s.setDown, unseen);
        }
        return out;
    }

    /** The latest a piece may have been set down on {@code sq} unseen (see {@link #placedUnseen}), or MIN_VALUE. */
    private long setDownUnseen(int sq) {
        return setDownUnseen == null ? Long.MIN_VALUE : setDownUnseen[sq];
    }

    /** Whether no square outside {@code except} changed after {@code from} and before {@code to}. */
    boolean stillExcept(SquareSet except, long from, long to) {
        for (FrameLog s = this; s != null && s.older != null; s = s.older) {
            if (s.at <= from) break;
            if (s.at < to && !s.board.symmetricDifference(s.older.board).minus(except).isEmpty()) return false;
        }
        return true;
    }

    /**
     * When the latest emptiness of {@code square} began (the piece on it last lifted), or -1 when it never read empty.
     */
    long lastEmptied(int square) {
        FrameLog s = this;
        while (s != null && s.has(square)) s = s.older;
        if (s == null) return -1;
        while (s.older != null && !s.older.has(square)) s = s.older;
        return s.at;
    }

    private FrameLog[] newestFirst() {
        FrameLog[] states = new FrameLog[size];
        FrameLog s = this;
        for (int i = 0; i < size && s != null; i++, s = s.older) states[i] = s;
        return states;
    }

    /**
     * The end of the latest run, at or after {@code from}, during which every square of {@code squares} read empty for
     * at least {@code minMillis}; -1 when there was none. A run still going on ends at {@code now}.
     */
    long latestEmptyRun(SquareSet squares, long from, long now, long minMillis) {
        long runEnd = -1;       // end of the run being walked backwards; -1 when not in a run
        long runStart = -1;
        long end = now;         // when the state being looked at stopped showing
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = end;
            end = s.at;
            if (stateEnd < from) break;
            if (!s.board.intersects(squares)) {
                if (runEnd < 0) runEnd = stateEnd;
                runStart = Math.max(s.at, from);
            } else {
                if (runEnd >= 0 && runEnd - runStart >= minMillis) return runEnd;
                runEnd = -1;
            }
            if (s.at <= from) break;
        }
        return runEnd >= 0 && runEnd - runStart >= minMillis ? runEnd : -1;
    }

    /**
     * Evidence that a piece from {@code from} captured on {@code to}: returns the latest time {@code to} was filled
     * that proves it, or -1.
     * A capture is the capturing piece, in the hand, set down on the square its victim left. So: when {@code to} was
     * last filled, {@code from} was empty and nothing stood outside {@code before} (the piece was not visible
     * elsewhere on the board, for instance put down on another square); and while the piece was in the hand before
     * that ({@code from} empty), both squares read empty together for at least {@code minMillis}. Readings that last
     * less than {@code minMillis} (flicker) neither prove nor disprove anything.
     */
    long captureProof(int from, int to, SquareSet before, long since, long now, RecognizerConfig config) {
        return captureProof(from, to, before, since, now, config, false);
    }

    /**
     * As {@link #captureProof(int, int, SquareSet, long, long, long)}, looking at every time {@code to} was filled:
     * returns the earliest landing that proves the capture when {@code earliest}, else the latest.
     */
    long captureProof(int from, int to, SquareSet before, long since, long now, RecognizerConfig config,
                      boolean earliest) {
        return captureProof(from, to, before, since, now, config, earliest, Long.MAX_VALUE);
    }

    /** As above, with landings only up to {@code until} (a first move's capture, before the reply began or in its scan). */
    long captureProof(int from, int to, SquareSet before, long since, long now, RecognizerConfig config,
                      boolean earliest, long until) {
        long minMillis = config.proofMillis();
        FrameLog[] states = newestFirst();
        long[] ends = new long[states.length];
        for (int i = 0; i < states.length; i++) ends[i] = i == 0 ? now : states[i - 1].at;
        long found = -1;
        for (int landing = 0; landing + 1 < states.length; landing++) {
            if (states[landing].at < since) break;
            if (states[landing].at > until) continue;   // (the same scan as the reply began: a missed lift)
            if (!states[landing].has(to) || states[landing + 1].has(to)) continue;
            if (provesLanding(states, ends, landing, from, to, before, since, minMillis,
                    config.sensors().dropout().none() ? 0
                            : config.sensors().longestJoinedFalseEmpty() + (long) Math.ceil(config.sensors().scanMillis()),
                    config.sensors().brush().none() ? 0
                            : config.sensors().longestReadingOf(config.sensors().brush().max()))
                    && !mayBeDropout(states, landing, to, config.sensors())) {
                if (!earliest) return states[landing].at;
                found = states[landing].at;
            }
        }
        return found;
    }

    /**
     * Whether the emptiness of {@code to} that ended at state {@code landing} may be its piece misread rather than
     * lifted: the sensors let a piece set down (off centre) read empty for a while after it was set down
     * ({@link SensorModel#longestFalseEmpty()}), and this emptiness was no longer than that (one scan more, as the
     * scans see it) and began within that while after the square was last filled.
     */
    private static boolean mayBeDropout(FrameLog[] states, int landing, int to, SensorModel sensors) {
        if (sensors.dropout().none()) return false;
        int i = landing + 1;
        while (i + 1 < states.length && !states[i + 1].has(to)) i++;
        if (i + 1 >= states.length) return false;   // empty since the log began: nothing to misread
        long emptied = states[i].at;
        // When the piece was set down: when the square last filled (a piece there since before anything the log
        // knows stood there for longer).
        long setDown = setDownOf(states, i + 1, to);
        long emptyFor = states[landing].at - emptied;
        // (A piece set down later with no reading of it, a capture faster than the scans, is the piece there.)
        long unseen = states[states.length - 1].setDownUnseen(to);
        if (unseen != Long.MIN_VALUE && unseen > setDown) setDown = unseen;
        return setDown != Long.MIN_VALUE && sensors.mayDropOut(emptied - setDown, emptyFor,
                sensors.longestJoinedFalseEmpty());
    }

    private static boolean provesLanding(FrameLog[] states, long[] ends, int landing, int from, int to, SquareSet before,
                                         long since, long minMillis, long dropouts, long brushes) {
        // The capturing piece's square still occupied from the landing on (longer than a flicker): it never left.
        if (runFrom(states, ends, landing, from) >= minMillis) return false;
        long runEnd = -1, runStart = -1, proven = -1;
        for (int i = landing + 1; i < states.length && proven < 0; i++) {
            FrameLog s = states[i];
            if (ends[i] <= since) break;
            // The piece back on its square (for longer than a flicker): what came before is another story.
            if (s.has(from) && ends[i] - s.at >= minMillis) break;
            // (The capturing piece's square read occupied for no longer than a brush lasts is the hand carrying the
            // piece low over it, to a neighbouring victim.)
            if ((!s.has(from) || ends[i] - s.at <= brushes) && !s.has(to)) {
                if (runEnd < 0) runEnd = ends[i];
                runStart = Math.max(s.at, since);
                if (runEnd - runStart >= minMillis) {
                    // Walk on to where this run of both squares empty began, across readings of either square
                    // shorter than minMillis (flicker).
                    int k = i + 1;
                    while (k < states.length && states[k].at >= since) {
                        if (!states[k].has(from) && !states[k].has(to)) {
                            runStart = states[k].at;
                            k++;
                            continue;
                        }
                        int m = k;
                        while (m < states.length && (states[m].has(from) || states[m].has(to))) m++;
                        if (m >= states.length || ends[k] - states[m - 1].at >= minMillis || states[m].at < since) break;
                        k = m;
                    }
                    proven = runStart;
                }
            } else {
                runEnd = -1;
            }
            if (s.at <= since) break;
        }
        if (proven < 0) return false;
        // A piece standing elsewhere at the landing: if it stood there since before the victim's square emptied,
        // or stays there after the landing (longer than a flicker), the capturing piece was not in the hand.
        // (Staying means longer than overlapping flickers last, 3/2 of minMillis: a square a piece was dragged over
        // can read occupied a little after the landing.)
        // (A piece standing there is one stay across the dropouts its sensor may have read as gaps.)
        SquareSet elsewhere = states[landing].board().minus(before);
        for (int sq : elsewhere.toArray()) {
            if (runFrom(states, ends, landing, sq) >= 3 * minMillis / 2) return false;
            if (states[stayStart(states, landing, sq, dropouts)].at < proven) return false;
        }
        // Likewise a piece that stood elsewhere from before that run until just before the landing, lifted as the
        // landing was read (a piece of the other side taken off a square where the mover had just set it down).
        if (landing + 1 < states.length) {
            for (int sq : states[landing + 1].board().minus(before).toArray()) {
                int oldest = landing + 1;
                while (oldest + 1 < states.length && states[oldest + 1].has(sq)) oldest++;
                if (states[oldest].at < proven) return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code to} read empty and then occupied again while {@code from} read empty, for longer than the sensors
     * can misread a piece standing there: what a capture by the piece of {@code from} looks like when made too fast
     * to prove (the victim plucked off, the capturing piece set down at once), or a piece lifted and put back while
     * that piece was away. A piece set down before the log began was set down no later than the log's start. Only
     * an emptiness too fast to prove counts (one that lasted a proof or longer is for the proof rules to see); with
     * {@code orDropout}, one a dropout explains, or dropouts run together, too; and only one filled again by
     * {@code until} (a rival capture's landing: what came after it is no swap before it).
     */
    boolean swapSeen(int from, int to, RecognizerConfig config, boolean orDropout, long until) {
        SensorModel sensors = config.sensors();
        FrameLog[] states = newestFirst();
        int oldest = states.length - 1;
        for (int e = oldest - 1; e >= 1; e--) {
            // Each emptiness of {@code to}: from state e (empty) to state f (filled again).
            if (states[e].has(to) || !states[e + 1].has(to)) continue;
            int f = e - 1;
            boolean away = !states[e].has(from);
            while (f >= 0 && !states[f].has(to)) away |= !states[f--].has(from);
            if (f < 0) return false;   // still empty
            if (!away || states[f].has(from)) continue;   // the piece was back on its square: no swap by it
            if (states[f].at > until) continue;           // filled again after the rival landed: no swap before it
            long emptyFor = states[f].at - states[e].at;
            // (Shorter than the fastest swap a hand makes, read a scan short, it is no swap.)
            if (emptyFor + sensors.scanMillis() < StorySearch.SHORTEST_SWAP_MILLIS) continue;
            // (Set down before anything the log knows: no later than its start.)
            long setDown = setDownOf(states, e + 1, to);
            long sinceSetDown = states[e].at - (setDown == Long.MIN_VALUE ? states[oldest].at : setDown);
            // (Read longer than a dropout physically lasts: the reading of one can outlast it by up to a scan, but
            // only if it lasted nearly the longest a dropout does; a swap of that length is the likelier story.
            // Deciding that a rival exists only defers the decision.)
            boolean flicker = sensors.legacyFlicker() && emptyFor <= sensors.longestFalseEmpty() + sensors.scanMillis();
            boolean dropout = !sensors.dropout().none() && sinceSetDown <= sensors.dropoutWithinMillis()
                    && emptyFor <= sensors.longestFalseEmpty();
            // Too fast to prove; or, with orDropout, as long as dropouts run together (which no proof accepts).
            boolean fast = emptyFor < config.proofMillis() + sensors.scanMillis();
            boolean joined = orDropout && !sensors.dropout().none() && sinceSetDown <= sensors.dropoutWithinMillis()
                    && emptyFor <= sensors.longestJoinedFalseEmpty() + sensors.scanMillis();
            if (!flicker && (fast || joined) && (orDropout || !dropout)) return true;
        }
        return false;
    }

    /**
     * How long {@code sq} read occupied from time {@code t} on (the reading showing then), across empty readings no
     * longer than {@code bridge} (a piece dropping out for a moment); {@code Long.MAX_VALUE} when it still does, 0
     * when it read empty at {@code t}.
     */
    long occupiedFrom(int sq, long t, long bridge, long now) {
        FrameLog[] states = newestFirst();
        int i = 0;
        while (i + 1 < states.length && states[i].at > t) i++;
        if (!states[i].has(sq)) return 0;
        while (true) {
            int k = i;
            while (k > 0 && states[k - 1].has(sq)) k--;
            if (k == 0) return Long.MAX_VALUE;
            // states[k - 1] begins an emptiness: how long did it last?
            int e = k - 1;
            while (e > 0 && !states[e - 1].has(sq)) e--;
            long emptyUntil = e == 0 ? now : states[e - 1].at;
            if (e == 0 || emptyUntil - states[k - 1].at > bridge) return states[k - 1].at - Math.max(t, states[i].at);
            i = e - 1;
        }
    }

    /**
     * The oldest state of the stay on {@code sq} that state {@code i} (reading it occupied) is part of: walking back
     * while it reads occupied, across empty readings no longer than {@code gap} (dropouts).
     */
    private static int stayStart(FrameLog[] states, int i, int sq, long gap) {
        int oldest = i;
        while (true) {
            while (oldest + 1 < states.length && states[oldest + 1].has(sq)) oldest++;
            // states[oldest + 1] (if any) reads it empty: how long, and was it occupied before?
            int e = oldest + 1;
            while (e + 1 < states.length && !states[e + 1].has(sq)) e++;
            if (e + 1 >= states.length || gap <= 0 || states[oldest].at - states[e].at > gap) return oldest;
            oldest = e + 1;
        }
    }

    private boolean has(int sq) {
        return board.contains(sq);
    }

    /** Whether this state reads every square of {@code empty} empty and every square of {@code occupied} occupied. */
    private boolean shows(SquareSet empty, SquareSet occupied) {
        return !board.intersects(empty) && board.containsAll(occupied);
    }

    /** How long the square stayed occupied from state {@code i} on (0 when it is empty there). */
    private static long runFrom(FrameLog[] states, long[] ends, int i, int sq) {
        if (!states[i].has(sq)) return 0;
        int newest = i;
        while (newest > 0 && states[newest - 1].has(sq)) newest--;
        return ends[newest] - states[i].at;
    }

    /**
     * When the square's current reading began: the start of the newest run of states in which it reads as it reads
     * now, bridging opposite readings shorter than {@code minMillis} (flicker); the oldest state's time when it never
     * changed.
     */
    long currentSince(int square, long minMillis) {
        boolean reading = has(square);
        FrameLog s = this;
        while (s.older != null) {
            if (s.older.has(square) == reading) {
                s = s.older;
                continue;
            }
            // s.older starts an opposite run (walking back): how long did it last, and is there more before it?
            long end = s.at;
            FrameLog o = s.older;
            while (o.older != null && o.older.has(square) != reading) o = o.older;
            if (end - o.at >= minMillis || o.older == null) break;
            s = o.older;
        }
        return s.at;
    }

    /**
     * Which of {@code patterns} (read on the squares of {@code mask}) the board showed last before {@code until} for a
     * run of at least {@code minMillis}: its index, or -1 when none did.
     */
    int lastShownOf(SquareSet[] patterns, SquareSet mask, long until, long minMillis) {
        int runOf = -1;
        long runEnd = -1;
        long end = Long.MAX_VALUE;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = Math.min(end, until);
            end = s.at;
            if (s.at >= until) continue;
            int k = -1;
            for (int p = 0; p < patterns.length; p++) {
                if (s.showsOn(patterns[p], mask)) k = p;
            }
            if (k != runOf) {
                runOf = k;
                runEnd = stateEnd;
            }
            if (runOf >= 0 && runEnd - s.at >= minMillis && (s.older == null || !s.older.showsOn(patterns[runOf], mask))) {
                return runOf;
            }
        }
        return -1;
    }

    /** Whether this state reads as {@code pattern} on the squares of {@code mask}. */
    private boolean showsOn(SquareSet pattern, SquareSet mask) {
        return board.equalsOn(mask, pattern);
    }

    /**
     * The start of the earliest run, since {@code from}, during which {@code square} read empty for at least
     * {@code minMillis}, leaving out the runs that ended and that one dropout of the piece set down before them may
     * have made ({@link SensorModel#mayDropOut}): the piece was lifted at the start found; {@code Long.MAX_VALUE} when
     * there was none.
     */
    long earliestLiftStart(int square, long from, long now, long minMillis, SensorModel sensors) {
        long[] earliest = {Long.MAX_VALUE};
        emptyRuns(square, from, now, (start, end) -> {
            if (end - start < minMillis) return;
            if (end < now && !sensors.dropout().none()) {
                long setDown = setDownUntil(square, start);
                if (setDown != Long.MIN_VALUE
                        && sensors.mayDropOut(start - setDown, end - start, sensors.longestFalseEmpty())) return;
            }
            earliest[0] = start;   // (newest first: the last one seen is the earliest)
        });
        return earliest[0];
    }

    /**
     * The squares of {@code squares} that read empty at {@code t} in a run that has ended and that dropouts of the
     * piece set down before it may have made, run together ({@link SensorModel#longestJoinedFalseEmpty}).
     */
    SquareSet droppingOutAt(SquareSet squares, long t, long now, SensorModel sensors) {
        SquareSet out = SquareSet.EMPTY;
        if (sensors.dropout().none()) return out;
        for (int sq : squares.toArray()) {
            boolean[] dropping = {false};
            emptyRuns(sq, Long.MIN_VALUE, now, (start, end) -> {
                if (start > t || end <= t || end >= now) return;
                long setDown = setDownUntil(sq, start);
                dropping[0] |= setDown != Long.MIN_VALUE
                        && sensors.mayDropOut(start - setDown, end - start, sensors.longestJoinedFalseEmpty());
            });
            if (dropping[0]) out = out.with(sq);
        }
        return out;
    }

    /**
     * When the piece read on {@code square} just before {@code t} was set down (its run of occupied readings began, or
     * a piece set down unseen later); {@code Long.MIN_VALUE} when none was read there or the log does not know.
     */
    long setDownUntil(int square, long t) {
        FrameLog[] states = newestFirst();
        int i = 0;
        while (i < states.length && states[i].at >= t) i++;
        if (i >= states.length || !states[i].has(square)) return Long.MIN_VALUE;
        long setDown = setDownOf(states, i, square);
        long unseen = states[states.length - 1].setDownUnseen(square);
        return unseen != Long.MIN_VALUE && unseen < t ? Math.max(setDown, unseen) : setDown;
    }

    /** The longest run, since {@code from}, during which {@code square} read empty (0 when it never did). */
    long longestEmptyRun(int square, long from, long now) {
        long[] longest = {0};
        emptyRuns(square, from, now, (start, end) -> longest[0] = Math.max(longest[0], end - start));
        return longest[0];
    }

    /** How long the run during which {@code square} read empty at time {@code t} lasted (0 when it read occupied). */
    long emptyRunAt(int square, long t, long now) {
        long[] length = {0};
        emptyRuns(square, Long.MIN_VALUE, now, (start, end) -> {
            if (start <= t && t < end) length[0] = end - start;
        });
        return length[0];
    }

    private interface Run {
        void of(long start, long end);
    }

    /** Each run, since {@code from} (cut there), during which {@code square} read empty, newest first. */
    private void emptyRuns(int square, long from, long now, Run run) {
        long runEnd = -1, end = now;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = end;
            end = s.at;
            if (stateEnd <= from) break;
            if (s.has(square)) {
                runEnd = -1;
                continue;
            }
            if (runEnd < 0) runEnd = stateEnd;
            if (s.older == null || s.older.has(square) || s.at <= from) run.of(Math.max(s.at, from), runEnd);
        }
    }

    /** The time of the earliest state at or after {@code t} that read {@code square} occupied; -1 when none. */
    long firstFilledSince(int square, long t) {
        long first = -1;
        for (FrameLog s = this; s != null && s.at >= t; s = s.older) {
            if (s.has(square)) first = s.at;
        }
        return first;
    }

    /**
     * How long the {@code back}-th reading of the square before its current one lasted (1: the previous reading;
     * unbridged); {@code Long.MAX_VALUE} when that reading began before the log does.
     */
    long readingBefore(int square, int back) {
        FrameLog s = this;
        long newerStart = -1;
        for (int k = 0; ; k++) {
            boolean reading = s.has(square);
            while (s.older != null && s.older.has(square) == reading) s = s.older;
            if (k == back) return s.older == null ? Long.MAX_VALUE : newerStart - s.at;
            if (s.older == null) return Long.MAX_VALUE;
            newerStart = s.at;
            s = s.older;
        }
    }

    /**
     * When the piece now on {@code square} arrived: the start of the current occupied run, reaching back over gaps
     * shorter than {@code minMillis} only when what stood before the gap stood at least {@code minMillis} (a piece
     * standing there, misread as empty for a moment, has not just arrived; a flicker before the real arrival is not
     * an arrival). -1 when the square is empty now.
     */
    long arrivedSince(int square, long minMillis) {
        if (!has(square)) return -1;
        FrameLog s = this;
        while (true) {
            while (s.older != null && s.older.has(square)) s = s.older;
            // s: the oldest state of this occupied run. Before it: an empty gap, then (maybe) another occupied run.
            FrameLog gapNewest = s.older;
            if (gapNewest == null) return s.at;
            FrameLog gapOldest = gapNewest;
            while (gapOldest.older != null && !gapOldest.older.has(square)) gapOldest = gapOldest.older;
            FrameLog before = gapOldest.older;
            if (before == null || s.at - gapOldest.at >= minMillis) return s.at;
            FrameLog beforeOldest = before;
            while (beforeOldest.older != null && beforeOldest.older.has(square)) beforeOldest = beforeOldest.older;
            // (What stood before must have stood longer than overlapping flickers last: 3/2 of minMillis.)
            if (gapOldest.at - beforeOldest.at < 3 * minMillis / 2) return s.at;
            s = beforeOldest;
        }
    }

    /**
     * The squares outside {@code occupied} that some state since {@code from} showed holding a piece, for a run of at
     * least {@code minMillis} (flicker shows nothing).
     */
    SquareSet seenFilled(SquareSet occupied, long from, long now, long minMillis) {
        SquareSet candidates = heldSince(from).minus(occupied);
        SquareSet out = SquareSet.EMPTY;
        for (int sq : candidates.toArray()) {
            if (seenOccupied(sq, from, now, minMillis)) out = out.with(sq);
        }
        return out;
    }

    /**
     * As {@link #seenFilled}, a piece's stay counted across empty readings no longer than {@code gap} (the dropouts of
     * its sensor): the squares where a piece stood, since {@code from}, for at least {@code minMillis}.
     */
    SquareSet seenStanding(SquareSet occupied, long from, long now, long minMillis, long gap) {
        SquareSet out = SquareSet.EMPTY;
        for (int sq : heldSince(from).minus(occupied).toArray()) {
            // Newest first: the stay's end, and where it begins so far.
            long end = now, stayEnd = -1, stayStart = -1;
            for (FrameLog s = this; s != null; s = s.older) {
                long stateEnd = end;
                end = s.at;
                if (stateEnd < from) break;
                if (s.has(sq)) {
                    if (stayEnd < 0 || stayStart - stateEnd > gap) stayEnd = stateEnd;
                    stayStart = Math.max(s.at, from);
                    if (stayEnd - stayStart >= minMillis) {
                        out = out.with(sq);
                        break;
                    }
                }
                if (s.at <= from) break;
            }
        }
        return out;
    }

    /** The squares some state since {@code from} (and the one showing then) read occupied. */
    private SquareSet heldSince(long from) {
        SquareSet seen = SquareSet.EMPTY;
        for (FrameLog s = this; s != null; s = s.older) {
            if (!seen.containsAll(s.board)) seen = seen.union(s.board);
            if (s.at <= from) break;
        }
        return seen;
    }

    /** As {@link #seenFilled}, for the board as it was until {@code until} (runs cut there). */
    SquareSet seenFilledBefore(SquareSet occupied, long until, long minMillis) {
        FrameLog s = this;
        while (s != null && s.at >= until) s = s.older;
        return s == null ? SquareSet.EMPTY : s.seenFilled(occupied, Long.MIN_VALUE, until, minMillis);
    }

    /** Whether each square of {@code squares} read occupied since {@code from} for a run of at least {@code minMillis}. */
    boolean eachSeenFilled(SquareSet squares, long from, long now, long minMillis) {
        for (int sq : squares.toArray()) {
            if (!seenOccupied(sq, from, now, minMillis)) return false;
        }
        return true;
    }

    private boolean seenOccupied(int sq, long from, long now, long minMillis) {
        long end = now, runEnd = -1, runStart = -1;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = end;
            end = s.at;
            if (stateEnd < from) break;
            if (s.has(sq)) {
                if (runEnd < 0) runEnd = stateEnd;
                runStart = Math.max(s.at, from);
                if (runEnd - runStart >= minMillis) return true;
            } else {
                runEnd = -1;
            }
            if (s.at <= from) break;
        }
        return false;
    }

    /** Whether every square of {@code squares} read empty together for a run of at least {@code minMillis}. */
    boolean seenEmpty(SquareSet squares, long from, long now, long minMillis) {
        return latestEmptyRun(squares, from, now, minMillis) >= 0;
    }

    /** The squares of {@code of} each seen empty (on its own) for a run of at least {@code minMillis}. */
    SquareSet seenEmptyEach(SquareSet of, long from, long now, long minMillis) {
        SquareSet out = SquareSet.EMPTY;
        for (int sq : of.toArray()) {
            if (seenEmpty(SquareSet.of(sq), from, now, minMillis)) out = out.with(sq);
        }
        return out;
    }

    /**
     * The time of the earliest state, at or after {@code from}, in which the squares of {@code empty} were all empty
     * and those of {@code occupied} all occupied; -1 when none.
     */
    long firstState(SquareSet empty, SquareSet occupied, long from) {
        long first = -1;
        for (FrameLog s = this; s != null; s = s.older) {
            if (s.shows(empty, occupied)) {
                first = Math.max(s.at, from);
            }
            if (s.at <= from) break;
        }
        return first;
    }

    /**
     * The start of the latest run of states, begun before {@code before}, in which the squares of {@code empty} were
     * all empty and those of {@code occupied} all occupied; -1 when there was none.
     */
    long latestRunStartBefore(SquareSet empty, SquareSet occupied, long before) {
        long start = -1;
        boolean inRun = false;
        for (FrameLog s = this; s != null; s = s.older) {
            if (s.shows(empty, occupied)) {
                start = s.at;
                inRun = true;
            } else if (inRun) {
                if (start < before) return start;
                inRun = false;
                start = -1;
            }
        }
        return inRun && start < before ? start : -1;
    }

    /**
     * When the latest run, since {@code from}, of states that read as {@code board} on the squares of {@code mask},
     * lasting at least {@code minMillis}, ended; -1 when there was none or it still goes on. A run goes on across
     * other readings no longer than {@code gap} (a square misread for a moment: a touch split by a neighbour's flicker
     * is one touch).
     */
    long latestRunEnd(SquareSet board, SquareSet mask, long from, long now, long minMillis, long gap) {
        // Newest first: the merged run being walked back (its end, and its start so far), and where the readings that
        // do not show the pattern began (the gap so far).
        long end = now, runEnd = -1, runStart = -1;
        boolean goesOn = false;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = end;
            end = s.at;
            if (stateEnd <= from) break;
            if (s.showsOn(board, mask)) {
                if (runEnd >= 0 && runStart - stateEnd > gap) {
                    // The gap was too long: the run walked back so far ended there.
                    if (!goesOn && runEnd - runStart >= minMillis) return runEnd;
                    runEnd = -1;
                }
                if (runEnd < 0) {
                    runEnd = stateEnd;
                    goesOn = s == this;
                }
                runStart = Math.max(s.at, from);
            }
            if (s.at <= from) break;
        }
        return runEnd >= 0 && !goesOn && runEnd - runStart >= minMillis ? runEnd : -1;
    }

    /**
     * Whether {@code square}, a piece set down on it at {@code setDown}, read empty within [setDown, until) for a run
     * of at least {@code minMillis} that no dropout of that piece explains (one dropout, as the scans see it, within
     * the while after a set-down that dropouts happen): the piece left.
     */
    boolean leftAfterSetDown(int square, long setDown, long until, long minMillis, SensorModel sensors) {
        boolean[] left = {false};
        long longest = sensors.longestReadingOf(sensors.longestFalseEmpty());
        // (A run still going on has no end: Long.MAX_VALUE, no dropout.)
        emptyRuns(square, setDown, Long.MAX_VALUE, (start, end) -> {
            if (start >= until || Math.min(end, until) - start < minMillis) return;
            if (!sensors.mayDropOut(start - setDown, end - start, longest)) left[0] = true;
        });
        return left[0];
    }

    /** Whether {@code square} read empty for a run of at least {@code minMillis} within [from, until). */
    boolean emptyBetween(int square, long from, long until, long minMillis) {
        return readBetween(square, false, from, until, minMillis);
    }

    /** Whether {@code square} read occupied for a run of at least {@code minMillis} within [from, until). */
    boolean filledBetween(int square, long from, long until, long minMillis) {
        return readBetween(square, true, from, until, minMillis);
    }

    private boolean readBetween(int square, boolean occupied, long from, long until, long minMillis) {
        long end = Long.MAX_VALUE;
        long runEnd = -1;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = Math.min(end, until);
            end = s.at;
            if (s.at >= until) continue;
            if (stateEnd <= from) break;
            if (s.has(square) == occupied) {
                if (runEnd < 0) runEnd = stateEnd;
                if (runEnd - Math.max(s.at, from) >= minMillis) return true;
            } else {
                runEnd = -1;
            }
            if (s.at <= from) break;
        }
        return false;
    }

    /**
     * How long, in all, the states since {@code from} showed exactly {@code board} (the newest state lasting until
     * {@code now}).
     */
    long shownFor(SquareSet board, long from, long now) {
        return shownOn(board, SquareSet.FULL, from, now);   // (squares beyond the board read empty in every state)
    }

    /**
     * How long, in all, the states since {@code from} showed {@code board} on the squares of {@code mask} (whatever the
     * other squares read).
     */
    long shownOn(SquareSet board, SquareSet mask, long from, long now) {
        long total = 0;
        long end = now;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = end;
            end = s.at;
            if (stateEnd <= from) break;
            if (s.showsOn(board, mask)) {
                total += stateEnd - Math.max(s.at, from);
            }
            if (s.at <= from) break;
        }
        return total;
    }

    /**
     * How long, in all, the board has shown {@code board} lately: walking back from {@code now}, the time of the states
     * showing it, across other readings shorter than {@code maxGap} (a bounce), up to the first one that lasted longer.
     */
    long shownLately(SquareSet board, long now, long maxGap) {
        long total = 0, gap = 0;
        long end = now;
        for (FrameLog s = this; s != null; s = s.older) {
            long stateEnd = end;
            end = s.at;
            if (s.board.equals(board)) {
                total += stateEnd - s.at;
                gap = 0;
            } else {
                gap += stateEnd - s.at;
                if (gap >= maxGap) break;
            }
        }
        return total;
    }

    /** When the board last stopped showing exactly {@code board} ({@code now} if it still does); -1 if it never did. */
    long lastShownEnd(SquareSet board, long now) {
        long end = now;
        for (FrameLog s = this; s != null; s = s.older) {
            if (s.board.equals(board)) return end;
            end = s.at;
        }
        return -1;
    }

    /** Whether {@code square} read occupied in some state that was showing at or after {@code t}. */
    boolean occupiedSince(int square, long t) {
        for (FrameLog s = this; s != null; s = s.older) {
            if (s.has(square)) return true;
            if (s.at <= t) break;
        }
        return false;
    }
}
