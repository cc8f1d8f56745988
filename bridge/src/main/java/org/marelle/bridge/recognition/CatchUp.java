package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * Catching up on a still board the step could not follow move by move: the decisions on what {@link StorySearch}
 * found (commit the story the log clearly favours, wait for what follows, or ask the player), worked out on the
 * step's {@link Transition}. See "Catching up: the story search" in {@code docs/recognition.md}.
 */
final class CatchUp {

    private final Transition t;

    CatchUp(Transition t) {
        this.t = t;
    }

    /**
     * Searches the moves that lead to the still board (see {@link StorySearch}): commits the story the log clearly
     * favours (all of it but a last capture nobody saw, which only what follows can confirm), or asks the player to
     * choose when stories stay close, or leaves the board to the mismatch report when none explains it.
     */
    void decide() {
        PromotionWait previous = t.promotionWait;
        t.promotionWait = null;
        decideRounds();
        // (Stories searched from a position since left behind by a commit are decided.)
        if (lastClose != null && t.table.position.equals(searchedFrom)) waitOnPromotion(lastClose, previous);
        if (lastStories != null && t.table.position.equals(searchedFrom) && !t.board.equals(t.table.occupancy())) {
            unexplainedOnceHeldLong(lastStories);
        }
    }

    /** The stories of the last search {@link #decide} made (from {@link #searchedFrom}); null when none. */
    private List<StorySearch.Story> lastStories;

    /**
     * A board left undecided that only a move still being made explains (stories with a piece in hand, or none: a
     * piece on its way) is looked at again once it has been still for longer than anyone holds a piece, and is then
     * unexplained: the mismatch report follows. Before, such a board waited in silence for good (CatchUpWorstCase:
     * 517 of 19,095 restarts; Morphy's game 1 restarted at ply 33 after g4 Bxg4 Bc7 Bf3, the bishop gone to g4 and
     * back, reads as Bc7 with White's capture of g5 begun, its victim lifted). One piece lifted from the game's
     * position and held is a player thinking, and stays explained (two, a piece and its victim, are not held that
     * long); a story with every piece set down is decided as usual.
     */
    private void unexplainedOnceHeldLong(List<StorySearch.Story> stories) {
        if (!t.board.equals(t.searched) || t.ambiguity != null || !t.explained && !t.board.equals(t.storyBoard)) return;
        if (stories.stream().anyMatch(x -> !x.partial())) return;
        SquareSet lifted = t.table.occupancy().minus(t.board);
        if (lifted.count() == 1 && t.board.minus(t.table.occupancy()).isEmpty()) return;
        if (t.now - t.log.at() < t.config.holdMillis()) {
            lookAgainOnceHeldLong(false);
            return;
        }
        // (Horizons remembered from here may explain it with every piece set down, a move past the search's plies:
        // searched on from them first. Lichess 2016-05 game 2251 under `swap` at 24 Hz (its file alone, seed 1),
        // nobody answering: Bxa4 or Bxh3, then five moves alike and the game's last, Qxc6, seven plies on; the
        // stories within six plies held the queen in hand, and the board was reported as a mismatch of ten squares.)
        if (!t.horizons.isEmpty() && (beyondHorizon() != Beyond.NOTHING || t.board.equals(t.storyBoard))) return;
        t.storyBoard = null;
        t.heldBoard = t.board;
        t.explained = false;
        t.unexplainedSince = t.log.at();
    }

    /** The close stories of the last search {@link #decide} made, and the position it searched from; null when none. */
    private List<StorySearch.Story> lastClose;
    private Position searchedFrom;

