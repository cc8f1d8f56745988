package org.marelle.bridge.simulation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.PromotionChoices;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.rules.BoardGeometry;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.SquareSet;

/**
 * The frames a person would make executing a game on an occupancy sensor board: hands lift and set down pieces on
 * a timeline, a sensor scans that timeline every {@value #SCAN_MILLIS} ms and reports each change as a debounced
 * {@link Occupancy} frame. Everything comes from the seed: the same game, profile and seed give the same frames.
 *
 * <p>The person plays the moves as a careful human would on such a board (see {@link Profile}); the choreography of
 * each kind of move is in the methods below. They read the LEDs for one thing only: the square to touch when
 * promoting to another piece than the queen.
 */
public final class HumanPlaySimulator {

    /** The sensor's scan period (40 Hz, within the 24–50 Hz seen in the field). */
    public static final long SCAN_MILLIS = 25;

    /** Shortest time a captured piece's square stays empty with the capturing piece in hand (real hands). */
    private static final long CAPTURE_GAP = 150;
    /** The same with sensor noise: bounces and neighbour flicker after a lift end within 160 ms. */
    private static final long NOISY_GAP = 350;

    /** One change a hand makes on the board. */
    record Change(long at, int square, boolean occupied) {
    }

    private final Profile profile;
    private final SplittableRandom rnd;
    private final BoardGeometry geometry;
    private final List<Change> changes = new ArrayList<>();
    private SquareSet board;
    private long t;

    private HumanPlaySimulator(Position initial, Profile profile, long seed) {
        this.profile = profile;
        this.rnd = new SplittableRandom(seed);
        this.geometry = initial.geometry();
        this.board = initial.occupancy();
    }

    /**
     * The sensor frames of a game played from {@code initial}: the first frame (at time 0) shows the initial position;
     * the last change is followed by nothing (feed ticks to let the last windows run out).
     */
    public static List<Occupancy> frames(Position initial, List<Move> moves, Profile profile, long seed) {
        HumanPlaySimulator sim = new HumanPlaySimulator(initial, profile, seed);
        sim.t = 500;
        Position p = initial;
        for (Move m : moves) {
            sim.play(p, m);
            p = p.play(m);
        }
        return Sensor.scan(initial.geometry(), initial.occupancy(), sim.changes, profile.noise, sim.rnd.split());
    }

    // ---- hands ---------------------------------------------------------------------------------------------------

    private void lift(int sq) {
        if (!board.contains(sq)) throw new IllegalStateException("no piece to lift on " + geometry.squareName(sq));
        board = board.without(sq);
        changes.add(new Change(t, sq, false));
    }

    private void place(int sq) {
        if (board.contains(sq)) throw new IllegalStateException("square " + geometry.squareName(sq) + " is occupied");
        board = board.with(sq);
        changes.add(new Change(t, sq, true));
    }

    private void pass(long ms) {
        t += Math.max(0, ms);
    }

    private long between(long lo, long hi) {
        return lo + rnd.nextLong(hi - lo + 1);
    }

    private boolean chance(double p) {
        return rnd.nextDouble() < p;
    }

    /** Thinking before a move: anything from a blink to minutes. */
    private long thinking() {
        if (profile == Profile.CLEAN) return 2_500;
        // Inside 150 ms, but a hand does not reach the board much faster than 110 ms after the other's left it.
        if (profile.fast) return between(110, 150);
        double r = rnd.nextDouble();
        if (r < 0.35) return between(150, 600);       // quick replies: two plies inside one window
        if (r < 0.75) return between(600, 4_000);
        if (r < 0.95) return between(4_000, 20_000);
        return between(20_000, 180_000);
    }

    /** A piece in the hand, nothing legal on the board meanwhile: any length. */
    private long inHand() {
        if (profile == Profile.CLEAN) return 300;
        long min = profile.noise ? NOISY_GAP : 150;
        if (profile.fast) return between(Math.max(min, 100), Math.max(min, 100) + 300);
        double r = rnd.nextDouble();
        if (r < 0.75) return between(min, min + 750);
        if (r < 0.95) return between(900, 3_000);
        return between(3_000, 30_000);
    }

    /** A pause while the board shows a legal-looking intermediate: kept well inside the recognizer's windows. */
    private long brief() {
        if (profile == Profile.CLEAN) return 300;
        return profile.fast ? between(60, 250) : between(100, 600);
    }

