package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * Correcting the last moves committed when the board shows them wrong. A board no legal move from the committed
 * position explains, about to be reported as a mismatch, is searched again from the position one, two, three and then
 * four moves back ({@link Revisable#SEARCHED_PLIES}), on every reading since, and with a capture of up to forty moves back (and the recapture on
 * its square, if one followed) exchanged for
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
        return correct(t, false);
    }

    /**
     * As {@link #correct(Transition)}; when {@code setDown}, only by moves with every piece set down (no piece in
     * hand): a board read before its mismatch window, which a piece on its way may still explain otherwise.
     */
    static boolean correct(Transition t, boolean setDown) {
        Revisable r = t.revisable;
        if (!t.remoteSides.isEmpty() || r.entries().isEmpty() || t.result != null) return false;
        return searchedAgain(t, r, setDown) || exchanged(t, r, setDown);
    }

    /**
     * Searched again from one or two moves back, on the readings since: the likeliest story departs from the moves
     * committed there, leaves unexplained only what the sensors and hands make without a move
     * ({@link #sensorsMadeIt}), and every story as likely (within a proof) agrees
     * with it on the moves it puts in their place. Only those are committed; what follows them is read as any board
     * is, from there.
     */
    private static boolean searchedAgain(Transition t, Revisable r, boolean setDown) {
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
            if (best.moves().size() < k || !(sensorsMadeIt(t, best) || misreadBorneOut(t, best))
                    || setDown && best.partial()) {
                continue;
            }
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
     * Stories from up to {@link Revisable#SEARCHED_PLIES} moves back, told apart only by the player: about to commit
     * {@code x}, whose moves lean on a capture nobody saw, the recognizer first searches again from before each of the
     * last moves committed, on every reading since. When a story there that replaces them is as likely as one that
     * keeps them and goes on as {@code x} (within a proof of the likeliest), the capture nobody saw is no evidence for
     * the moves before it: the readings cannot tell, and the player is asked. Lichess 2016-05 game 3721 under `swap`
     * at 24 Hz, seed 5: 17...Nxd2 a swap nobody saw, White's f2 pawn touched, read as Nxf2; then 18.Qxd2, read
     * whole, fits Nxf2 only as the d2 knight touched and 18.Qxc6 nobody saw, and was so committed: the game was lost
     * from there. Null when nothing is in doubt; the moves up to {@code t.answered}, which the player confirmed, are
     * not doubted again.
     */
    static Doubt doubted(Transition t, StorySearch.Story x) {
        if (x.unseen() == 0) return null;
        Doubt d = doubted(t, x.moves());
        return d != null ? d : exchangeInDoubt(t, x);
    }

    /**
     * As {@link #doubted(Transition, StorySearch.Story)}, for {@code moves} from the committed position, searched again
     * from before each of the last moves committed only.
     */
    static Doubt doubted(Transition t, List<Move> moves) {
        Revisable r = t.revisable;
        if (!t.remoteSides.isEmpty() || r.entries().isEmpty() || t.result != null) return null;
        long proof = t.config.proofMillis();
        for (int k = 1; k <= Math.min(Revisable.SEARCHED_PLIES, r.entries().size()); k++) {
            // (A story that keeps the moves committed and goes on as {@code moves} is past the search's plies from
            // here on: none is ever found, and each search from further back, run to its bound, cost tens of ms at
            // rest: Lichess 2016-05 game 44 under `swap` at 24 Hz, StepLatency seed 1, a 270 ms step.)
            if (k + moves.size() > StorySearch.MAX_PLIES) break;
            Revisable.Entry e = r.back(k);
            if (e == t.answered) return null;
            FrameLog log = r.logFor(e);
            if (log == null) return null;
            List<Move> committed = r.moves(k);
            List<Move> keptAsX = new ArrayList<>(committed);
            keptAsX.addAll(moves);
            StorySearch.Result found = StorySearch.search(e.before(), t.board, log, t.now, e.settledAt(),
                    placed(e.lastMove()), t.config.sensors(), proof, t.config.slideMillis(), t::promotionPiece);
            List<StorySearch.Story> stories = found.stories();
            StorySearch.Story kept = stories.stream().filter(y -> y.moves().equals(keptAsX)).findFirst().orElse(null);
            if (kept == null || stories.isEmpty()) continue;
            long best = stories.get(0).cost();
            if (kept.cost() >= best + proof) return null;   // (the moves it keeps are not what the readings favour)
            List<StorySearch.Story> close = stories.stream().filter(y -> y.cost() < best + proof
                    && y.partial() == kept.partial() && !y.moves().isEmpty()).toList();
            if (close.stream().noneMatch(y -> !startsWith(y.moves(), committed))) continue;
            return new Doubt(k, e.before(), close, null);
        }
        return null;
    }

    /**
     * As {@link #doubted}, a capture up to {@link Revisable#PLIES} moves back exchanged for another by the same piece
     * (as {@link #exchanged}): when the board since the last commit is explained from the position so reached with
     * fewer captures nobody saw than {@code x} needs, and more likely, the exchanged capture (a capture nobody saw
     * itself, read as the other over a touch) is as likely as the one committed: the player is asked between the two
     * lines of moves. Lichess 2016-05 game 3666 under `swap` at 24 Hz, seed 7: 11...Qxa1 nobody saw, the a2 pawn
     * touched, read as Qxa2; three plies later 13.Bxa1, read, fits Qxa2 only as 13.Bxa7 nobody saw, and was so
     * committed.
     */
    private static Doubt exchangeInDoubt(Transition t, StorySearch.Story x) {
        Revisable r = t.revisable;
        for (Exchange c : exchanges(t, r, t.answered)) {
            StorySearch.Story best = c.best();
            if (best.unseen() >= x.unseen() || best.cost() >= x.cost() || best.partial() != x.partial()) continue;
            int k = c.back();
            Revisable.Entry e = r.back(k);
            List<Move> kept = r.moves(k);
            List<Move> instead = new ArrayList<>(kept);
            instead.set(0, c.other());
            if (c.reply() != null) instead.set(1, c.reply());
            long[] at = new long[k];
            for (int i = 0; i < k; i++) at[i] = r.back(k - i).committedAt();
            List<Ambiguity.Story> choices = List.of(
                    new Ambiguity.Story(instead, c.other().to(), null, at),
                    new Ambiguity.Story(kept, e.move().to(), null, at.clone()));
            return new Doubt(k, e.before(), List.of(), choices);
        }
        return null;
    }

    /**
     * A capture {@code back} moves back exchanged for {@code other}, by the same piece from the same square, and the
     * likeliest story from the position so reached (the moves since replayed) on the current log.
     */
    private record Exchange(int back, Move other, Move reply, StorySearch.Story best) {
    }

    /**
     * Every exchange of a capture up to {@link Revisable#PLIES} moves back (newer than {@code stop}, when not null)
     * for another victim of the same piece that leaves the same occupancy (with the recapture after it, when it took on
     * its square and is not legal after the other: see {@link #recaptureOn}), keeps every move since legal, and lets a
     * story from there explain the board; newest first.
     */
    private static List<Exchange> exchanges(Transition t, Revisable r, Revisable.Entry stop) {
        List<Exchange> out = new ArrayList<>();
        int n = r.entries().size();
        for (int k = 1; k <= n; k++) {
            Revisable.Entry e = r.back(k);
            if (e == stop) break;
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
                Position afterOther = before.play(other);
                Position p = replayed(afterOther, r.moves(k - 1));
                // (The capture and its recapture on the same square exchanged together, the recapturing piece taking
                // on the other victim's square instead: Lichess 2016-05 game 3733 under `swap` at 24 Hz, seed 9:
                // 7.Bxc6+ bxc6, the pawn just set on a6 dropping out twice, read as Bxa6 bxa6; the game went on, and
                // no single exchange kept bxa6 legal.)
                Move reply = p == null && k >= 2 ? recaptureOn(afterOther, r.back(k - 1).move(), m, other) : null;
                if (reply != null) p = replayed(afterOther.play(reply), r.moves(k - 2));
                if (p == null) continue;
                Move last = k == 1 ? other : k == 2 && reply != null ? reply : r.back(1).move();
                StorySearch.Result found = StorySearch.search(p, t.board, t.log, t.now, t.settledAt, placed(last),
                        t.config.sensors(), t.config.proofMillis(), t.config.slideMillis(), t::promotionPiece);
                if (!found.stories().isEmpty()) out.add(new Exchange(k, other, reply, found.stories().get(0)));
            }
        }
        return out;
    }

    /**
     * The recapture, in {@code p} (after {@code other}), that stands for {@code recapture} made after capture
     * {@code m}: {@code recapture} took on {@code m}'s square, and the same piece may take on {@code other}'s instead,
     * leaving the same squares occupied after both moves; null when there is none.
     */
    private static Move recaptureOn(Position p, Move recapture, Move m, Move other) {
        Move base = PromotionChoices.base(recapture);
        if (base.to() != m.to() || recapture instanceof Move.Castle) return null;
        for (Move x : p.legalMoves()) {
            if (x.from() != base.from() || x.to() != other.to() || !captures(p, x)) continue;
            if (!PromotionChoices.base(x).equals(x) && !x.equals(recapture)) continue;
            return x;
        }
        return null;
    }

    /**
     * Stories from {@code withdraw} moves back ({@code from}), some keeping the moves committed since and some not:
     * only the player can tell. {@code close}: the stories a search from there found; or {@code exchange}: the two
     * lines of moves that differ in a capture's victim (see {@link #exchangeInDoubt}), null when none.
     */
    record Doubt(int withdraw, Position from, List<StorySearch.Story> close, List<Ambiguity.Story> exchange) {
    }

    /**
     * The player chose {@code moves}, a story from {@code withdraw} moves back: those it does not keep are withdrawn
     * and its others committed, each as done when the board showed it ({@code doneAt}), read on the log as it stood
     * had the withdrawn ones never been committed, without the touch that answered (from {@code touchedSince}); or,
     * for an {@code exchange}, each made again with the time it was first committed ({@code doneAt}).
     */
    static void answered(Transition t, int withdraw, List<Move> moves, long[] doneAt, long touchedSince,
                         boolean exchange) {
        Revisable r = t.revisable;
        List<Move> committed = r.moves(withdraw);
        int kept = 0;
        while (kept < withdraw && kept < moves.size() && moves.get(kept).equals(committed.get(kept))) kept++;
        if (kept == withdraw) {
            // (The moves committed stand: the player said so, and they are not doubted again.)
            t.answered = r.back(1);
            List<Move> rest = moves.subList(kept, moves.size());
            if (!rest.isEmpty()) {
                t.commitStory(rest, java.util.Arrays.copyOfRange(doneAt, kept, doneAt.length), rest.size(), null);
            }
            return;
        }
        int k = withdraw - kept;
        Revisable.Entry e = r.back(k);
        if (exchange) {
            // (Another victim of a capture: the moves since are made again as they were, on the log as it is.)
            undo(t, k, e);
            for (int i = kept; i < moves.size(); i++) t.recommit(moves.get(i), doneAt[i]);
            t.answered = t.revisable.entries().isEmpty() ? null : t.revisable.back(1);
            return;
        }
        FrameLog log = r.logFor(e);
        undo(t, k, e);
        FrameLog untouched = log == null ? null : log.before(touchedSince);
        List<Move> instead = moves.subList(kept, moves.size());
        long[] at = java.util.Arrays.copyOfRange(doneAt, kept, doneAt.length);
        if (untouched != null && untouched.board().equals(t.board)) {
            t.log = untouched;
            t.settledAt = e.settledAt();
        } else {
            java.util.Arrays.fill(at, t.now);
            t.log = FrameLog.of(t.now, t.board);
        }
        t.commitStory(instead, at, instead.size(), null, false, true);
        t.answered = t.revisable.entries().isEmpty() ? null : t.revisable.back(1);
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
    private static boolean exchanged(Transition t, Revisable r, boolean setDown) {
        int n = r.entries().size();
        Exchange found = null;
        for (Exchange c : exchanges(t, r, null)) {
            StorySearch.Story best = c.best();
            if (best.moves().isEmpty() || !sensorsMadeIt(t, best)) continue;
            // (Two exchanges that both explain the board: it cannot tell which; the mismatch is reported.)
            if (found != null || setDown && best.partial()) return false;
            found = c;
        }
        if (found == null) return false;
        int foundAt = found.back();
        List<Revisable.Entry> again = r.entries().subList(n - foundAt, n);
        undo(t, foundAt, r.back(foundAt));
        t.recommit(found.other(), again.get(0).committedAt());
        int replaced = 1;
        if (found.reply() != null) {
            t.recommit(found.reply(), again.get(1).committedAt());
            replaced = 2;
        }
        for (Revisable.Entry e : again.subList(replaced, again.size())) t.recommit(e.move(), e.committedAt());
        return true;
    }

    /**
     * Whether what story {@code x} leaves unexplained is what sensors and hands make without a move: it reads no
     * sensor wrong beyond the usual, saw its moves made, and has no square read occupied where it has no piece for
     * longer than the sensors read an empty square so (a piece set down and left there a while is a move, not a
     * misreading: a pawn committed on e4 and then moved on to e3 is a move too many, reported, not e3 in its place).
     */
    private static boolean sensorsMadeIt(Transition t, StorySearch.Story x) {
        return !x.misread() && !x.unread() && straysUsual(t, x);
    }

    /** Whether story {@code x} reads no square occupied where it has no piece longer than the sensors misread one so. */
    private static boolean straysUsual(Transition t, StorySearch.Story x) {
        SensorModel s = t.config.sensors();
        return x.longestStray() <= s.longestFalseOccupied() + (long) Math.ceil(s.scanMillis());
    }

    /**
     * Whether story {@code x} rests on one misreading (a landing read only after the reply began: see
     * {@code StorySearch.Story#misreadOnce}), and on nothing else the sensors do not usually make, and the moves after
     * it bear it out as they must before such a story is committed at all. Lichess 2016-05 game 1517 under `swap` at
     * 24 Hz (its file alone, seed 1): 2.e5 with the pawn's landing read after Black lifted the e7 pawn, and a dropout
     * of d5's pawn as the hand passed, was read as 2.exd5 e5; then 2...e6, 3.d4 c5 fitted only 2.e5, and the game was
     * never followed again.
     */
    private static boolean misreadBorneOut(Transition t, StorySearch.Story x) {
        return x.misread() && x.unseen() == 1 && !x.unread() && x.unseenBorneOut() && straysUsual(t, x);
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
