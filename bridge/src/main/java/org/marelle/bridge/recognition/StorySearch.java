package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * Finding the way back to a board that went on without the recognizer: the legal sequences of up to
 * {@value #MAX_PLIES} plies from the committed position that leave exactly the occupancy the board shows, each read
 * against what the sensors saw since that position.
 *
 * <p>Why it is needed: the rules that decide as moves are made wait whenever a move is not proven as it happens (a
 * capture made so fast, one-handed, that its square read empty for a scan or two, or not at all, looks like the
 * capturing piece held over the board). The game goes on; after a reply and one more move, nothing one or two plies
 * ahead explains the board. Once the board is still, this search finds what was played.
 *
 * <p>How a story is read: square by square, in the story's order. A square a move empties must have read empty, a
 * square it fills must have read occupied, after the move before it was done (less {@code slack}: two events within a
 * scan or two of each other may be read in either order). A capture's square, occupied before and after, should have
 * read empty in between; when it did not (or only for less than a proof) the capture is <em>weak</em>: a piece held
 * over its victim reads the same, so a story never ends with a weak capture as far as committing goes, and only what
 * followed it (the opponent's reply, seen on the board) confirms it. Readings no move explains are counted against a
 * story, except on squares a move of it passes over (a piece dragged along its line). A square that already differed
 * from the committed position when the log began (a restarted daemon, a reconnected board) changed at that moment,
 * in whatever order its story needs.
 *
 * <p>The search is bounded: a move must start on a square that changed (or that an earlier move of the story reached;
 * while the board was not read, one move may start on a square another piece then fills again), and a line is
 * abandoned when its remaining plies cannot take off, change or fill as many squares as the board needs.
 */
final class StorySearch {

    /**
     * How far back the board is followed, when it was read all along: three moves each side. A blitz game's moves
     * run on, the board never still between them, past a capture the scans barely saw (a one-handed swap at 24 Hz);
     * four plies were too few to find the way back to such a story, and a shorter one with a piece in hand won.
     */
    static final int MAX_PLIES = 6;

    /**
     * How far back when the deeper search visits more than {@link #MAX_NODES} positions (captures on a crowded
     * board), and when the board was not read for a while (a restarted daemon, a reconnected board: any piece may
     * then have moved, and lines multiply): a move, its reply, and the next pair.
     */
    static final int SHORT_PLIES = 4;

    /**
     * The most positions one search visits: beyond, the board is left to the other rules (and, if it lasts, to the
     * mismatch report). A board read all along changes few squares and stays far below; a board first read after
     * many captures by queens (nothing read in between) could otherwise take tens of milliseconds.
     */
    static final int MAX_NODES = 3_000;

    /**
     * The bound of the six-ply search tried again when neither it (within {@link #MAX_NODES}) nor the four-ply search
     * decides (see {@link #search}).
     */
    static final int WIDER_NODES = 4 * MAX_NODES;

    /** The most positions this search visits: {@link #MAX_NODES}, or {@link #WIDER_NODES} once tried again. */
    private int budget = MAX_NODES;


    /**
     * One way the board came to be: its moves, when each was done on the board, how many captures in it were never
     * (or only briefly) seen, how many readings it leaves unexplained, and how many of its first moves are confirmed:
     * up to the last move seen whole (a weak capture followed only by weak captures proves nothing: the last of them
     * may be a capturing piece still held over its victim). A {@code partial} story leaves the board with the next
     * move begun (one or two pieces lifted since its last move was done); only its moves before the last count as
     * confirmed, since the last may be a piece resting on its way ({@code lastSeen}: it was seen whole, and is
     * confirmed too once it has stood longer than it could still grow, until {@code stoodUntil} when the next move
     * lifted it as its victim, else until now: see {@code Transition}). {@code confirmedIfStill}: how many are
     * confirmed once the board stays still for long, every piece set down: up to the last move seen whole or seen
     * briefly (a capture a dropout could have shown, or none saw, is confirmed only by a later move).
     * {@code longestStray}: the longest a square read occupied where the story has no piece (0 when none did);
     * {@code strays}: how long such readings lasted in all.
     * {@code landedUnseen}: a piece of it was set down and taken by the next move without a reading of it.
     * {@code unseenAt}: which of its moves is the (last) capture nobody saw (-1 when none); {@code unseenFrom}: the
     * first of its moves that rests on one (the capture, or the move before it whose landing nobody read; -1 when
     * none): the moves before it were read.
     * {@code misread}: it holds only if the sensors misread the board more than they usually do (see
     * {@link #misreadOnce}). {@code heldForCapture}: the longest the board stood still, a piece of it that captured
     * (its capture read) lifted, before its victim's square emptied (0 when none). {@code dropoutCaptures}: how many
     * of its captures were read only by an emptiness of the victim's square that a dropout of the piece just set down
     * there could make as well (the victim plucked, or that piece off centre: the reading does not tell).
     */
    record Story(List<Move> moves, long[] doneAt, int unseen, long unexplained, int confirmed, long unseenMillis,
                 boolean partial, long unreadUntil, boolean lastSeen, long stoodUntil, int confirmedIfStill,
                 long longestStray, long strays, boolean landedUnseen, int unseenAt, int unseenFrom,
                 boolean misread, long heldForCapture, int unseenMoves, int dropoutCaptures) {

        /**
         * How many of its first moves, at most those confirmed, the moves after bear out: every capture nobody saw
         * among them has its piece later lifted off its square by a move confirmed, or by its last move, seen whole
         * (the piece was there, so the capture was made); the move before a capture nobody saw that nothing bears out
         * is not among them either (that capture may be a move still being made). 0 when it misreads.
         */
        int borneOutPrefix() {
            if (misread || landedUnseen) return 0;
            for (int u = 0; u < moves.size(); u++) {
                if ((unseenMoves >>> u & 1) == 0) continue;
                int square = PromotionChoices.base(moves.get(u)).to();
                boolean left = false;
                for (int k = u + 1; k < moves.size() && !left; k++) {
                    boolean seen = k < confirmed || k == moves.size() - 1 && lastSeen;
                    left = seen && PromotionChoices.base(moves.get(k)).from() == square;
                }
                if (!left) return Math.max(0, Math.min(confirmed, u - 1));
            }
            return confirmed;
        }

        /**
         * Whether the moves after its capture nobody saw bear it out: a later move leaves, or takes on, that square
         * (the capturing piece found there), or two later moves are confirmed (a move seen whole right after it may
         * be a misreading that happens to fit; two are not). For a piece set down unseen and taken by the next move,
         * that capture, whose landing was read, is the first of the two.
         */
        boolean unseenBorneOut() {
            if (unseenAt < 0) return false;
            if (confirmed >= unseenAt + (landedUnseen && !misread ? 2 : 3)) return true;
            int square = PromotionChoices.base(moves.get(unseenAt)).to();
            for (int k = unseenAt + 1; k < confirmed; k++) {
                Move m = PromotionChoices.base(moves.get(k));
                if (m.from() == square || m.to() == square) return true;
            }
            return false;
        }

        /**
         * The same story resting on one more thing the sensors did not show as they usually do (a landing read only
         * after dropouts ran together, the reply already begun, for move {@code at}): it costs what a capture nobody
         * saw costs, and like one it is believed only once the moves after move {@code at} bear it out.
         */
        Story misreadOnce(int at) {
            return new Story(moves, doneAt, unseen + 1, unexplained, confirmed, unseenMillis, partial, unreadUntil,
                    lastSeen, stoodUntil, confirmedIfStill, longestStray, strays, landedUnseen, at,
                    unseenFrom < 0 ? at : Math.min(unseenFrom, at), true, heldForCapture, unseenMoves,
                    dropoutCaptures);
        }

        /** Whether move {@code k} was made while the board was not read (done by the time it was first read). */
        boolean unread(int k) {
            return doneAt[k] <= unreadUntil;
        }

        /**
         * Whether a move of it was made while the board was not read: nothing but the board as it is tells of it, and
         * the search (bounded) may not have seen every line that leads there, so it is never decided without the
         * player.
         */
        boolean unread() {
            return unreadUntil != Long.MIN_VALUE && doneAt.length > 0 && unread(0);
        }

        /**
         * Whether only the player can tell: moves made while the board was not read, or a piece the board never
         * showed where the story set it down (a story made up of what was not seen, however well the rest fits).
         */
        boolean askFirst() {
            return unread() || landedUnseen;
        }

        /**
         * Whether part of it rests on nothing the sensors showed (a capture nobody saw, or what only the player can
         * tell): such a story may be waited on or asked about, never built on before it is confirmed.
         */
        boolean unseenPart() {
            return unseen > 0 || askFirst();
        }

        /**
         * Lower is better: how long, in all, squares read otherwise than the story says (milliseconds), plus a
         * proof-long reading for each capture nobody saw.
         */
        long cost() {
            return unexplained + unseen * unseenMillis;
        }
    }

    /**
     * The moves every close story of a search agreed on, from position {@code from}, and when each was done: where
     * a later search may start when the board has moved on past the plies a search looks ahead.
     */
    record Horizon(Position from, List<Move> moves, long[] doneAt) {
    }

    /**
     * The stories the evidence allows, best first, and how many positions the search visited; {@code complete} false
     * when it stopped at {@link #MAX_NODES} (the stories found are then no basis for a decision); {@code shortComplete}
     * whether every story of up to {@link #SHORT_PLIES} plies is among them all the same (a longer one, unsearched,
     * may explain the board better).
     */
    record Result(List<Story> stories, int nodes, boolean complete, boolean shortComplete) {
        Result(List<Story> stories, int nodes, boolean complete) {
            this(stories, nodes, complete, complete);
        }
    }

    /** A square's readings in time order: when it changed, and to what. */
    private record Changes(long[] at, boolean[] occupied) {
        /** A square that never changed. */
        static final Changes NONE = new Changes(new long[0], new boolean[0]);
    }

    /** What a reading of a square that never changed marks matched: nothing (shared; never written). */
    private static final boolean[] NONE_MATCHED = new boolean[0];

    private final Position start;
    private final SquareSet board;
    private final long since;
    private final SquareSet justPlaced;
    private final BoardGeometry geometry;
    private final Changes[] changes;
    /** When the pieces standing as the log begins were set down, as far as the log knows (else Long.MIN_VALUE). */
    private final long[] setDownBefore;
    private final SquareSet changed;
    /** Two events within one scan may be read in either order. */
    private final long slack;
    private final long proofMillis;
    /** The longest a square can read empty, or occupied, that a hand did not make so (as the scans see it). */
    private final long falseEmpty, falseOccupied;
    /**
     * The time the move before the one being read was done, when one frame read it whole (readings then are in its
     * frame, and nothing tells their order); else Long.MIN_VALUE.
     */
    private long sameFrame = Long.MIN_VALUE;
    /** The soonest a reply is read begun after the move before it was read done (see {@link #REACTION_MILLIS}). */
    private final long reaction;
    /** The longest a piece can read as gone when its dropouts run together (bridged, never proof). */
    private final long joinedFalseEmpty;
    /**
     * When the board was first read, if it already differed from the committed position then and nothing was
     * committed since it was read (the moves in between were made while it was not read); else Long.MIN_VALUE.
     */
    private long gapUntil = Long.MIN_VALUE;
    /**
     * The shortest time a hand leaves a captured piece's square empty: the piece plucked off and the capturing piece set
     * down at once, one-handed, as blitz players capture.
     */
    static final long SHORTEST_SWAP_MILLIS = 60;

    /**
     * The soonest a player's hand answers the opponent's move once it is done: a simple visual reaction takes longer
     * (150–250 ms for most people); the quickest answers in blitz, the hand already hovering, take little less.
     */
    static final long REACTION_MILLIS = 100;

    /**
     * The shortest time a hand carries a piece from one square to another, lift to set-down: lifting it clear of the
     * sensor and setting it down again takes a human hand more than this, however fast (one-handed swaps included:
     * the capturing piece is lifted before its victim is plucked).
     */
    static final long SHORTEST_CARRY_MILLIS = 50;

    /**
     * Whether a piece's lift and its landing elsewhere are always read in different frames (see
     * {@link SensorModel#mayReadCarryInOneFrame}): with such sensors a story that has them in one frame is no hand's.
     */
    private final boolean carriesTakeAFrame;
    /** Whether a hand may brush an empty square so that it reads occupied a while (see {@link SensorModel#brush}). */
    private final boolean handsBrush;
    /**
     * The time the log's first state is read at: what it already showed (moves made before the log begins) is
     * stamped with it, not with when it happened.
     */
    private long readFrom;

    /**
     * Whether a capture can leave no reading at all: the fastest swap may fall between the debouncer's readings (see
     * {@link SensorModel#mayMiss}).
     */
    private final boolean capturesMayGoUnseen;
    /**
     * Whether a piece set down can leave no reading before the next move takes it: as a capture can, or when a piece
     * set down may drop out at once for longer than it then stood (Hall sensors).
     */
    private final boolean landingsMayGoUnseen;
    /** The longest a piece may stand on a square on its way (longer, it was set down there). */
    private final long standMillis;
    /** The time of the search: the board has read as {@code board} from the log's newest state until then. */
    private final long now;
    /** What the sensors may misread (a piece set down dropping out for a moment). */
    private final SensorModel sensors;
    private final Function<Position, PieceType> promotion;
    private final List<Story> found = new ArrayList<>();
    /** The least cost of the stories found so far. */
    private long bestFound = Long.MAX_VALUE;
    /**
     * The positions from which no line leads to the board, by how many captures nobody saw a line below may still
     * make (see {@link Dead}). Kept from one pass of {@link #run} to the next, and handed from the six-ply search to
     * the four-ply and the wider one ({@link #search}): each pass allows one more such capture than the last, and
     * most of what the last found dead never needed one (a wider search visited 44,000 positions over four passes,
     * most of them again, to find the stories its first pass found: Lichess 13 under `noisy` at 24 Hz, a rook in
     * hand; 24,000 now).
     */
    private java.util.Map<DeadEnd, Dead> deadEnds = new java.util.HashMap<>();
    private int nodes;
    /** How often a line was left out for its captures nobody saw (see {@link #budgetPruned}), counted over the search. */
    private int prunes;
    /** Whether each pass starts with no dead ends known, as before they were kept (a test compares the two). */
    private boolean forgetEachPass;

    private StorySearch(Position start, SquareSet board, FrameLog log, long now, long since, SquareSet justPlaced,
                        SensorModel sensors, long proofMillis, long standMillis,
                        Function<Position, PieceType> promotion) {
        this.start = start;
        this.now = now;
        this.since = since;
        this.justPlaced = justPlaced;
        this.standMillis = standMillis;
        this.capturesMayGoUnseen = sensors.mayMiss(SHORTEST_SWAP_MILLIS);
        this.carriesTakeAFrame = !sensors.mayReadCarryInOneFrame(SHORTEST_CARRY_MILLIS);
        this.handsBrush = !sensors.brush().none();
        this.landingsMayGoUnseen = capturesMayGoUnseen || !sensors.dropout().none();
        this.landingsMisread = !sensors.dropout().none() || sensors.longestFlicker() > 0;
        long scan = (long) Math.ceil(sensors.scanMillis());
        this.slack = scan;
        this.falseEmpty = sensors.longestFalseEmpty() + scan;
        this.falseOccupied = sensors.longestFalseOccupied() + scan;
        this.reaction = Math.max(0, REACTION_MILLIS - sensors.longestFalseEmpty());
        this.joinedFalseEmpty = sensors.longestJoinedFalseEmpty() + scan;
        this.soonestReply = Math.min(0, Math.min(reaction, Math.min(REACTION_MILLIS - falseEmpty,
                REACTION_MILLIS - joinedFalseEmpty)) - scan);
        this.sensors = sensors;
        this.board = board;
        this.geometry = start.geometry();
        this.proofMillis = proofMillis;
        this.promotion = promotion;
        this.changes = new Changes[geometry.squareCount()];
        this.setDownBefore = new long[geometry.squareCount()];
        for (int sq = 0; sq < setDownBefore.length; sq++) setDownBefore[sq] = log.setDownAtStart(sq);
        this.changed = readChanges(log, since);
    }

    /**
     * The stories that explain {@code board} from {@code start}, read against {@code log} (the board's states since
     * {@code start} was committed), best first.
     *
     * @param now         the time of the search (the board read as {@code board} since the log's newest state)
     * @param since       when the board settled into {@code start}: earlier readings are the last move's doing
     * @param justPlaced  the squares the last move set pieces down on, then (they may still read empty a moment)
     * @param sensors     how the board senses (scan period; how long a square can read wrong)
     * @param standMillis the longest a piece rests on a square it passes over (a story leaving a piece standing
     *                    longer where it has none is ruled out)
     * @param proofMillis how long a capture's square must read empty for the capture to count as seen
     * @param promotion   the piece a pawn becomes in a position (chosen, or the default): promotions to other pieces
     *                    look the same on the board and are not told apart
     */
    static Result search(Position start, SquareSet board, FrameLog log, long now, long since, SquareSet justPlaced,
                         SensorModel sensors, long proofMillis, long standMillis,
                         Function<Position, PieceType> promotion) {
        // The deepest search that stays within its bound: six plies, else four (whose stories are then what the
        // board has to go on, as before the deeper search existed). A board not read for a while is searched four
        // plies deep at once.
        StorySearch deep = new StorySearch(start, board, log, now, since, justPlaced, sensors, proofMillis, standMillis,
                promotion);
        Result r = deep.run(MAX_PLIES);
        if (r.complete() || deep.gapUntil != Long.MIN_VALUE) return r;
        StorySearch four = new StorySearch(start, board, log, now, since, justPlaced, sensors, proofMillis, standMillis,
                promotion);
        // (A dead end is one whatever the search's depth: its plies left are part of it.)
        four.deadEnds = deep.deadEnds;
        Result shorter = four.run(SHORT_PLIES);
        // A longer story may explain the board better than the short ones found: they decide only when the best of
        // them leaves no more unexplained than a flicker (a piece lifted and put back, a brush), else nothing is
        // decided on them (Lichess 4298 at 24 Hz: Nxa8 Rxa8 Rac1 Rf8 Rc7, five plies, was read as Rac1 with the
        // knight's and the rooks' readings taken for hesitations).
        // None found within four plies is no answer either where the six passed their bound: the wider search looks
        // (Lichess 1864 under `swap` at 40 Hz, seed 1: Nxf7 Qxf7 Qh3 Bxe5 Re3, both captures read no longer than
        // dropouts could make them, five plies the six-ply search lost past its bound; the board, found explained by
        // nothing, was never followed again; ECC 2018 game 458 under `swap` at 24 Hz, seed 3: Qxa5 nobody saw, Qb8,
        // then four captures on d6, six plies).
        boolean conclusive = !shorter.stories().isEmpty() && shorter.stories().get(0).cost() < proofMillis;
        if (shorter.complete() && conclusive) return new Result(shorter.stories(), r.nodes() + shorter.nodes(), true);
        // Neither decides: the six plies once more, with a wider bound. Rare (a busy board the short stories explain
        // badly), and costlier than a glance, but a board no search decides is never followed again (Lichess 1910
        // under `hall` at 40 Hz: Rxd1 Rxd1 left unexplained 44 s, until the game ended).
        StorySearch wider = new StorySearch(start, board, log, now, since, justPlaced, sensors, proofMillis, standMillis,
                promotion);
        wider.budget = WIDER_NODES;
        wider.deadEnds = deep.deadEnds;
        Result w = wider.run(MAX_PLIES);
        int nodes = r.nodes() + shorter.nodes() + w.nodes();
        // Where a swap often leaves no reading, the wider search mostly adds stories resting on captures nobody saw,
        // and one it finds in place of the four-ply stories may be the wrong capture, read long after the board could
        // tell (Lichess 4015 under `swap` at 24 Hz, seed 2: Nxc6 was read, six plies later only Nxf7 nobody saw
        // explained the board within the search's plies, and was committed). There it decides only where the four
        // plies found nothing, or where its best story is theirs: no longer story explains the board as well (Lichess
        // 268 under `swap` at 24 Hz, seed 3: Qxc5 nobody saw, Nxc5, then Rd2 dragged down the d-file; the six plies
        // passed their bound on the squares the rook crossed, and the three plies the four found were never
        // committed while the game went on past their reach).
        if (sensors.oftenMisses(SHORTEST_SWAP_MILLIS)) {
            boolean borneOut = w.complete() && (shorter.stories().isEmpty() || !w.stories().isEmpty()
                    && w.stories().get(0).moves().equals(shorter.stories().get(0).moves()));
            return borneOut ? new Result(w.stories(), nodes, true)
                    : new Result(shorter.stories(), nodes, false, shorter.complete());
        }
        return w.complete() ? new Result(w.stories(), nodes, true)
                : new Result(shorter.stories(), nodes, false, shorter.complete());
    }

    /**
     * One search of {@code plies} plies within {@code budget} positions a pass, its dead ends kept from pass to pass or
     * forgotten ({@code forgetEachPass}): the stories found must be the same, the positions visited no more. For tests.
     */
    static Result searchOnce(Position start, SquareSet board, FrameLog log, long now, long since, SquareSet justPlaced,
                             SensorModel sensors, long proofMillis, long standMillis,
                             Function<Position, PieceType> promotion, int plies, int budget, boolean forgetEachPass) {
        StorySearch s = new StorySearch(start, board, log, now, since, justPlaced, sensors, proofMillis, standMillis,
                promotion);
        s.budget = budget;
        s.forgetEachPass = forgetEachPass;
        return s.run(plies);
    }

    /**
     * Searches with at most one capture onto a square that never changed (a capture nobody saw) per line, then two,
     * and so on, while more may matter: each costs a story a proof, so once the best story found costs less than the
     * captures allowed so far, stories with one more are never within a proof of it (and so never weigh in a
     * decision) unless no story with every piece set down was found. Lines of captures nobody saw are most of what a
     * search at 24 Hz visits; searching them last keeps it within its bound (Morphy 52 at 24 Hz: Bxc8 Rxc8, both
     * unseen, then Qd7 Ne7 Qxe7 passed the bound each time and were never followed).
     */
    private Result run(int plies) {
        maxPlies = plies;
        // (Each pass visits what the one before did and more: the bound holds for the last.)
        int visited = 0;
        for (unseenAllowed = 1; ; unseenAllowed++) {
            visited += nodes;
            nodes = 0;
            found.clear();
            if (forgetEachPass) deadEnds.clear();
            budgetPruned = false;
            extend(start, new ArrayList<>(), new ArrayList<>(), SquareSet.EMPTY, -1, unseenAllowed, Long.MIN_VALUE, -1);
            if (!budgetPruned || nodes > budget) break;
            long best = found.stream().mapToLong(Story::cost).min().orElse(Long.MAX_VALUE);
            if (best < unseenAllowed * proofMillis && found.stream().anyMatch(x -> !x.partial())) break;
        }
        List<Story> stories = new ArrayList<>(found);
        stories.sort((a, b) -> Long.compare(a.cost(), b.cost()));
        return new Result(List.copyOf(stories), visited + nodes, nodes <= budget);
    }

    /** How many captures onto squares that never changed a line may have in this pass (see {@link #run}). */
    private int unseenAllowed;
    /** Whether this pass left out a line for having more such captures than it allowed. */
    private boolean budgetPruned;

    /** How many plies this search looks back ({@link #MAX_PLIES} or {@link #SHORT_PLIES}). */
    private int maxPlies = MAX_PLIES;

    // ---- the log, square by square -------------------------------------------------------------------------------

    /**
     * Splits the log into each square's changes from {@code since} on (a square that read otherwise than the
     * committed position by then changed at that time); returns the squares that changed at all.
     */
    private SquareSet readChanges(FrameLog log, long since) {
        List<FrameLog> states = new ArrayList<>();
        for (FrameLog s = log; s != null; s = s.older()) states.add(s);
        int n = states.size();
        // (Each square's changes gathered in arrays grown as needed: a search runs on frames, boxing costs there.)
        long[][] at = new long[changes.length][];
        boolean[][] to = new boolean[changes.length][];
        int[] count = new int[changes.length];
        SquareSet previous = start.occupancy();
        SquareSet touched = SquareSet.EMPTY;
        FrameLog first = states.get(n - 1);
        if (since == Long.MIN_VALUE && !first.board().equals(start.occupancy())) gapUntil = first.at();
        readFrom = Math.max(first.at(), since);
        SquareSet shown = first.board();
        for (int i = n - 1; i >= 0; i--) {
            FrameLog s = states.get(i);
            // (A piece the log saw set down by then, a dropout's end too, stands from then as the story starts: ECC
            // 753 under `hall` at 24 Hz, seed 2, the knight on d4 read back after a dropout as Be3 landed, where the
            // story began, then dropping out again, was read as the queen's capture on d4.)
            if (s.at() <= since || i == n - 1) {
                for (int sq : s.board().minus(shown).toArray()) {
                    if (sq < setDownBefore.length) setDownBefore[sq] = Math.max(setDownBefore[sq], s.at());
                }
                shown = s.board();
            }
            // States replaced before {@code since} only set the reading the story starts from.
            if (i > 0 && states.get(i - 1).at() <= since) continue;
            SquareSet now = s.board();
            long when = Math.max(s.at(), since);
            SquareSet diff = now.symmetricDifference(previous);
            for (int sq : diff.toArray()) {
                if (sq >= changes.length) continue;
                int k = count[sq]++;
                if (at[sq] == null) {
                    at[sq] = new long[4];
                    to[sq] = new boolean[4];
                } else if (k == at[sq].length) {
                    at[sq] = java.util.Arrays.copyOf(at[sq], 2 * k);
                    to[sq] = java.util.Arrays.copyOf(to[sq], 2 * k);
                }
                at[sq][k] = when;
                to[sq][k] = now.contains(sq);
            }
            touched = touched.union(diff);
            previous = now;
        }
        for (int sq = 0; sq < changes.length; sq++) {
            changes[sq] = count[sq] == 0 ? Changes.NONE
                    : new Changes(java.util.Arrays.copyOf(at[sq], count[sq]), java.util.Arrays.copyOf(to[sq], count[sq]));
        }
        return touched;
    }

    // ---- the search --------------------------------------------------------------------------------------------

    /** A position reached with some plies left and some squares reached: no line from it leads to the board. */
    private record DeadEnd(long zobrist, int left, SquareSet reached, int borrowed, long landedBy,
                           int landingUnread) {
        // (Written out, as SquareSet's are: a record's generated ones go through invokedynamic, slow under the C1
        // compiler the daemon runs with, and a search looks a key up for every position it plays.)
        @Override
        public boolean equals(Object o) {
            return o instanceof DeadEnd d && zobrist == d.zobrist && left == d.left && reached.equals(d.reached)
                    && borrowed == d.borrowed && landedBy == d.landedBy && landingUnread == d.landingUnread;
        }

        @Override
        public int hashCode() {
            long h = zobrist ^ landedBy * 0x9E3779B97F4A7C15L;
            h = h * 31 + reached.hashCode();
            h = h * 31 + (left * 31 + borrowed) * 31 + landingUnread;
            return Long.hashCode(h);
        }
    }

    /**
     * For which allowances of captures nobody saw a {@link DeadEnd} is known dead. Dead with an allowance, it is dead
     * with any smaller one (fewer lines); and if no line below was left out for want of allowance, it is dead with
     * any larger one too (the allowance never mattered). A line left out below at one allowance is left out at any
     * smaller one as well, so that pass still owes another ({@link #budgetPruned}).
     */
    private static final class Dead {
        /** The least allowance at which it was found dead with no line left out below: dead at any from it up. */
        int clearFrom = Integer.MAX_VALUE;
        /** The greatest allowance at which it was found dead with a line left out below: dead, and cut, up to it. */
        int cutUpTo = -1;
    }

    /**
     * Returns whether some line from {@code p} (this one included) leaves the board's occupancy; {@code borrowed}:
     * the move of the line that took a piece from a square that never changed (see below), as {@code from × 256 +
     * to}, or -1. {@code landedBy}: the soonest the line's last move can have been read done;
     * {@code landingUnread}: a square the last move set a piece down on that read no arrival soon enough, which the
     * next move must take (its landing then unread), or -1.
     */
    private boolean extend(Position p, List<Move> line, List<Position> before, SquareSet reached, int borrowed,
                           int unseenLeft, long landedBy, int landingUnread) {
        if (++nodes > budget) return true;   // (not a dead end: unknown)
        SquareSet occ = p.occupancy();
        boolean complete = occ.equals(board);
        boolean leads = false;
        // (No move yet, a piece in hand, is a story too: the one to beat before anything is committed.)
        if (!line.isEmpty() && complete || nextMoveBegun(p, occ)) {
            leads = true;
            Story story = read(line, before, !complete);
            if (story != null) {
                found.add(story);
                bestFound = Math.min(bestFound, story.cost());
            }
        }
        int left = (gapUntil != Long.MIN_VALUE ? Math.min(SHORT_PLIES, maxPlies) : maxPlies) - line.size();
        if (!mayLead(p, occ, left)) return leads;
        // A piece moves from a square that changed or that a move of the line reached. While the board was not read,
        // one piece of the line may also move from a square that never changed, another then filling it (b7-b6,
        // then the bishop from c8 to b7): such a square reads as if nothing happened there. Not the piece itself
        // going back: out and back, it did nothing the board could show but hand the move to the other side.
        SquareSet followed = changed.union(reached);
        SquareSet movable = gapUntil != Long.MIN_VALUE && borrowed < 0 && left >= 2 ? occ : followed;
        PieceType piece = null;
        for (Move m : p.legalMovesFrom(movable)) {
            Move b = PromotionChoices.base(m);
            // A piece set down was read there (a square that never changed saw none), unless the board was not read
            // or a capture may go unseen.
            // (Nor where a pawn's double step was taken en passant at once: its landing may go unread, the next
            // move must then take it, below.)
            if (gapUntil == Long.MIN_VALUE && !(b instanceof Move.Castle) && !changed.contains(b.to())
                    && !(capturesMayGoUnseen && p.pieceAt(b.to()) != null)
                    && !(landingsMayGoUnseen && doubleStepTakenEnPassant(p, m))) continue;
            // (A capture onto a square that never changed is one nobody saw: as many as this pass allows.)
            boolean unseenCapture = gapUntil == Long.MIN_VALUE && !(b instanceof Move.Castle)
                    && !changed.contains(b.to()) && p.pieceAt(b.to()) != null;
            if (unseenCapture && unseenLeft == 0) {
                budgetPruned = true;
                prunes++;
                continue;
            }
            if (PromotionChoices.isPromotion(m)) {
                // One piece per promotion: the others leave the same board. Unless chosen on the board while the
                // search followed it: a piece whose lit choice square changed (read() wants the touch).
                if (piece == null) piece = promotion.apply(p);
                if (PromotionChoices.pieceOf(m) != piece && p.legalMoves().contains(PromotionChoices.withPiece(m, piece))
                        && !choiceChanged(p, m)) {
                    continue;
                }
            }
            if (borrowed >= 0 && b.from() == (borrowed & 0xFF) && b.to() == borrowed >> 8) continue;
            // The moves of a story are read in order: a piece set down on an empty square arrived there after the
            // move before was done (a reply begins no sooner than a hand reacts, less what misreadings may hide). A
            // line whose move has no such arrival is no story: not played out (a rook dragged d1-d7 leaves six
            // squares changed, and lines of rooks stopping on them for moves in between multiplied past the bound:
            // Lichess 820 under `swap` at 50 Hz). Its landing may go unread only if the next move takes the piece.
            if (landingUnread >= 0 && (b.to() != landingUnread || b instanceof Move.Castle || p.pieceAt(b.to()) == null)
                    && !(b instanceof Move.EnPassant ep && victimOf(ep) == landingUnread)) {
                continue;
            }
            long landedNext = landedBy;
            int unreadNext = -1;
            if (gapUntil == Long.MIN_VALUE) {
                long soonest = landedBy == Long.MIN_VALUE ? Long.MIN_VALUE : landedBy + soonestReply;
                boolean none = false;
                for (int sq : placed(b).toArray()) {
                    if (occ.contains(sq)) continue;
                    long arrived = arrivalFrom(sq, soonest);
                    if (arrived != Long.MIN_VALUE) landedNext = Math.max(landedNext, arrived);
                    else if (landingsMayGoUnseen && unreadNext < 0) unreadNext = sq;
                    else none = true;
                }
                if (none) continue;
            }
            // (A move after which the board is no story and none can follow is not played out: most are not.)
            SquareSet after = p.occupancyAfter(m);
            if (!after.equals(board) && !mayBeBegun(after) && !mayLead(p, after, left - 1)) continue;
            Position next = p.play(m);
            SquareSet reachedNext = reached.union(placed(b));
            int borrows = borrowed >= 0 || followed.contains(b.from())
                    || b instanceof Move.Castle c && followed.contains(c.rookFrom())
                    ? borrowed : b.from() << 8 | b.to();
            // Transpositions reach the same position with the same squares reached: searched once for nothing.
            int unseenNext = unseenLeft - (unseenCapture ? 1 : 0);
            DeadEnd key = new DeadEnd(next.zobrist(), left - 1, reachedNext, borrows, landedNext, unreadNext);
            Dead dead = deadEnds.get(key);
            if (dead != null && unseenNext >= dead.clearFrom) continue;
            if (dead != null && unseenNext <= dead.cutUpTo) {
                budgetPruned = true;
                prunes++;
                continue;
            }
            int prunesBefore = prunes;
            line.add(m);
            before.add(p);
            lineChanged(line.size() - 1);
            boolean below = extend(next, line, before, reachedNext, borrows, unseenNext, landedNext, unreadNext);
            line.remove(line.size() - 1);
            before.remove(before.size() - 1);
            if (below) {
                leads = true;
            } else {
                if (dead == null) deadEnds.put(key, dead = new Dead());
                if (prunes == prunesBefore) dead.clearFrom = Math.min(dead.clearFrom, unseenNext);
                else dead.cutUpTo = Math.max(dead.cutUpTo, unseenNext);
            }
        }
        return leads;
    }

    /**
     * The soonest a reply's first reading can come after the move before was read done: a reaction, less the most a
     * reading ({@link #read}) lets it begin before (a dropout, two run together, a scan), and never after: a reply read
     * in the very frame of the move before counts too.
     */
    private final long soonestReply;

    /** The first time at or after {@code t} that square {@code sq} read occupied, or Long.MIN_VALUE when none did. */
    private long arrivalFrom(int sq, long t) {
        Changes c = changes[sq];
        for (int j = 0; j < c.at().length; j++) {
            if (c.occupied()[j] && c.at()[j] >= t) return c.at()[j];
        }
        return Long.MIN_VALUE;
    }

    /**
     * Whether lines of {@code left} more plies from a position with occupancy {@code occ} (after {@code p} or a move
     * from it: its castling rights bound the child's) may still lead to the board: pieces are only taken off by
     * captures, as many as the board shows fewer (less the one or two a story may end with in hand), and each ply
     * changes and fills only so many squares.
     */
    private boolean mayLead(Position p, SquareSet occ, int left) {
        int surplus = occ.count() - board.count();
        return left > 0 && surplus >= 0 && surplus <= left + 2
                && occ.symmetricDifference(board).count() <= mostChanges(p, left)
                && board.minus(occ).count() <= mostFills(p, left);
    }

    /** Whether occupancy {@code occ} is the board with one or two pieces lifted (see {@link #nextMoveBegun}). */
    private boolean mayBeBegun(SquareSet occ) {
        if (!board.minus(occ).isEmpty()) return false;
        int lifted = occ.minus(board).count();
        return lifted >= 1 && lifted <= 2;
    }

    /**
     * Whether the board is {@code p} with the next move begun: nothing added, and one or two pieces lifted, each a
     * piece of the side to move or one it can capture; two of its own only as the king and rook of a castling, or
     * where one of them may be dropping out (no move lifts two others: Lichess 4493 under `noisy` at 24 Hz, seed 2,
     * Qxg3+ against Qxd4, the board the same after either: White's f2 pawn lifted and the queen on g3 taken off for
     * fxg3 read as Qxd4 with White holding its queen and a pawn, cheaper than Qxg3+ since the queen's lift over d4 cost
     * as much as a lift put back; Qxd4 committed).
     */
    private boolean nextMoveBegun(Position p, SquareSet occ) {
        if (!mayBeBegun(occ)) return false;
        SquareSet lifted = occ.minus(board);
        SquareSet own = p.occupancy(p.turn());
        // (A piece of the other side dropping out beside the one lifted is no second piece in hand: Lichess 4373 under
        // `hall` at 24 Hz, seed 3, White's queen lifted again to be set straight while Black's, just set down on f5,
        // dropped out: the story with the queen in hand was never read, and Qf3, where it rested on its way, was
        // committed.)
        SquareSet others = lifted.minus(own);
        if (lifted.count() == 2 && others.count() == 1 && mayBeDroppingOut(others.toArray()[0])) {
            lifted = lifted.minus(others);
        }
        if (lifted.minus(own).isEmpty()) {
            if (lifted.count() == 1 || castlingLifts(p, lifted)) return true;
            for (int sq : lifted.toArray()) {
                if (mayBeDroppingOut(sq)) return true;
            }
            return false;
        }
        // A piece of the other side in hand is a victim taken off first: of a piece in hand when one is (a piece
        // lifted and a victim no lifted piece can take are two things begun, not one move: Lichess 1777 under `swap`
        // at 24 Hz, seed 3, Bxd3 and Qxd3 read, then White's queen and Black's c-pawn in hand for seconds while the
        // board stood still, so the story with d5xc6 begun tied with the one that had Qxd3 cxd5 done).
        SquareSet takers = SquareSet.EMPTY;
        for (int sq : lifted.intersect(own).toArray()) {
            if (!mayBeDroppingOut(sq)) takers = takers.with(sq);
        }
        List<Move> legal = p.legalMoves();
        for (int sq : lifted.minus(own).toArray()) {
            boolean victim = false;
            for (Move m : legal) {
                victim |= left(p, PromotionChoices.base(m)).contains(sq) && m.from() != sq
                        && (takers.isEmpty() || takers.contains(m.from()));
            }
            if (!victim) return false;
        }
        return true;
    }

    /**
     * Whether square {@code sq}, empty now, may be its piece dropping out rather than lifted: set down (as far as the log
     * knows) within the while that dropouts happen, and empty no longer than they last as the scans see them (ECC 2018
     * game 208 under `hall` at 40 Hz, -Pslow seed 1: White's king touched, set back, then dropping out as the queen
     * was lifted for 79.Qe8+).
     */
    private boolean mayBeDroppingOut(int sq) {
        long[] at = changes[sq].at();
        if (at.length == 0 || sensors.dropout().none()) return false;
        int j = at.length - 1;
        long setDown = setDownFor(sq, j);
        return setDown != Long.MIN_VALUE && sensors.mayDropOut(at[j] - setDown, now - at[j],
                sensors.longestReadingOf(sensors.longestJoinedFalseEmpty()));
    }

    /** Whether {@code lifted} are the king and rook of a castling legal in {@code p}. */
    private static boolean castlingLifts(Position p, SquareSet lifted) {
        for (Move m : p.legalMoves()) {
            if (m instanceof Move.Castle c && lifted.equals(SquareSet.of(c.from(), c.rookFrom()))) return true;
        }
        return false;
    }

    /**
     * The most squares {@code left} plies from {@code p} can change: two a move (one for a capture), two more for a
     * side that may still castle (king and rook), one more for each en passant capture (at most every other ply), and
     * the one or two pieces the next move may have lifted.
     */
    private static int mostChanges(Position p, int left) {
        int castling = 0;
        for (org.marelle.rules.Color c : org.marelle.rules.Color.values()) {
            if (!p.castlingRooks(c).isEmpty()) castling += 2;
        }
        // (And two for the next move begun: a story may end with one or two pieces lifted.)
        return 2 * left + castling + (left + 1) / 2 + 2;
    }

    /**
     * The most squares {@code left} plies from {@code p} can fill that the board shows filled: one a move, two for
     * castling (once per side that still may).
     */
    private int mostFills(Position p, int left) {
        int castling = 0;
        for (org.marelle.rules.Color c : org.marelle.rules.Color.values()) {
            if (castlingFillsTwo(p, c)) castling++;
        }
        return left + castling;
    }

    /**
     * Whether castling by {@code c} can fill two of the squares the board shows filled: it may castle, and the board
     * shows both squares of some castling filled (else a later move empties one of them again, and the two plies fill
     * no more than one each).
     */
    private boolean castlingFillsTwo(Position p, org.marelle.rules.Color c) {
        SquareSet rooks = p.castlingRooks(c);
        if (rooks.isEmpty()) return false;
        org.marelle.rules.Variant.CastlingFiles cf = p.variant().castlingFiles();
        int king = p.king(c);
        int base = king - geometry.file(king);
        for (int r : rooks.toArray()) {
            boolean kingSide = r > king;
            int kingTo = base + (kingSide ? cf.kingSideKing() : cf.queenSideKing());
            int rookTo = base + (kingSide ? cf.kingSideRook() : cf.queenSideRook());
            if (board.contains(kingTo) && board.contains(rookTo)) return true;
        }
        return false;
    }

    /** The squares a move sets its pieces down on. */
    static SquareSet placed(Move m) {
        return m instanceof Move.Castle c ? moved(c, c.to(), c.rookTo()) : SquareSet.of(m.to());
    }

    /**
     * The squares of a castling's king and rook ({@code king}, {@code rook}), but for a piece that stays where it is
     * (Chess960: the king already on its castled square, or the rook, as in O-O-O with the king on e1 and the rook on
     * d1): nothing is set down or lifted there (Chess960 game 1 of the cutechess file under `blitz` at 24 Hz, seed 1,
     * deciding by the search alone: 21.O-O-O read with a capture on d1 that nobody saw, no story, and the game was
     * never followed again).
     */
    private static SquareSet moved(Move.Castle c, int king, int rook) {
        SquareSet out = SquareSet.EMPTY;
        if (c.from() != c.to()) out = out.with(king);
        if (c.rookFrom() != c.rookTo()) out = out.with(rook);
        return out;
    }

    /** The squares a move's pieces leave (the captured piece's too). */
    private SquareSet left(Position p, Move m) {
        if (m instanceof Move.Castle c) return moved(c, c.from(), c.rookFrom());
        SquareSet out = SquareSet.of(m.from());
        if (m instanceof Move.EnPassant e) out = out.with(victimOf(e));
        else if (p.pieceAt(m.to()) != null) out = out.with(m.to());
        return out;
    }

    /** The empty squares a move's pieces pass over when dragged along their lines. */
    private SquareSet passes(Move m) {
        if (m instanceof Move.Castle c) {
            return MoveTable.between(geometry, c.from(), c.to()).union(MoveTable.between(geometry, c.rookFrom(), c.rookTo()));
        }
        return MoveTable.between(geometry, m.from(), m.to());
    }

    /** The story of {@code line} as the log shows it, or null when the log contradicts it. */
    private Story read(List<Move> line, List<Position> before, boolean partial) {
        hesitationMayHelp = false;
        laterLandingMayHelp = false;
        briefHesitation = false;
        briefGain = 0;
        Story story = read(line, before, partial, false, false, 0);
        // A piece its move lifted, put back and left standing, then lifted again (a hesitation over the move): read
        // again with the piece leaving at the later lift. (Only then: the piece standing there later may as well be
        // another, set down by a later move of the story.)
        // (Also when the plain reading left a piece standing back on a square its move left, for less than a piece
        // rests on its way: a hesitation over the move reads it as half a proof, not as long as it stood. ECC 2018
        // game 703 under `swap` at 24 Hz, seed 2: bxc5, then Black's b6 pawn lifted, put back 375 ms and lifted
        // again for bxc5; bxa5 and bxa5 nobody saw was committed.)
        // (Only where that can bring it within a proof of the best story found so far: a reading costs time.)
        // (Before any story was found, every story may be within a proof of the best: Long.MAX_VALUE + a proof
        // would wrap round. Lichess 612 under `hall` at 40 Hz, seed 1: the pawn of exd6 put back on e5 for 525 ms and
        // lifted again, the queen then lifted for Qb7, a story found first, read with the pawn standing 525 ms
        // unexplained; exd6 and Qxd6 nobody saw was committed.)
        story = readBriefHesitations(line, before, partial, 0, story);
        // (And a piece standing longer than a piece rests on its way, as a hesitation, where the sensors never misread
        // a landing: elsewhere that reading is made with the late landings below. Until session 49 it was made there
        // alone: Lichess 2016-05 game 37 under `blitz` at 24 Hz, seed 1, the story search deciding alone: the king
        // lifted and put back, then the rook dragged a1-d1 over c1 and the king set down on c1; O-O-O read with the
        // king's first lift took the rook passing over c1 for its landing, and the game was never followed again.)
        if (story == null && hesitationMayHelp && !landingsMisread) story = read(line, before, partial, true, false, 0);
        // A piece set down and taken by the next move before a reading of it settled: the one reading of a piece
        // there is the capturing piece's (read so only when the landing the plain reading took leaves no story).
        if (story == null && landingsMayGoUnseen && anyTakenNext(line, before)) {
            story = read(line, before, partial, false, true, 0);
            // (And with a capturing piece's landing not read at all, its victim taken off before: only where captures
            // themselves are always read; where a swap may leave no reading, such stories multiply and crowd out the
            // ones the log bears out.)
            // (One such landing at a time first, each capture the next move takes, the cheapest reading kept: all of
            // them at once give every emptiness of the square to the capture before it. Lichess 439 under `hall` at
            // 50 Hz, -Pslow seed 2: Rxc3 Rxc3+ bxc3 Rxc3+, the second rook's landing dropped out as bxc3's victim was
            // plucked: bxc3's landing was taken for it too, no story was found, and the game was never followed
            // again.)
            if (story == null && !capturesMayGoUnseen) {
                for (int k = 0; k + 1 < line.size(); k++) {
                    Move m = PromotionChoices.base(line.get(k));
                    if (m instanceof Move.Castle || before.get(k).pieceAt(m.to()) == null) continue;
                    capturingLandingUnseen = 1 << k;
                    Story one = read(line, before, partial, false, true, 0);
                    if (one != null && (story == null || one.cost() < story.cost())) story = one;
                }
                // (Then every one of them, as before: an exchange whose landings all dropped out.)
                if (story == null) {
                    capturingLandingUnseen = -1;
                    story = read(line, before, partial, false, true, 0);
                }
                capturingLandingUnseen = 0;
            }
            // (And with the landings that were read taken as read: only a capture's landing the next move took at
            // once may be brief. Two moves in a row taken by the next, the first read whole, the second set down
            // 80 ms before its victim was plucked: Lichess 4534 under `hall` at 50 Hz, Rf7 Rxf7+ Qxf7, never followed
            // again.)
            if (story == null) {
                landingsRead = true;
                story = read(line, before, partial, false, true, 0);
                landingsRead = false;
            }
        }
        // A piece set down and taken by the next move at once, its landing read for no longer than a brush lasts (the
        // victim plucked the moment it was down): that reading is the landing, a better story than a landing nobody
        // read and a reading nothing explains, or than none (ECC 2018 game 230 under `hall` at 40 Hz, -Pslow seed 2:
        // Qd2 read 75 ms, then plucked for Qxd2; with its landing unseen, that story cost as much as Qxe5 unseen, then
        // Qd2, which was committed. Lichess 3771, same: f7-f5 dragged over f6, read on f5 for 50 ms, taken en passant
        // victim first; read as f6 and exf6).
        // Only where a piece set down may drop out at once, or read no longer than a flicker with a scan lost:
        // otherwise a landing is read when it happens, and no hand plucks a piece sooner than it can react (Lichess
        // 4392 under `noisy` at 40 Hz, seed 1: c7-c6, the pawn plucked for dxc6, a neighbour's flicker on c5 read as
        // c5 taken en passant). (Lichess 4732 under `noisy` at 24 Hz, seed 2: Be3 read 166 ms, a flicker's length only
        // if a scan was lost, and plucked for Bxe3; with Be3 ruled out, the bishop's 208 ms rest on d2 on its way
        // was committed as Bd2.)
        if ((story == null || story.landedUnseen()) && landingsMisread && anyPluckedNext(line, before, partial)) {
            briefLandings = true;
            Story brief = read(line, before, partial, false, false, 0);
            briefLandings = false;
            if (brief != null && (story == null || brief.cost() < story.cost())) story = brief;
        }
        // A capture the scans did not see, whose square a dropout of the capturing piece then showed empty and
        // filled again: that is no landing of it (read so only when taking it for the landing leaves no story).
        // Tried with one such capture first, then two, and so on (fewest first: each costs a proof): a capture nobody
        // saw may otherwise take the square's later emptiness, another's, for its own and leave the moves between it
        // and that one no time to be made (Morphy 119 at 24 Hz: Bxe5 Bxe5, both unseen, then Rxe5+ seen). With a
        // hesitation over a move as well (Morphy 46 at 24 Hz: Bxa1 hesitated over and unseen, Rxa1 seen).
        if (story == null && capturesMayGoUnseen) story = readCapturesApart(line, before, partial);
        // A piece set down off centre may read there only once its dropouts are over, the reply already begun:
        // read again with replies begun up to that much before the landing was read. With a capture nobody saw as
        // well, such a story rests on a misreading (see Story.misreadOnce): two things that happen, each costing a
        // proof, believed only once the moves after bear it out. (Until session 37 it was none: Lichess 1416 under
        // `swap` at 24 Hz, seed 9: 29.fxe3 nobody saw, then Nc5 read 250 ms late, after White lifted the bishop for
        // 31.Bc2; no story was found, and the game was never followed again.)
        // (A hesitation over a move is the hand's doing, not a misreading: it may go with a late landing.) Also
        // when a reading was found that rests on a capture nobody saw: the late landing may explain the board better
        // (the capture seen after all, its landing read late, the reply begun), and the cheaper reading is the story.
        // (Sensors that flicker on a square just changed read a landing late as well: Lichess 745 under `noisy` at
        // 24 Hz, seed 1: 12...f5, its landing read 125 ms late, White's knight lifted before that for 13.Ng3; no story
        // was found, and the game was never followed again.)
        if ((story == null || story.unseen() > 0) && landingsMisread && !line.isEmpty()) {
            boolean hesitation = hesitationMayHelp;
            Story unseen = story;
            lateLandings = true;
            story = read(line, before, partial, false, false, 0);
            if (story == null && hesitation) story = read(line, before, partial, true, false, 0);
            // (With the captures nobody saw read apart from their squares' later emptiness as well: Lichess 1007
            // under `swap` at 24 Hz, seed 8: O-O, the king's landing read 83 ms after White lifted the pawn for
            // fxe5, a swap nobody saw, then Qxe5 seen on e5; read plainly, fxe5 took e5's emptiness for its own and
            // left Qxe5 none, no story was found, and the game was never followed again.)
            if (story == null && unseen == null && capturesMayGoUnseen) story = readCapturesApart(line, before, partial);
            lateLandings = false;
            if (story != null && story.unseen() > 0) story = story.misreadOnce(story.unseenAt());
            // Two dropouts may run together (the reading back for less than the debouncer lets through): the landing
            // is then read later still. A story needing that rests on a misreading (see Story.misreadOnce). With a
            // capture nobody saw as well only where that capture is neither the move landed late nor the reply to
            // it: misreadings of different moves are two things that happen, each costing a proof, not one reading
            // stretched twice (Lichess 2220 under `swap` at 24 Hz, seed 4: Nf5 read 167 ms after Black's h-pawn was
            // lifted, then h6 Nxe7+ and Qxe7 nobody saw: no story was found, and the game was never followed again;
            // ECC 2018 game 279, same: dxe4, fxe4 nobody saw, then Bg4 read 250 ms after White's rook was lifted).
            // (With the captures nobody saw read apart from their squares' later emptiness too, as above: ECC 2018
            // game 68 under `swap` at 24 Hz, seed 9: dxc4 nobody saw, Qxc4 seen on c4, then Qa5 read 166 ms after
            // White lifted the bishop for Bxf6. Read plainly, dxc4 took c4's emptiness for its own, read late, which
            // left Qxc4 unseen as the reply to it: no story was found, and the game was never followed again.)
            if (story == null) {
                lateJoined = true;
                story = read(line, before, partial, false, false, 0);
                if (story == null && hesitation) story = read(line, before, partial, true, false, 0);
                if (story == null && unseen == null && capturesMayGoUnseen) story = readCapturesApart(line, before, partial);
                lateJoined = false;
                if (story != null) story = story.misreadOnce(Math.max(0, readLate));
            }
            if (unseen != null && (story == null || story.cost() >= unseen.cost())) story = unseen;
        }
        // A landing read no longer than a flicker lasts, plucked at once, where the sensors flicker but never
        // drop out: when nothing else explains the board, that reading was the landing, and the story rests on a
        // misreading (see Story.misreadOnce), believed once the moves after bear it out (Lichess 2423 under `noisy` at
        // 24 Hz, seed 1, deciding by the search alone: 10...c6 read three scans, 125 ms, as long as a flicker, then
        // plucked for 11.dxc6; no story was found, and the game was never followed again. A capture's too: Lichess
        // 3207 under `noisy` at 40 Hz, seed 2: 15.Bxe7 read 100 ms, then plucked for Qxe7; the board waited 15 s, then
        // b4 was committed for Qxe7, the question between the two first moves left).
        // (And for the last move of a story still being made, plucked by a lifted piece of the replying side, as
        // with the brief landings above: Lichess 2016-05 game 4016 under `noisy` at 24 Hz, seed 1: 10...f5, read three
        // scans on f5 and plucked for 11.exf6 e.p.; with the pawn in hand, f6 and White's capture begun was the one
        // story found, and f6 was committed.)
        if (story == null && sensors.flickersOnly() && anyPluckedNext(line, before, partial)) {
            briefLandings = true;
            flickerLandings = true;
            flickerLandedAt = Integer.MAX_VALUE;
            story = read(line, before, partial, false, false, 0);
            briefLandings = false;
            flickerLandings = false;
            if (story != null && flickerLandedAt < line.size()) story = story.misreadOnce(flickerLandedAt);
        }
        // A capture's square that read empty, after the capturing piece was lifted, no longer than the sensors misread
        // a piece standing there, read occupied again, and later empty for longer before it filled: the capture may be
        // that longer emptiness, the first a misreading (read so as well, the cheaper reading kept). Read plainly,
        // the first emptiness is the capture, too brief to prove it, and the later one, the victim truly taken off, is
        // left over as a piece lifted after it landed. (Lichess 2016-05 game 159 under `noisy` at 24 Hz, seed 1,
        // deciding by the search alone: 32.Rxb1 with the rook lifted first and b1 flickering 42 ms in that frame, the
        // victim plucked 750 ms later and the rook set down after 833 ms more: read as Rxb1 nobody saw and asked
        // about once the board had stood still half a minute. Game 4696 there: 5.exf5 with the square flickering
        // back and forth three times before the 916 ms the victim was off.)
        if (laterLandingMayHelp) {
            laterLandings = true;
            Story later = read(line, before, partial, false, false, 0);
            laterLandings = false;
            if (later != null && (story == null || later.cost() < story.cost())) story = later;
        }
        return story;
    }

    /**
     * The landing of a capture on {@code sq} read past the one at change {@code k}: when the emptiness before {@code k}
     * lasted no longer than the sensors misread a piece standing there, the filling after the square's next emptiness
     * that lasted longer; else {@code k}.
     */
    private int laterLanding(int sq, int k) {
        Changes c = changes[sq];
        if (k < 1 || c.at()[k] - c.at()[k - 1] > falseEmpty) return k;
        for (int j = k + 1; j + 1 < c.at().length; j += 2) {
            if (c.at()[j + 1] - c.at()[j] > falseEmpty) return j + 1;
        }
        return k;
    }

    /**
     * The line read with its captures nobody saw read apart from their squares' later emptiness: one such capture
     * first, then two, and so on (fewest first: each costs a proof), each reading given its second look at brief
     * hesitations; the first story found, or null.
     */
    private Story readCapturesApart(List<Move> line, List<Position> before, boolean partial) {
        int captures = 0;
        for (int k = 0; k < line.size(); k++) {
            Move m = PromotionChoices.base(line.get(k));
            if (!(m instanceof Move.Castle) && before.get(k).pieceAt(m.to()) != null) captures |= 1 << k;
        }
        Story story = null;
        // (A choice that agrees with one whose reading failed at a move, up to that move, is not read again: see
        // failures.)
        for (int size = 1; story == null && size <= Integer.bitCount(captures); size++) {
            for (int mask = captures; story == null && mask != 0; mask = (mask - 1) & captures) {
                if (Integer.bitCount(mask) != size) continue;
                hesitationMayHelp = false;
                briefHesitation = false;
                briefGain = 0;
                story = read(line, before, partial, false, false, mask);
                if (story == null && hesitationMayHelp) story = read(line, before, partial, true, false, mask);
                else story = readBriefHesitations(line, before, partial, mask, story);
            }
        }
        return story;
    }

    /**
     * Whether the square a piece is set down on may read wrong at once (a dropout, or flicker on the square just
     * changed): its landing then may read late, or briefly (see read()).
     */
    private final boolean landingsMisread;

    /** Whether a piece the next move takes may have landed for no longer than a brush is read (see read()). */
    private boolean briefLandings;
    /**
     * Whether a capture's landing is read past a first emptiness of its square that a misreading explains, when the
     * square later read empty for longer and filled again (see {@link #laterLanding}); and whether a reading met such a
     * square (see {@link #read}).
     */
    private boolean laterLandings, laterLandingMayHelp;
    /**
     * Whether a brief landing may be as short as a flicker where the sensors never drop out (see {@link #read}), and
     * the first move whose landing was read so ({@code Integer.MAX_VALUE}: none).
     */
    private boolean flickerLandings;
    private int flickerLandedAt;
    /** The first move of the line read whose capture's victim read gone no longer than a flicker (see readMoves). */
    private int flickerCapturedAt;

    /**
     * The moves (a bit each) whose capturing piece, taken by the next move, may have left no reading of its landing
     * (see read()); 0 for none.
     */
    private int capturingLandingUnseen;

    /**
     * Read with landings unseen, whether a landing on an empty square is still read where a reading of it is found
     * (only a capture's landing the next move takes may then be brief; see read()).
     */
    private boolean landingsRead;

    /** Whether replies may have begun before the landing they answer was read (see {@link #reaction()}). */
    private boolean lateLandings;
    /** Whether replies may have begun before a landing read only after two dropouts ran together. */
    private boolean lateJoined;
    /** Set by a reading with {@link #lateJoined}: the first move whose reply began before its landing was read. */
    private int readLate;
    /**
     * With {@link #readLate}: the reply was read begun early only because its own piece, set down a moment before,
     * read gone before it was lifted (dropouts run into the lift): the landing it answers was read in time.
     */
    private boolean readLateOwn;

    /**
     * How long after the move before was read done a reply is read begun at the soonest: a reaction less a dropout
     * (never before it), or, read with late landings, less a dropout as the scans see it (or two run together), which
     * may be before it.
     */
    private long reaction() {
        return lateJoined ? REACTION_MILLIS - joinedFalseEmpty : lateLandings ? REACTION_MILLIS - falseEmpty : reaction;
    }

    /**
     * What a reply read begun sooner than a hand answers costs a story: it rests on a dropout the sensors may make but
     * seldom do (the landing it answers read late, or its own piece, set down off centre a moment before, reading
     * gone before it was lifted), half a proof, as a hesitation (ECC 2018 game 70 under `swap` at 40 Hz, -Pslow seed
     * 1: Rf7-f4 dragged, resting on f5, Black's rook on h4 dropping out into its lift for Rxf4; read as Rf5 and
     * Rh4-f4, whose two replies each came sooner than a hand answers, for free, while the game's one needed dropouts
     * run together, a proof). A reply read begun that much sooner that dropouts run together explain already costs the
     * story a proof (see Story#misreadOnce). Free where the piece it answers was seen to drop out later: that piece was
     * set down off centre, its dropout already counted (TWIC game 124 under `hall` at 24 Hz, seed 1: Kg6, the king's
     * landing read 84 ms after White's rook was lifted for Rg8+, then a dropout on g6; a repetition, so with the
     * reply charged as well a takeback of two plies explained the board better).
     */
    private long earlyReplyMillis() {
        return proofMillis / 2;
    }

    /** Whether a reply read begun {@code at} came sooner than a hand answers the move read done {@code floor}. */
    private boolean soonerThanAHand(long at, long floor) {
        return !inGap(floor) && at < floor + REACTION_MILLIS - slack;
    }

    private boolean anyTakenNext(List<Move> line, List<Position> before) {
        for (int k = 0; k + 1 < line.size(); k++) {
            int to = PromotionChoices.base(line.get(k)).to();
            if (takenNext(line, before, k, to) || takenEnPassantNext(line, k, to)) return true;
        }
        return false;
    }

    /**
     * {@code story} (the reading just made, with {@code unseenCaptures}), or the reading again with brief stays taken
     * for hesitations where that reading left one ({@link #briefHesitation}) and it is cheaper. Every reading of a
     * line gets this second look: the same hesitation over a move costs the same in every story that has the move.
     * (Until session 38 only the plain reading did: Lichess 3666 under `swap` at 24 Hz, seed 9: 11...Qxa1 nobody
     * saw, 12.Bd4, then b7 lifted, put back 459 ms and lifted again for bxc6; the story with Qxa1 is read with its
     * capture's later emptiness not its landing, which counted the 459 ms against it, while Qxb1, Qxa2, Qxe2 and Qxe5
     * were read plainly and not; the board asked among those four, and the game was never followed again.)
     */
    private Story readBriefHesitations(List<Move> line, List<Position> before, boolean partial, int unseenCaptures,
                                       Story story) {
        // (Only where that can bring it within a proof of the best story found so far: a reading costs time.)
        if (!briefHesitation || story != null && bestFound != Long.MAX_VALUE
                && story.cost() - briefGain >= bestFound + proofMillis) {
            return story;
        }
        briefHesitations = true;
        Story again = read(line, before, partial, true, false, unseenCaptures);
        briefHesitations = false;
        return again != null && (story == null || again.cost() < story.cost()) ? again : story;
    }

    /**
     * Set by a reading: the move of its line it was reading when it failed, or the line's length when it failed after
     * reading every move (on what the whole story leaves unexplained). Until then it sets no field a second look reads
     * ({@link #hesitationMayHelp}, {@link #briefHesitation}).
     */
    private int failedAt;

    /** Set by a reading that failed on a piece standing on a square a move of its story left. */
    private boolean hesitationMayHelp;
    /**
     * Set by a reading that left a piece standing, unexplained, on a square a move of its story left, longer than a
     * proof; {@code briefHesitations}: read again with such a stay taken for a hesitation (the piece put back, then
     * lifted again), not only one longer than a piece rests on its way.
     */
    private boolean briefHesitation, briefHesitations;
    /** How much less a story may cost read with such stays as hesitations. */
    private long briefGain;

    /**
     * What a reading marks matched, per square and change, and each square's cursor: allocated once per search and
     * cleared for each reading (a reading is never begun within another). Allocating them anew for every reading was
     * the largest single cost of a search that reads many lines (Lichess 2016-05 game 44 under `swap` at 24 Hz,
     * StepLatency seed 1: searches from three and four plies back over 5,000 and 7,700 positions).
     */
    private boolean[][] matchedScratch;
    private int[] cursorScratch;
    /** The readings the last reading marked matched, as square × 65,536 + index: all it has to clear. */
    private int[] marks = new int[16];
    private int markCount;

    private boolean[][] matchedScratch() {
        if (matchedScratch == null) {
            matchedScratch = new boolean[changes.length][];
            for (int sq = 0; sq < changes.length; sq++) {
                int length = changes[sq].at().length;
                matchedScratch[sq] = length == 0 ? NONE_MATCHED : new boolean[length];
            }
        }
        for (int i = 0; i < markCount; i++) matchedScratch[marks[i] >>> 16][marks[i] & 0xFFFF] = false;
        markCount = 0;
        return matchedScratch;
    }

    /** Marks reading {@code j} of square {@code sq} matched (remembered, to be cleared before the next reading). */
    private void mark(boolean[][] matched, int sq, int j) {
        if (matched[sq][j]) return;
        matched[sq][j] = true;
        if (markCount == marks.length) marks = java.util.Arrays.copyOf(marks, 2 * markCount);
        marks[markCount++] = sq << 16 | j;
    }

    private int[] cursorScratch() {
        if (cursorScratch == null) cursorScratch = new int[changes.length];
        else java.util.Arrays.fill(cursorScratch, 0);
        return cursorScratch;
    }

    /**
     * The line read as {@link #readMoves} reads it, unless a reading of a line that shares its moves so far is
     * remembered to have failed where this one would, read the same way (see {@link #failures}).
     */
    private Story read(List<Move> line, List<Position> before, boolean partial, boolean hesitated,
                       boolean landingsUnseen, int unseenCaptures) {
        int n = line.size();
        if (n > REMEMBERED_PLIES) return readMoves(line, before, partial, hesitated, landingsUnseen, unseenCaptures);
        for (int k = 0; k < n; k++) {
            long key = failureKey(k, n, partial, hesitated, landingsUnseen, unseenCaptures);
            int d = Math.min(k + 2, n) - 1;
            long[] at = failures[d];
            for (int i = 0; i < failureCount[d]; i++) {
                if ((at[i] & FAILURE_KEY) != key) continue;
                failedAt = k;
                readLate = (int) (at[i] >>> 32 & 0xF) - 1;
                readLateOwn = (at[i] >>> 36 & 1) != 0;
                return null;
            }
        }
        Story story = readMoves(line, before, partial, hesitated, landingsUnseen, unseenCaptures);
        if (story == null && failedAt < n) {
            int d = Math.min(failedAt + 2, n) - 1;
            if (failureCount[d] == failures[d].length) failures[d] = java.util.Arrays.copyOf(failures[d], 2 * failureCount[d]);
            failures[d][failureCount[d]++] = failureKey(failedAt, n, partial, hesitated, landingsUnseen, unseenCaptures)
                    | (long) (readLate + 1) << 32 | (readLateOwn ? 1L : 0L) << 36;
        }
        return story;
    }

    /**
     * Readings that failed at a move before their line's end, by the moves they had read: {@code failures[d]} holds
     * those whose failing move, with the move after it (which a reading of a move looks at: does it take the piece
     * set down?), ends at the line's {@code d}th move, for the line the search is on now (cleared as the search
     * replaces that move). Each is its key ({@link #failureKey}) and the reading's {@link #readLate} and
     * {@link #readLateOwn} when it failed. A reading up to move {@code k} looks at nothing later: the line's moves
     * up to {@code k + 1}, whether {@code k} is its last (with {@code partial}), how it reads (the fields and arguments
     * in the key) and the captures' bits up to {@code k}. So a line that shares all that fails there alike, and is not
     * read again (lines that differ only in later moves: most of what a search from a few plies back reads, each in
     * up to 2^captures ways).
     */
    private final long[][] failures = new long[REMEMBERED_PLIES][8];
    private final int[] failureCount = new int[REMEMBERED_PLIES];
    private static final int REMEMBERED_PLIES = 8;
    private static final long FAILURE_KEY = 0xFFFF_FFFFL;

    /** What a reading that failed at move {@code k} of a line of {@code n} moves depended on (see {@link #failures}). */
    private long failureKey(int k, int n, boolean partial, boolean hesitated, boolean landingsUnseen,
                            int unseenCaptures) {
        int upToK = (2 << k) - 1;
        int flags = (hesitated ? 1 : 0) | (landingsUnseen ? 2 : 0) | (briefLandings ? 4 : 0) | (landingsRead ? 8 : 0)
                | (lateLandings ? 16 : 0) | (lateJoined ? 32 : 0) | (briefHesitations ? 64 : 0);
        return k | (k == n - 1 && partial ? 8L : 0L) | (long) flags << 4
                | (long) (capturingLandingUnseen & upToK) << 11 | (long) (unseenCaptures & upToK) << 19
                | (flickerLandings ? 1L << 27 : 0L) | (laterLandings ? 1L << 28 : 0L);
    }

    /** Forgets the failed readings whose moves reach the line's {@code d}th move (it is being replaced). */
    private void lineChanged(int d) {
        if (d < REMEMBERED_PLIES) failureCount[d] = 0;
    }

    private Story readMoves(List<Move> line, List<Position> before, boolean partial, boolean hesitated,
                            boolean landingsUnseen, int unseenCaptures) {
        int[] cursor = cursorScratch();
        long floor = Long.MIN_VALUE;
        long[] doneAt = new long[line.size()];
        // When each move's own piece was read leaving its square, and set down (Long.MIN_VALUE where not read).
        long[] ownLiftAt = new long[line.size()], landedAt = new long[line.size()];
        int unseen = 0;
        flickerCapturedAt = Integer.MAX_VALUE;
        boolean[][] matched = matchedScratch();
        long[] spanFrom = new long[line.size()];
        // From when each move's piece may have been passing over the squares on its way (see below).
        long[] pathFrom = new long[line.size()];
        // Until when each move's piece may have been on its way (its landing, or for a landing nobody saw, the first
        // reading of the move that took it).
        long[] spanTo = new long[line.size()];
        SquareSet[] paths = new SquareSet[line.size()];
        // Whether each move is a capture nobody saw (its landing unread).
        boolean[] landedWhenUnseen = new boolean[line.size()];
        // Weak captures are confirmed by a later move seen whole: how many moves are so far.
        int confirmed = 0;
        // Replies read begun sooner than a hand answers: the squares the move each answers set pieces down on (see
        // earlyReplyMillis).
        List<SquareSet> early = new ArrayList<>();
        int steady = 0;
        int dropoutCaptures = 0;
        boolean lastWeak = false, lastDoubtful = false;
        int lastTo = -1;
        long stoodUntil = Long.MAX_VALUE;
        int landedUnseen = -1;
        int unseenAt = -1;
        int unseenFrom = -1;
        int unseenMoves = 0;
        // Whether the move before was read whole in one frame (the board not read while it was made).
        boolean wholeInFrame = false;
        long heldForCapture = 0;
        // The square of the last capture nobody saw, its move, when its piece was lifted, and by when it was set down
        // (the first reading of the move after it; Long.MAX_VALUE until that move is read).
        int unseenSq = -1, unseenMove = -1;
        long unseenLift = Long.MIN_VALUE, unseenSetDownBy = Long.MAX_VALUE;
        readLate = -1;
        readLateOwn = false;
        for (int k = 0; k < line.size(); k++) {
            failedAt = k;
            Position p = before.get(k);
            Move m = PromotionChoices.base(line.get(k));
            SquareSet occ = p.occupancy();
            SquareSet after = p.occupancyAfter(line.get(k));
            // Each move is the other side's answer to the one before: begun no sooner than a player can react to
            // it (less a scan: two events may be read a scan apart either way; less a dropout, which may hide a
            // piece the moment it is set down). Made while the board was not read, moves tell nothing of their
            // order.
            long earliest = floor == Long.MIN_VALUE ? Long.MIN_VALUE
                    : inGap(floor) ? floor - slack : floor + reaction() - slack;
            sameFrame = wholeInFrame ? floor : Long.MIN_VALUE;
            long done = floor;
            // The first reading of this move (with done, its last: one frame read it whole when they are equal).
            long first = Long.MAX_VALUE;
            boolean weak = false;
            // A capture the sensors could have shown with no hand at all (dropouts run together) or showed not at
            // all: what follows may confirm it, a still board cannot.
            boolean doubtful = false;
            // The squares it sets pieces down on first: a piece leaves for good at the last lift before it lands
            // (a piece lifted, put back, and lifted again was hesitated over).
            long landed = Long.MIN_VALUE;
            // When this move's own piece was read leaving its square (Long.MIN_VALUE until read).
            long fromLift = Long.MIN_VALUE;
            for (int sq : placed(m).toArray()) {
                boolean was = occ.contains(sq), is = after.contains(sq);
                if (!is) continue;
                // A piece lands after it was lifted (within a scan's slack: two events may be read in either order).
                long lifted = firstLift(origin(m, sq), earliest, hesitated);
                // (Where carries take a frame, after it: Lichess 4284 under `swap` at 24 Hz, seed 1: Rxf3 nobody saw,
                // a j'adoube of g2 and its dropout, then Qxf3, read as Rxg2+ Qxg2 with the queen lifted from g3 and set
                // down on g2 in one frame. Not a castling's or a promotion's pieces, which two hands may move at
                // once, nor moves made while the board was not read or before the log begins.)
                // (Nor a carry to an empty square next to the one it left, where a hand brushes: coming in low over
                // the landing square's neighbours, it may keep the square just left reading occupied until the
                // landing. Lichess 1224 under `swap` at 24 Hz, seed 5: d6-d5 lifted and set down 170 ms apart, both
                // read in one frame; with no story left, the game was never followed again. Not a capture: its
                // victim's square filling again in the frame its taker left is as well the end of a dropout there,
                // Lichess 4284 above.)
                boolean carried = carriesTakeAFrame && (m instanceof Move.Normal || m instanceof Move.EnPassant)
                        && !inGap(floor) && lifted > readFrom && !(handsBrush && !was && nextTo(origin(m, sq), sq));
                long landFloor = lifted == Long.MIN_VALUE ? earliest
                        : Math.max(earliest, carried ? lifted + 1 : lifted - slack);
                // Set down and taken by the next move before a reading of it settled (read with landings unseen).
                boolean landingUnread = false;
                if (!was) {
                    // (The piece that takes it: the next move's, or for the last move of a story still being made,
                    // a lifted piece of the replying side that can take it, the square empty now.)
                    int taker = !briefLandings ? -1
                            : takenNext(line, before, k, sq) || takenEnPassantNext(line, k, sq)
                            ? PromotionChoices.base(line.get(k + 1)).from()
                            : partial && k == line.size() - 1 ? liftedTaker(p.play(line.get(k)), sq) : -1;
                    boolean plucked = taker >= 0;
                    // (Taken next on its square, or en passant: a pawn's double step set down and taken at once.)
                    boolean takenAtOnce = takenNext(line, before, k, sq) || takenEnPassantNext(line, k, sq);
                    int j = landingsUnseen && !landingsRead && takenAtOnce ? -1
                            : next(sq, cursor[sq], true, landFloor, !plucked);
                    // (A brief landing, plucked at once: only what follows bears it out. Not when the piece that
                    // takes it was lifted before it landed, since this move could begin: the reading is then that
                    // hand brushing the square it goes to, or a piece passing over it, not a piece set down before it
                    // was answered. Lichess 4697 under `swap` at 40 Hz, seed 1: Bxf5 unseen, Black's queen lifted
                    // from c7, brushing c6 for 50 ms, put back, then Qc6; not Bc6 Qxc6. Chess.js 62 under `noisy` at
                    // 50 Hz, seed 2: the queen on d6 plucked, then Bf8xd6 passing over e7; not Be7 Qxe7.)
                    if (plucked && j >= 0 && lasted(changes[sq], j) <= falseOccupied) {
                        // (Sensors that flicker but never drop out: only a reading longer than a flicker, as the scans
                        // see it when none is lost, may be such a landing.)
                        if (sensors.dropout().none() && lasted(changes[sq], j) <= sensors.longestFlicker()) {
                            if (flickerLandings) flickerLandedAt = Math.min(flickerLandedAt, k);
                            else j = -1;
                        }
                        if (j >= 0 && liftedBetween(taker, lifted == Long.MIN_VALUE ? earliest : Math.min(lifted, earliest),
                                changes[sq].at()[j])) {
                            j = -1;
                        }
                        weak = true;
                        doubtful = true;
                    }
                    if (j < 0 && inGap(floor)) {
                        // Made while the board was not read: the first reading shows only what it left.
                        done = Math.max(done, gapUntil);
                        landed = Math.max(landed, gapUntil);
                        continue;
                    }
                    if (j < 0 && landingsUnseen && unseen == 0 && takenAtOnce) {
                        // (A dropout as it was set down, then the victim plucked.)
                        landingUnread = true;
                    } else if (j < 0) {
                        return null;
                    } else {
                        cursor[sq] = j + 1;
                        mark(matched, sq, j);
                        done = Math.max(done, changes[sq].at()[j]);
                        first = Math.min(first, changes[sq].at()[j]);
                        landed = Math.max(landed, changes[sq].at()[j]);
                    }
                } else if (sq == landedUnseen && k == unseenAt) {
                    // Taking the piece the move before set down unseen: the capturing piece's landing alone was read.
                    int j = next(sq, cursor[sq], true, landFloor, true);
                    if (j < 0) return null;
                    cursor[sq] = j + 1;
                    mark(matched, sq, j);
                    done = Math.max(done, changes[sq].at()[j]);
                    first = Math.min(first, changes[sq].at()[j]);
                    landed = Math.max(landed, changes[sq].at()[j]);
                    weak = true;
                    doubtful = true;
                } else {
                    // Occupied before and after: a capture's square (or a Chess960 king and rook trading squares).
                    // The landing: the first lasting reading of a piece there after the capturing piece was lifted,
                    // right after an emptiness of this move's (the victim taken off, in either order); the square
                    // emptied earlier and filled again before the capturing piece was lifted is no capture of it.
                    // (Read with landings unseen, a piece the next move takes may have been set down and taken at once:
                    // its landing read no longer than a brush of the hand may be, only what follows bears it out.)
                    boolean mayBeBrief = (landingsUnseen || flickerLandings) && takenNext(line, before, k, sq);
                    if ((capturingLandingUnseen >>> k & 1) != 0 && mayBeBrief && unseen == 0
                            && (unseenCaptures >>> k & 1) == 0) {
                        // Its victim taken off, the capturing piece set down and taken by the next move before a
                        // reading of it settled (a dropout as it was set down): the square's emptiness is this
                        // capture's, its landing was not read.
                        int e = next(sq, cursor[sq], false, earliest, false);
                        // (The emptiness nearest the capturing piece's lift, the victim taken off before or after it:
                        // an earlier one, before the square was filled again, is another move's.)
                        for (int e2 = e < 0 ? -1 : next(sq, e + 1, false, earliest, false);
                             e2 >= 0 && lifted != Long.MIN_VALUE && changes[sq].at()[e2] <= lifted + slack;
                             e2 = next(sq, e2 + 1, false, earliest, false)) {
                            e = e2;
                        }
                        if (e < 0) return null;
                        cursor[sq] = e + 1;
                        mark(matched, sq, e);
                        first = Math.min(first, changes[sq].at()[e]);
                        landingUnread = true;
                    }
                    int k2 = landingUnread || (unseenCaptures >>> k & 1) != 0 ? -1
                            : landing(sq, cursor[sq], earliest, landFloor, mayBeBrief ? 0 : falseOccupied);
                    int later = k2 < 0 ? k2 : laterLanding(sq, k2);
                    if (later != k2) {
                        if (laterLandings) k2 = later;
                        else laterLandingMayHelp = true;
                    }
                    boolean brief = mayBeBrief && k2 >= 0 && lasted(changes[sq], k2) <= falseOccupied;
                    if (brief && flickerLandings) flickerLandedAt = Math.min(flickerLandedAt, k);
                    int j = k2 - 1;
                    if (landingUnread) {
                        // (Its emptiness read above; the landing nobody read is counted below.)
                    } else if (k2 < 0) {
                        // A capture too fast for the scans: a fast hand. Each costs the story a proof (see cost()),
                        // so a story made up of captures nobody saw loses to one that reads the board as pieces in
                        // hand; a run of them (an exchange on one square, every swap too fast for the scans) is no
                        // less possible than one. (Made while the board was not read, a capture is no more than
                        // unseen.)
                        if (inGap(floor)) done = Math.max(done, gapUntil);
                        else if (!capturesMayGoUnseen) return null;
                        else {
                            unseen++;
                            unseenAt = k;
                            unseenMoves |= 1 << k;
                            if (unseenFrom < 0) unseenFrom = k;
                            unseenSq = sq;
                            unseenMove = k;
                            landedWhenUnseen[k] = true;
                            unseenLift = lifted;
                            unseenSetDownBy = Long.MAX_VALUE;
                        }
                        weak = true;
                        doubtful = true;
                    } else {
                        cursor[sq] = k2 + 1;
                        mark(matched, sq, j);
                        mark(matched, sq, k2);
                        long emptied = changes[sq].at()[j], filled = changes[sq].at()[k2];
                        // (How long the board stood still with the capturing piece lifted, before its victim's
                        // square emptied: since it was last lifted. A piece put back meanwhile, a hesitation, was not
                        // held: Lichess 789 under `swap` at 24 Hz, Bxf3 with the bishop lifted, put back and lifted
                        // again, made Qxb3 nobody saw as likely as Qxd4 read, and the board waited 30 s.)
                        // (Not held at all when it stood back on its square as the victim's emptied: the victim was
                        // taken first, and the lift before was a hesitation. Lichess 2016-05 game 4352 under `reed` at
                        // 24 Hz, seed 1, deciding by the search alone: Bxe5 with the bishop lifted and put back 1.2 s,
                        // then the knight on e5 plucked, read as held 1.9 s; Nxc5 Bxc5 with both captures unseen was
                        // then as likely, and the player was asked.)
                        long heldSince = lifted == Long.MIN_VALUE ? lifted : Math.max(lifted, lastLift(m.from(), emptied));
                        if (heldSince != Long.MIN_VALUE && emptied > heldSince && !standsAt(m.from(), emptied)
                                && stillBetween(m.from(), sq, heldSince, emptied)) {
                            heldForCapture = Math.max(heldForCapture, emptied - heldSince);
                        }
                        done = Math.max(done, filled);
                        first = Math.min(first, emptied);
                        landed = Math.max(landed, filled);
                        long setDown = setDownFor(sq, j);
                        boolean dropoutLike = mayBeDropout(sq, j, sensors.longestFalseEmpty(), setDown);
                        if (dropoutLike) dropoutCaptures++;
                        if (filled - emptied < proofMillis || dropoutLike || brief) {
                            weak = true;
                        }
                        // (A piece set down unseen by a capture before may have been set down as late as just before
                        // the next move was first read, or this capture's piece lifted: its dropouts come that much
                        // later, and what follows may confirm the capture, a still board cannot. Lichess 547 under
                        // `swap` at 24 Hz, seed 1: Bxc5 unseen, then c5 read empty 125 ms while Black's rook was in
                        // hand, read as Rxc5 once the board had stood still 1.5 s. In an exchange of captures on one
                        // square, each read as briefly, the next capture seen whole confirms it: Chess.js 26, same.)
                        if (sq == unseenSq && unseenMove < k && unseenLift != Long.MIN_VALUE
                                && (j == 0 || changes[sq].at()[j - 1] < unseenLift)) {
                            setDown = Math.max(setDown, Math.min(unseenSetDownBy,
                                    lifted == Long.MIN_VALUE ? emptied : Math.min(lifted, emptied)));
                        }
                        // (On sensors that flicker but never drop out, an emptiness no longer than a flicker is no
                        // better evidence of a capture than a reading as long is of a landing plucked at once: the
                        // story rests on a misreading as one with such a landing does (see read()). Lichess 4053
                        // under `noisy` at 24 Hz, its file alone, seed 3: 16...Nf4, read 83 ms and plucked for
                        // 17.Bxf4, and e5 beside it flickering 84 ms: Ngxe5 was committed as White lifted the bishop.)
                        if (sensors.flickersOnly() && filled - emptied <= sensors.longestFlicker()) {
                            flickerCapturedAt = Math.min(flickerCapturedAt, k);
                        }
                        // (Shorter than the fastest swap a hand makes, it may be a glitch of the scans as well.)
                        if (mayBeDropout(sq, j, sensors.longestJoinedFalseEmpty(), setDown)
                                || sensors.legacyFlicker() && filled - emptied <= falseEmpty
                                || filled - emptied < SHORTEST_SWAP_MILLIS || brief) doubtful = true;
                    }
                }
                if (landingUnread) {
                    // A capture nobody saw, the next move's (what follows it may bear it out), and a landing with it.
                    unseen++;
                    unseenAt = k + 1;
                    unseenMoves |= 1 << (k + 1);
                    if (unseenFrom < 0) unseenFrom = k;
                    weak = true;
                    doubtful = true;
                    landedUnseen = sq;
                    if (lifted != Long.MIN_VALUE) done = Math.max(done, lifted);
                }
            }
            for (int sq : left(p, m).toArray()) {
                if (after.contains(sq)) continue;   // (a square it also lands on: done above)
                // (A pawn taken en passant the moment it was set down, its landing unread: it left unread too. ECC
                // 2018 game 657 under `swap` at 24 Hz, seed 2: f4, then gxf3 e.p. with f4 never read occupied, was
                // committed as f3 gxf3, the one story found; the readings tell the two apart no better.)
                if (sq == landedUnseen && k == unseenAt && m instanceof Move.EnPassant) continue;
                // (With no landing read, the piece left at its first lift for good: a later one is another piece's,
                // the next move's piece passing over the square.)
                int j = landed == Long.MIN_VALUE ? firstLiftIndex(sq, cursor[sq], earliest, hesitated)
                        : lastLift(sq, cursor[sq], earliest, landed + slack);
                // (Only a victim taken en passant may leave after the capturing pawn landed.)
                if (j < 0 && sq != m.from() && !(m instanceof Move.Castle c && sq == c.rookFrom())) {
                    j = next(sq, cursor[sq], false, earliest, true);
                }
                if (beforeItsLanding(sq, j)) j = next(sq, j + 1, false, earliest, true);
                if (j >= 0 && m instanceof Move.EnPassant e && sq == victimOf(e)) j = takenForGood(sq, j);
                if (j < 0 && inGap(floor)) {
                    done = Math.max(done, gapUntil);
                    continue;
                }
                if (j < 0) return null;
                cursor[sq] = j + 1;
                mark(matched, sq, j);
                done = Math.max(done, changes[sq].at()[j]);
                first = Math.min(first, changes[sq].at()[j]);
                if (sq == m.from()) fromLift = changes[sq].at()[j];
            }
            // A promotion to a piece chosen on the board: its lit choice square touched once the pawn became it (see
            // PromotionChoices), a piece held there longer than a brush. The touch is the story's reading, and a
            // story making that piece needs it (random Chess960 55 under `reed` at 24 Hz, -Pslow seed 2: gxf8=R+
            // made while a search followed the board, the touch on f6 left unexplained and the queen taken, with
            // which Kg7 was illegal: the game was never followed again).
            // (A piece already chosen, the touch read before this search or the piece chosen through the API, needs
            // no touch; but a touch there is still this story's reading, not a stray to count against it: random
            // standard game 105 under `hall` at 24 Hz, -Pslow seed 1: axb8=N chosen by a 625 ms touch of b6, then the
            // capture's victim doubted and left to this search; the touch, longer than a piece rests on its way, ruled
            // out every story, and the game was never followed again.)
            PieceType made = PromotionChoices.pieceOf(line.get(k));
            if (made != null) {
                boolean touched = made != PromotionChoices.defaultPiece(p)
                        && touchedChoice(p, line.get(k), made, done, cursor, matched);
                if (!touched && made != promotion.apply(p)) return null;
            }
            spanFrom[k] = earliest;
            paths[k] = passes(m);
            // (When this move's own piece was first lifted: wanted for its path, and after a capture nobody saw.)
            long ownLift = !paths[k].isEmpty() || k > 0 && landedWhenUnseen[k - 1]
                    ? firstLift(m.from(), earliest, hesitated) : Long.MIN_VALUE;
            // (A piece passes over the squares on its way only once it left its own: no sooner than its lift was
            // read, less what reads a lifted square occupied a while (bounce, flicker) and a scan. ECC 2018 game 116
            // under `noisy` at 24 Hz, seed 2: c6 flickered 125 ms, then c5 read empty 167 ms, then the rook on c7
            // was lifted to go to b7: read as Rxc5+ with the rook passing over c6 before it left c7.)
            pathFrom[k] = !(m instanceof Move.Normal) || ownLift == Long.MIN_VALUE ? earliest
                    : Math.max(earliest, ownLift - sensors.liftReadLate() - slack);
            spanTo[k] = done;
            // (A capture nobody saw landed when nobody saw: its piece may have been on its way, dragged over the
            // squares it passes, until the next move's piece was lifted. Lichess 4470 under `hall` at 24 Hz, seed 2:
            // Bg5xc1 dragged over e3 and d2, its landing unseen and the bishop taken at once by Qxc1; the bishop's
            // stay on d2 left unexplained made Qxd5 nobody saw the better story.)
            if (k > 0 && unseenAt == k && landedUnseen >= 0) spanTo[k - 1] = Math.max(spanTo[k - 1], Math.min(first, done));
            if (k > 0 && landedWhenUnseen[k - 1]) {
                // (Until this move's own piece was lifted: its victim may have been plucked long before.)
                spanTo[k - 1] = Math.max(spanTo[k - 1], Math.min(ownLift == Long.MIN_VALUE ? first : ownLift, done));
            }
            doneAt[k] = done;
            ownLiftAt[k] = fromLift;
            landedAt[k] = landed;
            if (lateJoined && readLate < 0 && k > 0 && floor != Long.MIN_VALUE && !inGap(floor)
                    && first < floor + REACTION_MILLIS - falseEmpty - slack) {
                readLate = k - 1;
                readLateOwn = first == fromLift && ownDropoutInto(m.from(), cursor[m.from()] - 1, first);
            } else if (k > 0 && floor != Long.MIN_VALUE && soonerThanAHand(first, floor)) {
                early.add(placed(PromotionChoices.base(line.get(k - 1))));
            }
            // A capture read briefly, which nothing but a hand makes there, is done once the other side lifted its
            // own piece for the next move after it was set down: a piece still held over its victim would not be
            // answered (ECC 2018 game 558 under `swap` at 24 Hz, seed 4: Rcxc6 nobody saw, Rcd1, then five captures
            // in a row each read 83 ms, exf2+ Qxf2 Qxf2+ Kxf2 Bxb2; none confirmed the one before, so Rcxc6 was never
            // borne out, and the game went past the search's reach).
            if (k > 0 && lastWeak && !lastDoubtful && m.from() != lastTo && fromLift != Long.MIN_VALUE
                    && fromLift > floor) {
                confirmed = Math.max(confirmed, k);
            }
            wholeInFrame = first == done;
            floor = done;
            if (unseenMove == k - 1 && unseenMove >= 0) unseenSetDownBy = first;
            if (!weak) confirmed = k + 1;
            if (!doubtful) steady = k + 1;
            lastWeak = weak;
            lastDoubtful = doubtful;
            lastTo = m.to();
        }
        failedAt = line.size();
        // The pieces lifted for the next move, in a story with its last move done (see replyBegun below).
        SquareSet nextLifted = null;
        if (partial && line.isEmpty()) {
            confirmed = 0;
        } else if (partial) {
            // The next move began once the story's last move was done: its pieces left after that, for good.
            SquareSet lifted = before.get(line.size() - 1).occupancyAfter(line.get(line.size() - 1)).minus(board);
            for (int sq : lifted.toArray()) {
                Changes c = changes[sq];
                int n = c.at().length;
                if (n == 0 || c.at()[n - 1] < floor + reaction() - slack && !(wholeInFrame && c.at()[n - 1] == floor)) {
                    return null;
                }
            }
            Move answered = PromotionChoices.base(line.get(line.size() - 1));
            for (int sq : lifted.toArray()) {
                Changes c = changes[sq];
                // (Read with a landing late after dropouts run together and no move of the line begun before its
                // landing was read, this is the reply the misreading is counted for: see misreadOnce.)
                if (soonerThanAHand(c.at()[c.at().length - 1], floor)) {
                    if (!(lateJoined && readLate < 0)) early.add(placed(answered));
                    break;
                }
            }
            nextLifted = lifted;
            confirmed = Math.min(confirmed, line.size() - 1);
            // A piece the last move set down and that is lifted again may be a piece resting on its way: it counts
            // as the next move begun (a victim taken off first) only once it stood longer than a piece rests, or
            // once the reply's own piece that can take it is in hand, one the resting piece could not go on to take
            // (ECC 2018 game 464 under `hall` at 40 and 50 Hz, other seeds: Rh1-c1 dragged, resting 175 ms on d1,
            // stood 325 ms on c1, then Rc2xc1 begun; read as Rd1 and Rc2-c1). Not a piece no lifted one can take
            // (ECC 2018 game 807 under `noisy` at 24 Hz: Bf8xd6 resting on e7, then Ke1 lifted: read as Be7).
            Move last = PromotionChoices.base(line.get(line.size() - 1));
            Position lastFrom = before.get(line.size() - 1);
            boolean mayGoOn = mayGoOn(lastFrom, last)
                    && !(replyBegun(lastFrom, line.get(line.size() - 1), lifted, matched)
                         && takenByLifted(lastFrom, line.get(line.size() - 1), lifted, lifted.intersect(placed(last))));
            for (int sq : lifted.intersect(placed(last)).toArray()) {
                long liftedAt = changes[sq].at()[changes[sq].at().length - 1];
                if (mayGoOn && liftedAt - floor <= standMillis) return null;
                stoodUntil = Math.min(stoodUntil, liftedAt);
            }
        }
        // (A piece of the side that just moved lifted after its move, other than the piece it set down, is no reply
        // begun, and what follows it confirms nothing: Lichess 1678 under `swap` at 24 Hz, seed 1: Nxe5 and dxe5
        // both unseen, the pawn lifted from d4 and put back for a while, read as Nxd4; Black then touched f7, and
        // Nxd4 was committed as if White had begun to take the knight.)
        boolean lastSeen = !lastWeak && (nextLifted == null || byReplyingSide(before.get(line.size() - 1),
                line.get(line.size() - 1), nextLifted));
        // A story ending with the next move begun: the side to move's pieces at its end, those of them in hand, and
        // since when (their last lift).
        Position end = !partial ? null
                : line.isEmpty() ? start : before.get(line.size() - 1).play(line.get(line.size() - 1));
        SquareSet ownAtEnd = end == null ? SquareSet.EMPTY : end.occupancy(end.turn());
        SquareSet inHand = ownAtEnd.minus(board);
        long heldSince = Long.MAX_VALUE;
        for (int sq : inHand.toArray()) {
            long[] at = changes[sq].at();
            if (at.length > 0) heldSince = Math.min(heldSince, at[at.length - 1]);
        }
        // Pieces in hand may be dragged along their lines from when they left (worked out only when a reading needs
        // it).
        SquareSet handPath = null;
        long unexplained = 0;
        // The squares where a piece the story has there read gone for a while (a hesitation, or a dropout).
        SquareSet droppedOut = SquareSet.EMPTY;
        // The moves whose landing was read for longer than the sensors misread a square occupied (see dragged); null
        // on sensors that never flicker, where it is never asked (a story is read many times a search: no array).
        boolean[] firmLanding = sensors.longestFlicker() > 0 ? new boolean[line.size()] : null;
        if (firmLanding != null) {
            for (int k = 0; k < line.size(); k++) {
                if ((unseenMoves >>> k & 1) != 0 || landedAt[k] == Long.MIN_VALUE) continue;
                Changes c = changes[PromotionChoices.base(line.get(k)).to()];
                for (int j = 0; j < c.at().length; j++) {
                    if (c.at()[j] == landedAt[k] && c.occupied()[j]) firmLanding[k] = lasted(c, j) > falseOccupied;
                }
            }
        }
        long longestStray = 0, strays = 0;
        boolean flickerOnly = sensors.flickersOnly();
        long flicker = sensors.longestFlicker();
        for (int sq = 0; sq < changes.length; sq++) {
            Changes c = changes[sq];
            boolean expected = start.occupancy().contains(sq);
            for (int j = 0; j + 1 < c.at().length; j++) {
                if (matched[sq][j]) expected = c.occupied()[j];
                if (c.occupied()[j] == expected) continue;
                long lasted = c.at()[j + 1] - c.at()[j];
                // A piece of the story passing over the square while its move was made, no longer than a piece rests
                // on its way, stood there for none of the story's moves: no stay joined with another's passing (a
                // rook dragged d1-d7 over d4, then a queen dragged e5-b2 over d4 380 ms later, read as one piece
                // standing 720 ms: Lichess 1781 under `swap` at 40 and 50 Hz, never followed again).
                if (c.occupied()[j] && lasted <= standMillis
                        && dragged(sq, c.at()[j], c.at()[j + 1], spanFrom, spanTo, paths, firmLanding)) {
                    // (Read on a move's path while it was made, but before its piece left its square: no passing of
                    // it, and no stay either (a hand brushing the square as it plucked a victim, then the piece
                    // passing over it: Lichess 2805 under `swap` at 30 Hz, seed 3, fxe5 then Qh4 over f6): it counts
                    // for as long as it lasted.)
                    if (!dragged(sq, c.at()[j], c.at()[j + 1], pathFrom, spanTo, paths, firmLanding)) {
                        unexplained += lasted;
                        longestStray = Math.max(longestStray, lasted);
                        strays += lasted;
                    }
                    continue;
                }
                // A piece that stood where the story has none, longer than a piece rests on its way (dragged or not;
                // one stay across the dropouts of its sensor), was set down there: no such story; shorter, it counts
                // for as long as it stood.
                if (c.occupied()[j] && stay(c, j, matched[sq]) > standMillis) {
                    for (Move m : line) hesitationMayHelp |= PromotionChoices.base(m).from() == sq;
                    return null;
                }
                if (c.occupied()[j] && dragged(sq, c.at()[j], c.at()[j + 1], pathFrom, spanTo, paths, firmLanding)) {
                    continue;
                }
                if (c.occupied()[j] && partial) {
                    if (handPath == null) {
                        handPath = SquareSet.EMPTY;
                        List<Move> legal = inHand.isEmpty() ? List.of() : end.legalMoves();
                        for (int l : inHand.toArray()) {
                            for (Move m : legal) {
                                Move b = PromotionChoices.base(m);
                                if (b.from() == l && !(b instanceof Move.Castle)) handPath = handPath.union(passes(b)).with(b.to());
                            }
                        }
                    }
                    if (handPath.contains(sq) && c.at()[j] >= heldSince - slack) continue;
                }
                // A piece lifted and put back where the story has it is a hand's hesitation (or a dropout), however
                // long: it counts once, as half a proof, so that a story never wins by reading it as a capture.
                // (Another of its own pieces lifted and put back while the side to move holds one is a hand doing
                // two things at once: a proof, not a hesitation; unless the sensors may have dropped it out. Lichess
                // 2556 under `swap` at 24 Hz, seed 2: Nxe3+ nobody saw, then fxe3, read as Nxc3 (a j'adoube on c3
                // read as the capture) with White's bishop on e3 lifted and put back as the f2 pawn was held.)
                // (So is one of the mover's other pieces off its square while its move's piece was in hand: Chess960
                // game 1 of the cutechess file under `blitz` at 24 Hz, seed 1, the story search deciding alone: O-O
                // with the king going to g8, the rook's square, read as well as Kf8 with the rook lifted and put back
                // meanwhile, and the board waited between the two to the game's end. Only for longer than the
                // sensors misread a square empty: a flicker beside the move is no hand.)
                // (An opponent's piece taken off too early to be a reply begun (before the move's piece was lifted,
                // or long before it landed), and put back while it was in hand, is what a capture of it looks like:
                // read as a capture abandoned, it costs as long as it was off, at least a proof. Not a piece set down
                // a moment before, which may drop out or be adjusted by the hand that set it. Lichess 12 under `noisy` at 24 Hz, seed 1, deciding by the search alone: e6
                // plucked, the knight lifted from g5 and set on e6 1.46 s later, then h7 flickering one scan; Nxh7
                // with e6 put back tied with Nxe6 and the player was asked. Lichess 3348 there: e3 plucked, the rook
                // dragged e1-e3, Re2 with e3 put back was committed for Rxe3.)
                int offDuring = c.occupied()[j] || line.isEmpty() || lasted <= falseEmpty ? NO_HAND
                        : offWhileHeld(sq, c.at()[j], c.at()[j + 1], line, before, ownLiftAt, landedAt, inHand);
                if (offDuring == OTHER_SIDES && !standingSettled(sq, j)) offDuring = NO_HAND;
                boolean secondHand = !c.occupied()[j] && !line.isEmpty()
                        && (c.at()[j] > heldSince && ownAtEnd.contains(sq) || offDuring != NO_HAND)
                        && !mayBeDropout(sq, j, falseEmpty, setDownFor(sq, j));
                // (On sensors that flicker but never drop out, a piece reading gone no longer than a flicker lasts is
                // that flicker as likely as a hand: it costs what it lasted, as a square reading a piece for as long
                // does, up to a hesitation's half proof. Priced as a hesitation, each flicker of a one-scan length
                // cost more than its reading, and stories that read fewer of them came within a proof of the one
                // the game played: Lichess 2016-05 game 791 under `noisy` at 24 Hz, seed 1, deciding by the search
                // alone: 11...f6 12.exf6 with three one-scan flickers, asked against f5 exf6 e.p. with f5's landing
                // never read. Session 50 tried this, and f6 was committed for f5 in Lichess 4016 there, released: the
                // e.p. story with the capture begun was not read at all, see the flicker landings in read().)
                unexplained += c.occupied()[j] ? lasted
                        : !secondHand ? (flickerOnly && lasted <= flicker ? Math.min(lasted, proofMillis / 2) : proofMillis / 2)
                        : offDuring == OTHER_SIDES ? Math.max(proofMillis, lasted) : proofMillis;
                if (!c.occupied()[j]) droppedOut = droppedOut.with(sq);
                if (c.occupied()[j] && !hesitated && lasted > proofMillis) {
                    for (Move m : line) {
                        if (PromotionChoices.base(m).from() != sq) continue;
                        briefHesitation = true;
                        briefGain += lasted - proofMillis / 2;
                        break;
                    }
                }
                if (c.occupied()[j]) {
                    longestStray = Math.max(longestStray, lasted);
                    strays += lasted;
                }
            }
        }
        // The other side's reply begun, a piece of its own lifted that the last move's piece could not have gone on
        // to take, confirms the last move of a story that explains the board, however briefly its capture read: the
        // move was done (Chess960 game 1 under `swap` at 50 Hz, seed 2: gxh5 and Nxh5 read 80 and 140 ms, the
        // second perhaps dropouts, then O-O-O begun; the game was never followed again). Not a lift that may yet
        // prove a dropout of a piece just set down, nor one read before the landing it would answer (a landing read
        // late). A capture nobody saw is not so confirmed: which capture it was, a reply does not tell. Nor anything
        // where swaps often leave no reading: there a capture read weakly has rivals nobody saw, by the same piece or
        // by the next (Lichess 1832 under `swap` at 24 Hz, seed 1: Bxc6 unseen, a6 read empty 125 ms as its pawn
        // dropped out, then b7 lifted: Bxa6 was committed; and CatchUpScenariosTest's cxd3 read late, then Qd2),
        // unless the last move's piece can have gone nowhere else (no capture nobody saw, no other square read filled):
        // it left its square and the reply began, so it was set down there (Lichess 1693 under `swap` at 24 Hz, seed
        // 1: dxe5 dxe5 Nxe5 on one square, each read 125 ms, as briefly as a dropout, then Black's knight lifted: the
        // board waited for a confirmation no move could give, and was never followed again).
        Move lastMove = line.isEmpty() ? null : line.get(line.size() - 1);
        if (nextLifted != null && unexplained < proofMillis && unseen == 0 && !lateLandings && !lateJoined
                && (!sensors.oftenMisses(SHORTEST_SWAP_MILLIS) || !mayHaveGoneElsewhere(before.get(line.size() - 1), lastMove))
                && replyBegun(before.get(line.size() - 1), lastMove, nextLifted, matched)) {
            confirmed = line.size();
        }
        for (SquareSet answered : early) {
            if (answered.intersect(droppedOut).isEmpty()) unexplained += earlyReplyMillis();
        }
        // (Read with dropouts run together, a capture nobody saw may be neither the move landed late nor the reply to
        // it: that is one reading stretched twice, no story; see the reading with late landings. Unless the reply was
        // read begun early only because its own piece, just set down, dropped out into its lift: the landing it
        // answers was read in time, and the reply's capture nobody saw is a misreading of another square. ECC 2018
        // game 791 under `swap` at 24 Hz, seed 8: a5, Rfc7 dragged, a5 read empty before c7 was read filled, then
        // axb6 nobody saw, Rxc3 and Qxc3; no story held and the game was never followed again.)
        if (lateJoined && unseen > 0 && !(readLate >= 0
                && (unseenMoves >>> readLate & (readLateOwn ? 1 : 3)) == 0)) {
            return null;
        }
        Story story = new Story(List.copyOf(line), doneAt, unseen, unexplained, confirmed, proofMillis, partial,
                gapUntil, lastSeen, stoodUntil, steady, longestStray, strays, landedUnseen >= 0, unseenAt, unseenFrom,
                false, heldForCapture, unseenMoves, dropoutCaptures);
        return flickerCapturedAt < line.size() ? story.misreadOnce(flickerCapturedAt) : story;
    }

    /** What {@link #offWhileHeld} found off its square: nothing, a piece of the mover's, one of the other side's. */
    private static final int NO_HAND = 0, MOVERS = 1, OTHER_SIDES = 2;

    /**
     * Whether square {@code sq}, read empty from {@code from} to {@code to}, holds a piece that a move of {@code line}
     * does not touch, and was so read while that move's own piece was in hand (lifted, not yet set down, both read):
     * {@link #MOVERS} for a piece of the side making it; {@link #OTHER_SIDES} for one of the other side's taken off
     * too early to be a reply begun: before the move's own piece, or, unless a later move of the line starts from it
     * or it is in hand at the story's end ({@code inHand}: the next move under way), before its landing as
     * {@link #beforeAReplyCould} says; else {@link #NO_HAND}.
     */
    private int offWhileHeld(int sq, long from, long to, List<Move> line, List<Position> before,
                                 long[] ownLiftAt, long[] landedAt, SquareSet inHand) {
        for (int k = 0; k < line.size(); k++) {
            if (ownLiftAt[k] == Long.MIN_VALUE || landedAt[k] == Long.MIN_VALUE) continue;
            if (from >= landedAt[k] || to <= ownLiftAt[k]) continue;
            Position p = before.get(k);
            Move m = PromotionChoices.base(line.get(k));
            if (!p.occupancy().contains(sq) || sq == m.from() || sq == m.to()
                    || m instanceof Move.Castle c && sq == c.rookFrom()
                    || m instanceof Move.EnPassant e && sq == victimOf(e)) {
                continue;
            }
            if (p.occupancy(p.turn()).contains(sq)) return MOVERS;
            // (Lifted before the move's own piece, it was no reply begun, even by the piece that makes the reply:
            // Lichess 1809 under `noisy` at 40 Hz, seed 1, 24...Bxc1 with c1 plucked first, read as Bd2+ with White's
            // bishop lifted 1.7 s before and then taking on d2 25 ms after the landing; committed, then corrected.)
            // (Nor a piece the story's next move, under way, has in hand: its side reached for it early, as a
            // hesitation. Lichess 2016-05 game 268 under `swap` at 24 Hz, seed 2: 10.bxc3 with the pawn held 1.5 s,
            // Black's bishop lifted and put back meanwhile, then lifted for Bg7; read as White's capture abandoned,
            // Bxa3 nobody saw was committed with the bishop still in hand.)
            if (from < ownLiftAt[k] || !movedLater(sq, line, k) && !inHand.contains(sq)
                    && beforeAReplyCould(from, landedAt[k])) {
                return OTHER_SIDES;
            }
        }
        return NO_HAND;
    }

    /**
     * Whether the piece read gone from {@code sq} at change {@code j} had stood there longer than the while after a
     * set-down in which its sensor may drop out or the hand that set it may still adjust it.
     */
    private boolean standingSettled(int sq, int j) {
        // (Set down before any emptiness no longer than the sensors misread one: Lichess 1681 under `noisy` at 40 Hz,
        // seed 1, deciding by the search alone: 22...Qxh3 with h3 plucked first, flickering back for a scan; read as
        // Qg4 with White's pawn off h3 for 1.4 s, that pawn seemed just set down, and Qg4 Qxg4+ was committed.)
        long[] at = changes[sq].at();
        int i = j - 1;
        while (i >= 1 && at[i] - at[i - 1] <= falseEmpty) i -= 2;
        long setDown = i >= 0 ? at[i] : setDownFor(sq, 0);
        return setDown == Long.MIN_VALUE
                || changes[sq].at()[j] - setDown > Math.max(sensors.dropoutWithinMillis(), REACTION_MILLIS);
    }

    /**
     * Whether a piece of the other side, read lifted at {@code from}, was lifted too early for a reply to a move
     * whose landing was read at {@code landed}: sooner than that landing can have been read late (the square just set down misread empty: a flicker, dropouts run together, a
     * lost scan). A capture's too: the story reads its landing where the square filled after its victim was taken
     * off, and a swap nobody saw before that is another story, with a capture nobody saw. (Lichess 970 under `noisy`
     * at 24 Hz, seed 1, deciding by the search alone: Nxb4 with b4 plucked after the knight's lift; Nxd4, with d4
     * touched for 125 ms after, and White's bishop on b4 lifted and put back while the knight was held 2.4 s, was as
     * likely, and the player was asked. Until session 54 a capture was left out where swaps often go unread, as if it
     * might have landed any time before its landing was read: Lichess 2016-05 game 2274 under `reed` at 24 Hz, seed
     * 1, deciding by the search alone: Nxg4, then White's hand on e4 for 292 ms before Bxd8, read as well as Nxe4 with
     * White's knight lifted from g4 and put back while Black's was held, long before e4 emptied; the player was
     * asked.)
     */
    private boolean beforeAReplyCould(long from, long landed) {
        return from < landed - sensors.longestJoinedFalseEmpty() - (long) Math.ceil(sensors.scanMillis());
    }

    /** Whether a move of {@code line} after move {@code k} starts from {@code sq}. */
    private static boolean movedLater(int sq, List<Move> line, int k) {
        for (int i = k + 1; i < line.size(); i++) {
            if (PromotionChoices.base(line.get(i)).from() == sq) return true;
        }
        return false;
    }

    /**
     * Whether the piece that makes {@code move} in {@code p} may have gone elsewhere: a capture on a square that never
     * changed (nobody saw it), or a square the log read a piece set down on (its landing perhaps read late).
     */
    private boolean mayHaveGoneElsewhere(Position p, Move move) {
        Move m = PromotionChoices.base(move);
        if (m instanceof Move.Castle) return true;
        for (Move o : p.legalMoves()) {
            Move b = PromotionChoices.base(o);
            if (b.from() != m.from() || b.to() == m.to() || b instanceof Move.Castle) continue;
            if (p.pieceAt(b.to()) != null && !changed.contains(b.to())) return true;
            for (boolean filled : changes[b.to()].occupied()) {
                if (filled) return true;
            }
        }
        return false;
    }

    /**
     * How long the piece read from change {@code j} on stood, across dropouts, up to the next change the story
     * explains (a piece set down there by a move of the story is another piece). Readings each no longer than a brush,
     * all over, are no piece standing across the emptiness between them (a piece set down reads there longer at least
     * once): then only the first counts (Lichess 4068 under `swap` at 24 Hz, seed 4: Be3, then Bxe4, each set down with the
     * hand brushing f3, 83 ms each time, 542 ms apart; taken for one piece standing on f3 with dropouts between,
     * they ruled out every story, and the game was never followed again).
     */
    private long stay(Changes c, int j, boolean[] matched) {
        int n = c.at().length;
        int k = j + 1;
        boolean brief = true;
        while (k + 1 < n && !matched[k] && !matched[k + 1] && c.at()[k + 1] - c.at()[k] <= joinedFalseEmpty) {
            brief &= c.at()[k] - c.at()[k - 1] <= falseOccupied;
            k += 2;
        }
        if (k > j + 1 && brief && k < n && c.at()[k] - c.at()[k - 1] <= falseOccupied) k = j + 1;
        return k < n ? c.at()[k] - c.at()[j] : Long.MAX_VALUE;
    }

    /**
     * Whether a piece of the story was being dragged over square {@code sq} from {@code t} to {@code until}: it read
     * there while the move was under way and left before it landed (within a scan: a piece cannot stand on its way
     * and on its destination at once; on sensors that flicker near a change, within a flicker more: the square left
     * may read on for one. Lichess 272 under `noisy` at 40 Hz, seed 2, deciding by the search alone: 37...Rf4 dragged
     * over f5, read there 75 ms past the landing, counted as a piece standing 225 ms where the story had none; four
     * plies that set pieces down on f5 and e6 in the flickers there cost less, and Rf6 Qf5 Re6 was committed). Only
     * past a landing read for longer than a flicker ({@code firmLanding}, null where sensors never flicker), by a
     * reading begun before it: a capture nobody saw has no landing a square could read on past (Lichess 1 under
     * `noisy` at 24 Hz, seed 1: Qxb5, a flicker on c4 read as the queen passing over it to take on d5 unseen, and the
     * player was asked), nor has a flicker
     * (ECC 2018 815 under `noisy` at 50 Hz: f6 plucked for exf6, a neighbour's flicker on f5 read as f7-f5 landed,
     * with the pawn standing on f6 as its passing, and f5 was committed).
     */
    private boolean dragged(int sq, long t, long until, long[] spanFrom, long[] spanTo, SquareSet[] paths,
                            boolean[] firmLanding) {
        for (int k = 0; k < paths.length; k++) {
            boolean readsOn = firmLanding != null && firmLanding[k] && t < spanTo[k];
            long after = slack + (readsOn ? sensors.longestFlicker() : 0);
            if (paths[k].contains(sq) && t >= spanFrom[k] && t <= spanTo[k] && until <= spanTo[k] + after) return true;
        }
        return false;
    }

    /**
     * Whether a move after moves done by {@code floor} may have been made while the board was not read: the log began
     * with the board already moved on (a restarted daemon, a board plugged back), and nothing read since comes first.
     */
    private boolean inGap(long floor) {
        return gapUntil != Long.MIN_VALUE && floor <= gapUntil;
    }

    /**
     * Whether the emptiness that change {@code j} of square {@code sq} began, still going on, began within the while
     * after its piece was set down that dropouts happen, and has not yet lasted longer than they can together, as the
     * scans see it: it may yet prove one. The piece was set down when its stay began: readings of the square empty no
     * longer than dropouts run together before it (as a stay is read elsewhere: see {@link #lasted}), and not a
     * landing the story reads ({@code matched}), may have been dropouts,
     * and do not set it down anew (ECC 2018 game 464 under
     * `hall` at 40 Hz, other seeds: Rc2 dropping out three times within a second, then lifted 1.2 s after it was set
     * down to take on c1; the lift, 150 ms after the last dropout's end, was taken for a dropout begun).
     */
    private boolean mayBeDropoutBegun(int sq, int j, boolean[][] matched) {
        if (j < 0 || sensors.dropout().none()) return false;
        long[] at = changes[sq].at();
        int k = j;
        // (Not back past a landing the story reads there: a capture's swap may be as brief as a dropout; Lichess 823
        // under `swap` at 50 Hz, -Pslow seed 2: exf5 read 140 ms, a dropout of the pawn 720 ms later as the bishop
        // was dragged to b5, taken for Black's reply begun, and Bd3 committed. Back to the story's start only to a
        // set-down the log saw: a square the last move filled reads empty at the start of a log kept from just before
        // its landing, and that is no dropout.)
        while (k >= 2 && !matched[sq][k - 1] && at[k - 1] - at[k - 2] <= joinedFalseEmpty
                && (k > 2 || setDownBefore[sq] != Long.MIN_VALUE)) {
            k -= 2;
        }
        long setDown = setDownFor(sq, k);
        return setDown != Long.MIN_VALUE && sensors.mayDropOut(at[j] - setDown, Math.max(0, now - at[j]),
                sensors.longestReadingOf(sensors.longestJoinedFalseEmpty()));
    }

    /**
     * Whether the lift of {@code sq} read at change {@code j} ({@code at}) may have begun as dropouts of its piece, set
     * down within the while after which dropouts happen.
     */
    private boolean ownDropoutInto(int sq, int j, long at) {
        if (j < 0 || sensors.dropout().none()) return false;
        long setDown = setDownFor(sq, j);
        return setDown != Long.MIN_VALUE && at - setDown <= sensors.dropoutWithinMillis();
    }

    /** Whether no square but {@code a} and {@code b} changed after {@code from} and before {@code to}. */
    private boolean stillBetween(int a, int b, long from, long to) {
        for (int sq = 0; sq < changes.length; sq++) {
            if (sq == a || sq == b) continue;
            for (long t : changes[sq].at()) {
                if (t > from && t < to) return false;
            }
        }
        return true;
    }

    /**
     * Whether the emptiness that change {@code j} of square {@code sq} began may be its piece, set down at
     * {@code setDown} (Long.MIN_VALUE: long ago), misread rather than lifted: no longer than {@code longest} (and a
     * scan), and begun within the while after a set-down that such misreadings happen. (A capture is weak when one
     * dropout explains it, {@link SensorModel#longestFalseEmpty}: a proof needs more than that; joined dropouts are
     * rare, and only make it doubtful.)
     */
    private boolean mayBeDropout(int sq, int j, long longest, long setDown) {
        Changes c = changes[sq];
        long emptied = c.at()[j];
        long emptyFor = j + 1 < c.at().length ? c.at()[j + 1] - emptied : Long.MAX_VALUE;
        return setDown != Long.MIN_VALUE && sensors.mayDropOut(emptied - setDown, emptyFor, longest);
    }

    /**
     * When the piece whose square change {@code j} of {@code sq} emptied was set down: the change before; for the
     * first change, before the log began: when the log knows, else by the move before, just then (if it set a piece
     * there); else {@code Long.MIN_VALUE} (long ago).
     */
    private long setDownFor(int sq, int j) {
        if (j > 0) return changes[sq].at()[j - 1];
        if (setDownBefore[sq] != Long.MIN_VALUE) return setDownBefore[sq];
        return justPlaced.contains(sq) ? since : Long.MIN_VALUE;
    }

    /**
     * The first change of square {@code sq} from index {@code from} on, to {@code occupied}, at or after
     * {@code earliest}; if {@code lasting}, one whose reading lasted longer than noise does (a piece set down stays
     * until it is moved again; a flicker of the square does not).
     */
    private int next(int sq, int from, boolean occupied, long earliest, boolean lasting) {
        Changes c = changes[sq];
        int n = c.at().length;
        for (int j = from; j < n; j++) {
            if (c.occupied()[j] != occupied || before(c.at()[j], earliest)) continue;
            if (lasting && lasted(c, j) <= (occupied ? falseOccupied : falseEmpty)) continue;
            return j;
        }
        return -1;
    }

    /**
     * Whether a reading at {@code t} comes too early for a move that may begin at {@code earliest}: before it, unless
     * read in the very frame that read the move before whole ({@link #sameFrame}): the board was not read while they
     * were made (a scan loop held up), and nothing tells the order. A move whose lift was read frames before its
     * landing was followed: a reply read begun in its landing's frame is too soon for any hand (a queen dragged down
     * the f-file to take on f2, the victim plucked first as she rested on f5, read as Qf5 answered by f2-f4).
     */
    private boolean before(long t, long earliest) {
        return t < earliest && t != sameFrame;
    }

    /**
     * Whether the piece of move {@code m} (made from {@code p}) may have been resting on its way when set down: it
     * could go further along the same line, or it is a king or rook that castling may still move on. A knight or a
     * pawn that cannot step further set down is where it goes.
     */
    private boolean mayGoOn(Position p, Move m) {
        if (m instanceof Move.Castle) return false;
        for (Move o : p.legalMoves()) {
            Move b = PromotionChoices.base(o);
            if (b.from() != m.from()) continue;
            if (b instanceof Move.Castle) return true;
            if (MoveTable.between(geometry, m.from(), b.to()).contains(m.to())) return true;
        }
        return false;
    }

    /**
     * Whether the pieces {@code lifted} after move {@code m} (made from {@code p}) may all be the reply's: the replying
     * side's own, the piece {@code m} set down, plucked as the reply's victim (a piece that could still go on is ruled
     * out as resting on its way before a story gets here), or another victim of a piece of its own lifted with it.
     */
    private boolean byReplyingSide(Position p, Move m, SquareSet lifted) {
        // (Every piece lifted stands in the position after m, so the replying side's are those it had before m.)
        SquareSet others = lifted.minus(p.occupancy(p.turn().other())).minus(placed(PromotionChoices.base(m)));
        if (others.isEmpty()) return true;
        // Or a piece that a piece of the replying side lifted with it can take, plucked first (Qxa4 begun with the
        // pawn taken off a4 and the queen lifted: ECC 2018 game 518 under `hall` at 40 Hz, otherwise Qxc4).
        SquareSet own = lifted.intersect(p.occupancy(p.turn().other()));
        if (own.isEmpty()) return false;
        Position after = p.play(m);
        for (int sq : others.toArray()) {
            boolean victim = false;
            for (Move r : after.legalMoves()) {
                victim |= own.contains(r.from()) && left(after, PromotionChoices.base(r)).contains(sq) && r.from() != sq;
            }
            if (!victim) return false;
        }
        return true;
    }

    /**
     * Whether each of {@code victims} can be taken by a legal reply to move {@code m} (made from {@code p}) with a piece
     * of the replying side among {@code lifted}.
     */
    private boolean takenByLifted(Position p, Move m, SquareSet lifted, SquareSet victims) {
        Position after = p.play(m);
        SquareSet own = lifted.intersect(after.occupancy(after.turn()));
        for (int sq : victims.toArray()) {
            boolean taken = false;
            for (Move r : after.legalMoves()) {
                Move b = PromotionChoices.base(r);
                taken |= own.contains(b.from()) && b.from() != sq && left(after, b).contains(sq);
            }
            if (!taken) return false;
        }
        return true;
    }

    /**
     * Whether the pieces {@code lifted} after move {@code m} (made from {@code p}) are the replying side's own, and
     * perhaps the piece {@code m} set down, taken by the reply: none of its own one the piece of {@code m} could have
     * taken from where it started (a piece resting on its way, its victim plucked first, reads the same), none read
     * empty only since a moment when a dropout may have begun.
     */
    private boolean replyBegun(Position p, Move m, SquareSet lifted, boolean[][] matched) {
        Position after = p.play(m);
        SquareSet own = lifted.intersect(after.occupancy(after.turn()));
        if (own.isEmpty() || !byReplyingSide(p, m, lifted)) return false;
        for (int sq : own.toArray()) {
            if (mayBeDropoutBegun(sq, changes[sq].at().length - 1, matched)) return false;
        }
        int from = PromotionChoices.base(m).from();
        for (Move o : p.legalMoves()) {
            Move b = PromotionChoices.base(o);
            if (b.from() == from && !(b instanceof Move.Castle) && own.contains(b.to())) return false;
        }
        return true;
    }

    /**
     * Finds the touch that chose {@code made} for promotion {@code m} (played from {@code p}, done at {@code done}):
     * its choice square read occupied after that, longer than a brush and not for good. Marks its readings matched and
     * moves the square's cursor past them; false when there is none.
     */
    private boolean touchedChoice(Position p, Move m, PieceType made, long done, int[] cursor, boolean[][] matched) {
        for (RecognitionEvent.PromotionChoice c : PromotionChoices.of(p, m)) {
            if (c.piece() != made) continue;
            int sq = c.square();
            Changes ch = changes[sq];
            for (int j = next(sq, cursor[sq], true, done - slack, false); j >= 0;
                 j = next(sq, j + 1, true, done - slack, false)) {
                long held = lasted(ch, j);
                if (held <= falseOccupied || held == Long.MAX_VALUE) continue;
                for (int i = j; i < ch.at().length && ch.at()[i] <= ch.at()[j] + held; i++) mark(matched, sq, i);
                while (cursor[sq] < ch.at().length && ch.at()[cursor[sq]] <= ch.at()[j] + held) cursor[sq]++;
                return true;
            }
        }
        return false;
    }

    /** Whether the choice square of the piece promotion {@code m} (played from {@code p}) makes changed in the log. */
    private boolean choiceChanged(Position p, Move m) {
        PieceType made = PromotionChoices.pieceOf(m);
        for (RecognitionEvent.PromotionChoice c : PromotionChoices.of(p, m)) {
            if (c.piece() == made && changed.contains(c.square())) return true;
        }
        return false;
    }

    /** Whether the move after move {@code k} of {@code line} captures on {@code sq}. */
    private static boolean takenNext(List<Move> line, List<Position> before, int k, int sq) {
        if (k + 1 >= line.size()) return false;
        Move next = PromotionChoices.base(line.get(k + 1));
        return next.to() == sq && !(next instanceof Move.Castle) && before.get(k + 1).pieceAt(sq) != null;
    }

    /** Whether square {@code sq} was read emptied at a time in [{@code from}, {@code until}). */
    private boolean liftedBetween(int sq, long from, long until) {
        Changes c = changes[sq];
        for (int j = 0; j < c.at().length; j++) {
            if (!c.occupied()[j] && c.at()[j] >= from && c.at()[j] < until) return true;
        }
        return false;
    }

    /** The square of the pawn an en passant capture takes: beside the capturing pawn, on the file it goes to. */
    /** Whether {@code m} is a pawn's double step that the other side may take en passant next. */
    private boolean doubleStepTakenEnPassant(Position p, Move m) {
        Move b = PromotionChoices.base(m);
        if (!(b instanceof Move.Normal) || p.pieceAt(b.to()) != null || !p.pieceAt(b.from()).type().pawn()) return false;
        if (Math.abs(geometry.rank(b.to()) - geometry.rank(b.from())) != 2) return false;
        return p.play(m).epSquare() >= 0;
    }

    private int victimOf(Move.EnPassant e) {
        return geometry.square(geometry.file(e.to()), geometry.rank(e.from()));
    }

    /** Whether move {@code k + 1} of {@code line} takes en passant the pawn move {@code k} set down on {@code sq}. */
    private boolean takenEnPassantNext(List<Move> line, int k, int sq) {
        if (k + 1 >= line.size() || !(PromotionChoices.base(line.get(k + 1)) instanceof Move.EnPassant ep)) return false;
        return victimOf(ep) == sq;
    }

    /**
     * The square of a piece of the side to move in {@code p}, lifted (not on the board now), that can take the piece
     * on {@code sq} (en passant included), that square empty now; -1 when none.
     */
    private int liftedTaker(Position p, int sq) {
        if (board.contains(sq)) return -1;
        for (Move o : p.legalMoves()) {
            Move b = PromotionChoices.base(o);
            if (board.contains(b.from()) || b instanceof Move.Castle) continue;
            int victim = b instanceof Move.EnPassant e ? victimOf(e)
                    : p.pieceAt(b.to()) != null ? b.to() : -1;
            if (victim == sq) return b.from();
        }
        return -1;
    }

    /**
     * Whether a move of {@code line} sets a piece down that the next move takes (en passant included), or, for a
     * {@code partial} story, its last move one that a lifted piece of the replying side can take.
     */
    private boolean anyPluckedNext(List<Move> line, List<Position> before, boolean partial) {
        if (anyPluckedNext(line, before)) return true;
        if (!partial || line.isEmpty()) return false;
        Move last = line.get(line.size() - 1);
        return liftedTaker(before.get(line.size() - 1).play(last), PromotionChoices.base(last).to()) >= 0;
    }

    /** Whether a move of {@code line} sets a piece down that the next move takes (en passant included). */
    private boolean anyPluckedNext(List<Move> line, List<Position> before) {
        for (int k = 0; k + 1 < line.size(); k++) {
            int to = PromotionChoices.base(line.get(k)).to();
            if (takenNext(line, before, k, to) || takenEnPassantNext(line, k, to)) return true;
        }
        return false;
    }

    /** The square the piece that move {@code m} sets down on {@code sq} came from. */
    private static int origin(Move m, int sq) {
        return m instanceof Move.Castle c && sq == c.rookTo() ? c.rookFrom() : m.from();
    }

    /**
     * When square {@code sq} was first lifted for good at or after {@code earliest}; Long.MIN_VALUE when never. Read
     * with {@code hesitated}: a piece lifted, put back and left standing there longer than a piece rests on its way,
     * then lifted again, left at the later lift.
     */
    private long firstLift(int sq, long earliest, boolean hesitated) {
        int j = firstLiftIndex(sq, 0, earliest, hesitated);
        return j < 0 ? Long.MIN_VALUE : changes[sq].at()[j];
    }

    /**
     * Whether square {@code sq} read a piece at {@code t}, set there (its last change at or before {@code t}) for longer
     * than the sensors read an empty square occupied; false when it has not changed since the log began (asked only
     * after a lift read there).
     */
    private boolean standsAt(int sq, long t) {
        Changes c = changes[sq];
        for (int k = c.at().length - 1; k >= 0; k--) {
            if (c.at()[k] <= t) return c.occupied()[k] && lasted(c, k) > falseOccupied;
        }
        return false;
    }

    /** When square {@code sq} last read empty after reading a piece, at or before {@code t}; Long.MIN_VALUE if never. */
    private long lastLift(int sq, long t) {
        Changes c = changes[sq];
        for (int k = c.at().length - 1; k >= 0; k--) {
            if (c.at()[k] <= t && !c.occupied()[k]) return c.at()[k];
        }
        return Long.MIN_VALUE;
    }

    /** As {@link #firstLift}, its index, from change {@code from} on; -1 when none. */
    private int firstLiftIndex(int sq, int from, long earliest, boolean hesitated) {
        int j = next(sq, from, false, earliest, true);
        while (hesitated && j >= 0) {
            int back = next(sq, j + 1, true, Long.MIN_VALUE, true);
            if (back < 0) break;
            long stood = stay(changes[sq], back, new boolean[changes[sq].at().length]);
            // (A piece standing there to this day across its dropouts was not lifted again: the later readings of the
            // square empty are those dropouts.)
            if (stood <= (briefHesitations ? proofMillis : standMillis) || stood == Long.MAX_VALUE) break;
            int again = next(sq, back + 1, false, Long.MIN_VALUE, true);
            if (again < 0) break;
            j = again;
        }
        return j;
    }

    /**
     * The index of the change, from {@code from} on, at which a capturing piece landed on {@code sq}: the first reading
     * of a piece there at or after {@code landFloor} that lasts longer than {@code noise}, begun right after an emptiness
     * at or after {@code earliest}; -1 when none.
     */
    private int landing(int sq, int from, long earliest, long landFloor, long noise) {
        Changes c = changes[sq];
        for (int k = Math.max(from + 1, 1); k < c.at().length; k++) {
            if (!c.occupied()[k] || before(c.at()[k], landFloor) || before(c.at()[k - 1], earliest) || c.occupied()[k - 1]) {
                continue;
            }
            if (lasted(c, k) <= noise) continue;
            return k;
        }
        return -1;
    }

    /**
     * The last lasting lift of square {@code sq} from index {@code from} on, at or after {@code earliest} and at or
     * before {@code until}; -1 when none.
     */
    private int lastLift(int sq, int from, long earliest, long until) {
        Changes c = changes[sq];
        int found = -1;
        for (int j = from; j < c.at().length && c.at()[j] <= until; j++) {
            if (!c.occupied()[j] && !beforeItsLanding(sq, j) && !before(c.at()[j], earliest) && lasted(c, j) > falseEmpty) {
                found = j;
            }
        }
        return found;
    }

    /**
     * Whether reading {@code j} of {@code sq} is the emptiness of a square the last move filled, before its landing: a
     * log kept from just before that landing (as a commit keeps it, from a millisecond before) begins so, and it is no
     * lift (Lichess 4580 under `hall` at 40 Hz, seed 1, deciding by the search alone: 13...g5 dragged over g6, a pass
     * over g5 read apart from its landing by a dropout, then 14.fxg6 e.p.; the emptiness before the landing was taken
     * for the pawn taken, the landing for a piece standing 19 s where the story has none, and the game was never
     * followed again). A log that begins later begins with whatever the square did since.
     */
    private boolean beforeItsLanding(int sq, int j) {
        long[] at = changes[sq].at();
        return j == 0 && !changes[sq].occupied()[0] && at.length > 1 && at[1] - at[0] <= 1 && justPlaced.contains(sq);
    }

    /**
     * The lift of a pawn taken en passant, from emptiness {@code j} of its square on: the first after which no piece
     * stood there again longer than a piece rests (its taker may land before it is plucked, so the last emptiness
     * before that landing may be only a dropout of it: Lichess 3722 under `hall` at 50 Hz, seed 2, deciding by the
     * search alone: f2-f4 set down off centre, dropping out twice, then exf3 e.p. with f4 plucked half a second after
     * the landing; read from a dropout, the pawn then stood two seconds where the story had none, and the game was
     * never followed again).
     */
    private int takenForGood(int sq, int j) {
        Changes c = changes[sq];
        while (true) {
            int back = next(sq, j + 1, true, Long.MIN_VALUE, true);
            if (back < 0) return j;
            long stood = stay(c, back, new boolean[c.at().length]);
            if (stood <= standMillis || stood == Long.MAX_VALUE) return j;
            int again = next(sq, back + 1, false, Long.MIN_VALUE, true);
            if (again < 0) return j;
            j = again;
        }
    }

    /** Whether squares {@code a} and {@code b} touch, by a side or a corner. */
    private boolean nextTo(int a, int b) {
        return Math.abs(geometry.file(a) - geometry.file(b)) <= 1 && Math.abs(geometry.rank(a) - geometry.rank(b)) <= 1;
    }

    /**
     * How long the reading change {@code j} began lasted, across misreadings of the other kind the sensors can make
     * (a piece set down reading empty for a dropout and back, an empty square brushed); {@code Long.MAX_VALUE} when
     * it still does.
     */
    private long lasted(Changes c, int j) {
        int n = c.at().length;
        long noise = c.occupied()[j] ? joinedFalseEmpty : falseOccupied;
        int k = j + 1;
        while (k + 1 < n && c.at()[k + 1] - c.at()[k] <= noise) k += 2;
        return k < n ? c.at()[k] - c.at()[j] : Long.MAX_VALUE;
    }
}