    private long captureGap() {
        long min = profile.noise ? NOISY_GAP : CAPTURE_GAP;
        if (profile == Profile.CLEAN) return 300;
        return profile.fast ? between(min, min + 250) : between(min, min + 700);
    }

    // ---- moves ---------------------------------------------------------------------------------------------------

    private void play(Position p, Move m) {
        pass(thinking());
        if (profile.human) {
            if (chance(0.08)) adjustAnotherPiece(p, m);
            if (chance(0.08)) hesitate(m);
        }
        execute(p, m);
    }

    private void execute(Position p, Move m) {
        switch (m) {
            case Move.Castle c -> castle(c);
            case Move.EnPassant e -> enPassant(e);
            case Move.Promotion pr -> {
                if (p.pieceAt(pr.to()) != null) capture(pr.from(), pr.to(), false);
                else quiet(pr.from(), pr.to(), false);
                becomes(p, m);
            }
            case Move.Deferred d -> {
                // Albers' Courier: the move, then the pawn that waited on the last rank is swapped for its piece.
                execute(p, d.move());
                becomes(p, m);
            }
            case Move.Normal n -> {
                if (p.pieceAt(n.to()) != null) capture(n.from(), n.to(), true);
                else quiet(n.from(), n.to(), true);
            }
            case Move.Null x -> throw new IllegalArgumentException("a null move cannot be played on a board");
        }
    }

    /** J'adoube: one of the mover's other pieces is touched, lifted a little and put back. */
    private void adjustAnotherPiece(Position p, Move m) {
        Color mover = p.turn();
        int[] own = p.occupancy(mover).toArray();
        List<Integer> others = new ArrayList<>();
        for (int sq : own) {
            if (sq != m.from() && !(m instanceof Move.Castle c && sq == c.rookFrom())) others.add(sq);
        }
        if (others.isEmpty()) return;
        int sq = others.get(rnd.nextInt(others.size()));
        lift(sq);
        pass(profile.fast ? between(60, 200) : between(100, 400));
        place(sq);
        pass(profile.fast ? between(30, 100) : between(100, 600));
    }

    /** The piece to move is lifted, held, and put back before the real move. */
    private void hesitate(Move m) {
        lift(m.from());
        pass(profile.fast ? between(100, 300) : between(200, 1_500));
        place(m.from());
        pass(profile.fast ? between(50, 150) : between(200, 1_000));
    }

    private void quiet(int from, int to, boolean mayDrag) {
        lift(from);
        if (mayDrag && profile.human && chance(0.5) && dragPath(from, to) != null) {
            pass(between(30, 100));
            drag(from, to);
        } else {
            pass(inHand());
        }
        place(to);
    }

    /** The empty squares between two squares on a line, in order from {@code from}; null when not a line or blocked. */
    private int[] dragPath(int from, int to) {
        int fa = geometry.file(from), ra = geometry.rank(from), fb = geometry.file(to), rb = geometry.rank(to);
        int df = Integer.signum(fb - fa), dr = Integer.signum(rb - ra);
        int nf = Math.abs(fb - fa), nr = Math.abs(rb - ra);
        if (nf != 0 && nr != 0 && nf != nr) return null;
        int n = Math.max(nf, nr) - 1;
        if (n <= 0) return null;
        int[] path = new int[n];
        for (int i = 0; i < n; i++) {
            int sq = geometry.square(fa + df * (i + 1), ra + dr * (i + 1));
            if (board.contains(sq)) return null;
            path[i] = sq;
        }
        return path;
    }

    /** Drags the lifted piece over the squares between: each reads occupied for a moment. */
    private void drag(int from, int to) {
        for (int sq : dragPath(from, to)) {
            place(sq);
            pass(between(40, 200));
            lift(sq);
            pass(between(5, 30));
        }
    }