    private void decideRounds() {
        for (int round = 0; round < StorySearch.MAX_PLIES && t.catchUpDue(); round++) {
            lastClose = null;
            if (pastSearchReach()) {
                // (Horizons from here as deep as the search looks: the board has moved on past anything a search
                // from the committed position reaches, and that search, run to its bound on every look, was nearly
                // all of a step's time while a question stood unanswered for many plies (50 ms on this machine
                // replaying Lichess 2016-05 game 337 under `swap` at 24 Hz, seed 3: cxb5 or cxd5, nobody
                // answering, then 24 plies alike). The horizons are searched on first; the committed position only
                // when they explain nothing, as before.)
                Beyond beyond = beyondHorizon();
                if (beyond == Beyond.COMMITTED) continue;
                if (beyond != Beyond.NOTHING) {
                    t.searched = t.board;
                    t.movedSinceCommit = true;
                    lastStories = List.of();
                    searchedFrom = t.table.position;
                    return;
                }
            }
            StorySearch.Result r = t.searchStories();
            t.searched = t.board;
            List<StorySearch.Story> stories = r.stories();
            if (!t.remoteSides.isEmpty()) {
                // Moves of a side that moves elsewhere are never read off the board (see tableOf).
                stories = stories.stream().filter(x -> t.boardPlays(t.table.position, x.moves())).toList();
            }
            lastStories = stories;
            searchedFrom = t.table.position;
            if (stories.stream().anyMatch(x -> x.confirmed() > 0)) t.movedSinceCommit = true;
            if (t.board.equals(t.table.occupancy())) {
                // Back to the committed position after moves were read: only moves that come back to it (a
                // repetition) are looked at; else the board is in sync, as it shows.
                stories = stories.stream().filter(x -> !x.partial() && !x.moves().isEmpty()).toList();
                lastStories = stories;
                if (stories.isEmpty()) {
                    t.movedSinceCommit = false;
                    return;
                }
            }
            if (!r.complete()) {
                // (Past the search's bound, the board may have moved on from where close stories parted: searched on
                // from there. Lichess 1919 under `hall` at 40 Hz, seed 1: Qxb5 or Qxa2, both read, then Rxd8 in both;
                // Black's recapture begun before the board stood still for a question, the game was never followed.)
                Beyond beyond = beyondHorizon();
                if (beyond == Beyond.COMMITTED) continue;
                if (beyond == Beyond.NOTHING && r.shortComplete()) {
                    if (commitAgreedPastBound(stories)) continue;
                    askPastBound(stories);
                }
                return;
            }
            // (Stories that hold only if the sensors misread more than usual do not stand in the way of the moves
            // every close story agreed on before, searched on from there.)
            if (stories.stream().allMatch(StorySearch.Story::misread)) {
                Beyond beyond = beyondHorizon();
                if (beyond == Beyond.COMMITTED) continue;
                if (beyond != Beyond.NOTHING) return;
            }
            if (stories.isEmpty()) {
                // (The board may have moved on past the plies a search looks ahead from where close stories parted,
                // both borne out by the moves after: searched on from there.)
                Beyond beyond = beyondHorizon();
                if (beyond == Beyond.COMMITTED) continue;
                if (beyond != Beyond.NOTHING) return;
                if (correctedNow() || readByWhatItShows()) continue;
                lookAgainOnceCorrectable();
                return;
            }
            StorySearch.Story best = stories.get(0);
            if (t.now - t.log.at() < t.config.castlingMillis() && castlingUnderWay(best)) {
                t.catchUpStill = t.config.castlingMillis();
                t.searched = null;
                return;
            }
            // The best story leads when every other leaves a reading longer than a proof more unexplained; the
            // others are as likely as it.
            List<StorySearch.Story> close = stories.stream()
                    .filter(x -> x.cost() < best.cost() + t.config.proofMillis() || heldAsLongAsUnseen(best, x)
                            || sameCaptureUnseen(best, x)).toList();
            lastClose = close;
            boolean heldLong = t.now - t.log.at() >= t.config.holdMillis();
            // (Legal moves explain the board: no mismatch while it stands, and one reported only once the board
            // has gone a while unexplained since; a story with a piece in hand only until no piece can still be
            // held, see unexplainedOnceHeldLong.)
            if (heldLong ? stories.stream().anyMatch(x -> !x.partial() && !x.moves().isEmpty())
                    : close.stream().anyMatch(x -> !x.moves().isEmpty())) {
                t.storyBoard = t.board;
                if (t.unexplainedSince >= 0) t.unexplainedSince = t.now;
            }
            // A board still for as long as a board nothing explains is left before it is reported: no piece is held
            // over it that long while a story with every piece set down explains it. Such a story's captures,
            // however briefly seen, are confirmed by the stillness, and stories with pieces in hand drop out: those
            // that need no fewer readings the sensors missed (a capture or a landing nobody saw, a landing read
            // late). A piece held a while is likelier than a missed reading: a story with a piece in hand that needs
            // fewer stays, until the board was still for longer than a hold.
            boolean longStill = t.now - t.log.at() >= t.config.mismatchMillis();
            if (longStill) {
                int fewest = close.stream().filter(x -> !x.partial() && x.confirmedIfStill() == x.moves().size())
                        .mapToInt(CatchUp::missedReadings).min().orElse(-1);
                if (fewest >= 0) close = close.stream().filter(x -> !x.partial() || missedReadings(x) < fewest).toList();
            }
            // Still for longer than anyone holds a piece in the air: every piece is set down, so stories with a
            // piece in hand drop out, and the captures of those left are confirmed (see confirmed()). A capture read
            // no longer than dropouts could make it is then no better evidence than one nobody saw: the stories are
            // weighed so, and two as likely are asked about.
            if (heldLong && stories.stream().anyMatch(x -> !x.partial())) {
                long proof = t.config.proofMillis();
                java.util.function.ToLongFunction<StorySearch.Story> atRest = x -> x.cost()
                        + (x.confirmedIfStill() < x.moves().size() && x.unseen() == 0 ? proof : 0);
                long bestAtRest = stories.stream().filter(x -> !x.partial()).mapToLong(atRest).min().orElseThrow();
                close = stories.stream().filter(x -> !x.partial() && atRest.applyAsLong(x) < bestAtRest + proof)
                        .sorted(java.util.Comparator.comparingLong(atRest)).toList();
                if (best.partial() && close.stream().allMatch(StorySearch.Story::unseenPart)) {
                    // A piece held that long, or a capture nobody saw: the stillness alone speaks for the capture,
                    // and a player thinking with a piece in hand is still possible (Lichess 4020 at 24 Hz: a rook
                    // held 30 s over c3, then set on c2, was committed as Rxc6). The player is asked; setting the
                    // piece down drops the question.
                    ask(close);
                    return;
                }
            }
            // The one story a complete search finds, its moves done and the other side's reply begun (its piece in
            // hand), the board still for as long as a board nothing explains is left (no dropout lasts so long, and
            // the piece held is no misreading): the reply says the moves were made, and no other legal moves leave
            // the board so; a capture nobody saw among them is committed with them rather than waited on until the
            // reply lands (Lichess 1404 under `swap` at 24 Hz, seed 2: Qxe7 nobody saw, then White's
            // knight held 18 s; nothing was committed, and the flurry after its landing went past the search's
            // plies: the game was never followed again).
            if (r.complete() && stories.size() == 1 && replyHeld(best)) {
                if (longStill) {
                    if (askedAboutEarlier(best, best.moves().size())) return;
                    t.commitStory(best.moves(), best.doneAt(), best.moves().size(), best, true);
                    t.searched = null;
                    t.evaluate();
                    continue;
                }
                // (Until then, what the rules below decide stands; unless they decide to wait on something else,
                // the board is searched again then.)
                lookAgainOnceStill();
            }
            // (The parting stays remembered until the board tells: the player is asked which first move it was,
            // that move alone; the search goes on from it. The moves remembered after it may since have grown into
            // others: Lichess 2422 under `swap` at 24 Hz, Qxb5+ or Qxa7, both with Qd7 Rf1 remembered, was asked so
            // once Rf1 had become O-O, and the answer committed Rf1.)
            // (Close stories that parted at their first move, every one of them borne out by the moves after, and
            // now a search that finds none from one of those first moves: the board did not rule it out, the search
            // only lost it (its plies, or a next move begun that fits one position and not the other). Each is
            // searched on from where it parted; if more than one still explains the board, the player is asked. ECC
            // 2018 game 519 under `swap` at 40 Hz, seed 1: Bxh4 or Bxe7, both read (a dropout of the knight just set
            // on e7, or the h4 pawn lifted and put back), tied through five moves; with Rc8 begun only the Bxe7
            // story stayed within six plies, and it was committed.)
            if (horizonLost(t.horizons, stories)) {
                Beyond beyond = beyondHorizon();
                if (beyond == Beyond.COMMITTED) continue;
                if (beyond != Beyond.NOTHING) return;
            }
            if (partingLost(t.horizons, close)) {
                askAmongHorizons(t.horizons.stream().map(h -> new StorySearch.Horizon(h.from(),
                        h.moves().subList(0, 1), java.util.Arrays.copyOf(h.doneAt(), 1))).toList());
                return;
            }
            rememberHorizon(close);
            int agreed = agreedPrefix(close, this::confirmed);
            // A story ending in a capture nobody saw (or saw only for a moment) reads the same as its other moves
            // with a piece held over the board, a move still being made: while it is as likely as any, wait for
            // what follows (or for the board to stay still that long); the moves before it are done.
            // (A story with the next move begun commits what it confirms: what follows has begun. Moves made while
            // the board was not read are confirmed by nothing that follows: the player is asked, below.)
            if (close.stream().anyMatch(x -> !x.partial() && !x.unread() && confirmed(x) < x.moves().size())) {
                if (commitAnswered(close, agreed)) continue;
                if (!longStill && close.stream().anyMatch(x -> !x.partial()
                        && (x.confirmedIfStill() > x.confirmed() || !x.unread() && nothingFollows(x)))) {
                    lookAgainOnceStill();
                    return;
                }
                // The one story that explains the board with every piece set down, still for as long as a board
                // nothing explains is left, every story with a piece in hand needing more readings missed: it is
                // committed whole (Lichess 167 at 24 Hz: cxd5 read over a possible dropout, Bxf1 unseen, Kxf1 read
                // over a possible dropout of the bishop, or the king still held over f1 and the bishop's landing read
                // late; the next move, cxd5 unseen again, bears out nothing). A misreading story is not: what
                // follows it decides.
                StorySearch.Story only = onlyStorySetDown(close);
                if (only != null && !longStill) {
                    lookAgainOnceStill();
                    return;
                }
                if (only != null) {
                    if (askedAboutEarlier(only, only.moves().size())) return;
                    t.commitStory(only.moves(), only.doneAt(), only.moves().size(), only);
                    t.searched = null;
                    t.evaluate();
                    continue;
                }
                // The moves before the doubt are done, though: still that long, every close story has them set
                // down, a story with a piece in hand too when its last move landed that long ago and it is no other
                // move's first half. They are committed, so that what follows is searched from after them (Lichess
                // 2548 under `swap` at 24 Hz, seed 3: Qb6, then Qxb6 read as briefly as the queen's dropouts, or
                // White's queen held; still 17 s, then Nxb6 unseen and two captures on d6 went past the search's
                // plies with Qb6 still among them).
                int done = agreedPrefix(close, this::doneWhenStill);
                if (done > 0) {
                    if (!longStill) {
                        lookAgainOnceStill();
                        return;
                    }
                    StorySearch.Story lead = close.get(0);
                    if (askedAboutEarlier(lead, done)) return;
                    t.commitStory(lead.moves(), lead.doneAt(), done, lead);
                    t.searched = null;
                    t.evaluate();
                    continue;
                }
                if (!longStill) {
                    // (Looked at again once still that long, whatever the question then: where close stories part
                    // at their first move, it is asked then, not once a piece could no longer be held.)
                    lookAgainOnceStill();
                    return;
                }
                // Else, still that long, the player is asked to confirm (touch the square), rather than left waiting
                // for a reply that may never come (an engine or a game's last move waits for this one). A piece truly
                // still held is set down, which drops the question.
                askOnceStill(close, heldLong);
                return;
            }
            // A move that can still grow into another (a piece that may slide on, a rook that may become castling,
            // a promotion whose piece may still be chosen) is not decided before its window has passed.
            long still = t.config.settleMillis();
            for (StorySearch.Story x : close) {
                if (!x.partial()) still = Math.max(still, lastWindow(x.moves()));
                // A capture nobody saw is believed only on a board that then stays still for longer than a piece
                // rests on its way (a piece dragged on over the squares its story needs is no move that followed),
                // unless the moves after it, seen whole, bear it out (Morphy 98 at 24 Hz: Bxa7 or Bxf8, both unseen
                // and borne out by three moves after, were not asked about before the next move began, and the
                // board moved on past the search's plies).
                if (x.unseen() > 0 && !x.unseenBorneOut()) still = Math.max(still, t.config.slideMillis());
            }
            if (t.now - t.log.at() < still) {
                // Only a story's last move waits for its window: the moves before it are done.
                if (commitAnswered(close, agreed)) continue;
                t.catchUpStill = still;
                t.searched = null;
                return;
            }
            if (close.stream().anyMatch(StorySearch.Story::askFirst)) {
                // Moves made while the board was not read, or a piece set down unseen: the player confirms (one
                // story) or chooses, unless the moves after it bear out the one story that explains the board. A
                // piece in hand in one of them is asked about only once the board stayed still for long.
                if (commitAnswered(close, agreed)) continue;
                if (close.stream().noneMatch(StorySearch.Story::partial)) ask(close);
                else if (!longStill) {
                    lookAgainOnceStill();
                } else {
                    askOnceStill(close, heldLong);
                }
                return;
            }
            if (agreed == 0) {
                // Asked only of a board at rest, not while a move is being made.
                if (close.size() > 1 && close.stream().noneMatch(StorySearch.Story::partial)) ask(close);
                else if (!longStill && close.stream().anyMatch(x -> !x.partial())) {
                    // A story with every piece set down may yet be the one: look again once the board stayed still.
                    lookAgainOnceStill();
                } else if (close.stream().anyMatch(x -> !x.partial())) {
                    askOnceStill(close, heldLong);
                } else if (stories.stream().anyMatch(x -> !x.partial())) {
                    // A piece in hand is likeliest now, but a story with every piece set down explains the board too
                    // (a capture nobody saw, the game's last move, no reply to come): once the board has been still
                    // for longer than anyone holds a piece, the pieces in hand drop out and that story decides.
                    lookAgainOnceHeldLong(heldLong);
                }
                return;
            }
            if (close.stream().anyMatch(x -> x.misread() && !x.unseenBorneOut())) {
                // A story that holds only if the sensors misread more than usual waits for the moves after it; when
                // none can follow on this board (an engine waits for it), the player is asked once it stood still.
                // Still for longer than anyone holds a piece, no move is coming to tell (the game's last move, a
                // player thinking): the one story with every piece set down is committed, several are asked about
                // (Lichess 197 under `swap` at 24 Hz: the game's last moves Qxf7+ Kh8 Nxe6, the king's landing read
                // only after the knight was lifted, waited for a move that never came).
                if (!longStill) {
                    lookAgainOnceStill();
                } else if (!heldLong) {
                    askAmongSetDown(close);
                    if (t.ambiguity == null) lookAgainOnceHeldLong(false);
                } else {
                    List<StorySearch.Story> setDown = close.stream().filter(x -> !x.partial() && !x.unread()).toList();
                    if (setDown.size() == 1 && setDown.size() == close.size()) {
                        StorySearch.Story only = setDown.get(0);
                        if (askedAboutEarlier(only, only.moves().size())) return;
                        t.commitStory(only.moves(), only.doneAt(), only.moves().size(), only);
                        t.searched = null;
                        t.evaluate();
                        continue;
                    }
                    askOnceHeldLong(close, true);
                }
                return;
            }
            // (The story the agreed moves are counted on: the best of those still close.)
            StorySearch.Story lead = close.get(0);
            if (askedAboutEarlier(lead, agreed)) return;
            t.commitStory(lead.moves(), lead.doneAt(), agreed, lead);
            t.searched = null;   // what is left, if anything, is searched from the new position
            t.evaluate();
        }
    }

