package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * Correcting the last moves committed when the board shows them wrong. A board no legal move from the committed
 * position explains, about to be reported as a mismatch, is searched again from the position one and then two moves
 * back ({@link Revisable}), on every reading since, and with a capture of up to eight moves back exchanged for
 * another by the same piece: when legal moves then explain it, those moves are withdrawn
 * ({@link RecognitionEvent.Corrected}) and the others committed in their place. The committed moves stay when a story
 * that keeps them is as likely, when the stories or exchanges disagree, and when nothing explains the board: then the
 * mismatch is reported as before. See "Corrections" in {@code docs/recognition.md}.
 */
final class Correction {

    private Correction() {
    }

    /** Corrects the moves committed on {@code t} if the board shows them wrong, as above; whether it did. */
    static boolean correct(Transition t) {
        Revisable r = t.revisable;
        if (!t.remoteSides.isEmpty() || r.entries().isEmpty() || t.result != null) return false;
        return searchedAgain(t, r) || exchanged(t, r);
    }

    /**
     * Searched again from one or two moves back, on the readings since: the likeliest story departs from the moves
     * committed there, leaves unexplained only what the sensors and hands make without a move
     * ({@link #sensorsMadeIt}), and every story as likely (within a proof) agrees
     * with it on the moves it puts in their place. Only those are committed; what follows them is read as any board
     * is, from there.
     */
    private static boolean searchedAgain(Transition t, Revisable r) {
        long proof = t.config.proofMillis();
        for (int back = 1; back <= Math.min(Revisable.SEARCHED_PLIES, r.entries().size()); back++) {
            int k = back;
            Revisable.Entry e = r.back(k);
            FrameLog log = r.logFor(e);
            if (log == null) return false;
            StorySearch.Result found = StorySearch.search(e.before(), t.board, log, t.now, e.settledAt(),
                    placed(e.lastMove()), t.config.sensors(), proof, t.config.slideMillis(), t::promotionPiece);
            List<StorySearch.Story> stories = found.stories();
            if (stories.isEmpty()) continue;
            StorySearch.Story best = stories.get(0);
            List<Move> committed = r.moves(k);
            if (best.moves().size() < k || !sensorsMadeIt(t, best)) continue;
            List<Move> instead = best.moves().subList(0, k);
            if (instead.equals(committed)) return false;
            // (Another story as likely that puts other moves there, or keeps those committed: the readings cannot
            // tell, and the mismatch is reported.)
            if (stories.stream().anyMatch(x -> x.cost() < best.cost() + proof
                    && (x.moves().size() < k || !x.moves().subList(0, k).equals(instead)))) {
                return false;
            }
            undo(t, k, e);
            t.log = log;
            t.settledAt = e.settledAt();
            t.commitStory(best.moves(), best.doneAt(), k, best, true, true);
            return true;
        }
        return false;
    }

