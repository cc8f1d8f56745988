package org.marelle.bridge.recognition;

import org.marelle.board.Occupancy;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * Whole-board decisions: which legal move (or two-ply sequence, takeback, new game, result gesture) leaves exactly the
 * occupancy the board shows. The frame log only chooses among candidates that all match the board:
 * <ul>
 * <li>a capture onto an occupied square changes nothing on that square, so it is a candidate only when that square
 * read empty together with the capturing piece's square for at least {@code proofMillis} (otherwise the board is just
 * a piece in hand);</li>
 * <li>between candidates with the same occupancy (Chess960 castling against a rook move, captures on different
 * squares by the same piece), the one whose lifts were all seen wins, then the one leaving fewer seen lifts
 * unexplained, then the capture proven last ("what was placed last");</li>
 * <li>a two-ply sequence needs its second move to have started after the first was complete, and a capture in the
 * second move must be proven after that.</li>
 * </ul>
 * A tie that evidence cannot break is no candidate at all: nothing is committed while the board is ambiguous.
 */
final class Matcher {

    /** What explains the board: a move, a move and its reply, a takeback, a new game or a result gesture. */
    sealed interface Candidate permits Moves, Takeback, NewGame, GameResult {
    }

    /** A move (the first, with a reply), with its index in the committed position's table. */
    sealed interface Moves extends Candidate permits Ply, TwoPlies {
        Move move();

        int index();
    }

    record Ply(Move move, int index) implements Moves {
    }

    /**
     * A move and its reply.
     *
     * @param firstComplete when the first move was complete on the board
     * @param unproven      the first move is a capture nobody saw, which only the reply proves
     */
    record TwoPlies(Move move, int index, long firstComplete, Move second, boolean unproven) implements Moves {
    }

    /** The last {@code plies} moves taken back. */
    record Takeback(int plies) implements Candidate {
    }

    record NewGame() implements Candidate {
    }

    record GameResult(String result) implements Candidate {
    }

    private final Transition t;
    /** See {@link #standingUnexplained}: computed once per look, when first needed. */
    private SquareSet standing;
    /** After {@link #find} found nothing: the two-ply stories the evidence could not choose among, else null. */
    private java.util.List<TwoPlies> tied;
    private final MoveTable table;
    private final SquareSet board;

    Matcher(Transition t) {
        this.t = t;
        this.table = t.table;
        this.board = t.board;
    }

    Candidate find() {
        Candidate c = onePly();
        if (c != null) return c;
        if (matchesAnyMove()) return null;   // e.g. a piece in hand whose captures are not proven: wait
        c = twoPly();
        if (c != null) return c;
        // (A repetition played on is neither a takeback nor, back at the start position, a new game.)
        boolean playedOn = playedOnRather();
        if (t.config.mode() == RecognizerConfig.Mode.CASUAL && t.remoteMove == null && !playedOn) {
            // (While a move made elsewhere is still to be made on the board, the board before it is no takeback.)
            History h = t.history;
            for (int k = 1; h != null; k++, h = h.older()) {
                if (h.position().occupancy().equals(board) && polarityFits(h.position())) {
                    if (k > 2 && fewerPliesLeave(Math.min(k - 1, 3))) break;
                    if (stoodElsewhere(k)) break;
                    return new Takeback(k);
                }
            }
        }
        if (board.equals(t.newGame.occupancy()) && !playedOn
                && (t.history != null || t.result != null || !table.position.equals(t.newGame))) {
            return new NewGame();
        }
        String result = ResultGestures.result(table.position, board);
        if (result != null) return new GameResult(result);
        return null;
    }

    /**
     * The board is back where it stood two plies ago, and the same two pieces moved back are also the next two moves
     * (a repetition: Rf3-f1 and Rb1-b3 after Rf1-f3 and Rb3-b1). Taking back and playing on are then the same
     * motions; only their order tells. A player taking back undoes the newest move first; playing on, the side to
     * move moves first. So it is a takeback only when the newest move's piece left its square first; otherwise the
     * moves are left to the two-ply match and the story search (ECC 2018 game 253 under `swap` at 24 Hz, seed 4:
     * 45.Rf1 Rb3, Black's rook lifted before White's had landed, was read as a takeback of Rf3 and Rb1+).
     */
    private boolean playedOnRather() {
        History older = t.history == null ? null : t.history.older();
        if (older == null || !older.position().occupancy().equals(board)) return false;
        Move newest = t.history.move();
        Move first = older.move();
        if (!(newest instanceof Move.Normal) || !(first instanceof Move.Normal)) return false;
        if (older.position().occupancy().contains(first.to())
                || t.history.position().occupancy().contains(newest.to())) return false;   // a capture: no way back
        Move back = new Move.Normal(first.to(), first.from());
        if (!table.position.legalMoves().contains(back)) return false;
        if (!table.position.play(back).legalMoves().contains(new Move.Normal(newest.to(), newest.from()))) return false;
        return t.log.lastEmptied(newest.to()) >= t.log.lastEmptied(first.to());
    }

    /**
     * Whether, since the last commit, a piece stood on a square that taking back the {@code k} newest moves neither
     * sets a piece on nor drags one over (a square empty now and in the game's position), longer than the sensors
     * read an empty square occupied: the board came back to where it stood by moves played on, a repetition, not by
     * a takeback; the story search follows them (ECC 2018 game 879 under `swap` at 24 Hz, seed 8: 72.Kf3 Bd6 73.Kg3
     * Bc7, the bishop read on d6 for half a second, was recorded as a takeback of Kf3).
     */
    private boolean stoodElsewhere(int k) {
        SquareSet undone = table.occupancy().union(board);
        History h = t.history;
        for (int i = 0; i < k && h != null; i++, h = h.older()) {
            Move m = PromotionChoices.base(h.move());
            undone = undone.with(m.from()).with(m.to()).union(table.between(m.from(), m.to()));
            if (m instanceof Move.Castle c) {
                undone = undone.with(c.rookFrom()).with(c.rookTo()).union(table.between(c.rookFrom(), c.rookTo()));
            }
        }
        SensorModel s = t.config.sensors();
        long stood = Math.max(t.config.proofMillis(), s.longestFalseOccupied() + (long) Math.ceil(s.scanMillis()));
        return !t.log.seenFilled(undone, t.settledAt, t.now, stood).isEmpty();
    }

    /**
     * Whether two legal plies from the game's position leave the board, or three when {@code plies} is 3. Then a
     * takeback further back than that is none: in a repetition the pieces shuttle, and the board may come back to
     * where it stood many plies ago by two or three moves, fewer than the takeback would undo; the moves are left to
     * the two-ply match and the story search (ECC 2018 game 487 under `swap` at 24 Hz, seed 5: 112.Kc2 Kf3 in a rook
     * ending, White's king read landing only after Black's was lifted, was recorded as a takeback of ten plies; ECC
     * 2018 game 868 under `hall` at 24 Hz, seed 2, deciding by the search alone: Qe4+ Kc5 Qe7+ made within two
     * seconds, as a takeback of five plies).
     */
    private boolean fewerPliesLeave(int plies) {
        for (int i = 0; i < table.count; i++) {
            MoveTable after = t.tableAfter(i);
            for (int j = 0; j < after.count; j++) {
                if (after.leaves(j, board)) return true;
                if (plies < 3) continue;
                // (A ply changes four squares at most, castling: a board further off needs more.)
                if (after.after(j).distance(board) > 4) continue;
                Position two = after.position.play(after.moves[j]);
                for (Move m : two.legalMoves()) {
                    if (two.occupancyAfter(m).equals(board)) return true;
                }
            }
        }
        return false;
    }