    /**
     * While the close stories with every piece set down all end with the same promotion, undecided, lights its choice
     * squares as for a promotion pending (the player sees where to set the piece they want: a piece still in hand in
     * another story is the pawn not yet set down), and says so once.
     */
    private void waitOnPromotion(List<StorySearch.Story> close, PromotionWait previous) {
        List<StorySearch.Story> setDown = close.stream().filter(x -> !x.partial()).toList();
        if (setDown.isEmpty() || setDown.get(0).moves().isEmpty()) return;
        List<Move> moves = setDown.get(0).moves();
        Move last = moves.get(moves.size() - 1);
        if (!PromotionChoices.isPromotion(last)) return;
        for (StorySearch.Story x : setDown) {
            if (x.moves().size() != moves.size()) return;
            for (int k = 0; k < moves.size(); k++) {
                if (!Matcher.samePair(x.moves().get(k), moves.get(k))) return;
            }
        }
        Position p = beforeLast(moves);
        List<RecognitionEvent.PromotionChoice> choices = PromotionChoices.of(p, last);
        t.promotionWait = new PromotionWait(last, choices);
        if (previous == null || !Matcher.samePair(previous.move(), last)) {
            t.events.add(new RecognitionEvent.PromotionPending(t.now, last, PromotionChoices.defaultPiece(p), choices));
        }
    }

    /**
     * Past the search's bound, commits the first moves every story within a proof of the best agrees on and confirms,
     * by the rules that decide within the bound ({@link #commitAnswered}): the search then starts from them, fewer plies
     * back. TWIC game 65 under `swap` at 24 Hz, seed 1: Qxa2 read whole, then Nxa2 or Nxd5 nobody saw, Rb2 dragged,
     * Nc3 and Kf8; every search passed its bound from Rb2 on, and the game was never followed again.
     */
    private boolean commitAgreedPastBound(List<StorySearch.Story> stories) {
        if (stories.isEmpty()) return false;
        long best = stories.get(0).cost();
        List<StorySearch.Story> close = stories.stream().filter(x -> x.cost() < best + t.config.proofMillis()).toList();
        int agreed = agreedPrefix(close, this::confirmed);
        return agreed > 0 && commitAnswered(close, agreed);
    }

    /**
     * Past the search's bound the short stories found decide nothing (a longer story, unsearched, may explain the board
     * better), but a board that one of them explains with every piece set down is no mismatch: once it has been still
     * for as long as a board nothing explains is left, the player is asked to confirm or choose among the likeliest of
     * them (touch the square) rather than told to put pieces back that stand where they belong. Lichess 13 under
     * `swap` at 24 Hz: Qxf5 and Rxf5, both swaps unseen, then Re7 dragged; the board stood still 2.6 s as the story
     * left it, with Black's rook read lifted early (a dropout) and a brush on a2, and was reported as a mismatch
     * until the game ended. (It is now committed before a question, by {@link #commitAgreedPastBound}: the rook's
     * capture on f5 bears out the queen's there.)
     */
    private void askPastBound(List<StorySearch.Story> stories) {
        List<StorySearch.Story> setDown = stories.stream().filter(x -> !x.partial() && !x.moves().isEmpty()).toList();
        if (setDown.isEmpty()) return;
        if (t.now - t.log.at() < t.config.mismatchMillis()) {
            lookAgainOnceStill();
            return;
        }
        long best = setDown.get(0).cost();
        ask(setDown.stream().filter(x -> x.cost() < best + t.config.proofMillis()).toList());
    }

    /**
     * Asks about the close stories that have every piece set down (see {@link #ask}), if any, when nothing can follow
     * them to tell: each leaves the move to a side that moves elsewhere (an engine or an online opponent waits for
     * this move) or ends the game. Between two players at the board the reply tells soon enough, and a question would
     * only disturb it; the board then waits for it, or for the board to stay still longer than a piece is held.
     */
    private void askAmongSetDown(List<StorySearch.Story> close) {
        List<StorySearch.Story> setDown = close.stream().filter(x -> !x.partial() && !x.unread()).toList();
        if (!setDown.isEmpty() && setDown.stream().allMatch(this::nothingFollows)) {
            ask(setDown, t.log.at() + t.config.holdMillis());
        }
    }

    /**
     * The one close story with every piece set down, if it rests on no misreading and each close story with a piece
     * in hand needs more readings missed; else null.
     */
    private static StorySearch.Story onlyStorySetDown(List<StorySearch.Story> close) {
        List<StorySearch.Story> setDown = close.stream().filter(x -> !x.partial()).toList();
        if (setDown.size() != 1) return null;
        StorySearch.Story x = setDown.get(0);
        if (x.unread() || x.misread() || x.askFirst()) return null;
        boolean fewest = close.stream().filter(StorySearch.Story::partial)
                .allMatch(y -> missedReadings(y) > missedReadings(x));
        return fewest ? x : null;
    }

    /**
     * Whether story {@code x} is as likely as {@code best} whatever their costs: the same pieces move, and where
     * {@code best} has a piece held over the board, with the board still, for longer than a board nothing explains is
     * left before it captured, {@code x} has a capture nobody saw, on sensors where a swap often leaves no reading. A piece
     * set down unseen long ago and the other side's touch of one of its pieces now read the same (ECC 2018 game 898 at
     * 24 Hz: Nxc4 nobody saw, 3.4 s of thought, then a black pawn on e4 lifted and put back, was committed as Nxe4 with
     * the knight held 3.8 s).
     */
    private boolean heldAsLongAsUnseen(StorySearch.Story best, StorySearch.Story x) {
        // (Only where a swap often leaves no reading: where only a lost scan hides one, a capture seen is likelier.)
        if (!t.config.sensors().oftenMisses(StorySearch.SHORTEST_SWAP_MILLIS)) return false;
        if (best.heldForCapture() <= t.config.mismatchMillis() || x.unseen() <= best.unseen()) return false;
        return samePieces(best, x);
    }

    /**
     * Whether story {@code x} is as likely as {@code best} while the move after them is still being made: the same
     * pieces move, but the first of {@code x}'s is a capture nobody saw where {@code best}'s first is another capture
     * by the same piece, read only as briefly as a dropout of the piece just set down on its victim's square could
     * read (see {@link StorySearch.Story#dropoutCaptures}). A reading a dropout explains as well is no better evidence
     * of a capture than none: counted so, {@code x} is within a proof of {@code best}. Where the piece goes next tells
     * them apart (it leaves from the square it took on), so they stay close while the capture and at most one move
     * after it were read and the next is being made, and no longer: past that, moves after bear the capture out in
     * either story alike, and waiting on would only lose the game past the search's plies (Lichess 1675, same
     * settings: Nxb4 read over the dropouts of the pawn just set there, then an exchange of rooks on c8 and c1). Lichess 3742 under `swap` at 24 Hz, seed 2: 33...exd5, the pawn set
     * down off centre, then 34.Rxf5+ nobody saw, Ke6 and Rg5 begun; the pawn's first dropout, 84 ms just as the rook
     * left e5, read as the pluck of 34.Rxd5, and that story, leading by the capture nobody saw and one dropout, was
     * committed with the rook in hand.
     */
    private boolean sameCaptureUnseen(StorySearch.Story best, StorySearch.Story x) {
        if (!best.partial() || best.moves().isEmpty() || best.moves().size() > 2 || best.dropoutCaptures() == 0
                || x.unseen() <= best.unseen() || !samePieces(best, x)
                || x.moves().get(0).equals(best.moves().get(0))) {
            return false;
        }
        return x.cost() < best.cost() + (best.dropoutCaptures() + 1) * t.config.proofMillis();
    }

    /** Whether stories {@code a} and {@code b} have as many moves, each of the same square. */
    private static boolean samePieces(StorySearch.Story a, StorySearch.Story b) {
        if (a.moves().size() != b.moves().size()) return false;
        for (int k = 0; k < a.moves().size(); k++) {
            if (PromotionChoices.base(a.moves().get(k)).from() != PromotionChoices.base(b.moves().get(k)).from()) {
                return false;
            }
        }
        return true;
    }

    /** Whether no move on this board can follow story {@code x}: the other side moves elsewhere, or the game ends. */
    private boolean nothingFollows(StorySearch.Story x) {
        Position p = t.played(x.moves());
        return t.remoteSides.contains(p.turn()) || p.legalMoves().isEmpty() || p.isVariantEnd();
    }

    /**
     * How many readings story {@code x} needs the sensors to have missed or misread (a misreading counts among its
     * captures nobody saw already, see {@code Story.misreadOnce}: counted twice, a late landing lost to a capture
     * nobody saw, CatchUpScenariosTest's cxd3 read late then Qd2, read as Qxd3 once Bxd3 was committed first).
     */
    private static int missedReadings(StorySearch.Story x) {
        return x.unseen();
    }

    /**
     * Once the board has been still for longer than a piece is held, asks among the close stories with every piece
     * set down, whatever follows them: no reply is waited for any more (the game's last move, a player thinking), and
     * a board left undecided would never be followed again (Lichess 1658 under `swap` at 40 Hz, seed 1: the game's last
     * moves Qc4 Qxc4, the capture as brief as a dropout, or Qxf5 nobody saw; Lichess 1087 under `hall` at 40 Hz, seed
     * 2: the last moves Qxd1+ Kxd1, the queen's landing read only late, the one story). Before that, searches again
     * then.
     */
    private void askOnceHeldLong(List<StorySearch.Story> close, boolean heldLong) {
        if (!heldLong) {
            lookAgainOnceHeldLong(false);
            return;
        }
        List<StorySearch.Story> setDown = close.stream().filter(x -> !x.partial() && !x.unread()).toList();
        // (A story that holds only if the sensors misread more than usual is no choice beside two that do not.)
        List<StorySearch.Story> readAsUsual = setDown.stream().filter(x -> !x.misread()).toList();
        if (readAsUsual.size() > 1) setDown = readAsUsual;
        // (One story alone is put to the player to confirm: it rests on a misreading, or it would have been committed.)
        if (!setDown.isEmpty()) ask(setDown);
    }