    /** A capture in one of three orders: victim first, attacker first, or both in hand at once. */
    private void capture(int from, int to, boolean mayDrag) {
        int order = profile == Profile.CLEAN ? 0 : rnd.nextInt(3);
        switch (order) {
            case 0 -> {
                lift(to);
                pass(profile == Profile.CLEAN ? 300 : profile.fast ? between(60, 250) : between(100, 900));
                lift(from);
                if (mayDrag && profile.human && chance(0.5) && dragPath(from, to) != null) {
                    pass(captureGap());
                    drag(from, to);
                } else {
                    pass(captureGap());
                }
            }
            case 1 -> {
                lift(from);
                pass(profile.fast ? between(60, 250) : between(100, 900));
                lift(to);
                pass(captureGap());
            }
            default -> {
                if (chance(0.5)) {
                    lift(to);
                    pass(between(0, 40));
                    lift(from);
                } else {
                    lift(from);
                    pass(between(0, 40));
                    lift(to);
                }
                pass(captureGap());
            }
        }
        place(to);
    }

    /** En passant in one of the three orders of its squares. */
    private void enPassant(Move.EnPassant e) {
        int victim = geometry.square(geometry.file(e.to()), geometry.rank(e.from()));
        int order = profile == Profile.CLEAN ? 0 : rnd.nextInt(3);
        switch (order) {
            case 0 -> {
                lift(e.from());
                pass(inHand());
                place(e.to());
                pass(brief());
                lift(victim);
            }
            case 1 -> {
                lift(victim);
                pass(brief());
                lift(e.from());
                pass(inHand());
                place(e.to());
            }
            default -> {
                lift(e.from());
                pass(brief());
                lift(victim);
                pass(inHand());
                place(e.to());
            }
        }
    }

    /** Castling king first, rook first, or with both in hand; Chess960 squares may overlap, so only valid orders. */
    private void castle(Move.Castle c) {
        boolean king = c.from() != c.to(), rook = c.rookFrom() != c.rookTo();
        if (!king || !rook) {
            int from = king ? c.from() : c.rookFrom(), to = king ? c.to() : c.rookTo();
            quiet(from, to, true);
            return;
        }
        List<int[]> orders = new ArrayList<>();
        // Each step: +square places, -(square+1) lifts. King first, rook first, both in hand (two ways).
        int[] kingFirst = {-(c.from() + 1), c.to(), -(c.rookFrom() + 1), c.rookTo()};
        int[] rookFirst = {-(c.rookFrom() + 1), c.rookTo(), -(c.from() + 1), c.to()};
        int[] bothKing = {-(c.from() + 1), -(c.rookFrom() + 1), c.to(), c.rookTo()};
        int[] bothRook = {-(c.rookFrom() + 1), -(c.from() + 1), c.rookTo(), c.to()};
        for (int[] o : List.of(kingFirst, rookFirst, bothKing, bothRook)) {
            if (valid(o)) orders.add(o);
        }
        int[] order = profile == Profile.CLEAN ? orders.get(0) : orders.get(rnd.nextInt(orders.size()));
        int lastLift = -1;
        for (int i = 0; i < order.length; i++) {
            int step = order[i];
            if (step < 0) {
                lastLift = -step - 1;
                lift(lastLift);
                boolean nextIsPlace = i + 1 < order.length && order[i + 1] >= 0;
                pass(nextIsPlace ? castlingHold() : between(0, 200));
            } else {
                int from = step == c.to() ? c.from() : c.rookFrom();
                if (profile.human && chance(0.3) && lastLift == from && dragPath(from, step) != null) drag(from, step);
                place(step);
                if (i + 1 < order.length) pass(brief());
            }
        }
    }

    private long castlingHold() {
        if (profile == Profile.CLEAN) return 300;
        long min = profile.noise ? NOISY_GAP : 150;
        return profile.fast ? between(min, min + 200) : between(min, min + 550);
    }

    private boolean valid(int[] order) {
        SquareSet b = board;
        for (int step : order) {
            if (step < 0) {
                if (!b.contains(-step - 1)) return false;
                b = b.without(-step - 1);
            } else {
                if (b.contains(step)) return false;
                b = b.with(step);
            }
        }
        return true;
    }

    /**
     * The pawn on its promotion square is swapped for the new piece; for another piece than the default the pawn in
     * hand then touches the lit choice square (the player reads that square off the LEDs).
     */
    private void becomes(Position p, Move m) {
        int sq = PromotionChoices.squareOf(m);
        pass(brief());
        lift(sq);
        pass(profile == Profile.CLEAN ? 300 : profile.fast ? between(100, 250) : between(150, 600));
        place(sq);
        PieceType wanted = PromotionChoices.pieceOf(m);
        if (wanted != PromotionChoices.defaultPiece(p)) {
            for (PromotionChoice c : PromotionChoices.of(p, m)) {
                if (c.piece() == wanted) {
                    pass(brief());
                    place(c.square());
                    // A deliberate touch: held a moment, longer than any sensor flicker.
                    pass(profile == Profile.CLEAN ? 400 : between(300, 600));
                    lift(c.square());
                }
            }
        }
    }