    private boolean matchesAnyMove() {
        for (int i = 0; i < table.count; i++) {
            if (table.leaves(i, board)) return true;
        }
        return false;
    }

    // ---- one ply -----------------------------------------------------------------------------------------------

    private Candidate onePly() {
        int best = -1;
        int[] found = new int[8];
        int n = 0;
        for (int i = 0; i < table.count; i++) {
            if (!table.leaves(i, board)) continue;
            if (table.isHiddenCapture(i) && proof(table, i, Long.MIN_VALUE) < 0) continue;
            if (!leftBeforeArriving(table, i, SquareSet.EMPTY, t.storyMillis())) continue;
            if (n == found.length) found = java.util.Arrays.copyOf(found, n * 2);
            found[n++] = i;
        }
        if (n == 0) return null;
        if (fasterCaptureSeen(found, n)) return null;
        // The move the board showed alone last (pending, or withdrawn since after standing longer than a flicker)
        // is the better story among moves that all match now.
        for (Move shown : new Move[] {t.pending instanceof Pending.Moves p ? p.move() : null, t.recentProvisional}) {
            if (shown == null || n <= 1) continue;
            int same = 0;
            for (int k = 0; k < n; k++) {
                if (samePair(table.moves[found[k]], shown)) found[same++] = found[k];
            }
            if (same > 0) {
                n = same;
                break;
            }
        }
        best = choose(table, found, null, n, Long.MIN_VALUE);
        if (best < 0) return null;
        if (contradictsLastStory(best) || stoodApart(best, SquareSet.EMPTY) || pluckedWithAnotherInHand(best)) {
            return null;
        }
        if (t.polarity != null && !polarityFits(table.position.play(table.moves[best]))) return null;
        return new Ply(table.moves[best], best);
    }

    /**
     * Whether capture {@code i}'s victim was taken off before its piece was lifted while another piece of the side to
     * move was off its square (longer than a dropout lasts), put back since: one hand holding a piece and the other
     * taking the victim, or, likelier for one hand, that piece's move and more nobody saw (Morphy 170 under `swap` at
     * 30 Hz, seed 3: 6...exd4 a swap nobody saw, 7.e5 and 7...Ne4 read as 6...Nxe4, the e5 pawn lifted and "put
     * back" while the e4 pawn was plucked). The story search weighs both once the board is still.
     */
    private boolean pluckedWithAnotherInHand(int i) {
        if (!table.isHiddenCapture(i)) return false;
        long landed = proof(table, i, Long.MIN_VALUE);
        long lifted = t.log.lastEmptied(table.moves[i].from());
        FrameLog before = landed < 0 ? null : t.log.before(landed);
        long plucked = before == null ? -1 : before.lastEmptied(table.victim[i]);
        if (plucked < 0 || lifted < 0 || plucked >= lifted) return false;
        // (Only the squares read empty as the victim was plucked: the log is walked for those alone.)
        FrameLog atPluck = t.log.before(plucked + 1);
        SquareSet own = table.position.occupancy(table.position.turn()).without(table.moves[i].from());
        for (int sq : own.minus(atPluck.board()).toArray()) {
            if (t.log.emptyRunAt(sq, plucked, t.now) > t.config.sensors().longestFalseEmpty()) return true;
        }
        return false;
    }

    /**
     * Whether a proven capture among {@code found} has a rival the proof rules cannot see: the same piece capturing
     * elsewhere, on a square that was emptied and filled again while it was away, too fast to prove (a one-handed
     * swap, or what a dropout could show as well), or, on sensors that can miss a swap altogether, any other square it
     * could take on. Which it was, only what follows tells (the story search weighs both once the board is still); the
     * faster capture may well be the one that happened first.
     */
    private boolean fasterCaptureSeen(int[] found, int n) {
        for (int k = 0; k < n; k++) {
            int i = found[k];
            if (!table.isHiddenCapture(i)) continue;
            for (int j = 0; j < table.count; j++) {
                if (!table.leaves(j, board)) continue;
                boolean proven = false;
                for (int q = 0; q < n; q++) proven |= found[q] == j;
                if (!proven && (swapSeen(table, i, j) || swapMayGoUnseen(table, i))) return true;
            }
        }
        return false;
    }

    /**
     * Whether the board stood still, the piece of capture {@code i} lifted, for longer than a board nothing explains is
     * left before its victim's square emptied, on sensors where a swap often leaves no reading (see
     * {@code Transition.heldAsLongAsUnseen}).
     */
    private boolean heldLong(MoveTable tb, int i) {
        if (!t.config.sensors().oftenMisses(StorySearch.SHORTEST_SWAP_MILLIS)) return false;
        long lifted = t.log.lastEmptied(tb.moves[i].from());
        long landed = proof(tb, i, Long.MIN_VALUE);
        if (lifted < 0 || landed < 0) return false;
        FrameLog before = t.log.before(landed);
        long emptied = before == null ? -1 : before.lastEmptied(tb.victim[i]);
        return emptied - lifted > t.config.mismatchMillis()
                && t.log.stillExcept(SquareSet.of(tb.moves[i].from(), tb.victim[i]), lifted, emptied);
    }

    /**
     * Whether a one-handed swap may leave no reading at all ({@link SensorModel#mayMiss}: at 24 Hz with two-scan
     * debouncing; at 40 Hz when a scan is lost). The piece of a proven capture may then have swapped unseen on
     * another square it could take on, and the proven one been a hesitation over another piece: which it was, only
     * what follows tells (the story search weighs both).
     */
    private boolean swapMayGoUnseen(MoveTable tb, int i) {
        SensorModel s = t.config.sensors();
        if (!s.mayMiss(StorySearch.SHORTEST_SWAP_MILLIS)) return false;
        // (Only when the victim's square emptied after the piece was lifted, by more than a scan: a touch of another
        // piece by the other side comes after the mover's swap. Victim and piece lifted together are one capture.)
        long lifted = t.log.firstState(SquareSet.of(tb.moves[i].from()), SquareSet.EMPTY, Long.MIN_VALUE);
        if (lifted < 0) return false;
        // (The victim's square emptied since the lift: an emptiness before it, the square empty before the victim
        // came there, is none of this capture's. Lichess 3930 at 24 Hz: d6 empty before Black's bishop came there
        // hid that it was lifted 20 s after White's, and Bxd6 was committed for Bxg7 nobody saw.)
        long emptied = t.log.firstState(SquareSet.of(tb.victim[i]), SquareSet.EMPTY, lifted);
        return emptied > lifted + (long) Math.ceil(s.scanMillis());
    }

    private static boolean contains(int[] a, int n, int x) {
        for (int k = 0; k < n; k++) if (a[k] == x) return true;
        return false;
    }

    /**
     * Whether the piece of move {@code i} may have captured on another square instead: its victim's square emptied and
     * filled again while the piece was away (a dropout's length included), or, on sensors that may miss a one-handed
     * swap altogether ({@link SensorModel#mayMiss}), any other capture it has.
     */
    private boolean mayHaveSwappedElsewhere(MoveTable tb, int i) {
        boolean unseen = t.config.sensors().mayMiss(StorySearch.SHORTEST_SWAP_MILLIS);
        int from = tb.moves[i].from();
        for (int j = 0; j < tb.count; j++) {
            if (j == i || tb.moves[j].from() != from || !tb.isHiddenCapture(j)
                    || tb.victim[j] == PromotionChoices.base(tb.moves[i]).to()) continue;
            if (unseen || t.log.swapSeen(from, tb.victim[j], t.config, true, Long.MAX_VALUE)) return true;
        }
        return false;
    }

