package org.marelle.bridge.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.PromotionChoices;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * The frames a person would make executing a game on an occupancy sensor board, in two layers: this class is the
 * hands, lifting and setting down pieces on a timeline of {@link Change}s; {@link Sensors} reads that timeline as the
 * board's sensors would ({@link SensorModel}: scan rate, physical misreadings) and puts every raw scan through the
 * daemon's debouncer, giving the settled {@link Occupancy} frames the recognizer sees. Everything comes from the seed:
 * the same game, profile, sensor model and seed give the same frames.
 *
 * <p>The person plays the moves as a careful human would on such a board (see {@link Profile}); the choreography of
 * each kind of move is in the methods below. They read the LEDs for one thing only: the square to touch when
 * promoting to another piece than the queen.
 */
public final class HumanPlaySimulator {

    /** The scan period of the first four profiles' sensors (40 Hz, within the 24–50 Hz seen in the field). */
    public static final long SCAN_MILLIS = 25;

    /** Shortest time a captured piece's square stays empty with the capturing piece in hand (real hands). */
    private static final long CAPTURE_GAP = 150;
    /** The same with sensor noise: bounces and neighbour flicker after a lift end within 160 ms. */
    private static final long NOISY_GAP = 350;

    /**
     * One change a hand makes on the board: at {@code at} the {@code square} becomes {@code occupied} (or empty).
     * {@code setDown}: a piece put down to stand there (not a dragged piece crossing the square, nor a touch);
     * {@code offCentre}: a set-down away from the square's centre (Hall sensors may then drop out).
     */
    record Change(long at, int square, boolean occupied, boolean setDown, boolean offCentre) {
    }