    /**
     * On a board still for a mismatch window that close stories explain, none of them decided: where they part at
     * their first move, each borne out by moves seen after it, that move is asked about now
     * ({@link #askWhereFirstMovesPart}); else the stories with every piece set down when no move can follow them
     * ({@link #askAmongSetDown}), or once the board was still for longer than a piece is held ({@link #askOnceHeldLong}).
     * Whether a piece is still held at the end of a story does not bear on which first move was made: waiting for a
     * hold there only lets the next flurry run past the search's plies (TWIC game 6 under `swap` at 24 Hz, seed 9, see
     * {@link #askWhereFirstMovesPart}; Lichess 2267, seed 7: 20...Nxb2 or Nxe1 nobody saw, then Nxe7+ Rxe7 Bxf7+
     * Rexf7 seen whole, still 3 s; Lichess 2980, seed 8: 11...Nxh1, Ne2 or Nxf5 nobody saw, then Qe2+ Kf7 c3 Qxg1
     * Bc4+, the king held 1.9 s for Kf6. Each went unasked and was never followed again).
     */
    private void askOnceStill(List<StorySearch.Story> close, boolean heldLong) {
        if (askWhereFirstMovesPart(close)) return;
        if (!heldLong) askAmongSetDown(close);
        askOnceHeldLong(close, heldLong);
    }

    /**
     * Close stories that part at their first move, each first move borne out by moves seen whole after it, on a board
     * still for a mismatch window: the player is asked which first move it was, that move alone, and the board is
     * searched on from it. Whether a piece is still held at their end, which would keep the question waiting for a
     * hold, does not bear on which first move was made (TWIC game 6 under `swap` at 24 Hz, seed 9: 18.Bxd6, read
     * 125 ms, or Bxa5 over a dropout of the pawn just set there, then b4 Nb5 Nc4 bxc4 seen whole, bxc4 as brief as a
     * dropout of the knight; still 18 s, unasked, while a hold was waited for, then the next flurry went past the
     * search's plies and a wrong story was committed). Whether it asked.
     */
    private boolean askWhereFirstMovesPart(List<StorySearch.Story> close) {
        List<StorySearch.Horizon> firsts = new ArrayList<>();
        for (StorySearch.Story x : close) {
            if (x.moves().isEmpty() || x.unread() || x.confirmed() < 1) return false;
            Move first = x.moves().get(0);
            if (firsts.stream().anyMatch(h -> h.moves().get(0).equals(first))) continue;
            firsts.add(new StorySearch.Horizon(t.table.position, List.of(first), java.util.Arrays.copyOf(x.doneAt(), 1)));
        }
        if (firsts.size() < 2 || firsts.size() > MOST_PARTING) return false;
        askAmongHorizons(firsts);
        return t.ambiguity != null;
    }

    /**
     * A board still for a mismatch window that no story read on the log explains, but legal moves leave as it stands:
     * the log's order is set aside (sensors that misread the order of two changes beyond what the search allows for)
     * and the board is read by what it shows, as after a restart ({@link StorySearch}, at most
     * {@value StorySearch#SHORT_PLIES} plies), keeping the stories whose every move changes only squares the log saw
     * change since the committed position (a move that left no reading at all is not believed of a board read all
     * along). One such story is committed; more are asked about. Before, the board was left waiting and reported as
     * a mismatch once the game went on (chess.js benchmark game 26 under {@code noisy} at 24 Hz: 11.Qf3 f5, f5
     * flickering occupied as the pawn left f7, whose lift was read a scan after the landing; the board stood still
     * three seconds, and the game was never followed again). Whether it committed; false too while the board has not
     * been still that long (it is searched again then) or when nothing so explains it.
     */
    private boolean readByWhatItShows() {
        if (t.now - t.log.at() < t.config.mismatchMillis()) {
            lookAgainOnceStill();
            return false;
        }
        StorySearch.Result r = t.searchStoriesAsFirstRead();
        if (!r.complete()) return false;
        SquareSet changed = t.log.changedSince(t.settledAt);
        List<StorySearch.Story> left = r.stories().stream()
                .filter(x -> !x.partial() && !x.moves().isEmpty() && changesOnly(x.moves(), changed)).toList();
        if (left.isEmpty()) return false;
        if (left.size() > 1) {
            ask(left);
            return false;
        }
        StorySearch.Story only = left.get(0);
        t.commitStory(only.moves(), only.doneAt(), only.moves().size(), only, true);
        t.searched = null;
        t.evaluate();
        return true;
    }

    /** Whether each of {@code moves}, from the committed position, changes only squares among {@code changed}. */
    private boolean changesOnly(List<Move> moves, SquareSet changed) {
        Position p = t.table.position;
        for (Move m : moves) {
            if (!changed.containsAll(p.occupancy().symmetricDifference(p.occupancyAfter(m)))) return false;
            p = p.play(m);
        }
        return true;
    }

    /** Searches again once the board has been still for a mismatch window, when the rules that need that decide. */
    private void lookAgainOnceStill() {
        t.catchUpStill = t.config.mismatchMillis();
        t.searched = null;
    }

    /** Searches again once the board has been still for longer than a piece is held ({@link #decide}), if not yet. */
    private void lookAgainOnceHeldLong(boolean heldLong) {
        if (heldLong) return;
        t.catchUpStill = t.config.holdMillis();
        t.searched = null;
    }

    /** Remembers the moves all {@code close} stories share, or where they part (see {@link Transition#horizons}). */
    private void rememberHorizon(List<StorySearch.Story> close) {
        StorySearch.Story first = close.get(0);
        int n = first.moves().size();
        for (StorySearch.Story x : close) {
            // (A capture nobody saw counts only in the one close story, as far as the moves after it bear it out.)
            if (x.unread()) {
                n = 0;
                break;
            }
            // (Moves read before a capture nobody saw stand when every close story has them; the capture and the
            // moves after it too when it is the one close story and a move after it was seen: the horizon then
            // follows a flurry of captures nobody saw past the search's plies. TWIC game 221 under `swap` at 24 Hz,
            // seed 1: 19...Bxe4 20.Qxe4 Qf5 21.Qxf5 Rxf5 22.f4 Raf8 in 3.3 s, Qxe4 nobody saw; the horizon stopped
            // at Bxe4, the story grew from five plies to seven between two searches, and the game was never followed
            // again.)
            boolean alone = close.size() == 1 && x.confirmed() > x.unseenAt() + 1;
            if (x.unseen() > 0 && !unseenBelieved(close, x) && !alone) n = Math.min(n, x.unseenFrom());
            if (x.unseen() > 0) n = Math.min(n, x.confirmed());
            int k = 0;
            while (k < n && k < x.moves().size() && Matcher.samePair(x.moves().get(k), first.moves().get(k))) k++;
            n = k;
        }
        // (A horizon remembered from this position that every close story still begins with, longer than what they
        // now agree on, stays: a capture nobody saw later in the flurry takes nothing back from the moves seen whole
        // that bore out the ones before. Lichess 4646 under `swap` at 24 Hz, seed 9: 30...Rxe1+ 31.Nxe1, both
        // unseen, then Nxf4 Bxf4 seen whole, then Bxf4 unseen: the horizon Rxe1+ Nxe1 Nxf4 fell to nothing, and
        // Qxf4 Qe7 Nf3 took the game past the search's plies for good.)
        if (keepsHorizon(close, n)) return;
        if (n > 0) {
            t.horizons = List.of(new StorySearch.Horizon(t.table.position, List.copyOf(first.moves().subList(0, n)),
                    java.util.Arrays.copyOf(first.doneAt(), n)));
            return;
        }
        List<StorySearch.Horizon> parting = partingHorizons(close);
        // (Horizons that parted stay while the close stories still part among them and the new ones tell nothing: a
        // capture nobody saw after them, not yet borne out, takes nothing back from the moves read before it. Lichess
        // 2016-05 game 3277 under `swap` at 24 Hz (its file alone, seed 1), answered or not: Rxf2+ or Rxh2, then Kxd3
        // Bb5+ Nc4 dxc4+, dxc4 nobody saw: the horizons fell to nothing, the stories passed the search's plies, and
        // the game was reported as a mismatch to its end.)
        if (parting.isEmpty() && keepsParted(close)) return;
        t.horizons = parting;
    }