    /**
     * Whether move {@code j} is a capture by the piece of move {@code i} elsewhere, its victim's square emptied and
     * filled again while that piece was away, too fast to prove (a dropout could read the same: then too, the capture
     * may have been made, and only what follows tells).
     */
    private boolean swapSeen(MoveTable tb, int i, int j) {
        long landed = tb.isHiddenCapture(i) ? proof(tb, i, Long.MIN_VALUE) : -1;
        return swapSeen(tb, i, j, landed < 0 ? Long.MAX_VALUE : landed);
    }

    /** As above, with move {@code i} done by {@code until} (swaps filled again later are none before it). */
    private boolean swapSeen(MoveTable tb, int i, int j, long until) {
        int from = tb.moves[i].from();
        if (j == i || tb.moves[j].from() != from || !tb.isHiddenCapture(j)
                || tb.victim[j] == PromotionChoices.base(tb.moves[i]).to()) return false;
        // (Only a swap before move i's own landing: the piece cannot have captured elsewhere after it landed.)
        return t.log.swapSeen(from, tb.victim[j], t.config, true, until);
    }

    /**
     * Whether move {@code i} is another move than the last story the board showed alone, which, with the other side's
     * reply under way, explains the board too, while a piece stood somewhere (for longer than a proof) that move
     * {@code i} never reaches: a rook set on d6 and taken off there by the other side, then a piece of theirs lifted
     * and put back on f4, is no rook capture on f4.
     */
    private boolean contradictsLastStory(int i) {
        Move recent = t.recentProvisional;
        if (recent == null || samePair(recent, table.moves[i])) return false;
        int r = table.indexOf(recent);
        if (r < 0 || !t.partOfMoveInOrder(t.tableAfter(r))) return false;
        return !standingUnexplained(i, SquareSet.EMPTY).isEmpty();
    }

    /**
     * Whether a piece stood, for longer than a piece rests on its way, where move {@code i} neither goes nor passes,
     * nor does anything in {@code also} (its reply's squares): the moves alone do not tell what happened since the
     * last decision, and the story search weighs them against longer stories that explain that piece (ECC 789 under
     * `swap` at 24 Hz, seed 1: Bxa7 unseen, Rc7, Qb8+, Rc8, the rook standing on c7 for 2.4 s, was committed as
     * Qxc8+; Lichess 4515, seed 2: Be8 over d7, Qxe6+, Bd7, the bishop standing on e8 for 750 ms, as Bd7 Qxd7+).
     */
    private boolean stoodApart(int i, SquareSet also) {
        // (Since the board last showed the position, or a reported mismatch was put right: the misplaced piece is no
        // part of the move. Nor a piece on a square the last move left: that move still being made on the board, a
        // move made elsewhere the player had yet to make, as against an engine, EngineDemoTest.)
        long from = Math.max(t.log.lastShownEnd(table.occupancy(), t.now), t.syncedAt);
        SquareSet lastLeft = t.history == null ? SquareSet.EMPTY
                : t.history.position().occupancy().minus(table.occupancy());
        // A piece that stood on a square the move passes, longer than a piece rests on its way (across the dropouts
        // of its sensor), was set down there too (random Chess960 game 86 under `hall` at 40 Hz, -Pslow seed 2: Re2
        // standing 1 s, Qxa8, Rg2, read as Rd2xg2 passing e2).
        SquareSet stood = t.log.seenStanding(table.occupancy(), from, t.now, t.config.slideMillis(),
                t.config.sensors().longestFalseEmpty() + (long) Math.ceil(t.config.sensors().scanMillis()));
        // (Nor a lit choice square of a promotion: the player's touch that chooses its piece.)
        for (RecognitionEvent.PromotionChoice c : PromotionChoices.of(table.position, table.moves[i])) {
            stood = stood.without(c.square());
        }
        return !stood.minus(table.fills(i)).minus(also).minus(lastLeft).isEmpty();
    }

    /**
     * The squares outside the position where a piece stood (for longer than a proof) since the last decision that
     * move {@code i} neither goes to nor passes over, nor does anything in {@code also}.
     */
    private SquareSet standingUnexplained(int i, SquareSet also) {
        if (standing == null) {
            standing = t.log.seenFilled(table.occupancy(), Long.MIN_VALUE, t.now, t.config.proofMillis());
        }
        return standing.minus(table.fills(i)).minus(table.path(i)).minus(also);
    }

    /**
     * The proof of reply {@code j}'s capture (see {@link #proof}), the reply begun at {@code began}. After a first
     * capture nobody saw on the same square ({@code unseenFirst}), its piece was set down there unseen, as late as
     * just before the reply began ({@link FrameLog#placedUnseen}): its dropout then is no proof of the reply (Lichess
     * 2229 at 24 Hz: cxd5 unseen, then the pawn read empty for 125 ms while the bishop went from c4 to b3, was read
     * as Bxd5).
     */
    private long replyProof(MoveTable next, int j, boolean unseenFirst, long from, long began) {
        if (!unseenFirst || began == Long.MAX_VALUE) return proof(next, j, from);
        return t.log.placedUnseen(SquareSet.of(next.victim[j]), began)
                .captureProof(next.moves[j].from(), next.victim[j], next.occupancy(), from, t.now, t.config);
    }

    /** When the capturing piece was set down on its victim's square (see {@link FrameLog#captureProof}); -1: unproven. */
    private long proof(MoveTable tb, int i, long from) {
        Move m = tb.moves[i];
        return t.log.captureProof(m.from(), tb.victim[i], tb.occupancy(), from, t.now, t.config);
    }