    // ---- the sensor ----------------------------------------------------------------------------------------------

    /** Scans the hands' timeline; with noise, adds flicker and drops scans. */
    static final class Sensor {

        /** A square read inverted during [from, to). */
        private record Flicker(int square, long from, long to) {
        }

        private Sensor() {
        }

        static List<Occupancy> scan(BoardGeometry g, SquareSet initial, List<Change> changes, boolean noise,
                                    SplittableRandom rnd) {
            List<Flicker> flickers = new ArrayList<>();
            long missSeed = rnd.nextLong();
            if (noise) {
                for (Change c : changes) {
                    if (rnd.nextDouble() < 0.3) {
                        long from = c.at() + 5 + rnd.nextLong(56);
                        flickers.add(new Flicker(c.square(), from, from + SCAN_MILLIS * (1 + rnd.nextInt(3))));
                    }
                    if (rnd.nextDouble() < 0.25) {
                        int n = neighbour(g, c.square(), rnd);
                        if (n >= 0) {
                            long from = Math.max(0, c.at() - 50 + rnd.nextLong(111));
                            flickers.add(new Flicker(n, from, from + SCAN_MILLIS * (1 + rnd.nextInt(3))));
                        }
                    }
                }
                flickers.sort(Comparator.comparingLong(Flicker::from));
            }
            List<Long> times = new ArrayList<>(changes.size() + 2 * flickers.size());
            for (Change c : changes) times.add(c.at());
            for (Flicker f : flickers) {
                times.add(f.from());
                times.add(f.to());
            }
            times.sort(null);

            List<Occupancy> frames = new ArrayList<>();
            SquareSet physical = initial;
            SquareSet last = initial;
            frames.add(new Occupancy(g.files(), g.ranks(), initial.lo(), initial.hi(), 0, null));
            int nextChange = 0;
            int flickerFrom = 0;
            long lastScan = 0;
            for (long time : times) {
                long k = Math.max((time + SCAN_MILLIS - 1) / SCAN_MILLIS, lastScan + 1);
                while (noise && missed(missSeed, k)) k++;
                if (k <= lastScan) continue;
                long at = k * SCAN_MILLIS;
                while (nextChange < changes.size() && changes.get(nextChange).at() <= at) {
                    Change c = changes.get(nextChange++);
                    physical = c.occupied() ? physical.with(c.square()) : physical.without(c.square());
                }
                SquareSet reading = physical;
                while (flickerFrom < flickers.size() && flickers.get(flickerFrom).to() + 200 < at) flickerFrom++;
                for (int i = flickerFrom; i < flickers.size() && flickers.get(i).from() <= at; i++) {
                    Flicker f = flickers.get(i);
                    if (f.from() <= at && at < f.to()) {
                        reading = reading.contains(f.square()) ? reading.without(f.square()) : reading.with(f.square());
                    }
                }
                lastScan = k;
                if (!reading.equals(last)) {
                    frames.add(new Occupancy(g.files(), g.ranks(), reading.lo(), reading.hi(), at, null));
                    last = reading;
                }
            }
            return frames;
        }

        /** About one scan in fifty is lost (a bus error), never two in a row. */
        private static boolean missed(long seed, long k) {
            return lost(seed, k) && !lost(seed, k - 1);
        }

        private static boolean lost(long seed, long k) {
            long z = seed + k * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z ^= z >>> 31;
            return (z >>> 11) % 50 == 0;
        }

        private static int neighbour(BoardGeometry g, int sq, SplittableRandom rnd) {
            int f = g.file(sq) + rnd.nextInt(3) - 1, r = g.rank(sq) + rnd.nextInt(3) - 1;
            if (f < 0 || r < 0 || f >= g.files() || r >= g.ranks() || (f == g.file(sq) && r == g.rank(sq))) return -1;
            return g.square(f, r);
        }
    }
}