    /**
     * A capture up to {@link Revisable#PLIES} moves back exchanged for another capture by the same piece from the same
     * square: the board reads the same after either (the square left empty, both targets occupied), so every move
     * since reads the same too, and only a later move of that piece or a piece on either square tells them apart
     * (Lichess 3066 under `swap` at 24 Hz, seed 3: 24.Rxd4 a swap nobody saw, the b6 pawn touched, read as Rxb6;
     * six plies later the rook left d4, where a black pawn stood by the moves committed). When exactly one such
     * exchange keeps every move since legal and lets legal moves explain the board (the likeliest story as in
     * {@link #sensorsMadeIt}), the moves from the capture on are withdrawn and committed again with it;
     * what explains the board after them is read as any board is, from there.
     */
    private static boolean exchanged(Transition t, Revisable r) {
        long proof = t.config.proofMillis();
        int n = r.entries().size();
        int foundAt = -1;
        Move foundMove = null;
        for (int k = 1; k <= n; k++) {
            Revisable.Entry e = r.back(k);
            Position before = e.before();
            Move m = e.move();
            if (!captures(before, m)) continue;
            SquareSet after = before.occupancyAfter(m);
            for (Move other : before.legalMoves()) {
                // (Another victim, not another promotion piece: that was chosen, not read.)
                if (other.from() != m.from() || other.to() == m.to() || !captures(before, other)
                        || !before.occupancyAfter(other).equals(after)) {
                    continue;
                }
                Position p = replayed(before.play(other), r.moves(k - 1));
                if (p == null) continue;
                Move last = k == 1 ? other : r.back(1).move();
                StorySearch.Result found = StorySearch.search(p, t.board, t.log, t.now, t.settledAt, placed(last),
                        t.config.sensors(), proof, t.config.slideMillis(), t::promotionPiece);
                List<StorySearch.Story> stories = found.stories();
                if (stories.isEmpty()) continue;
                StorySearch.Story best = stories.get(0);
                if (best.moves().isEmpty() || !sensorsMadeIt(t, best)) continue;
                // (Two exchanges that both explain the board: it cannot tell which; the mismatch is reported.)
                if (foundMove != null) return false;
                foundAt = k;
                foundMove = other;
            }
        }
        if (foundMove == null) return false;
        List<Revisable.Entry> again = r.entries().subList(n - foundAt, n);
        undo(t, foundAt, r.back(foundAt));
        t.recommit(foundMove, again.get(0).committedAt());
        for (Revisable.Entry e : again.subList(1, again.size())) t.recommit(e.move(), e.committedAt());
        return true;
    }

    /**
     * Whether what story {@code x} leaves unexplained is what sensors and hands make without a move: it reads no
     * sensor wrong beyond the usual, saw its moves made, and has no square read occupied where it has no piece for
     * longer than the sensors read an empty square so (a piece set down and left there a while is a move, not a
     * misreading: a pawn committed on e4 and then moved on to e3 is a move too many, reported, not e3 in its place).
     */
    private static boolean sensorsMadeIt(Transition t, StorySearch.Story x) {
        SensorModel s = t.config.sensors();
        return !x.misread() && !x.unread()
                && x.longestStray() <= s.longestFalseOccupied() + (long) Math.ceil(s.scanMillis());
    }

    /** {@code p} after {@code moves}, or null when one of them is not legal there. */
    private static Position replayed(Position p, List<Move> moves) {
        for (Move m : moves) {
            if (!p.isLegal(m)) return null;
            p = p.play(m);
        }
        return p;
    }

    /** Whether {@code m} takes a piece: the board has one fewer after it. */
    private static boolean captures(Position p, Move m) {
        return p.occupancyAfter(m).count() < p.occupancy().count();
    }

    /** A story with every piece set down, read off the board as it happened. */
    private static boolean settled(StorySearch.Story x) {
        return !x.partial() && !x.misread() && !x.unread();
    }

    private static SquareSet placed(Move lastMove) {
        return lastMove == null ? SquareSet.EMPTY : StorySearch.placed(PromotionChoices.base(lastMove));
    }

    /**
     * Withdraws the {@code k} newest moves committed, back to entry {@code e}: the position, history and last move as
     * they stood before it; what was under way on the board is dropped.
     */
    private static void undo(Transition t, int k, Revisable.Entry e) {
        List<Move> undone = new ArrayList<>(t.revisable.moves(k));
        java.util.Collections.reverse(undone);
        t.revisable = t.revisable.without(k);
        t.history = e.history();
        t.lastMove = e.lastMove();
        t.setTable(t.tableOf(e.before()));
        t.pending = null;
        t.recentProvisional = null;
        t.ambiguity = null;
        t.horizons = List.of();
        t.searched = null;
        t.storyBoard = null;
        t.promotionWait = null;
        t.events.add(new RecognitionEvent.Corrected(t.now, undone, e.before()));
    }

    private static boolean startsWith(List<Move> moves, List<Move> prefix) {
        return moves.size() >= prefix.size() && moves.subList(0, prefix.size()).equals(prefix);
    }
}