    /**
     * Chooses among moves of one table that all match the board: one (from, to) pair must win on evidence; moves that
     * differ only by the promotion piece are one candidate (the chosen piece, else the default). -1 when tied.
     */
    private int choose(MoveTable tb, int[] found, Reply[] replies, int n, long from) {
        boolean onePair = true;
        for (int k = 1; k < n; k++) {
            if (!samePair(tb.moves[found[k]], tb.moves[found[0]])) onePair = false;
        }
        if (!onePair) {
            SquareSet union = SquareSet.EMPTY;
            for (int k = 0; k < n; k++) union = union.union(tb.lifts(found[k]));
            SquareSet seen = t.log.seenEmptyEach(union, from, t.now, t.config.proofMillis());
            // Squares seen holding a piece that the position did not have: each story must account for them as a
            // square its pieces reach or pass over.
            SquareSet filled = t.log.seenFilled(tb.occupancy(), from, t.now, t.config.proofMillis());
            // The same, for readings longer than a flicker but shorter than a proof (a pawn set on f4 and taken en
            // passant 100 ms later in blitz): weaker evidence, used only when the above cannot tell. Only one reading
            // counts: two flickers of a neighbour add up to as much as a pawn read twice through a bounce.
            SquareSet glimpsed = t.log.seenFilled(tb.occupancy(), from, t.now, t.storyMillis());
            int bestMissing = Integer.MAX_VALUE, bestExtra = Integer.MAX_VALUE, bestGlimpsed = Integer.MAX_VALUE;
            long bestProof = Long.MIN_VALUE, bestEmpty = Long.MAX_VALUE;
            int winner = -1;
            boolean tie = false;
            for (int k = 0; k < n; k++) {
                int i = found[k];
                SquareSet lifts = tb.lifts(i);
                int missing = lifts.minus(seen).count();
                SquareSet explains = tb.fills(i).union(tb.path(i));
                if (replies != null) explains = explains.union(replies[k].explains());
                SquareSet liftedElsewhere = liftedUnexplained(tb, i, seen.minus(lifts), from);
                int extra = liftedElsewhere.count() + filled.minus(explains).count();
                int unexplainedGlimpses = glimpsed.minus(explains).count()
                        + stillOnItsWay(tb, i, replies == null ? Long.MAX_VALUE : replies[k].began());
                long proof = tb.isHiddenCapture(i) ? proof(tb, i, from) : Long.MIN_VALUE;
                // How long the squares lifted that the story does not explain stayed empty: a reading barely longer
                // than a proof is a lesser oddity than a piece off its square for seconds (weighed only when one is
                // at most half the other).
                long empty = 0;
                for (int sq : liftedElsewhere.toArray()) empty += t.log.longestEmptyRun(sq, from, t.now);
                int byEmpty = bestEmpty == Long.MAX_VALUE || 2 * empty <= bestEmpty ? 1 : 2 * bestEmpty <= empty ? -1 : 0;
                int cmp = missing != bestMissing ? Integer.compare(bestMissing, missing)
                        : extra != bestExtra ? Integer.compare(bestExtra, extra)
                        : unexplainedGlimpses != bestGlimpsed ? Integer.compare(bestGlimpsed, unexplainedGlimpses)
                        : extra > 0 && byEmpty != 0 ? byEmpty
                        : Long.compare(proof, bestProof);
                if (winner >= 0 && samePair(tb.moves[i], tb.moves[winner])) continue;
                if (cmp > 0) {
                    winner = i;
                    bestMissing = missing;
                    bestExtra = extra;
                    bestGlimpsed = unexplainedGlimpses;
                    bestProof = proof;
                    bestEmpty = empty;
                    tie = false;
                } else if (cmp == 0) {
                    tie = true;
                }
            }
            if (tie || winner < 0) return -1;
            int w = winner;
            int m = 0;
            for (int k = 0; k < n; k++) {
                if (samePair(tb.moves[found[k]], tb.moves[w])) found[m++] = found[k];
            }
            n = m;
        }
        if (n == 1) return found[0];
        PieceType wanted = t.promotionPiece(tb.position);
        for (int k = 0; k < n; k++) {
            if (PromotionChoices.pieceOf(tb.moves[found[k]]) == wanted) return found[k];
        }
        for (int k = 0; k < n; k++) {
            if (PromotionChoices.pieceOf(tb.moves[found[k]]) == PromotionChoices.defaultPiece(tb.position)) return found[k];
        }
        return found[0];
    }

    /**
     * How many squares move {@code i} passes over read holding a piece from before its piece arrived where it goes
     * until more than a scan after (the move arrived before a reply began at {@code began}): not that piece resting on
     * its way, a reading the move leaves unexplained, as a glimpse elsewhere is for its rival (ECC 2018 game 815 under `noisy` at 50 Hz, -Pslow seed 1:
     * f7-f6, taken victim first for exf6, a neighbour's flicker on f5 as it was; f5 was committed, taken en passant,
     * the pawn read on f6 40 ms after it was read on f5).
     */
    private int stillOnItsWay(MoveTable tb, int i, long began) {
        Move m = PromotionChoices.base(tb.moves[i]);
        if (m instanceof Move.Castle) return 0;
        SquareSet path = tb.path(i);
        if (path.isEmpty()) return 0;
        long left = t.log.currentSince(m.from(), t.storyMillis());
        long arrived = t.log.firstFilledSince(m.to(), left);
        if (left < 0 || arrived < 0) return 0;
        if (arrived >= began) return 0;
        long scan = (long) Math.ceil(t.config.sensors().scanMillis());
        int n = 0;
        for (int sq : path.toArray()) {
            // (The reading that showed the piece there before it arrived, still on: a flicker begun as it arrived
            // is none, Hall or noisy.)
            if (t.log.occupiedFrom(sq, arrived - 1, 0, t.now) > scan + 1) n++;
        }
        return n;
    }

    /**
     * Which of the squares seen lifted that move {@code i} does not lift count against it: all, except a piece of
     * the side to move next lifted only once the move was complete (that side beginning its move, perhaps a
     * hesitation: no evidence against the move before it); before that, only dropouts read empty.
     */
    private SquareSet liftedUnexplained(MoveTable tb, int i, SquareSet extra, long from) {
        if (extra.isEmpty()) return extra;
        long complete = tb.isHiddenCapture(i) ? proof(tb, i, from) : tb == table ? completeAt(i) : -1;
        if (complete < 0) return extra;
        SquareSet next = tb.position.occupancy(tb.position.turn().other());
        SquareSet out = SquareSet.EMPTY;
        for (int sq : extra.toArray()) {
            // (An emptiness a dropout of a piece just set down may make is no lift: Lichess 3323 under `hall` at
            // 50 Hz, seed 2: g6's pawn read empty 120 ms, 580 ms after it was set down, as White's queen was carried
            // to h8; then Black touched that pawn. The dropout counted against Qxh8, and Qxg6 was committed.)
            if (!next.contains(sq)
                    || t.log.earliestLiftStart(sq, from, t.now, t.config.proofMillis(), t.config.sensors()) < complete) {
                out = out.with(sq);
            }
        }
        return out;
    }

    /** The same thing happens on the board: moves that differ only by the piece a pawn becomes. */
    static boolean samePair(Move a, Move b) {
        if (a instanceof Move.Deferred da) {
            return b instanceof Move.Deferred db && da.square() == db.square() && da.move().equals(db.move());
        }
        if (a instanceof Move.Promotion && b instanceof Move.Promotion) return a.from() == b.from() && a.to() == b.to();
        return a.equals(b);
    }

    /**
     * A piece leaves its square before it arrives on another: the destination's current occupation must not have
     * begun more than {@code slack} before the origin's current emptiness (a missed lift, a bounce on the square
     * left). Squares in {@code skip} (touched again by a later move) are not checked.
     */
    private boolean leftBeforeArriving(MoveTable tb, int i, SquareSet skip, long slack) {
        Move m = PromotionChoices.base(tb.moves[i]);
        if (m instanceof Move.Castle c) {
            SquareSet squares = SquareSet.of(c.from(), c.to(), c.rookFrom(), c.rookTo());
            if (squares.count() < 4) return true;   // Chess960 castling with shared squares: no single order
            return ordered(c.from(), c.to(), skip, slack) && ordered(c.rookFrom(), c.rookTo(), skip, slack);
        }
        return ordered(m.from(), m.to(), skip, slack);
    }

    private boolean ordered(int from, int to, SquareSet skip, long slack) {
        if (from == to || skip.contains(from) || skip.contains(to)) return true;
        if (!board.contains(to) || board.contains(from)) return true;
        // Flicker may hide a departure (a bounce and a neighbour flicker overlapping last up to ~150 ms): bridging
        // short readings on the square left only makes the check more lenient; on the square reached, only a piece
        // that stood there before a short gap is no arrival.
        // The square left may also read occupied for a scan or more after the piece left it (a bounce): an arrival
        // less than {@code slack} before the departure was read is in order. (A flicker for a move's own squares;
        // none for a reply, which must arrive after it left: else a piece of the other side lifted 75 ms after its
        // target square filled, or a neighbour's flicker in the scan a dragged piece reaches a square, would read as
        // a reply.)
        return t.log.arrivedSince(to, t.config.proofMillis()) + slack
                > t.log.currentSince(from, 3 * t.config.proofMillis() / 2);
    }