    /**
     * Whether the horizons remembered from here part at their first move and each close story begins with one of
     * them. Not every one of them need be begun by a close story: a horizon no close story begins was not ruled out by
     * the board, only left behind by a search bounded in plies, and the horizons are searched on from before one is
     * given up ({@link #horizonLost}, {@link #beyondHorizon}). (Lichess 2016-05 game 2861 under `swap` at 24 Hz, seed
     * 3, nobody answering: 27...Qxf4, or Qxf3, or Qe1 with Raxe1, then Rd8 Qxe6+ Kf8 Qxe7+ Kg8 Qe6+ Kf8 alike; a
     * search whose close stories began with Qxf3 and Qxf4 alone dropped all three horizons, and the next, which
     * found only the Qe1 line within its plies, committed it.)
     */
    private boolean keepsParted(List<StorySearch.Story> close) {
        if (t.horizons.size() < 2 || !t.horizons.get(0).from().equals(t.table.position)) return false;
        for (StorySearch.Story x : close) {
            if (x.unread() || t.horizons.stream().noneMatch(h -> beginsWith(x.moves(), h.moves(), h.moves().size()))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the one horizon remembered from here is longer than {@code agreed} moves and every close story begins with it. */
    private boolean keepsHorizon(List<StorySearch.Story> close, int agreed) {
        if (t.horizons.size() != 1 || !t.horizons.get(0).from().equals(t.table.position)) return false;
        List<Move> kept = t.horizons.get(0).moves();
        if (kept.size() <= agreed) return false;
        return close.stream().allMatch(x -> !x.unread() && beginsWith(x.moves(), kept, kept.size()));
    }

    /** Whether {@code moves} begins with the first {@code count} of {@code start}, each the same pair of squares. */
    private static boolean beginsWith(List<Move> moves, List<Move> start, int count) {
        if (moves.size() < count || start.size() < count) return false;
        for (int k = 0; k < count; k++) if (!Matcher.samePair(moves.get(k), start.get(k))) return false;
        return true;
    }

    /**
     * The horizons of close stories that part at their first move, each borne out by moves seen whole after its
     * captures nobody saw (Rxa2 or Rxe2, neither read, then Bg5+ Nxg5 hxg5+ Kxg5 seen in both: Morphy 130 at 24 Hz):
     * for each first move, the moves its stories share and confirm. None when a story rests on moves made while the
     * board was not read or on a capture nothing bears out, when a first move has nothing confirmed, or when there are
     * more than a question can light.
     */
    private List<StorySearch.Horizon> partingHorizons(List<StorySearch.Story> close) {
        // (A story with the next move begun and nothing confirmed that another close story goes on from, its moves
        // confirmed, is that story still being made: it parts from nothing.)
        List<StorySearch.Story> whole = close.stream().filter(x -> !beingMade(close, x)).toList();
        for (StorySearch.Story x : whole) {
            if (x.unread() || x.unseen() > 0 && !x.unseenBorneOut() || x.confirmed() == 0) return List.of();
        }
        List<StorySearch.Horizon> out = new ArrayList<>();
        for (StorySearch.Story x : whole) {
            Move first = x.moves().get(0);
            if (out.stream().anyMatch(h -> Matcher.samePair(h.moves().get(0), first))) continue;
            int n = settled(x);
            for (StorySearch.Story y : whole) {
                if (!Matcher.samePair(y.moves().get(0), first)) continue;
                int k = 0;
                while (k < Math.min(n, settled(y)) && Matcher.samePair(x.moves().get(k), y.moves().get(k))) k++;
                n = k;
            }
            if (n == 0) return List.of();
            out.add(new StorySearch.Horizon(t.table.position, List.copyOf(x.moves().subList(0, n)),
                    java.util.Arrays.copyOf(x.doneAt(), n)));
        }
        return out.size() >= 2 && out.size() <= MOST_PARTING ? List.copyOf(out) : List.of();
    }

    /**
     * How many first moves of story {@code x} a horizon may hold: those confirmed, short of a last move that may still
     * grow into another (a rook set down that may become castling: Lichess 2016-05 game 2422 under `swap` at 24 Hz,
     * Qxb5+ or Qxa7, then Qd7 Rf1 remembered in both; Rf1 became O-O, and neither horizon explained the board again).
     */
    private int settled(StorySearch.Story x) {
        int n = x.confirmed();
        if (!x.partial() && n == x.moves().size() && n > 0 && !lastStoodPastGrowing(x)) n--;
        return n;
    }

    /** Whether close story {@code x}, the next move begun and nothing confirmed, is the start of another close story. */
    private static boolean beingMade(List<StorySearch.Story> close, StorySearch.Story x) {
        if (!x.partial() || x.confirmed() > 0 || x.moves().isEmpty()) return false;
        for (StorySearch.Story y : close) {
            if (y == x || y.confirmed() == 0 || y.moves().size() <= x.moves().size()) continue;
            if (beginsWith(y.moves(), x.moves(), x.moves().size())) return true;
        }
        return false;
    }

    /**
     * Whether the close stories of an earlier search parted at their first move over captures nobody saw, one
     * piece's of different victims ({@code parted}, see {@link #partingHorizons}), and the close stories now keep only
     * some of those first moves,
     * each still resting on its capture nobody saw: the board never told them apart, the others only fell out of
     * what a search reads (its plies, or a next move begun that fits one position and not the other). Which capture
     * was made is then the player's to say (ECC 2018 game 519 at 24 Hz: Bxh4 or Bxe7, both unseen and borne out alike
     * by five moves after; with the knight's square lifted for the next move, only the Bxe7 story read as begun, and
     * it was committed).
     */
    private boolean partingLost(List<StorySearch.Horizon> parted, List<StorySearch.Story> close) {
        if (parted.size() < 2 || !parted.get(0).from().equals(t.table.position)) return false;
        // (Captures by one piece, of different victims: which one it took is all they part over.)
        int piece = PromotionChoices.base(parted.get(0).moves().get(0)).from();
        for (StorySearch.Horizon h : parted) {
            Move first = PromotionChoices.base(h.moves().get(0));
            if (first.from() != piece || first instanceof Move.Castle || h.from().pieceAt(first.to()) == null) return false;
        }
        for (StorySearch.Story x : close) {
            if (x.unseenFrom() != 0) return false;
            if (parted.stream().noneMatch(h -> Matcher.samePair(h.moves().get(0), x.moves().get(0)))) return false;
        }
        return parted.stream().anyMatch(h -> close.stream()
                .noneMatch(x -> Matcher.samePair(h.moves().get(0), x.moves().get(0))));
    }

    /**
     * Whether horizons that parted at their first move ({@code parted}, see {@link #partingHorizons}) are all still
     * open from the committed position, every story found begins with the first move of one of them, and some
     * horizon's first move begins none.
     */
    private boolean horizonLost(List<StorySearch.Horizon> parted, List<StorySearch.Story> stories) {
        if (parted.size() < 2 || !parted.get(0).from().equals(t.table.position)) return false;
        for (StorySearch.Story x : stories) {
            if (x.moves().isEmpty()) return false;
            if (parted.stream().noneMatch(h -> Matcher.samePair(h.moves().get(0), x.moves().get(0)))) return false;
        }
        return parted.stream().anyMatch(h -> stories.stream()
                .noneMatch(x -> Matcher.samePair(h.moves().get(0), x.moves().get(0))));
    }

    /**
     * The most horizons a board asks among (each lights a square). A queen's capture nobody saw may be any of five or
     * six (Lichess 2016-05 game 2625 under `swap` at 24 Hz, seed 7: Qxg6+, or Qxb5, Qxa6, Qxc7, Qxd7+, then five moves
     * alike; with four at most no horizon was kept, the question asked went unanswered as play went on, and the game
     * was reported as a mismatch two moves later). Each is searched on from, a bounded search each.
     */
    private static final int MOST_PARTING = 8;

    /**
     * What {@link #beyondHorizon} did: nothing (no horizon explains the board), committed, asked, or waits (more than
     * one horizon explains it, not yet asked about).
     */
    private enum Beyond { NOTHING, COMMITTED, ASKED, WAITING }

    /**
     * Whether every horizon remembered from the committed position holds at least as many moves as a search looks
     * ahead: the board has moved on past the search's reach from here (a story within its plies would need the moves
     * since to have come back to a board seen before).
     */
    private boolean pastSearchReach() {
        if (t.horizons.isEmpty() || !t.horizons.get(0).from().equals(t.table.position)) return false;
        return t.horizons.stream().allMatch(h -> h.moves().size() >= StorySearch.MAX_PLIES);
    }

    /**
     * No legal story from the committed position explains the board, still for the settle window, not even one with a
     * piece in hand: the moves committed last are searched again as a mismatch report would ({@link Correction}), and
     * corrected when moves with every piece set down explain it in their place, now rather than once the board has
     * rested a mismatch window, which a game played on at a quick pace never does (Lichess 2016-05 game
     * 2828 under `swap` at 24 Hz, seed 9: 12...Bxd2 a swap nobody saw while the a3 pawn was touched, read as Bxa3;
     * 13.Qxd2 then reads as the queen in hand, and Black's reply, out of turn on that reading, was never searched
     * again before the game had gone eight moves on). Whether it corrected them; the search then goes on from there.
     */
    private boolean correctedNow() {
        if (t.board.equals(t.table.occupancy()) || t.now - t.log.at() < stillForCorrection()
                || !Correction.correct(t, true)) {
            return false;
        }
        t.searched = null;
        return true;
    }

    /**
     * A board no story explains, searched at a glance (sooner than {@link #correctedNow}
     * may correct), is searched again once it may: else it waits for the next frame, which a game played on at a quick
     * pace brings only with the next move, searched then from a position already wrong (Lichess 2016-05 game 2828
     * under `swap` at 24 Hz, seed 9, timed as the daemon times it: 12...Bxd2 read as Bxa3, searched at 246 ms).
     */
    private void lookAgainOnceCorrectable() {
        long still = stillForCorrection();
        if (t.board.equals(t.table.occupancy()) || t.now - t.log.at() >= still) return;
        t.catchUpStill = still;
        t.searched = null;
    }

    /**
     * How long the board must be still before {@link #correctedNow} corrects: the settle window, or, where the board
     * could be a move under way (its piece resting on a square it passes over, which no legal move may stop on), as
     * long as such a piece may still slide on. The move may be one of the committed position (TWIC game 190 under
     * `drag` at 24 Hz, -Pslow seed 1: 33.Rxh5+, then the queen dragged d2-h6 rested 250 ms on e3, where no move out of
     * check stops; Rxh5+ was corrected to Rxe7 nobody saw, on which Qe3 was legal) or the reply to one of them
     * (Lichess 2016-05 game 2426 under `drag` at 24 Hz, seed 2: 27...exd5, then 28.Bxf6 and the queen dragged d8-f6 to
     * take back resting 250 ms on e7; exd5 was corrected to e5, on which Bxe5 Nxd5 Bxd6 Qe7 left that board).
     */
    private long stillForCorrection() {
        long slide = Math.max(t.config.settleMillis(), t.config.slideMillis());
        if (underWay(t.table)) return slide;
        for (int i = 0; i < t.table.count; i++) {
            if (underWay(t.tableAfter(i))) return slide;
        }
        return t.config.settleMillis();
    }

    /** Whether the board could be a move of {@code table} under way, a piece resting on a square the move fills. */
    private boolean underWay(MoveTable table) {
        SquareSet lifted = table.occupancy().minus(t.board), added = t.board.minus(table.occupancy());
        if (added.isEmpty()) return false;
        for (int i = 0; i < table.count; i++) {
            if (table.partly(i, lifted, added)) return true;
        }
        return false;
    }

    /**
     * No story from the committed position explains the board, which may have moved on past the plies a search looks
     * ahead: searches on from each of the {@link Transition#horizons}. From one horizon, when every close story from there
     * begins with moves a move seen whole confirms, commits the horizon's moves (what follows is then searched from
     * them). From horizons that part, the one whose moves alone explain the board is committed so; when several
     * still do, the player is asked among them (touch the square of the move where they part).
     */
    private Beyond beyondHorizon() {
        if (t.horizons.isEmpty() || !t.horizons.get(0).from().equals(t.table.position)) return Beyond.NOTHING;
        List<StorySearch.Horizon> explaining = new ArrayList<>();
        List<StorySearch.Result> results = new ArrayList<>();
        for (StorySearch.Horizon h : t.horizons) {
            StorySearch.Result r = searchedFrom(h);
            // (A horizon whose search passed its bound tells nothing either way: nothing is decided.)
            if (!r.complete()) return Beyond.NOTHING;
            StorySearch.Horizon behind = r.stories().isEmpty() ? alongsideAndShorter(h) : null;
            if (behind != null) {
                // (A horizon that went on further than another with the same moves after their first, and explains
                // nothing from there, is searched again from as far as that other reaches: what it went on with may
                // be what the board now shows otherwise, and the lines part over their first move alone. Lichess
                // 2016-05 game 4272 under `swap` at 24 Hz, seed 1, nobody answering: dxe5 or d5, then Nd5 (Nxd5) and
                // 14 moves alike; the dxe5 line had gone on with Nxg5, and with Bxg5 hesitated over it explained
                // nothing: the d5 line was committed.)
                int n = behind.moves().size();
                h = new StorySearch.Horizon(h.from(), h.moves().subList(0, n), java.util.Arrays.copyOf(h.doneAt(), n));
                r = searchedFrom(h);
                if (!r.complete()) return Beyond.NOTHING;
            }
            if (r.stories().isEmpty()) continue;
            explaining.add(h);
            results.add(r);
        }
        if (explaining.isEmpty()) return Beyond.NOTHING;
        fewerOutread(explaining, results);
        if (explaining.size() > 1) {
            // (Each horizon goes on with the moves its close stories agree on and confirm: the question is asked
            // about the moves since where they parted, and the next search starts from there. Else a question left
            // unanswered, the game going on, is lost once the moves since the horizon pass the search's plies, and
            // with it the game: Lichess 2016-05 game 1370 under `hall` at 50 Hz, seed 1, nobody answering: Qxc4 or
            // Qxa6, neither read, then Nc6 Nf3 Qc7 Ng5 e6 alike; the queen's later move from c4 would have told.)
            List<StorySearch.Horizon> extended = new ArrayList<>();
            for (int i = 0; i < explaining.size(); i++) extended.add(extended(explaining.get(i), results.get(i)));
            t.horizons = List.copyOf(extended);
            // (Not while every story from them has the next move begun, a piece in hand: a capture then made on a lit
            // square reads as the touch that answers. Morphy 198 under `swap` at 24 Hz, its seed as the CLI test
            // plays it, nobody answering: dxc4 or dxe4 carried 14 plies, asked as White lifted the queen for Qxe4,
            // whose swap on e4 was taken for the answer dxe4.)
            // (Nor before the board has rested as long as a mismatch is left: a piece just set down on a lit square
            // dropping out, or a pawn just promoted swapped for its piece there, reads as the touch that answers.
            // Lichess 2016-05 game 273 under `swap` at 24 Hz, seed 1, nobody answering: Nxb5+ or Nc8 carried 14
            // plies, asked again as c8=Q+ was made on the lit c8, and the swap of the pawn for the queen chose Nc8.
            // The board is explained all the same: no mismatch while it stands.)
            boolean inHand = results.stream().allMatch(r -> r.stories().get(0).partial());
            if (inHand || t.now - t.log.at() < t.config.mismatchMillis()) {
                t.storyBoard = t.board;
                if (t.unexplainedSince >= 0) t.unexplainedSince = t.now;
                if (!inHand) lookAgainOnceStill();
                return Beyond.WAITING;
            }
            askAmongHorizons(t.horizons);
            return t.ambiguity == null ? Beyond.NOTHING : Beyond.ASKED;
        }
        int parted = t.horizons.size();
        StorySearch.Horizon h = explaining.get(0);
        StorySearch.Result r = results.get(0);
        long best = r.stories().get(0).cost();
        for (StorySearch.Story x : r.stories()) {
            if (x.cost() >= best + t.config.proofMillis()) break;
            // (A capture nobody saw beyond the horizon, borne out by the moves after it, says nothing against the
            // horizon's moves, which are what is committed: the flurry goes on as it began, and is read on from
            // there. Lichess 4646 under `swap` at 24 Hz, seed 9, see rememberHorizon.)
            // (Nor one misreading alone, a landing read late, that they bear out: Lichess 2016-05 game 1280 under
            // `swap` at 24 Hz (its file alone, seed 1), nobody answering: dxc5 or dxe5, then Qf3 Qd7 alike, and Bb3 Bc5
            // O-O O-O, Bb3's landing read after Black lifted the bishop, legal from dxe5 alone; the game was reported
            // as a mismatch from there.)
            boolean borneOut = x.unseen() > 0 && !x.askFirst() && (!x.misread() || x.unseen() == 1)
                    && x.unseenBorneOut();
            // (A story with nothing confirmed yet says nothing against a horizon that is the last of several that
            // parted: its moves are what the close stories confirmed when it was remembered, and the board has ruled
            // out the others. Lichess 2016-05 game 2142 under `swap` at 24 Hz (its file alone, seed 1), nobody
            // answering: Nxd4 or Nxe5, six moves alike, then Qxe5 from Nxd4 alone, with the next move begun; the
            // game was reported as a mismatch from there.)
            if (x.confirmed() == 0 && parted == 1 || x.unseenPart() && !borneOut) return Beyond.NOTHING;
        }
        // (The moves committed before the horizon are doubted as any story's are: the horizon's moves may lean on them
        // only as one reading of the board. Lichess 2016-05 game 449 under `swap` at 24 Hz, seed 3: 35.Qxd7+ a swap
        // nobody saw, Black's d5 pawn touched, read as Qxd5; then Nxd7 Be1 O-O Nd2 read as Nxd5 and so on, the
        // knight's capture on d5 nobody saw: committed from the horizon, the game was recorded wrong.)
        List<Move> line = new ArrayList<>(h.moves());
        line.addAll(r.stories().get(0).moves());
        Correction.Doubt d = Correction.doubted(t, line);
        if (d != null) {
            List<Ambiguity.Story> choices = choices(d.close());
            if (choices != null) {
                t.ambiguity = Ambiguity.before(t.board, choices, t.log.at(), d.withdraw(), d.from(), false);
                return Beyond.ASKED;
            }
        }
        t.horizons = List.of();
        t.commitStory(h.moves(), h.doneAt(), h.moves().size(), null, true);
        t.searched = null;
        t.evaluateAsShown();
        return Beyond.COMMITTED;
    }

    /**
     * Sets aside, in place, horizons the readings since have outweighed: where every horizon ends at the same moment
     * (the searches from them read the same readings), one whose likeliest story leaves a reading longer than a proof
     * more unexplained than another's and needs one more capture nobody saw is no longer as likely as that other,
     * as stories from one position are weighed (the horizons were close when they parted). Lichess 2016-05 game 1706
     * under `swap` at 24 Hz, seed 1, nobody answering: 20.Qxe6 or Qxh2, neither read, ten moves alike; then Nxf2
     * nobody saw and 31.Qxe6+ read, which from Qxh2 only the queen's capture of f2 or a7 nobody saw, e6 read empty
     * for nothing, explains. The question stood to the game's end.
     */
    private void fewerOutread(List<StorySearch.Horizon> explaining, List<StorySearch.Result> results) {
        long end = explaining.get(0).doneAt()[explaining.get(0).doneAt().length - 1];
        for (StorySearch.Horizon h : explaining) if (h.doneAt()[h.doneAt().length - 1] != end) return;
        StorySearch.Story best = null;
        for (StorySearch.Result r : results) {
            StorySearch.Story x = r.stories().get(0);
            if (best == null || x.cost() < best.cost()) best = x;
        }
        long proof = t.config.proofMillis();
        for (int i = explaining.size() - 1; i >= 0; i--) {
            StorySearch.Story x = results.get(i).stories().get(0);
            if (x.cost() >= best.cost() + proof && x.unseen() > best.unseen()) {
                explaining.remove(i);
                results.remove(i);
            }
        }
    }

    /**
     * A horizon shorter than {@code h} whose moves after the first are {@code h}'s, each the same pair of squares (the
     * two lines part over their first move alone); null when none.
     */
    private StorySearch.Horizon alongsideAndShorter(StorySearch.Horizon h) {
        for (StorySearch.Horizon other : t.horizons) {
            int n = other.moves().size();
            if (n >= h.moves().size()) continue;
            int k = 1;
            while (k < n && Matcher.samePair(h.moves().get(k), other.moves().get(k))) k++;
            if (k == n) return other;
        }
        return null;
    }

    /** The stories from the end of horizon {@code h}, on the readings since its last move was done. */
    private StorySearch.Result searchedFrom(StorySearch.Horizon h) {
        Position p = t.played(h.moves());
        int last = h.moves().size() - 1;
        return StorySearch.search(p, t.board, t.log, t.now, h.doneAt()[last],
                StorySearch.placed(PromotionChoices.base(h.moves().get(last))), t.config.sensors(),
                t.config.proofMillis(), t.config.slideMillis(), t::promotionPiece);
    }

    /**
     * Horizon {@code h} with the moves after it that the close stories of its search {@code r} agree on and confirm,
     * none resting on a capture nobody saw that the moves after do not bear out, on a misreading, or on moves made
     * while the board was not read, and none the last of a story with every piece set down.
     */
    private StorySearch.Horizon extended(StorySearch.Horizon h, StorySearch.Result r) {
        long best = r.stories().get(0).cost();
        List<StorySearch.Story> close = r.stories().stream()
                .filter(x -> x.cost() < best + t.config.proofMillis()).toList();
        // (What the search confirmed, read from the horizon: confirmed() reads stories from the committed position.
        // Never a story's last move with every piece set down: it may be a piece resting on its way, a pawn's double
        // step dragged over its first square.)
        int n = agreedPrefix(close, x -> x.unread() || x.misread() ? 0
                : Math.min(x.partial() ? x.moves().size() : x.moves().size() - 1,
                        x.unseen() > 0 && !x.unseenBorneOut() ? Math.min(x.confirmed(), Math.max(0, x.unseenFrom()))
                        : x.confirmed()));
        if (n == 0) return h;
        StorySearch.Story first = close.get(0);
        List<Move> moves = new ArrayList<>(h.moves());
        moves.addAll(first.moves().subList(0, n));
        long[] doneAt = java.util.Arrays.copyOf(h.doneAt(), moves.size());
        System.arraycopy(first.doneAt(), 0, doneAt, h.moves().size(), n);
        return new StorySearch.Horizon(h.from(), List.copyOf(moves), doneAt);
    }

    /** Asks which of the parting {@code horizons} happened, each lit where its first move went (or came from). */
    private void askAmongHorizons(List<StorySearch.Horizon> parting) {
        List<Ambiguity.Story> choices = new ArrayList<>();
        for (StorySearch.Horizon h : parting) choices.add(new Ambiguity.Story(h.moves(), -1, null, h.doneAt()));
        choices = litApart(choices, 0);
        if (choices != null) t.ambiguity = Ambiguity.ofStories(t.board, choices, t.log.at(), Long.MAX_VALUE);
    }

    /**
     * Commits the first moves every close story agrees on and confirms ({@code agreed}) that the other side answered:
     * a move followed by a reply is done, whatever window it had or however its story ends. They are committed at
     * once, or a next move begun meanwhile would take the story past the plies the search can look ahead, and the
     * board would never be followed again. Not on the word of a story with a capture nobody saw or moves made while
     * the board was not read, nor of one that leaves a square reading occupied, where it has no piece, for longer than
     * the sensors misread (what comes next may explain it otherwise). Returns whether it committed any.
     */
    private boolean commitAnswered(List<StorySearch.Story> close, int agreed) {
        int followed = agreed;
        long stray = t.config.sensors().longestReadingOf(t.config.sensors().longestFalseOccupied());
        // (At a glance, before the settle window, the readings a story leaves unexplained where it has no piece must
        // add up to less than a proof: what comes next may yet explain them otherwise.)
        boolean glance = t.now - t.log.at() < t.config.settleMillis();
        for (StorySearch.Story x : close) {
            if (x.unread() || x.longestStray() > stray) return false;
            // A capture nobody saw is believed here only after the settle window (at a glance, a piece resting on its
            // way reads as a move), when every close story has it and the moves after it bear it out. Else the moves
            // read before it are committed, agreed on by the close stories, as far as a move read is their answer
            // (a move answered only by one nobody saw may be a move still being made: Lichess 843 at 24 Hz, castling
            // rook first, read as Rf1 answered by an unseen Bxf2 over a bishop's dropout).
            if (x.unseen() > 0 && (glance || !unseenBelieved(close, x))) {
                // (A landing nobody saw, its piece's lift read and the capture that took it read landing, borne out
                // by the moves after: the move before is answered by moves read, and done. ECC 2018 game 657 under
                // `swap` at 24 Hz, seed 2: hxg5, then f2-f3 or f2-f4 taken at once, read as neither, then gxf3 Rxf3
                // Qh5 seen: hxg5 is no less done. Not before they bear it out: Morphy 82 under `drag` at 40 Hz,
                // -Pslow seed 1, Qxd8+ and Rxd8 read as Qxd6, Rd7 set down unseen and Qxd7, was committed as Qxd6.)
                boolean landingOnly = x.landedUnseen() && !x.misread() && x.unseenAt() == x.unseenFrom() + 1
                        && x.unseenBorneOut();
                boolean movedAgain = !glance && x.unseenFrom() >= 1 && x.unseenAt() == x.unseenFrom() && !x.misread()
                        && x.unseenFrom() + 1 < x.confirmed() && otherPieceMovedAgain(x.moves(), x.unseenFrom() - 1);
                int read = x.unseenFrom() - (landingOnly || movedAgain ? 0 : 1);
                // (A capture nobody saw whose piece a later move seen whole lifts off that square was made: the piece
                // was there. Lichess 2615 under `swap` at 24 Hz, seed 2: Qxe5 and Bxc5 nobody saw, Qd3 and Rf3
                // between, then Qe5-c7 read whole; nothing was committed, and the flurry ran past the search's plies.)
                if (!glance) read = Math.max(read, x.borneOutPrefix());
                followed = Math.min(followed, read);
            }
            if (glance && x.strays() >= t.config.proofMillis()) return false;
            if (!x.partial()) followed = Math.min(followed, x.moves().size() - 1);
            followed = Math.min(followed, answered(x.moves()));
        }
        if (followed <= 0) return false;
        StorySearch.Story lead = close.get(0);
        // (Asked instead: nothing more is decided until the player answers or the board changes.)
        if (askedAboutEarlier(lead, followed)) return true;
        t.commitStory(lead.moves(), lead.doneAt(), followed, lead);
        t.searched = null;
        t.evaluateAsShown();
        return true;
    }

    /**
     * Whether the side that made move {@code k} of {@code moves} moved again two plies later with another piece: its
     * move {@code k} was done (a piece that goes on from where move {@code k} set it down may be that move still being
     * made, a slider resting on its way).
     */
    private static boolean otherPieceMovedAgain(List<Move> moves, int k) {
        if (k < 0 || k + 2 >= moves.size()) return false;
        return PromotionChoices.base(moves.get(k + 2)).from() != PromotionChoices.base(moves.get(k)).to();
    }

    /**
     * How many first moves of {@code moves} (played from the committed position) are answered by the next one: a
     * move whose next sets a piece down on a square its own piece could have gone on to (a slider's line beyond its
     * destination) may be that piece still on its way, and ends the count.
     */
    private int answered(List<Move> moves) {
        Position p = t.table.position;
        for (int k = 0; k + 1 < moves.size(); k++) {
            Move m = PromotionChoices.base(moves.get(k));
            Position after = p.play(moves.get(k));
            SquareSet onward = SquareSet.EMPTY;
            if (!(m instanceof Move.Castle)) {
                for (Move o : p.legalMoves()) {
                    Move b = PromotionChoices.base(o);
                    if (b.from() == m.from() && !(b instanceof Move.Castle)
                            && MoveTable.between(p.geometry(), m.from(), b.to()).contains(m.to())) {
                        onward = onward.union(MoveTable.between(p.geometry(), m.to(), b.to())).with(b.to());
                    }
                }
            }
            if (!StorySearch.placed(PromotionChoices.base(moves.get(k + 1))).intersect(onward).isEmpty()) return k;
            p = after;
        }
        return moves.size();
    }

    /**
     * How long the last move of {@code moves} (played from the committed position) may still grow into another: a
     * piece that may slide on, a king or rook move that may become castling, a promotion whose piece may still be
     * chosen; 0 for any other (the next move begun proves it done).
     */
    private long growWindow(List<Move> moves) {
        return window(moves, true);
    }

    /** The window of the last move of {@code moves}, played from the committed position (see {@link Transition#movePending}). */
    private long lastWindow(List<Move> moves) {
        return window(moves, false);
    }

    /** The position before the last move of {@code moves}, played from the committed position. */
    private Position beforeLast(List<Move> moves) {
        Position p = t.table.position;
        for (int k = 0; k < moves.size() - 1; k++) p = p.play(moves.get(k));
        return p;
    }

    /**
     * The moves of the position before the last move of {@code moves}, remote sides' too: the committed table or the
     * one after its first move where the step has them (a table costs a move generation and a pass over every move).
     */
    private MoveTable tableBeforeLast(List<Move> moves) {
        if (moves.size() == 1 && !t.table.remote) return t.table;
        if (moves.size() == 2) {
            int first = t.table.indexOf(moves.get(0));
            if (first >= 0) {
                MoveTable after = t.tableAfter(first);
                if (!after.remote) return after;
            }
        }
        return new MoveTable(beforeLast(moves));
    }

    /** The window of the last move of {@code moves}: {@link Transition#movePending}'s, or only its growing part. */
    private long window(List<Move> moves, boolean growingOnly) {
        Move last = moves.get(moves.size() - 1);
        MoveTable tb = tableBeforeLast(moves);
        int i = tb.indexOf(last);
        long window = growingOnly ? 0 : t.config.settleMillis();
        if (i >= 0 && !growingOnly && tb.isHiddenCapture(i)) window = Math.max(window, t.config.captureMillis());
        if (i >= 0 && Transition.maySlideOn(tb, i)) window = Math.max(window, t.config.slideMillis());
        if (i >= 0 && Transition.mayBecomeCastling(tb, i)) window = Math.max(window, t.config.castlingMillis());
        if (PromotionChoices.isPromotion(last) && t.boardChoice == null && t.apiChoice == null) {
            window = Math.max(window, t.config.promotionMillis());
        }
        return window;
    }

    /**
     * How many first moves of a story are confirmed: those {@link StorySearch} confirms, and the last move of a story
     * with the next move begun once it was seen whole and has stood longer than its window (it can no longer grow:
     * a piece resting on its way goes on sooner), if the story leaves less than a proof unexplained (pieces in hand
     * make many stories: one the search found that leaves much unexplained may be none of them).
     */
    private int confirmed(StorySearch.Story x) {
        int n = x.moves().size();
        // (Still for longer than a piece is held, a story with every piece set down is confirmed whole, unless it
        // rests on a misreading or on moves made while the board was not read.)
        if (!x.partial() && t.now - t.log.at() >= t.config.holdMillis() && !x.misread() && !x.unread()) return n;
        if (!x.partial() && t.now - t.log.at() >= t.config.mismatchMillis()) return Math.max(x.confirmed(), x.confirmedIfStill());
        if (x.partial() && x.lastSeen() && x.confirmed() == n - 1 && x.cost() < t.config.proofMillis()
                && lastStoodPastGrowing(x)) {
            return n;
        }
        return x.confirmed();
    }

    /**
     * How many of story {@code x}'s moves are done on a board still for as long as a board nothing explains is left:
     * those {@link #confirmed} says; with a piece in hand, every move when the last landed, was read, and stood longer
     * than it could grow (the piece in hand is the next move's).
     */
    private int doneWhenStill(StorySearch.Story x) {
        int n = x.moves().size();
        if (!x.partial() || n == 0 || !x.lastSeen() || x.unread()) return confirmed(x);
        return lastStoodPastGrowing(x) ? n : confirmed(x);
    }

    /** Whether story {@code x}'s last move has stood on its squares longer than it could still grow into another. */
    private boolean lastStoodPastGrowing(StorySearch.Story x) {
        int n = x.moves().size();
        return Math.min(t.now, x.stoodUntil()) - x.doneAt()[n - 1] >= growWindow(x.moves());
    }

    /**
     * Whether story {@code x}'s captures nobody saw are believed: every close story has its moves up to and with the
     * last of them (they differ only in what came after, so none reads those moves otherwise), and the moves after
     * them bear them out in one close story at least (in a story with the next move begun, its last move may be a
     * piece resting and bears nothing out; the story that has it set down does). Chess.js 26 at 24 Hz: Bxe4 fxe4
     * Qxe6+ Qxe6 Nxe6, two captures unseen, stood against the same moves with Nxe6 still in hand and was never
     * committed. Captures nobody saw on different squares, or in different orders, are never believed so.
     */
    private static boolean unseenBelieved(List<StorySearch.Story> close, StorySearch.Story x) {
        int through = x.unseenAt() + 1;
        if (through <= 0 || through > x.moves().size()) return close.size() == 1 && x.unseenBorneOut();
        for (StorySearch.Story y : close) {
            if (y != x && !beginsWith(y.moves(), x.moves(), through)) return false;
        }
        return close.stream().anyMatch(y -> y.unseenAt() >= x.unseenAt() && y.unseenBorneOut());
    }

    /**
     * Whether story {@code x} has moves, a capture nobody saw among them, and ends with the next move begun by the
     * side to move after them: only pieces of that side lifted, and nothing set down where the story has no piece.
     */
    private boolean replyHeld(StorySearch.Story x) {
        if (!x.partial() || x.moves().isEmpty() || x.unseen() == 0) return false;
        Position end = t.played(x.moves());
        SquareSet lifted = end.occupancy().minus(t.board);
        return !lifted.isEmpty() && t.board.minus(end.occupancy()).isEmpty()
                && end.occupancy(end.turn()).containsAll(lifted);
    }

    /**
     * Whether story {@code x} ends with a king stepping onto the square it castles to, its castling rook still home and
     * the square that rook goes to empty, where castling was legal a move or more before: the king may have been set
     * down first in castling, the rook still to come. Such a board waits for the castling window before anything is
     * decided (Lichess 2016-05 game 793 under `swap` at 24 Hz, seed 8: 10...Bxc5 11.Re1 O-O in a flurry, the rook
     * dragged over f1 and the king over f8, was committed a quarter second after the king landed, before the rook
     * moved, as Bxc5 Rf1 Kf8 Re1 Kg8).
     */
    private boolean castlingUnderWay(StorySearch.Story x) {
        if (x.moves().isEmpty()) return false;
        Position p = t.table.position;
        List<Position> along = new ArrayList<>();
        for (Move m : x.moves()) {
            along.add(p);
            p = p.play(m);
        }
        Move last = PromotionChoices.base(x.moves().get(x.moves().size() - 1));
        Position beforeLast = along.get(along.size() - 1);
        if (beforeLast.pieceAt(last.from()) == null
                || beforeLast.pieceAt(last.from()).type() != org.marelle.rules.PieceType.KING) {
            return false;
        }
        SquareSet board = t.board;
        for (Position q : along) {
            for (Move m : q.legalMoves()) {
                if (m instanceof Move.Castle c && c.to() == last.to() && c.from() != c.to()
                        && c.rookFrom() != c.rookTo() && c.rookFrom() != c.to() && board.contains(c.rookFrom())
                        && !board.contains(c.rookTo()) && !board.contains(c.from())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** How many first moves every story agrees on and confirms. */
    private static int agreedPrefix(List<StorySearch.Story> stories,
                                    java.util.function.ToIntFunction<StorySearch.Story> confirmed) {
        int n = Integer.MAX_VALUE;
        StorySearch.Story first = stories.get(0);
        for (StorySearch.Story x : stories) {
            int k = 0;
            int c = confirmed.applyAsInt(x);
            while (k < c && k < first.moves().size() && Matcher.samePair(x.moves().get(k), first.moves().get(k))) k++;
            n = Math.min(n, k);
        }
        return n;
    }

    /**
     * Asks which story happened: each different first move is a choice, lit on the square it went to (the square it
     * left when two went to the same square). A first move several stories share is chosen alone; the search then
     * goes on from it. No question when two choices would light the same square.
     */
    private void ask(List<StorySearch.Story> close) {
        ask(close, Long.MAX_VALUE);
    }

    /** As {@link #ask(List)}; the board decides without an answer at {@code decideAt} ({@link Ambiguity#decideAt}). */
    private void ask(List<StorySearch.Story> close, long decideAt) {
        List<Ambiguity.Story> choices = choices(close);
        if (choices != null) t.ambiguity = Ambiguity.ofStories(t.board, choices, t.log.at(), decideAt);
    }

    /**
     * About to commit the first {@code count} moves of story {@code x}, a capture nobody saw among them: when the
     * moves committed before it are in doubt for it ({@link Correction#doubted}), the player is asked instead, from
     * where the stories part; whether it asked.
     */
    private boolean askedAboutEarlier(StorySearch.Story x, int count) {
        if (x.unseen() == 0 || x.unseenAt() < 0 || x.unseenAt() >= count) return false;
        Correction.Doubt d = Correction.doubted(t, x);
        if (d == null) return false;
        List<Ambiguity.Story> choices = d.exchange() != null ? d.exchange() : choices(d.close());
        if (choices == null) return false;
        t.ambiguity = Ambiguity.before(t.board, choices, t.log.at(), d.withdraw(), d.from(), d.exchange() != null);
        return true;
    }

    /** The choices of a question about {@code close}, as {@link #ask(List)} tells; null when none tells them apart. */
    private static List<Ambiguity.Story> choices(List<StorySearch.Story> close) {
        // The stories are told apart where they part: the moves every one of them has first go with each choice (a
        // question with one choice tells nothing: Morphy 48 at 24 Hz, Rxa1 seen, then Bxa1 or Bxf2 unseen, was asked
        // as "Rxa1" alone, and the bishop's capture waited for another question half a minute later).
        int shared = sharedMoves(close);
        List<Ambiguity.Story> choices = new ArrayList<>();
        for (StorySearch.Story x : close) {
            Move parting = x.moves().get(shared);
            if (choices.stream().anyMatch(c -> Matcher.samePair(c.moves().get(shared), parting))) continue;
            long sharing = close.stream().filter(y -> Matcher.samePair(y.moves().get(shared), parting)).count();
            // (One story alone is confirmed whole: the player touching its square says it happened. Lichess 62 at
            // 24 Hz, the game's last moves dxc4 Rxc4, the rook's capture unseen: "dxc4" alone was asked.)
            List<Move> moves = close.size() > 1 && (sharing > 1 || x.confirmed() < x.moves().size())
                    ? x.moves().subList(0, shared + 1) : x.moves();
            choices.add(new Ambiguity.Story(moves, -1, null, java.util.Arrays.copyOf(x.doneAt(), moves.size())));
        }
        return litApart(choices, shared);
    }

    /**
     * The {@code choices} each lit on the square its move {@code at} (where they part) went to, or came from when two
     * went to the same square, or else each on one of those two squares, no two on the same one (Morphy's game 1,
     * restarted at ply 55 after Rxg2+ Kxg2 Qg5+ Kh1: Rxg2, Rg5, Qxd3 and Qg5 first, lit on g2, g5, d3 and d8); null
     * when no such lighting tells them apart.
     */
    private static List<Ambiguity.Story> litApart(List<Ambiguity.Story> choices, int at) {
        for (boolean origin : new boolean[] {false, true}) {
            List<Ambiguity.Story> lit = new ArrayList<>();
            SquareSet squares = SquareSet.EMPTY;
            for (Ambiguity.Story c : choices) {
                Move m = PromotionChoices.base(c.moves().get(at));
                int square = origin ? m.from() : m.to();
                lit.add(new Ambiguity.Story(c.moves(), square, null, c.doneAt()));
                squares = squares.with(square);
            }
            if (squares.count() == choices.size()) return lit;
        }
        int[] square = new int[choices.size()];
        if (!assign(choices, at, 0, SquareSet.EMPTY, square)) return null;
        List<Ambiguity.Story> lit = new ArrayList<>();
        for (int k = 0; k < choices.size(); k++) {
            Ambiguity.Story c = choices.get(k);
            lit.add(new Ambiguity.Story(c.moves(), square[k], null, c.doneAt()));
        }
        return lit;
    }

    /**
     * Lights choices {@code k} on of {@code choices} each on its parting move's destination or origin, none on a
     * square in {@code taken} or another's (a matching by backtracking: a question has a handful of choices).
     */
    private static boolean assign(List<Ambiguity.Story> choices, int at, int k, SquareSet taken, int[] square) {
        if (k == choices.size()) return true;
        Move m = PromotionChoices.base(choices.get(k).moves().get(at));
        for (int sq : new int[] {m.to(), m.from()}) {
            if (taken.contains(sq)) continue;
            square[k] = sq;
            if (assign(choices, at, k + 1, taken.with(sq), square)) return true;
        }
        return false;
    }

    /**
     * How many first moves all {@code stories} have in common, short of the shortest one's length (so that each has a
     * move where they part; 0 when one of them is a first move only, and for one story: the player confirms it where
     * it begins).
     */
    private static int sharedMoves(List<StorySearch.Story> stories) {
        return stories.size() < 2 ? 0 : Math.max(0, agreedPrefix(stories, x -> x.moves().size() - 1));
    }
}