    private final Profile profile;
    private final SplittableRandom rnd;
    private final BoardGeometry geometry;
    private final List<Change> changes = new ArrayList<>();
    private SquareSet board;
    private long t;
    /** Known thinking times, move by move (null, or a negative entry: the profile's). */
    private long[] think;
    private int ply;

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
        return frames(initial, moves, profile, profile.sensors(), seed);
    }

    /** The same on another board than the profile's ({@code sensors}). */
    public static List<Occupancy> frames(Position initial, List<Move> moves, Profile profile, SensorModel sensors,
                                         long seed) {
        List<Occupancy> out = new ArrayList<>();
        for (Sensors.Settled s : settled(initial, moves, profile, sensors, seed)) out.add(s.frame());
        return out;
    }

    /**
     * The frames of a game whose thinking times are known (from the source game's clocks): before move {@code i} the
     * person thinks {@code thinkMillis[i]} ms (a negative value: as the profile would).
     */
    public static List<Occupancy> frames(Position initial, List<Move> moves, Profile profile, long seed, long[] thinkMillis) {
        HumanPlaySimulator sim = hands(initial, moves, profile, seed, thinkMillis.clone());
        List<Occupancy> out = new ArrayList<>();
        for (Sensors.Settled x : Sensors.scan(profile.sensors(), initial.geometry(), initial.occupancy(), sim.changes,
                sim.rnd.split())) {
            out.add(x.frame());
        }
        return out;
    }

    /** The settled frames with the scan that settled each (when the daemon would have received it). */
    public static List<Sensors.Settled> settled(Position initial, List<Move> moves, Profile profile, SensorModel sensors,
                                                long seed) {
        HumanPlaySimulator sim = hands(initial, moves, profile, seed, null);
        return Sensors.scan(sensors, initial.geometry(), initial.occupancy(), sim.changes, sim.rnd.split());
    }

    /** The hands' timeline alone: what the person did, before any sensor read it. */
    static List<Change> timeline(Position initial, List<Move> moves, Profile profile, long seed) {
        return List.copyOf(hands(initial, moves, profile, seed, null).changes);
    }

    private static HumanPlaySimulator hands(Position initial, List<Move> moves, Profile profile, long seed, long[] think) {
        HumanPlaySimulator sim = new HumanPlaySimulator(initial, profile, seed);
        sim.think = think;
        sim.t = 500;
        Position p = initial;
        for (Move m : moves) {
            sim.play(p, m);
            p = p.play(m);
        }
        return sim;
    }

    // ---- hands ---------------------------------------------------------------------------------------------------

    private void lift(int sq) {
        if (!board.contains(sq)) throw new IllegalStateException("no piece to lift on " + geometry.squareName(sq));
        board = board.without(sq);
        changes.add(new Change(t, sq, false, false, false));
    }

    /** A piece set down to stand on {@code sq}; a quick player's sometimes off centre (one in five). */
    private void place(int sq) {
        put(sq, true, profile.quick && chance(0.2));
    }

    /** A piece on {@code sq} for a moment only: dragged across it, or touching it. */
    private void placeOver(int sq) {
        put(sq, false, false);
    }

    private void put(int sq, boolean setDown, boolean offCentre) {
        if (board.contains(sq)) throw new IllegalStateException("square " + geometry.squareName(sq) + " is occupied");
        board = board.with(sq);
        changes.add(new Change(t, sq, true, setDown, offCentre));
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
        // A quick player answers at once two times in five: the hand was already on its way as the piece landed.
        if (profile.quick && chance(0.4)) return between(120, 250);
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
        int i = ply++;
        pass(think != null && i < think.length && think[i] >= 0 ? think[i] : thinking());
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
        if (mayDrag && drags(from, to)) {
            pass(between(30, 100));
            drag(from, to);
        } else {
            pass(inHand());
        }
        place(to);
    }

    /**
     * Whether this move is dragged: always when it can be with {@link Profile#DRAG}, half the time for human hands.
     * (The draws happen as they always did for the other profiles, so their frames stay the same.)
     */
    private boolean drags(int from, int to) {
        if (profile.dragAll) return dragPath(from, to) != null;
        return profile.human && chance(0.5) && dragPath(from, to) != null;
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

    /**
     * Drags the lifted piece over the squares between: each reads occupied for a moment (100–250 ms for
     * {@link Profile#DRAG}, resting on each square, well inside the half second a slide may pause).
     */
    private void drag(int from, int to) {
        drag(from, to, profile.dragAll);
    }

    private void drag(int from, int to, boolean resting) {
        for (int sq : dragPath(from, to)) {
            placeOver(sq);
            pass(resting ? between(100, 250) : between(40, 200));
            lift(sq);
            pass(between(5, 30));
        }
    }

    /** A capture in one of three orders: victim first, attacker first, or both in hand at once. */
    private void capture(int from, int to, boolean mayDrag) {
        if (profile.swap) {
            swapCapture(from, to, mayDrag);
            return;
        }
        int order = profile == Profile.CLEAN ? 0 : rnd.nextInt(3);
        switch (order) {
            case 0 -> {
                lift(to);
                pass(profile == Profile.CLEAN ? 300 : profile.fast ? between(60, 250) : between(100, 900));
                lift(from);
                if (mayDrag && drags(from, to)) {
                    pass(captureGap());
                    drag(from, to);
                } else {
                    pass(captureGap());
                }
            }
            case 1 -> {
                lift(from);
                if (mayDrag && profile.dragAll && dragPath(from, to) != null) {
                    // Slid up to the victim, which is then taken off.
                    pass(between(30, 100));
                    drag(from, to);
                } else {
                    pass(profile.fast ? between(60, 250) : between(100, 900));
                }
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
                if (mayDrag && profile.dragAll && dragPath(from, to) != null) {
                    pass(between(30, 100));
                    drag(from, to);
                }
                pass(captureGap());
            }
        }
        place(to);
    }

    /**
     * A one-handed capture: the capturing piece lifted (slid, when dragging), the victim plucked off by the same hand
     * and the capturing piece set down at once, so the destination reads empty for only 60–200 ms.
     */
    private void swapCapture(int from, int to, boolean mayDrag) {
        lift(from);
        if (mayDrag && profile.dragAll && dragPath(from, to) != null) {
            pass(between(30, 100));
            drag(from, to);
        } else {
            pass(between(100, 400));
        }
        lift(to);
        pass(between(60, 200));
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
                // (Castling drags rest as human hands do, whatever the profile: castling must end within 1.5 s.)
                if (profile.human && chance(0.3) && lastLift == from && dragPath(from, step) != null) drag(from, step, false);
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
                    placeOver(c.square());
                    // A deliberate touch: held a moment, longer than any sensor flicker.
                    pass(profile == Profile.CLEAN ? 400 : between(300, 600));
                    lift(c.square());
                }
            }
        }
    }
}