    // ---- two plies ---------------------------------------------------------------------------------------------

    private TwoPlies twoPly() {
        Color mover = table.position.turn();
        SquareSet opp = table.position.occupancy(mover.other());
        // The first moves with replies that explain the board, and those replies.
        int[] firsts = new int[4];
        Reply[] replies = new Reply[4];
        int n = 0;
        for (int i = 0; i < table.count; i++) {
            SquareSet after = table.after(i);
            int changes = after.distance(board);
            if (changes == 0 || changes > 4) continue;
            SquareSet emptied = after.minus(board), filled = board.minus(after);   // by the reply
            if (filled.count() > 2) continue;
            if (!emptied.intersects(opp)) continue;                                // the reply moves none of its pieces
            if (PromotionChoices.isPromotion(table.moves[i])) {
                // The piece is the one chosen (or the default), never one a reply's legality suggests: a reply that
                // only fits another piece (a king stepping where the new queen would give check) is no story.
                PieceType wanted = t.promotionPiece(table.position);
                if (PromotionChoices.pieceOf(table.moves[i]) != wanted
                        && table.indexOf(PromotionChoices.withPiece(table.moves[i], wanted)) >= 0) continue;
            }
            Reply reply = replyAfter(i);
            if (reply == null) continue;
            if (n == firsts.length) {
                firsts = java.util.Arrays.copyOf(firsts, n * 2);
                replies = java.util.Arrays.copyOf(replies, n * 2);
            }
            firsts[n] = i;
            replies[n++] = reply;
        }
        if (n == 0) return null;
        // A first move that needs no unseen event (a capture the sensors did not see) is the better story.
        n = keep(firsts, replies, n, (i, r) -> r.proven());
        // The move that was pending (or, withdrawn since, was the last one the board showed alone) stays the better
        // story: it was the board's one explanation when it was made. A pending move the board showed alone only for
        // a flicker (a neighbour's reading making a reply look undone for a scan) is no such story: the last move that
        // stood longer is.
        Move shown = t.pending instanceof Pending.Moves pending && t.shownAlone(pending) ? pending.move()
                : restedOnItsWay(t.recentProvisional, firsts, n) ? null : t.recentProvisional;
        int first = choose(table, firsts.clone(), replies, n, Long.MIN_VALUE);
        if (first < 0 && shown != null) n = keep(firsts, replies, n, (i, r) -> samePair(table.moves[i], shown));
        if (first < 0) first = choose(table, firsts.clone(), replies, n, Long.MIN_VALUE);
        if (first < 0) first = shownLastAndLongest(firsts, replies, n);
        if (first < 0) {
            tied = stories(firsts, replies, n);
            return null;
        }
        // (The first move chosen is always one of the firsts: choose() picks among them.)
        Reply reply = null;
        for (int k = 0; k < n; k++) {
            if (firsts[k] == first) reply = replies[k];
        }
        if (lastStoryExplainsBetter(first, reply.explains())) return null;
        if (landedForAFlicker(first)) return null;
        if (passedOverLate(first, reply) || pluckedWithAnotherInHand(first)) return null;
        // A first move's capture that its piece may have made elsewhere, nobody seeing it, as a single move's
        // (fasterCaptureSeen): the story search weighs both (ECC 2018 game 898 at 24 Hz: Nxc4 nobody saw, then a
        // black pawn on e4 lifted and put back and Rc6, read as Nxe4 Rc6).
        if (table.isHiddenCapture(first) && heldLong(table, first) && swapMayGoUnseen(table, first)
                && mayHaveSwappedElsewhere(table, first)) {
            return null;
        }
        if (wentOn(first, reply.complete())) return null;
        if (otherMoveWithPartialReply(first, reply.proven())) {
            // Another first move with a reply still being made (a piece dragged over a square on its way) explains
            // the board as well: wait for the board to tell.
            return null;
        }
        // A proven capture for the first move, while the same piece was seen swapping elsewhere (see
        // fasterCaptureSeen): which it was, only what follows tells.
        if (table.isHiddenCapture(first)) {
            for (int j = 0; j < table.count; j++) {
                if (table.leaves(j, table.after(first)) && swapSeen(table, first, j, reply.complete())) return null;
            }
        }
        MoveTable next = t.tableAfter(first);
        int second = choose(next, reply.found().clone(), null, reply.count(), reply.complete());
        if (second < 0) return null;
        // A proven capture for a reply, while the same piece was seen swapping elsewhere too fast to prove: which it
        // was, only what follows tells (the story search weighs both).
        if (next.isHiddenCapture(second)) {
            SquareSet board2 = next.after(second);
            for (int j = 0; j < next.count; j++) {
                if (next.after(j).equals(board2) && !contains(reply.found(), reply.count(), j) && swapSeen(next, second, j)) {
                    return null;
                }
            }
        }
        if (stoodApart(first, next.fills(second).union(next.path(second)))) return null;
        if (!reply.proven() && liftedApart(next, second, reply.complete())) return null;
        return new TwoPlies(table.moves[first], first, reply.complete(), next.moves[second], !reply.proven());
    }

    /**
     * Whether first move {@code first} set a piece down that the reply took off the board (en passant: the square
     * empty now), on sensors that flicker but never drop out, and no reading of it there since the last commit lasted
     * longer than a flicker: that reading may be a neighbour's flicker as well as the landing, and a landing read so
     * briefly is the story search's last resort (see {@code StorySearch.read}), weighed there against the other
     * stories, not taken here. Lichess 2016-05 game 204 under `noisy` at 24 Hz (its file alone, seed 1): 13...f6,
     * the pawn plucked for 14.gxf6, and f5 flickering 83 ms between: f5 gxf6 e.p. was committed.
     */
    private boolean landedForAFlicker(int first) {
        SensorModel sensors = t.config.sensors();
        if (!sensors.flickersOnly()) return false;
        SquareSet taken = table.fills(first).minus(board);
        return !taken.isEmpty() && !t.log.eachSeenFilled(taken, t.settledAt, t.now, sensors.longestFlicker() + 1);
    }

    /**
     * Whether, after a first move whose capture nobody saw (believed only because reply {@code second} takes back on
     * its square), a piece the two plies leave alone was read lifted, longer than a proof, before the reply was done:
     * the recapture then explains the board less well than another story may (a reply capturing that piece, the
     * recapturing side only touching its own piece afterwards), which the story search weighs. Lichess 1311 under
     * `swap` at 50 Hz, -Pslow seed 1: hxg4 swapped in 80 ms, then Qxf6 and Black's g4 pawn lifted and put back for
     * a second; read as hxg4 Qxg4, f6's bishop lifted for nothing.
     */
    private boolean liftedApart(MoveTable next, int second, long from) {
        SquareSet others = table.occupancy().intersect(next.occupancy()).minus(next.lifts(second));
        SquareSet seen = t.log.seenEmptyEach(others, from, t.now, t.config.proofMillis());
        return !liftedUnexplained(next, second, seen, from).isEmpty();
    }

    /**
     * Whether the last story the board showed, {@code shown}, is a piece that may have rested on its way to where
     * another first move takes it: it stood there no longer than a piece rests on its way. Which of the two was
     * played, its having been shown tells nothing ({@link #shownLastAndLongest} weighs them). Lichess 3771 under
     * `hall` at 40 Hz, -Pslow seed 2: f7-f5 dragged, resting 200 ms on f6, read on f5 for 50 ms and taken en passant
     * victim first; f6 exf6 was committed for having been shown longer.
     */
    private boolean restedOnItsWay(Move shown, int[] firsts, int n) {
        if (shown == null) return false;
        int i = table.indexOf(shown);
        if (i < 0) return false;
        Move m = PromotionChoices.base(shown);
        if (m instanceof Move.Castle) return false;
        boolean further = false;
        for (int k = 0; k < n; k++) {
            Move o = PromotionChoices.base(table.moves[firsts[k]]);
            further |= o.from() == m.from() && !(o instanceof Move.Castle) && table.onTheWay(m.from(), m.to(), o.to());
        }
        if (!further) return false;
        long landed = completeAt(i);
        if (landed < 0) return false;
        SensorModel s = t.config.sensors();
        long bridge = s.longestJoinedFalseEmpty() + (long) Math.ceil(s.scanMillis());
        return t.log.occupiedFrom(m.to(), landed, bridge, t.now) <= t.config.slideMillis();
    }

    /**
     * Keeps, in place, the first moves (with their replies) that {@code which} accepts, if it accepts any; returns
     * how many are left.
     */
    private static int keep(int[] firsts, Reply[] replies, int n, java.util.function.BiPredicate<Integer, Reply> which) {
        int kept = 0;
        for (int k = 0; k < n; k++) {
            if (!which.test(firsts[k], replies[k])) continue;
            firsts[kept] = firsts[k];
            replies[kept++] = replies[k];
        }
        if (kept == 0) return n;
        return kept;
    }

    /** The stories the evidence could not choose among (see {@link Ambiguity}), or null when there were none. */
    java.util.List<TwoPlies> tied() {
        return tied;
    }

    /**
     * The two-ply stories of first moves the evidence cannot tell apart, one per (from, to) pair, each with the one
     * reply the evidence chooses; null unless there are two or more whose first moves went to different squares (the
     * squares the player touches to choose).
     */
    private java.util.List<TwoPlies> stories(int[] firsts, Reply[] replies, int n) {
        java.util.List<TwoPlies> out = new java.util.ArrayList<>();
        SquareSet squares = SquareSet.EMPTY;
        for (int k = 0; k < n; k++) {
            int i = firsts[k];
            boolean seen = false;
            for (TwoPlies c : out) seen |= samePair(c.move(), table.moves[i]);
            if (seen) continue;
            Reply reply = replies[k];
            MoveTable next = t.tableAfter(i);
            int second = choose(next, reply.found().clone(), null, reply.count(), reply.complete());
            if (second < 0) return null;
            int square = PromotionChoices.base(table.moves[i]).to();
            if (squares.contains(square)) return null;
            squares = squares.with(square);
            out.add(new TwoPlies(table.moves[i], i, reply.complete(), next.moves[second], !reply.proven()));
        }
        return out.size() >= 2 ? out : null;
    }

    /**
     * Among first moves the evidence cannot tell apart (a pawn on f3 or on f4, then taken on f3, en passant or not:
     * flicker on the square beyond, a drag over the square before), the one the board showed done, on their squares
     * and their replies', before a reply began, both last (for more than a scan) and clearly longest (for more than a
     * flicker, twice as long as any other). Either alone misleads: a pawn dragged over f6 rests there longer than on
     * f5 when the reply is quick; a pawn on f6 whose victim is carried off over f5 is read on f5 last. -1 when the
     * two disagree: nothing is committed.
     */
    private int shownLastAndLongest(int[] firsts, Reply[] replies, int n) {
        SquareSet[] patterns = new SquareSet[n];
        SquareSet[] masks = new SquareSet[n];
        SquareSet union = SquareSet.EMPTY;
        long until = t.now;
        for (int k = 0; k < n; k++) {
            int i = firsts[k];
            until = Math.min(until, replies[k].began());
            Move m = PromotionChoices.base(table.moves[i]);
            masks[k] = table.lifts(i).union(table.fills(i)).union(table.path(i)).with(m.to())
                    .union(table.after(i).symmetricDifference(board));
            union = union.union(masks[k]);
            patterns[k] = table.after(i);
        }
        int last = t.log.lastShownOf(patterns, union, until, t.storyMillis() / 2);
        if (last < 0) return -1;
        long[] stood = new long[n];
        for (int k = 0; k < n; k++) stood[k] = t.log.shownOn(patterns[k], masks[k], Long.MIN_VALUE, until);
        if (stood[last] < t.storyMillis()) return -1;
        for (int k = 0; k < n; k++) {
            if (k != last && !samePair(table.moves[firsts[k]], table.moves[firsts[last]]) && 2 * stood[k] > stood[last]) {
                return -1;
            }
        }
        return firsts[last];
    }

    /**
     * Whether a piece stood (longer than a proof) on a square first move {@code first} passes over, after that move was
     * done and before the reply began: no piece passing over it, and none of the reply's doing. The two plies then
     * leave it unexplained, and the story search weighs them against the stories that explain it (Lichess 793 at
     * 24 Hz: f7-f6, f5 brushed as the pawn was set on f6, then exf6, read as f5 and exf6 en passant with a pawn
     * standing on f6 for 417 ms after it landed on f5, before White's pawn was lifted). (Once the reply began, the
     * reply's hand may brush the square: Lichess 3715 at 24 Hz, Qxb2 over c2, then Rxb1+ with c2 brushed.)
     */
    private boolean passedOverLate(int first, Reply reply) {
        SquareSet path = table.path(first).minus(table.fills(first));
        if (path.isEmpty()) return false;
        long began = Math.min(reply.began(), t.now);
        FrameLog before = t.log.before(began);
        return before != null && !before.seenFilled(table.occupancy(), reply.complete(), began, t.config.proofMillis())
                .intersect(path).isEmpty();
    }

    /**
     * Whether a piece stood (longer than a proof) where first move {@code first} and its reply never go, on a square
     * the last story's move went to or passed over: a queen set on e3 for 275 ms, taken off there, is no queen that
     * stopped on f4 on the way (taken there by a reply read for a scan on f4 as it lands on e3). Wait for the board.
     */
    private boolean lastStoryExplainsBetter(int first, SquareSet replyExplains) {
        Move recent = t.recentProvisional;
        if (recent == null || samePair(recent, table.moves[first])) return false;
        int r = table.indexOf(recent);
        if (r < 0) return false;
        SquareSet unexplained = standingUnexplained(first, replyExplains);
        return !unexplained.isEmpty() && unexplained.minus(table.fills(r)).minus(table.path(r)).isEmpty();
    }

    /**
     * Whether the board is another first move than {@code first} with part of a reply made: the pending move if there
     * is one, else the last move the board showed alone; and when {@code first} is a capture the sensors did not see,
     * any move that was seen done.
     */
    private boolean otherMoveWithPartialReply(int first, boolean firstProven) {
        if (t.pending instanceof Pending.Moves pending && t.shownAlone(pending)) {
            return !samePair(pending.move(), table.moves[first]) && t.stillPartOfMoveInOrder(pending.afterTable());
        }
        Move recent = t.recentProvisional;
        if (recent != null && !samePair(recent, table.moves[first])) {
            int r = table.indexOf(recent);
            if (r >= 0 && t.stillPartOfMoveInOrder(t.tableAfter(r)) && !standsAgainst(r)) return true;
        }
        // A first move that was seen done needs no more doubt; a capture nobody saw does: a single move still being
        // made (its victim lifted, say) is the simpler story,
        if (firstProven) return false;
        if (t.partOfMove(table)) return true;
        // and so is another move that was seen done, with a reply being made.
        for (int i = 0; i < table.count; i++) {
            if (samePair(table.moves[i], table.moves[first])) continue;
            if (table.isHiddenCapture(i) && proof(table, i, Long.MIN_VALUE) < 0) continue;
            // (The board's changes from the position and move i's differ by at most a reply's four squares.)
            if (table.after(i).distance(board) > 4) continue;
            long complete = completeAt(i);
            if (complete < 0) continue;   // never seen complete: no story at all
            MoveTable next = t.tableAfter(i);
            // The replying side's lifted pieces must have stood on their squares after that move was complete.
            SquareSet replying = next.occupancy().minus(board).intersect(next.position.occupancy(next.position.turn()));
            boolean inOrder = true;
            for (int sq : replying.toArray()) {
                if (!t.log.occupiedSince(sq, complete)) inOrder = false;
            }
            if (inOrder && t.partOfMoveInOrder(next)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a piece stood (longer than a proof) where move {@code r} neither goes nor passes and where nothing stands
     * now: a pawn read on f5 for a second after the board showed f6 says the pawn went on to f5, whatever a reply
     * under way would make of f6.
     */
    private boolean standsAgainst(int r) {
        SquareSet unexplained = standingUnexplained(r, board);
        if (unexplained.isEmpty()) return false;
        // (Squares the reply under way goes to or passes over are its doing.)
        MoveTable next = t.tableAfter(r);
        SquareSet lifted = next.occupancy().minus(board);
        for (int j = 0; j < next.count && !unexplained.isEmpty(); j++) {
            if (lifted.minus(next.lifts(j)).isEmpty()) unexplained = unexplained.minus(next.fills(j)).minus(next.path(j));
        }
        return !unexplained.isEmpty();
    }

    /**
     * Whether the piece of first move {@code first}, done at {@code done}, was seen going on along its line after it:
     * its destination left, and another move of that piece over it shown done later. The first move was then a rest
     * on the way, whatever a reply under way makes of the board (Morphy 206 under `drag` at 24 Hz, seed 2: the queen
     * dragged h5-g6-f7, the rook plucked off e8 and the queen set there, then Black's bishop dragged d5-e6-f7-g8, read
     * as Qf7 and Bxf7 being made). The story search weighs both.
     */
    private boolean wentOn(int first, long done) {
        Move m = PromotionChoices.base(table.moves[first]);
        if (m instanceof Move.Castle) return false;
        for (int j = 0; j < table.count; j++) {
            Move o = PromotionChoices.base(table.moves[j]);
            if (j == first || o.from() != m.from() || o instanceof Move.Castle || !table.path(j).contains(m.to())) continue;
            // (Its rest square left before, and the square it went on to read occupied for longer than a proof: a
            // piece of the reply set down where the first move's piece would have gone, or a brush of the reply's
            // hand there, is no going on: Lichess 282 under `hall` at 24 Hz, Re1, then Rxe1+ with f1 brushed.)
            long later = completeAt(j);
            if (later > done && t.log.emptyBetween(m.to(), done, later, t.config.proofMillis())
                    && t.log.filledBetween(o.to(), later, t.now, t.config.proofMillis())) {
                return true;
            }
        }
        return false;
    }

    /**
     * When move {@code i}'s own squares first showed it done (its pieces gone from and set on their squares); for a
     * proven capture, when it first landed; -1.
     */
    private long completeAt(int i) {
        if (table.isHiddenCapture(i)) {
            Move m = table.moves[i];
            long landed = t.log.captureProof(m.from(), table.victim[i], table.occupancy(), Long.MIN_VALUE, t.now,
                    t.config, true);
            if (landed >= 0) return landed;
        }
        Move m1 = PromotionChoices.base(table.moves[i]);
        SquareSet leaves = table.occupancy().minus(table.after(i));
        SquareSet reaches = table.fills(i).with(m1.to());
        if (m1 instanceof Move.Castle c) reaches = reaches.with(c.rookTo());
        return t.log.firstState(leaves, reaches, Long.MIN_VALUE);
    }

    /**
     * The replies that explain the board after a first move: their indexes in the table after it, when the first move
     * was complete (before the first of them began), and the squares the replies fill or pass over.
     */
    private record Reply(long complete, long began, int[] found, int count, SquareSet explains, boolean proven) {
    }

    /**
     * The legal replies to move {@code i} that leave the board's occupancy, each begun after move {@code i} was
     * complete on the board; null when there is none.
     */
    private Reply replyAfter(int i) {
        if (completeAt(i) < 0) return null;
        MoveTable next = t.tableAfter(i);
        Move m1 = PromotionChoices.base(table.moves[i]);
        SquareSet leaves = table.occupancy().minus(table.after(i));
        SquareSet reaches = table.fills(i).with(m1.to());
        if (m1 instanceof Move.Castle c) reaches = reaches.with(c.rookTo());
        boolean hidden = table.isHiddenCapture(i);
        boolean proven = false;
        SquareSet onward = onward(table, i);
        // The first move's own order, on the squares the reply leaves alone (checked per reply below).
        SquareSet replyTouches = next.occupancy().symmetricDifference(board);
        SquareSet explains = SquareSet.EMPTY;
        long complete = Long.MAX_VALUE, replyBegan = Long.MAX_VALUE;
        int[] found = new int[4];
        int n = 0;
        for (int j = 0; j < next.count; j++) {
            if (!next.leaves(j, board)) continue;
            // When the reply began: its own pieces left their squares (readings shorter than a flicker bridged).
            SquareSet own = next.lifts(j);
            if (next.victim[j] >= 0) own = own.without(next.victim[j]);
            long began = Long.MAX_VALUE, beganLast = Long.MAX_VALUE;
            for (int sq : own.toArray()) {
                if (board.contains(sq)) continue;
                began = Math.min(began, t.log.currentSince(sq, t.storyMillis()));
                beganLast = Math.min(beganLast, t.log.currentSince(sq, 0));
            }
            // The first move was done before that: a capture had landed (its latest landing before the reply: a
            // promoting pawn is swapped for its piece), or its squares showed it.
            long landed = landedBefore(i, began);
            long done = landed >= 0 ? landed : t.log.latestRunStartBefore(leaves, reaches, began);
            if (done < 0 && beganLast > began && ownStood(own)) {
                // The reply's piece read empty for up to three scans, then stood on its square again for more than a
                // scan, after the first move was done: the emptiness was flicker, and the reply began when it left
                // for good (a neighbour flickering as the first move lands). A piece read back for one scan only is
                // no such evidence (a landing read on the square the reply's piece left long before).
                began = beganLast;
                landed = landedBefore(i, began);
                done = landed >= 0 ? landed : t.log.latestRunStartBefore(leaves, reaches, began);
            }
            if (done < 0 && !t.config.sensors().dropout().none()
                    && t.log.latestRunStartBefore(leaves, reaches, began + 1) == began) {
                // The first move's landing read in the very scan the reply began: a piece set down off centre may read
                // there only once its dropout is over (as in the story search). ECC 2018 game 640 under `swap` at
                // 40 Hz, seed 1: Ka3, the king held 23 s, read landed as the queen left d2 for Qe3+; the board was
                // then read as a takeback of Kb4 and Qd2+ (a repetition: the same squares).
                done = began;
            }
            if (done < 0) {
                // A square the first move filled reading empty as the reply began, in a run that dropouts of the piece
                // just set down may have made: the move was done once its other squares showed it (random Chess960
                // game 173 under `hall` at 40 Hz, -Pslow seed 2: O-O-O, the king on c1 dropping out 250 ms as the
                // rook was set on d1 and Black's knight lifted; O-O-O was left out and Rc1 committed).
                SquareSet dropping = t.log.droppingOutAt(reaches, began, t.now, t.config.sensors());
                if (!dropping.isEmpty()) done = t.log.latestRunStartBefore(leaves, reaches.minus(dropping), began);
            }
            // A capture the sensors never saw is only believed when the reply takes back on its square (the reply's
            // own proof then shows that square emptied and refilled); any other reply proves nothing about it.
            if (hidden && landed < 0 && !(next.isHiddenCapture(j) && next.victim[j] == table.victim[i])) continue;
            if (done < 0) continue;
            // A landing read no longer than a brush, the piece then gone, while the same piece may have captured
            // elsewhere: its victim's square emptied and filled again (too fast to prove, or as a dropout would), or
            // on sensors that can miss a swap, any square it could take on. Which it was, only what follows tells
            // (the story search weighs both).
            if (!hidden && brushedOnly(reaches, done) && mayHaveSwappedElsewhere(table, i)) continue;
            // Between then and the reply, the pieces the first move set down stayed (a piece that left its square
            // for longer than a flicker went on moving; only the reply taking it may lift it).
            if (movedOn(m1, done, began, next.victim[j])) {
                // Unless the piece was set down again, for good, in the very scan the reply began (a hesitation over
                // the square, then a fast hand on the other side): the first move was done then.
                if (hidden || t.log.latestRunStartBefore(leaves, reaches, began + 1) != began
                        || movedOn(m1, began, t.now, next.victim[j])) continue;
                done = began;
            }
            // Nor did a piece stand again, longer than a proof, on a square the first move left: the move was put
            // back (Lichess 3788 under hall at 50 Hz: a rook set on e7 for two scans and put back on e8 for a second,
            // the opponent's rook on e1 then plucked and the first rook carried down the file to take it, read as Re7
            // done in those two scans and Rxe7 in reply).
            if (cameBack(leaves, done, began)) continue;
            if (next.isHiddenCapture(j) && replyProof(next, j, hidden && landed < 0, done, began) < 0) continue;
            // A reply may arrive in the scan it left (a fast hand), except on a square the first move's piece could
            // still slide on to: that piece going on is the other reading.
            Move r = PromotionChoices.base(next.moves[j]);
            long slack = onward.contains(r.to()) || r instanceof Move.Castle c && onward.contains(c.rookTo()) ? 0 : 1;
            if (!leftBeforeArriving(next, j, SquareSet.EMPTY, slack)) continue;
            if (!leftBeforeArriving(table, i, next.lifts(j).union(next.fills(j)).union(replyTouches), t.storyMillis())) continue;
            if (t.polarity != null && !polarityFits(next.position.play(next.moves[j]))) continue;
            if (n == found.length) found = java.util.Arrays.copyOf(found, n * 2);
            found[n++] = j;
            complete = Math.min(complete, done);
            replyBegan = Math.min(replyBegan, began);
            proven |= landed >= 0;
            // (A reading before the reply began is none of its doing: a piece standing on the square the reply goes
            // to or passes over, long before the reply's piece left, is for the first move to explain. A reading
            // that only goes on into the reply is counted too: a bishop standing on d3 until it is taken off is no
            // bishop of the other side passing over d3.)
            SquareSet early = began == Long.MAX_VALUE ? SquareSet.EMPTY
                    : t.log.seenFilledBefore(table.occupancy(), began, t.config.proofMillis());
            explains = explains.union(next.fills(j).union(next.path(j)).minus(early));
        }
        return n > 0 ? new Reply(complete, replyBegan, found, n, explains, !hidden || proven) : null;
    }

    /**
     * Whether a square the first move sets a piece down on read occupied from {@code done} for no longer than a hand
     * carrying a piece low over it makes it read (a brush), the piece then gone: no piece was set down there.
     */
    private boolean brushedOnly(SquareSet reaches, long done) {
        SensorModel s = t.config.sensors();
        if (s.brush().none()) return false;
        long brush = s.brush().max() + (long) Math.ceil(s.scanMillis());
        long bridge = s.longestJoinedFalseEmpty() + (long) Math.ceil(s.scanMillis());
        for (int sq : reaches.toArray()) {
            if (t.log.occupiedFrom(sq, done, bridge, t.now) <= brush) return true;
        }
        return false;
    }

    /** For a capture the sensors may have seen: its latest landing up to {@code until}; else -1. */
    private long landedBefore(int i, long until) {
        if (!table.isHiddenCapture(i)) return -1;
        return t.log.captureProof(table.moves[i].from(), table.victim[i], table.occupancy(), Long.MIN_VALUE, t.now,
                t.config, false, until);
    }

    /**
     * Whether each square the reply's pieces left whose emptiness was bridged across a short reading of a piece read
     * that piece for more than a scan (half a flicker's length), after reading empty only for a flicker: a piece
     * back on its square after a flicker, not a piece set down there for a moment long after the square emptied (a
     * capturing rook landing on g4, read for 75 ms).
     */
    private boolean ownStood(SquareSet own) {
        for (int sq : own.toArray()) {
            if (board.contains(sq) || t.log.currentSince(sq, 0) == t.log.currentSince(sq, t.storyMillis())) continue;
            if (t.log.readingBefore(sq, 1) < t.storyMillis() / 2) return false;
            if (t.log.readingBefore(sq, 2) >= t.storyMillis()) return false;
        }
        return true;
    }

    /** The squares the piece of move {@code i} could still slide on to, further along its line. */
    private static SquareSet onward(MoveTable tb, int i) {
        Move m = PromotionChoices.base(tb.moves[i]);
        SquareSet out = SquareSet.EMPTY;
        if (m instanceof Move.Castle) return out;
        for (int j = 0; j < tb.count; j++) {
            Move o = PromotionChoices.base(tb.moves[j]);
            if (o.from() == m.from() && !(o instanceof Move.Castle) && tb.onTheWay(m.from(), m.to(), o.to())) {
                out = out.with(o.to());
            }
        }
        return out;
    }

    /** Whether a square of {@code left} read occupied for longer than a proof within [done, began). */
    private boolean cameBack(SquareSet left, long done, long began) {
        for (int sq : left.toArray()) {
            if (t.log.filledBetween(sq, done, began, t.config.proofMillis())) return true;
        }
        return false;
    }

    private boolean movedOn(Move m1, long done, long began, int takenByReply) {
        SquareSet placed = SquareSet.of(m1.to());
        if (m1 instanceof Move.Castle c) placed = placed.with(c.rookTo());
        for (int sq : placed.toArray()) {
            // (A dropout of the piece just set down is no leaving: ECC 2018 game 263 under `swap` at 24 Hz, seed 2:
            // Nxe4, the knight reading gone 125 ms as Black's bishop was lifted for Bd7, was read as Nxe6 Bd7.)
            if (sq != takenByReply
                    && t.log.leftAfterSetDown(sq, done, began, t.config.proofMillis(), t.config.sensors())) return true;
        }
        return false;
    }

    // ---- colours -----------------------------------------------------------------------------------------------

    /** Hardware that tells colours: the white pieces of the position must stand where the board reads white. */
    private boolean polarityFits(Position p) {
        Occupancy.Polarity pol = t.polarity;
        if (pol == null) return true;
        return p.occupancy(Color.WHITE).equals(pol.white().intersect(board));
    }
}
