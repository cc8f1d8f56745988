package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent.BoardInSync;
import org.marelle.bridge.recognition.RecognitionEvent.BoardMismatch;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.bridge.recognition.RecognitionEvent.MoveProvisional;
import org.marelle.bridge.recognition.RecognitionEvent.NewGameDetected;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChoice;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionChosen;
import org.marelle.bridge.recognition.RecognitionEvent.PromotionPending;
import org.marelle.bridge.recognition.RecognitionEvent.ProvisionalWithdrawn;
import org.marelle.bridge.recognition.RecognitionEvent.ResultGesture;
import org.marelle.bridge.recognition.RecognitionEvent.TakenBack;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * One step of the recognizer, worked out on a mutable copy of the state and frozen again by {@link #build()}.
 * Nothing here reads a clock: "now" is the time of the input.
 *
 * <p>Each board change is looked at once ({@link #evaluate()}): it keeps the pending decision standing, proposes a
 * new one, or finds nothing (a piece in hand, a move being made, or a mismatch if that lasts). Windows close in
 * {@link #timers()}: a pending decision whose window ran out with the board still showing it is committed.
 */
final class Transition {

    /** A step fires at most this many decisions in a row. */
    private static final int MAX_ROUNDS = 6;

    final RecognizerConfig config;
    Position newGame;
    MoveTable table;
    History history;
    Move lastMove;
    SquareSet board;
    long now;
    FrameLog log;
    Pending pending;
    Move recentProvisional;
    /**
     * Deciding by the story search alone ({@link RecognizerConfig#searchOnly}): the move the matcher matches the board
     * with, shown as provisional at once (the LEDs, the broadcast) but never committed for that: the search decides.
     * Null when none (always, as released, where the matcher's match is the pending decision).
     */
    Move displayed;
    long recentAt;
    long unexplainedSince;
    SquareSet reportedBoard;
    BoardMismatch mismatch;
    PieceType apiChoice;
    PieceType boardChoice;
    int tapSquare;
    String result;
    Move remoteMove;
    /** Sides whose moves come from elsewhere (an engine, an online opponent), never read off the board. */
    Set<Color> remoteSides;
    /** When {@link #remoteMove} came. */
    long remoteAt;
    SquareSet takebackBoard;
    Occupancy.Polarity polarity;
    long deviatedSince;
    /** How long the deviation since {@link #deviatedSince} may last and still be a glitch ({@link #glitchMillis()}). */
    long glitchMillis;
    Ambiguity ambiguity;
    long lookAgainAt;
    /** The board {@link StorySearch} last looked at without a decision (not searched again until it changes). */
    SquareSet searched;
    /**
     * The board the story search last found close stories of moves for without deciding among them (waiting for
     * what follows, or for the board to stay still): legal moves explain it, so it is no mismatch while it stands.
     */
    SquareSet storyBoard;
    /**
     * The board the story search found, still for longer than anyone holds a piece, explained only by stories with
     * a piece still in hand: no move is in progress on it any more, so it is unexplained (see {@link #look}).
     */
    SquareSet heldBoard;
    /**
     * The board on which a capture the move matcher was about to commit was found in doubt: another capture by the
     * same piece explains the board as well (see {@link #victimInDoubt}). The matcher proposes no move on it; the story
     * search decides (waits for what follows, or asks).
     */
    SquareSet doubtedBoard;
    /**
     * The newest committed move the player confirmed, or chose, answering a question about moves already committed
     * ({@link Correction#doubted}): it and the moves before it are not doubted again. Null when none.
     */
    Revisable.Entry answered;
    /**
     * When the last committed move was last seen settling on its squares: what the board did before that is that
     * move's doing, not evidence for the moves after it. {@code Long.MIN_VALUE} when unknown (a fresh start).
     */
    long settledAt;
    /** How long the board must be still before the story search decides (longer while a story's last move may grow). */
    long catchUpStill;
    /**
     * When the board first changed since the story search last looked (-1: it has looked at every board since, or
     * none was due): a board that never stands still for a glance is searched all the same once this is
     * {@link #FLURRY_MILLIS} old.
     */
    long unsearchedSince = -1;
    /**
     * The longest a flurry of moves goes unsearched while the board never stands still for a glance: about two plies
     * of a fast flurry (a piece lifted, carried and set down in 300–500 ms, the reply begun within a quarter second),
     * so that a search still reaches back to the last move committed (four plies at least, see {@link StorySearch}).
     * ECC 2018 game 737 under `swap` at 24 Hz, seed 1: Qxd6 cxd6 Re7 Bxb3 Ra7 Be6 Ra6 in eight seconds, no still
     * moment as long as a glance after cxd6; the first search after it was seven plies past the last move committed,
     * and the game was never followed again.
     */
    static final long FLURRY_MILLIS = 1_000;
    /**
     * Whether the story search found moves made since the last commit (a story with a move the board read whole):
     * a board that then comes back to the committed position may have come back by more moves (a repetition), and is
     * searched too. Lichess 2016-05 game 2336 under `swap` at 24 Hz, seed 2: Kh1 Qf1+ read (Black's queen lifted as
     * the king was set down), left waiting on the moves after, then Kh2 Qf2+: the board showed the committed position
     * again and the four plies were never committed. Also set when the board comes back after
     * {@link #REPETITION_SQUARES} squares changed since the last commit; while set, the log is kept as the board
     * leaves the committed position again.
     */
    boolean movedSinceCommit;
    /**
     * The fewest squares moves that come back to a position change: two pieces out and back (Nf3 Nf6 Ng1 Ng8). A
     * board back at the committed position after as many changed since the last commit may have come back by moves,
     * whether or not a search found them on the way (TWIC 124 under `swap` at 24 Hz, seed 7: 40.Rh8+ Kg6 41.Rg8+ Kh7
     * played in 3.3 s, a dropout and a hesitation on h8, the board never still for a search; back at the committed
     * position it was taken as in sync and the four plies were lost).
     */
    static final int REPETITION_SQUARES = 4;
    /**
     * The moves the close stories of the last search agreed on, unconfirmed (captures seen only briefly, each
     * followed by another such): when the board moves on past the plies a search looks ahead, the search goes on
     * from there, and a move seen whole beyond confirms them. Or, when the close stories part at their first move
     * over captures nobody saw that the moves after bear out, each one's moves: the board asks among those that
     * still explain it. Empty when none.
     */
    List<StorySearch.Horizon> horizons = List.of();
    /**
     * When a reported mismatch was last put right (Long.MIN_VALUE: never since the board was first read): the
     * misplaced pieces the board showed before are accounted for, no evidence of the moves made after.
     */
    long syncedAt;
    /**
     * A promotion the story search waits on (every close story ends with it, its piece still to be chosen): its
     * choice squares are lit as for a promotion pending, until the search decides again. Null when none.
     */
    PromotionWait promotionWait;
    /** The last moves committed, open to correction while the board shows them wrong (see {@link #revise}). */
    Revisable revisable;
    boolean explained;

    final List<RecognitionEvent> events = new ArrayList<>(2);
    private MoveTable[] afterTables;

    Transition(RecognizerState s) {
        config = s.config;
        newGame = s.newGame;
        table = s.table;
        history = s.history;
        lastMove = s.lastMove;
        board = s.board;
        now = s.now;
        log = s.log;
        pending = s.pending;
        recentProvisional = s.recentProvisional;
        displayed = s.displayed;
        recentAt = s.recentAt;
        unexplainedSince = s.unexplainedSince;
        reportedBoard = s.reportedBoard;
        mismatch = s.mismatch;
        apiChoice = s.apiChoice;
        boardChoice = s.boardChoice;
        tapSquare = s.tapSquare;
        result = s.result;
        remoteMove = s.remoteMove;
        remoteSides = s.remoteSides;
        remoteAt = s.remoteAt;
        takebackBoard = s.takebackBoard;
        polarity = s.polarity;
        deviatedSince = s.deviatedSince;
        glitchMillis = s.glitchMillis;
        ambiguity = s.ambiguity;
        lookAgainAt = s.lookAgainAt;
        searched = s.searched;
        storyBoard = s.storyBoard;
        heldBoard = s.heldBoard;
        doubtedBoard = s.doubtedBoard;
        settledAt = s.settledAt;
        catchUpStill = s.catchUpStill;
        unsearchedSince = s.unsearchedSince;
        movedSinceCommit = s.movedSinceCommit;
        horizons = s.horizons;
        syncedAt = s.syncedAt;
        promotionWait = s.promotionWait;
        revisable = s.revisable;
        answered = s.answered;
        explained = s.unexplainedSince < 0;
    }

    Step build() {
        return new Step(new RecognizerState(this), events);
    }

    // ---- inputs ------------------------------------------------------------------------------------------------

    void frame(Occupancy frame) {
        long t = Math.max(now, frame.atMillis());
        SquareSet b = frame.squares();
        // Windows that ran out before this frame close first, on the board as it was until now.
        advance(t);
        polarity = frame.polarity();
        if (board == null) {
            board = b;
            log = FrameLog.of(now, b);
            evaluate();
        } else if (!b.equals(board)) {
            if (board.equals(table.occupancy()) && pending == null && !movedSinceCommit
                    && log.shownLately(board, now, storyMillis()) >= config.proofMillis()) {
                // The board was back in sync, for longer than a flicker (a bounce as a piece is put back aside):
                // whatever was lifted before is back and proves nothing about what comes next. (The change into
                // this reading stays, as a commit keeps it: a piece just set down may still drop out, and what its
                // sensor does next is known to follow the set-down.)
                log = log.since(log.at() - 1);
                recentProvisional = null;
            }
            board = b;
            log = log.push(now, b);
            revisable = revisable.push(now, b);
            // (Counted only until set: the walk over the log stays off the frames that follow.)
            if (!movedSinceCommit && b.equals(table.occupancy())
                    && log.changedSince(settledAt).count() >= REPETITION_SQUARES) {
                movedSinceCommit = true;
            }
            catchUpStill = glance();
            // (A board that comes back to one searched before comes back with more evidence: searched anew.)
            searched = null;
            evaluate();
            if (!catchUpDue()) unsearchedSince = -1;
            else if (unsearchedSince < 0) unsearchedSince = now;
        }
        timers();
    }

    void tick(long t) {
        advance(Math.max(now, t));
    }

    /**
     * The board stopped being read: what was under way (a pending move, a question, a mismatch) is dropped, and the
     * next frame starts the log afresh, with nothing known of when the game's last move settled: a board that moved
     * on meanwhile is searched as moves made while it was not read.
     */
    void readingLost(long t) {
        advance(Math.max(now, t));
        board = null;
        log = null;
        revisable = Revisable.NONE;
        pending = null;
        recentProvisional = null;
        recentAt = Long.MIN_VALUE;
        unexplainedSince = -1;
        reportedBoard = null;
        mismatch = null;
        tapSquare = -1;
        deviatedSince = -1;
        ambiguity = null;
        lookAgainAt = -1;
        searched = null;
        storyBoard = null;
        heldBoard = null;
        doubtedBoard = null;
        settledAt = Long.MIN_VALUE;
        catchUpStill = config.settleMillis();
        unsearchedSince = -1;
        movedSinceCommit = false;
        horizons = List.of();
        syncedAt = Long.MIN_VALUE;
        promotionWait = null;
    }

    private void advance(long t) {
        now = t;
        if (board != null) timers();
    }

    void choosePromotion(PieceType piece, long t) {
        if (!table.position.variant().promotions().contains(piece)) {
            throw new IllegalArgumentException("cannot promote to " + piece.name() + " in "
                    + table.position.variant().name() + " (pieces: "
                    + table.position.variant().promotions().stream().map(PieceType::name).toList() + ")");
        }
        advance(Math.max(now, t));
        apiChoice = piece;
        events.add(new PromotionChosen(now, piece, false));
        if (board != null) timers();
    }

    void remoteMove(Move m, long t) {
        advance(Math.max(now, t));
        Position before = table.position;
        Position after = before.play(m);
        withdraw();
        history = History.push(history, before, m, config.takebackPlies());
        setTable(tableOf(after));
        lastMove = m;
        revisable = Revisable.NONE;
        remoteMove = m;
        remoteAt = now;
        recentProvisional = null;
        if (board != null) {
            log = FrameLog.of(now, board);
            evaluate();
            timers();
        }
    }

    void setAside(long t) {
        // Set aside before time moves on: no window of what the board shows may run out on the way.
        withdraw();
        takebackBoard = board;
        advance(Math.max(now, t));
        if (board != null) {
            evaluate();
            timers();
        }
    }

    void remoteSides(Set<Color> sides, long t) {
        advance(Math.max(now, t));
        remoteSides = sides;
        withdraw();
        setTable(tableOf(table.position));
        if (board != null) {
            evaluate();
            timers();
        }
    }

    void remoteTakeback(int plies, long t) {
        advance(Math.max(now, t));
        withdraw();
        SquareSet shown = table.occupancy();
        History h = history.back(plies);
        List<Move> undone = new ArrayList<>();
        for (History x = history; x != h.older(); x = x.older()) undone.add(x.move());
        Position back = h.position();
        history = h.older();
        lastMove = history == null ? null : history.move();
        setTable(tableOf(back));
        revisable = Revisable.NONE;
        remoteMove = null;
        recentProvisional = null;
        boardChoice = null;
        takebackBoard = shown;
        events.add(new TakenBack(now, undone, back));
        if (board != null) {
            log = FrameLog.of(now, board);
            evaluate();
            timers();
        }
    }

    void newGame(Position p, long t) {
        advance(Math.max(now, t));
        withdraw();
        startOver(p);
        newGame = p;
        if (board != null) {
            evaluate();
            timers();
        }
    }

    // ---- deciding on the board ---------------------------------------------------------------------------------

    void evaluate() {
        // A fresh start (no move committed yet) whose board reads the position: from here on the board was read, so a
        // search does not take the readings before the log's first frame for moves made while it was not (Lichess 614
        // under `noisy` at 24 Hz, seed 1, deciding by the search alone: 1.e4 e5, the e2 pawn flickering before its
        // lift, was read as well as e3 e6 e4 e5 with e3 and e6 made unread, and the player was asked).
        if (settledAt == Long.MIN_VALUE && lastMove == null && board != null
                && board.equals(table.position.occupancy())) {
            settledAt = now;
        }
        look();
        if (explained) {
            if (mismatch != null) {
                events.add(new BoardInSync(now));
                syncedAt = now;
            }
            mismatch = null;
            reportedBoard = null;
            unexplainedSince = -1;
        } else if (unexplainedSince < 0) {
            unexplainedSince = now;
        }
    }

    /** Looks at the board once and sets {@link #explained}. */
    private void look() {
        explained = true;
        lookAgainAt = -1;
        long deviated = deviatedSince;
        deviatedSince = -1;
        if (result != null) {
            // After a result gesture only a new game counts.
            if (board.equals(newGame.occupancy())) {
                propose(new Pending.NewGame(board, now, config.newGameMillis()));
            } else {
                withdraw();
            }
            return;
        }
        if (pending instanceof Pending.Moves shown) {
            if (board.equals(shown.board())) {
                if (tapSquare >= 0) {
                    tapSquare = -1;
                    pending = shown.restart(now);
                }
                noteTap(pending);
                // Otherwise the other side put back what it had lifted and the move itself never changed; unless
                // what it lifted together were its king and rook, trading squares in Chess960 castling.
                if (pending instanceof Pending.Ply ply) {
                    Matcher.TwoPlies castle = nullCastleAfter(ply);
                    if (castle != null) propose(twoPlyPending(castle));
                }
                return;
            }
            int tap = tapInProgress();
            if (tap >= 0) {
                tapSquare = tap;
                pending = pending.restart(now);
                return;
            }
        }
        tapSquare = -1;
        if (board.equals(table.occupancy())) {
            // (Unless it is back there by a touch of one lit square: a piece set on the square of a capture whose
            // moves after brought every other piece back. ECC 2018 game 763 under `swap` at 24 Hz, -Pslow seed 1:
            // 28...Rxa2+ Ke3 Ra3+ Kf2, asked as Rxa2+ or Re3; the touch that set a piece on a2 read as the game's
            // position, "none of these", and the game was never followed again.)
            if (ambiguity != null && ambiguity.reported() && litSquareTouched() >= 0 && touchOfAStory()) return;
            // The board back at the game's position answers a question with "none of these" (a piece that was still
            // held is set back).
            if (ambiguity != null && !ambiguity.board().equals(board)) ambiguity = null;
            Pending.Ply castle = nullCastle();
            if (castle != null) {
                propose(castle);
            } else {
                // Back in sync for less than a flicker (the square left reading occupied again): a glitch.
                if (pending instanceof Pending.Moves && glitching(deviated)) return;
                withdraw();
                boardChoice = null;
                // A capture made elsewhere shows its final occupancy as soon as the capturing piece is lifted, its
                // victim still standing: it is done only once the victim's square has been emptied. Until then, the
                // piece set back is no takeback of it.
                if (!remoteCaptureInHand()) remoteMove = null;
                takebackBoard = null;
                // (The last story is forgotten with the log, once the board has stayed in sync.)
            }
            return;
        }
        if (takebackBoard != null) {
            if (board.equals(takebackBoard)) {
                // Taken back by command, the pieces not yet put back: the later position is not a move made again.
                withdraw();
                explained = false;
                return;
            }
            takebackBoard = null;   // the pieces are moving: from here the board is read as usual
        }
        if (remoteMove != null && history != null && board.equals(history.position().occupancy())) {
            // A move made elsewhere, not yet made on the board: nothing to decide (no takeback, no new game).
            withdraw();
            return;
        }
        if (remoteMove != null && history != null && remoteMoveShown()) {
            // The move made elsewhere shows on its own squares, though the board never read in sync before the
            // player's next move began (a piece set down off centre read only late, the next piece lifted in the
            // same scan): it is made. The log goes on from when its pieces were lifted: what the board showed before
            // was the game before it, which no story from the game's position explains.
            SquareSet before = history.position().occupancy(), after = table.occupancy();
            long first = log.firstState(before.minus(after), SquareSet.EMPTY, Long.MIN_VALUE);
            if (first >= 0) log = log.since(first - 1);
            remoteMove = null;
        }
        if (ambiguity != null && ambiguity.reported() && touchOfAStory()) return;
        Matcher matcher = new Matcher(this);
        Matcher.Candidate c = matcher.find();
        // (A capture found in doubt on this board is left to the story search: see victimInDoubt.)
        if (c instanceof Matcher.Moves && board.equals(doubtedBoard)) c = null;
        // (Deciding by the story search alone, a move the matcher finds is left to it; the match still stands in
        // the way of reading the board as a takeback or a new game.)
        if (config.searchOnly()) {
            display(c instanceof Matcher.Moves m ? m.move() : null);
            if (c instanceof Matcher.Moves) c = null;
        }
        if (c == null && matcher.tied() != null && !config.searchOnly()) {
            if (ambiguity == null || !ambiguity.board().equals(board)) ambiguity = Ambiguity.of(board, matcher.tied(), now);
            // A pending move among the tied first moves was proposed on weaker evidence than a tie (shown alone for
            // a scan, as a flicker made the reply look undone): it no longer stands.
            if (pending instanceof Pending.Moves) withdraw();
        } else if (ambiguity != null && !ambiguity.board().equals(board)) {
            ambiguity = null;
        }
        if (pending instanceof Pending.Moves shown && !(c instanceof Matcher.Moves m && shown.move().equals(m.move()))
                && stands(shown)
                && (c == null || shownLongerThanFlicker(shown) || !firstShown(c))) {
            // The other side is answering (or the next move is under way): the pending story still explains the
            // board, and its window keeps running. A story that starts with another first move does not replace it,
            // unless the board showed the pending decision only for a flicker (a bounce and a neighbour's reading
            // for a scan or two) and the new story's first move stood longer than one.
            return;
        }
        // The reply of two pending plies reading undone (the square it left misread as occupied) is a deviation like
        // any other: the two plies stand through it if it lasts less than a flicker.
        boolean replyUndone = c instanceof Matcher.Ply ply && pending instanceof Pending.TwoPlies two
                && two.move().equals(ply.move());
        // So is a reading that tells another story with another first move (a bounce and a neighbour's flicker can
        // read as a whole other pair of moves for a scan): the new story is proposed only once it lasts.
        boolean otherStory = c instanceof Matcher.Moves m && pending instanceof Pending.Moves shown
                && !Matcher.samePair(shown.move(), m.move());
        if (c == null || replyUndone || otherStory) {
            if (pending instanceof Pending.Moves) {
                // A board that stops showing the pending move for less than a flicker (a square misread for a scan or
                // two, a bounce) does not withdraw it: it only keeps it from being committed meanwhile.
                if (glitching(deviated)) {
                    explained = inProgress();
                    return;
                }
                if (fallsBackToFirst()) return;
            }
            if (replyUndone) {
                Matcher.Ply ply = (Matcher.Ply) c;
                propose(movePending(table, ply.move(), ply.index(), now));
                return;
            }
            if (c == null) {
                withdraw();
                explained = inProgress() && !board.equals(heldBoard);
                return;
            }
        }
        switch (c) {
            case Matcher.TwoPlies two -> propose(twoPlyPending(two));
            case Matcher.Ply ply -> propose(movePending(table, ply.move(), ply.index(), now));
            case Matcher.Takeback back -> propose(new Pending.Takeback(back.plies(), board, now, config.takebackMillis()));
            case Matcher.NewGame ignored -> propose(new Pending.NewGame(board, now, config.newGameMillis()));
            case Matcher.GameResult r -> propose(new Pending.GameResult(r.result(), board, now, config.resultMillis()));
        }
    }

    /**
     * The player answering an ambiguity: one of the lit squares touched (its reading changed, nothing else), then the
     * board as it was. Once the touch has lasted longer than a flicker and the board is back, and has stayed so for
     * {@link RecognizerConfig#answerMillis()} ({@link #answerTaken}), the story of that square is chosen. Any other
     * square changing meanwhile makes the touch the start of play (a piece lifted and set back, then moved; one
     * touched before another is moved), no answer. Returns whether the board is such a touch (or its end).
     */
    private boolean touchOfAStory() {
        int lit = litSquareTouched();
        if (lit >= 0) {
            ambiguity = ambiguity.touching(lit, now);
            return true;
        }
        if (ambiguity.touched() < 0) return false;
        if (!board.equals(ambiguity.board())) {
            // (Lichess 2016-05 game 3456 under `swap` at 24 Hz, seed 1, nobody answering: Qxe4 or Qf5 asked, then the
            // knight on the lit f5 lifted, held 1.4 s and set back, and lifted again for Nxe3 half a second later: the
            // hesitation chose Qf5, and the game was recorded wrong.)
            ambiguity = ambiguity.untouched();
            return false;
        }
        if (ambiguity.releasedAt() >= 0) return true;
        long touchedSince = ambiguity.touchedSince();
        if (now - touchedSince < storyMillis()) {
            ambiguity = ambiguity.untouched();   // a flicker, not a touch
            return false;
        }
        if (droppedOut(ambiguity.touched(), touchedSince)) {
            ambiguity = ambiguity.untouched();   // the piece just set down there dropping out, not a touch
            return false;
        }
        ambiguity = ambiguity.released(now);
        return true;
    }

    /** The square where the board differs from the one asked about when that is one square only, a lit one; else -1. */
    private int litSquareTouched() {
        SquareSet diff = board.symmetricDifference(ambiguity.board());
        return diff.count() == 1 && ambiguity.storyAt(diff.first()) != null ? diff.first() : -1;
    }

    /**
     * Takes the answer once the board has stayed as it was for {@link RecognizerConfig#answerMillis()} after the touch
     * ({@link #touchOfAStory}): the story of the touched square is chosen.
     */
    private void answerTaken() {
        Ambiguity.Story story = ambiguity.storyAt(ambiguity.touched());
        long touchedSince = ambiguity.touchedSince();
        Ambiguity asked = ambiguity;
        ambiguity = null;
        if (asked.withdraw() > 0) {
            // (A story from before moves already committed: those it does not keep are withdrawn, see Correction.)
            if (revisable.entries().size() >= asked.withdraw()
                    && revisable.back(asked.withdraw()).before().equals(asked.from())) {
                long[] doneAt = story.doneAt();
                if (doneAt == null) {
                    doneAt = new long[story.moves().size()];
                    java.util.Arrays.fill(doneAt, now);
                }
                Correction.answered(this, asked.withdraw(), story.moves(), doneAt, touchedSince, asked.exchange());
            }
            searched = null;
        } else if (story.twoPly() != null) {
            // (Its window counted from when the touch ended: the board has shown the two plies since.)
            propose(twoPlyPending(story.twoPly()).restart(asked.releasedAt()));
        } else {
            // The player said which story happened. The touch that said so (its square emptied and filled again, or
            // the other way) is no reading of a move: the log goes on from just before it, and the moves chosen were
            // done when the board showed them done, so what the log read of later moves still counts.
            // (A story asked about up to where it parts from the others, with more moves on the board after it,
            // is followed by them: the log goes on from when its moves were done, not from now.)
            FrameLog untouched = log.before(touchedSince);
            if (story.doneAt() != null && untouched != null && untouched.board().equals(board)) {
                log = untouched;
                commitStory(story.moves(), story.doneAt(), story.moves().size(), null,
                        !played(story.moves()).occupancy().equals(board));
            } else {
                long[] at = new long[story.moves().size()];
                java.util.Arrays.fill(at, now);
                commitStory(story.moves(), at, story.moves().size(), null);
                log = FrameLog.of(now, board);
            }
            searched = null;
        }
    }

    /**
     * Whether square {@code sq}, read empty from {@code since} until now, may be its piece dropping out rather than
     * lifted by a hand: a piece was read set down there within the while dropouts follow a set-down, and the emptiness
     * lasted no longer than a dropout. Such a reading is no touch answering a question (Lichess 2016-05 game 4255
     * under `swap` at 24 Hz, seed 1, nobody answering: e5 or exd5 asked, then Bxe5 a swap on the lit e5, the bishop
     * dropping out there 83 ms, read as the touch that chose e5).
     */
    private boolean droppedOut(int sq, long since) {
        if (!board.contains(sq) || config.sensors().dropout().none()) return false;
        long setDown = log.setDownUntil(sq, since);
        return setDown != Long.MIN_VALUE
                && config.sensors().mayDropOut(since - setDown, now - since, config.sensors().longestFalseEmpty());
    }

    /** The pending decision for a move of table {@code tb}, with its window: longer when it may still grow. */
    private Pending.Ply movePending(MoveTable tb, Move m, int i, long since) {
        long window = config.settleMillis();
        if (tb.isHiddenCapture(i)) window = Math.max(window, config.captureMillis());
        if (maySlideOn(tb, i)) window = Math.max(window, config.slideMillis());
        if (mayBecomeCastling(tb, i)) window = Math.max(window, config.castlingMillis());
        MoveTable after = tb == table ? tableAfter(i) : tableOf(tb.position.play(m));
        List<PromotionChoice> choices = PromotionChoices.of(tb.position, m);
        return new Pending.Ply(m, i, after, board, since, window, after.position.occupancy(after.position.turn()),
                slideTargets(tb, m), choices);
    }

    /**
     * A move and its reply, both on the board: the reply proves the first move final, whatever its window. Decided
     * once the board has shown them for {@code proofMillis} (a coincidence of sensor flicker lasts less), during
     * which the first mover may already be making the next move.
     */
    private Pending.TwoPlies twoPlyPending(Matcher.TwoPlies c) {
        MoveTable first = tableAfter(c.index());
        int j = first.indexOf(c.second());
        MoveTable second = tableOf(first.position.play(c.second()));
        // The first move alone: as it was pending, or else as pending from now (it never stood alone, so it lends
        // the two plies no earlier decision); none for a capture nobody saw, which only the reply could prove.
        Pending.Ply alone = c.unproven() ? null
                : pending instanceof Pending.Ply ply && ply.move().equals(c.move())
                ? ply
                : pending instanceof Pending.TwoPlies two && two.move().equals(c.move())
                ? two.first()
                : movePendingAt(c.move(), c.index(), now);
        return new Pending.TwoPlies(c.move(), c.index(), first, c.second(), second, c.firstComplete(), alone, board,
                now, config.proofMillis(), second.position.occupancy(second.position.turn()),
                slideTargets(first, first.moves[j]));
    }

    /** The move of the committed table as pending from {@code since}, with the board it leaves. */
    private Pending.Ply movePendingAt(Move m, int i, long since) {
        Pending.Ply p = movePending(table, m, i, since);
        return p.shownBy(table.after(i), since, p.window());
    }

    /**
     * Victims the piece could still reach by sliding on from where the move set it down (it may have paused on the
     * way, and the victim is taken off before it goes on). A piece that has landed cannot reach anything else
     * without being lifted again.
     */
    private static SquareSet slideTargets(MoveTable tb, Move m) {
        SquareSet targets = SquareSet.EMPTY;
        Move b = PromotionChoices.base(m);
        for (int j = 0; j < tb.count; j++) {
            Move o = PromotionChoices.base(tb.moves[j]);
            if (o.from() == b.from() && tb.victim[j] >= 0 && !(o instanceof Move.Castle) && tb.onTheWay(b.from(), b.to(), o.to())) {
                targets = targets.with(tb.victim[j]);
            }
        }
        return targets;
    }

    /** A piece that could still slide further along the same line to another legal square. */
    static boolean maySlideOn(MoveTable tb, int i) {
        Move m = PromotionChoices.base(tb.moves[i]);
        if (m instanceof Move.Castle) return false;
        for (int j = 0; j < tb.count; j++) {
            Move o = PromotionChoices.base(tb.moves[j]);
            if (j != i && o.from() == m.from() && !(o instanceof Move.Castle) && tb.onTheWay(m.from(), m.to(), o.to())) {
                return true;
            }
        }
        return false;
    }

    /** A king or rook move that may be the first half of a castling that is legal now. */
    static boolean mayBecomeCastling(MoveTable tb, int i) {
        Move m = PromotionChoices.base(tb.moves[i]);
        if (m instanceof Move.Castle) return false;
        for (int j = 0; j < tb.count; j++) {
            if (!(PromotionChoices.base(tb.moves[j]) instanceof Move.Castle c)) continue;
            if (m.from() == c.from() && c.from() != c.to()
                    && (m.to() == c.to() || tb.onTheWay(c.from(), m.to(), c.to()))) return true;
            if (m.from() == c.rookFrom() && c.rookFrom() != c.rookTo()
                    && (m.to() == c.rookTo() || tb.onTheWay(c.rookFrom(), m.to(), c.rookTo()))) return true;
        }
        return false;
    }

    /**
     * Chess960 castling where king and rook trade squares (or stay): the occupancy does not change, so only the two
     * squares read empty together say it happened.
     */
    private Pending.Ply nullCastle() {
        for (int i = 0; i < table.count; i++) {
            if (PromotionChoices.base(table.moves[i]) instanceof Move.Castle c && table.leaves(i, table.occupancy())
                    && liftedTogether(c, Long.MIN_VALUE)) {
                return movePending(table, table.moves[i], i, now).shownBy(board, now, config.castlingMillis());
            }
        }
        return null;
    }

    /** A Chess960 castling that leaves the occupancy unchanged, made by the other side after the pending move. */
    private Matcher.TwoPlies nullCastleAfter(Pending.Ply p) {
        MoveTable tb = p.afterTable();
        for (int i = 0; i < tb.count; i++) {
            if (PromotionChoices.base(tb.moves[i]) instanceof Move.Castle c && tb.leaves(i, tb.occupancy())
                    && liftedTogether(c, p.since())) {
                return new Matcher.TwoPlies(p.move(), p.index(), p.since(), tb.moves[i], false);
            }
        }
        return null;
    }

    /**
     * Whether the king and rook of castling {@code c} were both off their squares at once since {@code from}: read
     * empty together for a proof, or together at all while each square's emptiness was a lift (longer than a flicker,
     * and no dropout of a piece standing there: a piece that has stood a while does not drop out). Quick hands swap
     * them within a tenth of a second (random Chess960 game 14 under `swap` at 40 Hz, -Pslow seed 2: 2...O-O-O, d8 and
     * c8 empty together for 100 ms, then a dropout of the rook just set on d8; neither castling was read, and b5 was
     * committed in their place).
     */
    private boolean liftedTogether(Move.Castle c, long from) {
        SquareSet both = SquareSet.of(c.from(), c.rookFrom());
        if (log.seenEmpty(both, from, now, config.proofMillis())) return true;
        if (!log.seenEmpty(both, from, now, 1)) return false;
        long flicker = config.sensors().longestFlicker() + 1;
        for (int sq : both.toArray()) {
            // (A piece whose set-down the log never saw has stood since before it began: long enough that no dropout
            // of it is due. Half of Long.MIN_VALUE keeps the time since it computable.)
            long setDown = log.setDownAtStart(sq);
            long since = setDown == Long.MIN_VALUE ? Long.MIN_VALUE / 2 : setDown;
            if (!log.leftAfterSetDown(sq, since, now, flicker, config.sensors())) return false;
        }
        return true;
    }

    /** A piece set down on a lit promotion choice square (with the promotion square full or being refilled). */
    private int tapInProgress() {
        if (!(pending instanceof Pending.Ply ply) || !ply.choosable()) return -1;
        SquareSet added = board.minus(ply.board());
        SquareSet missing = ply.board().minus(board);
        if (added.count() != 1 || !missing.minus(SquareSet.of(PromotionChoices.squareOf(ply.move()))).isEmpty()) return -1;
        int sq = added.first();
        for (PromotionChoice c : ply.choices()) {
            if (c.square() == sq) return sq;
        }
        return -1;
    }

    /**
     * The side to reply lifted some of its pieces after the move was complete: the move stands and its window keeps
     * running, unless a lifted piece is a victim the moving piece could still slide on to.
     */
    private boolean otherSideLifts(Pending.Moves p) {
        SquareSet lifted = p.board().minus(board);
        if (!board.minus(p.board()).isEmpty() || lifted.isEmpty()) return false;
        return lifted.minus(p.opponents()).isEmpty() && lifted.intersect(p.captureTargets()).isEmpty();
    }

    /**
     * The board is the pending move with part of a reply made (the other side's piece lifted or dragged, a piece of
     * the mover lifted as its victim): the move stands, unless the lifted pieces include the piece the move set down
     * (the mover may be going on) or a victim it could still slide on to.
     */
    private boolean replyUnderway(Pending.Moves p) {
        SquareSet lifted = p.board().minus(board);
        Move m = PromotionChoices.base(p.lastMove());
        SquareSet placed = SquareSet.of(m.to());
        if (m instanceof Move.Castle c) placed = placed.with(c.rookTo());
        if (!lifted.intersect(placed).isEmpty() || !lifted.intersect(p.captureTargets()).isEmpty()) return false;
        return partOfMoveInOrder(p.finalTable());
    }

    /** Whether the board still shows the pending move (or moves), perhaps with the other side answering. */
    private boolean stands(Pending.Moves p) {
        if (board.equals(p.board()) || otherSideLifts(p)) return true;
        if (p instanceof Pending.TwoPlies two) {
            // The next move under way (any piece, the ones just moved too), with the squares the reply left still
            // empty: a reply that reads undone again was sensor flicker.
            SquareSet replyLeft = two.afterTable().occupancy().minus(two.secondTable().occupancy());
            return replyLeft.intersect(board).isEmpty() && partOfMoveInOrder(two.secondTable());
        }
        return replyUnderway(p);
    }

    /**
     * Whether the board, which no longer shows the pending move, has done so for less than a glitch lasts: then the
     * move is kept (and {@link #deviatedSince} says since when), else it is up for withdrawal.
     */
    private boolean glitching(long deviated) {
        deviatedSince = deviationSince((Pending.Moves) pending, deviated);
        glitchMillis = glitchMillis();
        if (now - deviatedSince < glitchMillis) return true;
        deviatedSince = -1;
        return false;
    }

    /**
     * How long the board may stop showing the pending move and still be glitching: a flicker; or, when every square
     * that differs is one the move set a piece down on, reading empty within the while after a set-down that dropouts
     * happen, a dropout as the scans see it (Hall sensors: a Chess960 king set on g1 beside its rook dropped out for
     * 80 ms, the castling, which changes no square, was withdrawn, and the next move was read as the first).
     */
    private long glitchMillis() {
        long flicker = storyMillis();
        SensorModel sensors = config.sensors();
        if (!(pending instanceof Pending.Moves shown) || sensors.dropout().none()) return flicker;
        SquareSet differ = board.symmetricDifference(shown.board())
                .minus(shown.board().minus(board).intersect(shown.opponents()));
        SquareSet placed = StorySearch.placed(PromotionChoices.base(shown.move()))
                .union(StorySearch.placed(PromotionChoices.base(shown.lastMove())));
        if (differ.isEmpty() || !placed.containsAll(differ) || differ.intersects(board)
                || now - shown.since() > sensors.dropoutWithinMillis()) {
            return flicker;
        }
        return Math.max(flicker, sensors.longestReadingOf(sensors.longestFalseEmpty()));
    }

    /**
     * Since when the board has been stopping to show {@code p}: the oldest current reading among the squares that
     * differ from it (the other side's lifted pieces aside), and not before the first frame that stopped showing it
     * ({@code deviated}, or now). A bounce on one square followed by a flicker on another is two glitches, each short,
     * not one long deviation.
     */
    private long deviationSince(Pending.Moves p, long deviated) {
        SquareSet differ = board.symmetricDifference(p.board()).minus(p.board().minus(board).intersect(p.opponents()));
        long since = now;
        for (int sq : differ.toArray()) since = Math.min(since, log.currentSince(sq, 0));
        // Not before the board stopped showing it (a reply's lifted victim was part of the move standing).
        return Math.max(since, deviated < 0 ? now : deviated);
    }

    /**
     * The reply goes on changing (a piece dragged further), the first move standing alone again: it is pending. Only a
     * first move the board showed alone before the pair: one read only as half of a pair was chosen for the reply it
     * went with, and the board without that reply is matched afresh (Lichess 4493 under `noisy` at 24 Hz, seed 2:
     * Qxg3+ and Qxd4 leave the same board; a flicker on g2 read as Qxd4 Qg3-g2, and once it ended Qxd4 was committed
     * on its own, then fxg3 could not be read).
     */
    private boolean fallsBackToFirst() {
        if (!(pending instanceof Pending.TwoPlies two) || two.first() == null || !stands(two.first())
                || two.first().since() >= two.since()) {
            return false;
        }
        fallBackToFirst(two);
        return true;
    }

    private void fallBackToFirst(Pending.TwoPlies two) {
        events.add(new ProvisionalWithdrawn(now, two.second()));
        pending = two.first();
    }

    /**
     * The on-board promotion choice, read from the evidence: since the promotion was made, a lit choice square held a
     * piece longer than a flicker and is empty again. The latest such touch counts.
     */
    /**
     * The longest a touch of a choice square may read interrupted and still be one touch: another square misread for
     * a moment, as settled frames show it (random Chess960 game 85 under `noisy` at 24 Hz, -Pslow seed 1: f2 touched
     * for 333 ms to choose a knight, a neighbour's flicker on g3 for 125 ms splitting it in two runs shorter than a
     * proof; h1=Q was committed).
     */
    private long touchGap() {
        SensorModel s = config.sensors();
        return s.longestReadingOf(s.longestUntouchedMisreading());
    }

    private void noteTap(Pending decision) {
        if (!(decision instanceof Pending.Ply p) || !p.choosable()) return;
        long from = Math.min(p.since(), firstDone(p.index()));
        long latest = -1;
        PieceType chosen = null;
        // A touch is the promotion as it stands, plus a piece on the choice square (the promotion square may be empty
        // meanwhile: the pawn just taken off is the piece in hand); a piece dragged over the square in a later move
        // (a rook going a8-c8 over b8 to take the new queen) is none.
        SquareSet promotion = SquareSet.of(PromotionChoices.squareOf(p.move()));
        SquareSet mask = SquareSet.FULL.minus(promotion);
        for (PromotionChoice c : p.choices()) {
            long end = log.latestRunEnd(p.board().with(c.square()), mask, from, now, config.proofMillis(), touchGap());
            if (end > latest) {
                latest = end;
                chosen = c.piece();
            }
        }
        if (chosen != null && chosen != boardChoice) {
            boardChoice = chosen;
            events.add(new PromotionChosen(now, chosen, true));
            pending = pending == p ? p.restart(now) : pending;
        }
    }

    private void propose(Pending p) {
        if (pending != null && pending.sameDecision(p) && pending.board().equals(p.board())) return;
        if (pending instanceof Pending.TwoPlies two && p instanceof Pending.Ply
                && two.first() != null && two.first().sameDecision(p) && two.first().board().equals(p.board())) {
            fallBackToFirst(two);
            return;
        }
        if (pending instanceof Pending.Moves shown && p instanceof Pending.TwoPlies reply && shown.move().equals(reply.move())) {
            // The reply came (or changed): the first move is already shown as provisional.
            if (shown instanceof Pending.TwoPlies two) events.add(new ProvisionalWithdrawn(now, two.second()));
            pending = p;
            events.add(new MoveProvisional(now, reply.second(), reply.afterTable().position.san(reply.second())));
            return;
        }
        withdraw();
        pending = p;
        noteTap(p);
        if (p instanceof Pending.Moves shown) {
            events.add(new MoveProvisional(now, shown.move(), table.position.san(shown.move())));
            if (shown instanceof Pending.TwoPlies two) {
                events.add(new MoveProvisional(now, two.second(), two.afterTable().position.san(two.second())));
            } else if (shown instanceof Pending.Ply ply && PromotionChoices.isPromotion(ply.move())) {
                events.add(new PromotionPending(now, ply.move(), PromotionChoices.defaultPiece(table.position), ply.choices()));
            }
        }
    }

    private void withdraw() {
        withdraw(now);
    }

    /** Shows {@code m} as the move the board shows, deciding by the search alone (see {@link #displayed}). */
    private void display(Move m) {
        if (java.util.Objects.equals(m, displayed)) return;
        if (displayed != null) events.add(new ProvisionalWithdrawn(now, displayed));
        displayed = m;
        if (m != null) events.add(new MoveProvisional(now, m, table.position.san(m)));
    }

    /** Withdraws the pending decision, which the board showed until {@code shownUntil}. */
    private void withdraw(long shownUntil) {
        if (pending instanceof Pending.Moves moved) {
            if (moved instanceof Pending.TwoPlies two) events.add(new ProvisionalWithdrawn(now, two.second()));
            events.add(new ProvisionalWithdrawn(now, moved.move()));
            // Remembered as the board's last story only if the board showed it (a first move: alone) longer than a
            // flicker in all since the story remembered before it ended: glimpses of a square passed over before
            // that story are no later story, and a move shown in pieces between flickers is one.
            SquareSet alone = moved.alone().board();
            long from = recentProvisional == null ? Long.MIN_VALUE : recentAt;
            long shown = log.shownFor(alone, from, now);
            if (shown >= storyMillis()) {
                recentProvisional = moved.move();
                recentAt = Math.min(shownUntil, log.lastShownEnd(alone, now));
            } else if (shown >= storyMillis() / 2 && slidOnFrom(recentProvisional, moved.move())) {
                // The piece of the last story was read further along its line as it left its square, alone for more
                // than a scan: it slid on (a rook dragged f7-f4, resting there, then on to f2), and the square it
                // rested on is no story any more. (A square further on read long after the piece left is no slide:
                // the other side's bishop dragged towards it, after taking it off.)
                recentProvisional = null;
            }
        }
        pending = null;
        tapSquare = -1;
    }

    /**
     * Whether {@code later} moves the piece of {@code earlier} further along the same line, its square filling within a
     * flicker's length of the piece leaving the earlier one (flicker bridged): a slide goes on without a pause in hand.
     */
    private boolean slidOnFrom(Move earlier, Move later) {
        if (earlier == null || earlier instanceof Move.Castle || later instanceof Move.Castle) return false;
        Move a = PromotionChoices.base(earlier), b = PromotionChoices.base(later);
        if (a.from() != b.from() || !table.onTheWay(a.from(), a.to(), b.to()) || board.contains(a.to())) return false;
        long left = log.currentSince(a.to(), storyMillis());
        long reached = log.firstFilledSince(b.to(), left);
        return reached >= 0 && reached - left <= storyMillis();
    }

    /**
     * The board shows part of a legal move being made (or of a reply to the pending move, or of a result gesture):
     * not a mismatch, however long it lasts.
     */
    private boolean inProgress() {
        if (partOfMove(table)) return true;
        if (remoteMove != null && history != null) {
            // The remote move being carried out on the board: between the position before it and after it.
            SquareSet before = history.position().occupancy();
            SquareSet after = table.occupancy();
            if (board.minus(before.union(after)).isEmpty() && before.intersect(after).minus(board).isEmpty()) return true;
        }
        // Part of a reply to a move that was complete on the board.
        SquareSet standing = table.occupancy().intersect(board);
        for (int i = 0; i < table.count; i++) {
            SquareSet after = table.after(i);
            // The squares the first move left must still be empty (a reply moving onto them is rare enough).
            if (!after.containsAll(standing)) continue;
            // What the board changed beyond the first move: a reply's squares.
            int rest = after.distance(board);
            if (rest > 4) continue;
            if (partOfMove(tableAfter(i))) return true;
        }
        return ResultGestures.inProgress(table.position, board);
    }

    /**
     * Like {@link #partOfMove}, and physically in order: what the board shows added arrived after one of the moving
     * side's lifted pieces left (flicker shorter than {@code proofMillis} aside).
     */
    boolean partOfMoveInOrder(MoveTable tb) {
        SquareSet lifted = tb.occupancy().minus(board), added = board.minus(tb.occupancy());
        if (!added.isEmpty()) {
            SquareSet own = tb.position.occupancy(tb.position.turn()).intersect(lifted);
            if (own.isEmpty()) return false;
            long left = Long.MAX_VALUE;
            for (int sq : own.toArray()) left = Math.min(left, log.currentSince(sq, 3 * config.proofMillis() / 2));
            for (int sq : added.toArray()) {
                if (log.arrivedSince(sq, config.proofMillis()) < left) return false;
            }
        }
        return partOfMove(tb);
    }

    /**
     * Like {@link #partOfMoveInOrder}, for a story that competes with a move the board shows done: a piece resting on
     * a square it could only be passing over (a bishop dragged from a6 towards e2, on d3) is passing over it only for
     * {@code slideMillis} after it arrived there; after that it has stopped, and that is no move under way. Asks to
     * be looked at again when that time comes.
     */
    boolean stillPartOfMoveInOrder(MoveTable tb) {
        if (!partOfMoveInOrder(tb)) return false;
        SquareSet lifted = tb.occupancy().minus(board);
        SquareSet added = board.minus(tb.occupancy());
        long expires = Long.MIN_VALUE;
        for (int i = 0; i < tb.count; i++) {
            if (!tb.partly(i, lifted, added)) continue;
            SquareSet passing = added.minus(tb.fills(i));
            if (passing.isEmpty()) return true;
            long arrived = Long.MIN_VALUE;
            for (int sq : passing.toArray()) arrived = Math.max(arrived, log.arrivedSince(sq, config.proofMillis()));
            expires = Math.max(expires, arrived + config.slideMillis());
        }
        if (expires <= now) return false;
        lookAgainAt = lookAgainAt < 0 ? expires : Math.min(lookAgainAt, expires);
        return true;
    }

    /** The committed position with {@code moves} played on from it (a story's). */
    Position played(List<Move> moves) {
        Position p = table.position;
        for (Move m : moves) p = p.play(m);
        return p;
    }

    /** Whether the board is the table's position with part of one of its moves done. */
    boolean partOfMove(MoveTable tb) {
        SquareSet lifted = tb.occupancy().minus(board), added = board.minus(tb.occupancy());
        for (int i = 0; i < tb.count; i++) {
            if (tb.partly(i, lifted, added)) return true;
        }
        return false;
    }

    // ---- windows -----------------------------------------------------------------------------------------------

    private void timers() {
        if (deviatedSince >= 0 && now - deviatedSince >= glitchMillis) {
            // The board stopped showing the pending move for longer than a glitch: it is withdrawn.
            long shownUntil = deviatedSince;
            deviatedSince = -1;
            if (!fallsBackToFirst()) withdraw(shownUntil);
            // What the board shows may be a story of its own, from when it began to show it (the same whether the
            // time passed in one tick or many).
            long t = now;
            now = Math.max(shownUntil, log.at());
            evaluate();
            now = t;
        }
        if (lookAgainAt >= 0 && now >= lookAgainAt) {
            // A story that held only while a piece might still be sliding has run out: what does the board show?
            evaluate();
        }
        if (ambiguity != null && ambiguity.releasedAt() >= 0 && board.equals(ambiguity.board())
                && now - ambiguity.releasedAt() >= config.answerMillis()) {
            answerTaken();
        }
        firePending();
        if (ambiguity != null && now >= ambiguity.decideAt() && board.equals(ambiguity.board())) {
            // Nobody answered, and no piece is held this long: the board decides as it does when still ({@code CatchUp}).
            ambiguity = null;
            searched = null;
            catchUpStill = config.holdMillis();
        }
        if (pending instanceof Pending.Moves moves && board != null && !board.equals(moves.board())
                && now - log.at() >= config.holdMillis() && now - moves.since() >= window(moves)) {
            // A pending move the board never showed long enough to be final, a piece off it ever since, the board
            // still for longer than a piece is held: no move is under way, the board has moved on past it (a capture
            // onto an occupied square leaves the board a piece in hand leaves). The story search reads it from the
            // committed position, as it reads any still board (Lichess 2016-05 game 1591 under `noisy` at 24 Hz, its
            // file alone, seed 3: 25.Qg4 Ne5 shown 125 ms in pieces between flickers, then 26.Qxg5, read as the queen
            // in hand: pending for good, and the game's last three moves never committed).
            withdraw();
            searched = null;
        }
        if (catchUpDue() && (now - log.at() >= catchUpStill || flurryDue())) {
            unsearchedSince = -1;
            new CatchUp(this).decide();
            // (Moves the search committed may leave the rest of the board a pending move whose window, counted from
            // when the board began to show it, has long passed: it is final now, not a scan later.)
            firePending();
        }
        if (ambiguity != null && !ambiguity.reported() && board.equals(ambiguity.board())
                && now - ambiguity.since() >= config.settleMillis()) {
            ambiguity = ambiguity.asking(now, table.position);
            events.add(ambiguity.asked());
        }
        // (A board the player is being asked about is explained by the stories asked: no mismatch meanwhile. Nor
        // one the story search found legal moves for and waits on: ECC 2018 game 70 under `swap` at 40 Hz, -Pslow
        // seed 1, was reported as a mismatch for a second and a half during 48.Rhxf7 Rxh4 49.Rf4 Rxf4 50.Kxf4.)
        // (Reported once the board has rested unexplained for the window, not while pieces still move: a flurry of
        // captures read right in the end showed "put the pieces back" for a moment in the middle of it, Morphy game
        // 127 under `swap` at 40 Hz; the story search, which may explain a board, only looks at a still one.)
        if (!explained && unexplainedSince >= 0 && now >= mismatchDueAt(unexplainedSince, log, config)
                && result == null && (table.count > 0 || table.remote) && !board.equals(reportedBoard)
                && !board.equals(storyBoard)
                && (ambiguity == null || !ambiguity.reported() || !board.equals(ambiguity.board()))) {
            if (!revise()) reportMismatch();
        }
        // A board reported unexplained and left as it is for another mismatch window is one the players take for
        // right: the log's account of how it came to be is doubted (two misreadings in one story, which the story
        // search rules out, or more than it looks for), and the board is searched as after a restart, by what it
        // shows alone; stories found so are asked about, never committed unasked (ECC 2018 game 393 under `hall` at
        // 24 Hz, seed 1: 4.d5 exd5 5.cxd5 d6, d5's landing read late as Black's pawn was lifted, exd5 a swap nobody
        // saw and cxd5 hesitated over; no story was found and the game was never followed again).
        if (logDoubtedAt(mismatch, board, reportedBoard, settledAt, table, log, config) <= now) doubtTheLog();
    }

    /** Commits the pending move while its window has passed and the board bears it out, and what follows it so. */
    private void firePending() {
        for (int round = 0; round < MAX_ROUNDS; round++) {
            if (pending == null || now - pending.since() < window(pending) || !committable()) break;
            if (pending instanceof Pending.Moves p && victimInDoubt(p)) {
                doubtedBoard = board;
                withdraw();
                searched = null;
                break;
            }
            fire();
            evaluate();
        }
    }

    /**
     * When the log's account of an unexplained board is doubted (see {@link #timers}): a mismatch window after it was
     * reported and last changed; Long.MAX_VALUE when not (no mismatch standing on this board, or the board is already
     * read as after a restart). Shared with {@link RecognizerState#wakeUpAt}.
     */
    static long logDoubtedAt(BoardMismatch mismatch, SquareSet board, SquareSet reportedBoard, long settledAt,
                             MoveTable table, FrameLog log, RecognizerConfig config) {
        if (mismatch == null || board == null || !board.equals(reportedBoard) || settledAt == Long.MIN_VALUE
                || table.count == 0) {
            return Long.MAX_VALUE;
        }
        return Math.max(log.at(), mismatch.atMillis()) + config.mismatchMillis();
    }

    /** Reads the board as if it had not been read until its last change (see {@link #timers}). */
    private void doubtTheLog() {
        log = FrameLog.of(log.at(), board);
        settledAt = Long.MIN_VALUE;
        searched = null;
        storyBoard = null;
        horizons = List.of();
        unsearchedSince = -1;
        catchUpStill = config.settleMillis();
    }

    /**
     * When an unexplained board is reported: once it has been unexplained since {@code unexplainedSince} and still (the
     * log's newest change) for the mismatch window. Shared by the report and {@link RecognizerState#wakeUpAt}.
     */
    static long mismatchDueAt(long unexplainedSince, FrameLog log, RecognizerConfig config) {
        return Math.max(unexplainedSince, log.at()) + config.mismatchMillis();
    }

    long window(Pending p) {
        return window(p, boardChoice != null || apiChoice != null, config.promotionMillis());
    }

    /**
     * How long {@code p} must stand before it is final: a promotion whose piece is not {@code chosen} yet waits for the
     * choice; two plies are not decided later than the first move's own window would have decided it.
     */
    static long window(Pending p, boolean chosen, long promotionMillis) {
        if (p instanceof Pending.Ply ply && ply.choosable() && !chosen) return Math.max(p.window(), promotionMillis);
        if (p instanceof Pending.TwoPlies two && two.first() != null) {
            return Math.max(0, Math.min(p.window(), two.first().since() + window(two.first(), chosen, promotionMillis)
                    - p.since()));
        }
        return p.window();
    }

    /**
     * Whether the capture pending is in doubt: the story search, on the same log, finds a story within a proof of its
     * best whose first move takes another piece with the same piece from the same square, and one of the two stands
     * on a misreading (a capture nobody saw, a capture read no longer than a dropout of a piece just set down, the
     * sensors misreading more than usual). Occupancy cannot tell which piece a capture took when its own swap was too
     * fast for any scan, or read as briefly as a dropout, and another piece it could take was touched meanwhile; the
     * matcher, which reads the board move by move, takes the reading it sees. Lichess 2009 under `swap` at 24 Hz,
     * seed 6: 38...Nxc5 read over a dropout of the pawn dxc5 had just set there, then White's e5 pawn touched for
     * 375 ms before the game's last move Rf1; the story search held Nxc5 and Nxe5 alike, the matcher committed Nxe5.
     * Only a capture whose piece could take another, read gone meanwhile, is searched (a few positions: the search
     * runs from the last commit on the board as it stands).
     */
    private boolean victimInDoubt(Pending.Moves p) {
        Move m = PromotionChoices.base(p.move());
        if (p.index() < 0 || !table.isCapture(p.index())) return false;
        boolean other = false;
        for (int i = 0; i < table.count && !other; i++) {
            Move x = PromotionChoices.base(table.moves[i]);
            // (Only a victim read gone since the last commit: a capture nobody saw against one read is a proof and
            // more behind it, and the search, a few hundred microseconds, is spared on most captures.)
            other = table.isCapture(i) && x.from() == m.from() && x.to() != m.to() && log.lastEmptied(table.victim[i]) >= 0;
        }
        if (!other) return false;
        StorySearch.Result r = searchStories();
        if (!r.complete() || r.stories().isEmpty()) return false;
        long best = r.stories().get(0).cost();
        StorySearch.Story read = null, otherVictim = null;
        for (StorySearch.Story x : r.stories()) {
            if (x.cost() >= best + config.proofMillis() || x.moves().isEmpty()) continue;
            Move f = PromotionChoices.base(x.moves().get(0));
            int i = table.indexOf(x.moves().get(0));
            if (f.equals(m) && read == null) read = x;
            if (f.from() == m.from() && f.to() != m.to() && i >= 0 && table.isCapture(i) && otherVictim == null) {
                otherVictim = x;
            }
        }
        // (Both captures read as the sensors read a move: the matcher's account of the order and length of the
        // readings decides, as it always did; the search weighs only what a misreading could have made. Nor is a
        // story borne out less than the one read a doubt: a capture read as briefly as a dropout counts only once a
        // move after it is seen (RecognizeCommandTest.aDropoutOfAPieceJustSetDownIsNoLift).)
        if (otherVictim == null || read != null && otherVictim.confirmed() < read.confirmed()) return false;
        return read == null || leansOnAMisreading(read) || leansOnAMisreading(otherVictim);
    }

    /** The stories from the last commit that leave the board as it stands, read on the log ({@link StorySearch}). */
    StorySearch.Result searchStories() {
        return searchStories(log, settledAt);
    }

    /** The stories that leave the board as it stands, read by what it shows alone, as if first read now. */
    StorySearch.Result searchStoriesAsFirstRead() {
        return searchStories(FrameLog.of(log.at(), board), Long.MIN_VALUE);
    }

    private StorySearch.Result searchStories(FrameLog readings, long since) {
        SquareSet justPlaced = lastMove == null ? SquareSet.EMPTY : StorySearch.placed(PromotionChoices.base(lastMove));
        return StorySearch.search(table.position, board, readings, now, since, justPlaced, config.sensors(),
                config.proofMillis(), config.slideMillis(), this::promotionPiece);
    }

    /** Whether story {@code x} needs a reading the sensors missed, misread, or that a dropout alone could have made. */
    private static boolean leansOnAMisreading(StorySearch.Story x) {
        return x.unseen() > 0 || x.dropoutCaptures() > 0 || x.misread();
    }

    private boolean committable() {
        if (!(pending instanceof Pending.Moves shownMove)) return board.equals(pending.board());
        // A decision the board showed only for a flicker (one to three scans) is no evidence that it happened: it
        // stands, but it is final only once the board has shown it longer.
        // (Nor while the board tells another story for less than a flicker: that is no evidence for either.)
        // Two plies, whose window is short, need the board to have shown them for that window in all: a pair read in
        // pieces between flickers of two squares is not yet a pair.
        // A move the board shows now is no exception: shown in pieces between glitches for less than a flicker in
        // all, it is a flicker too (random Courier game 114 under `noisy` at 24 Hz, -Pslow seed 2: h4 adjusted, its
        // neighbour h5 flickering, h4-h5 read for 84 ms in all over the window and committed in a frame showing it).
        boolean shown = shownMove instanceof Pending.TwoPlies
                ? log.shownFor(shownMove.board(), Long.MIN_VALUE, now) >= config.proofMillis()
                : shownLongerThanFlicker(shownMove);
        return tapSquare < 0 && deviatedSince < 0 && stands(shownMove) && landingRead(shownMove)
                && (shown
                || shownMove instanceof Pending.TwoPlies two && two.first() != null
                && log.shownFor(two.first().board(), Long.MIN_VALUE, now) >= storyMillis()
                || shownOnItsSquares(shownMove));
    }

    /**
     * Whether each square the pending move (the first, of two plies) sets a piece on, that was empty and still holds
     * one, read occupied for longer than a flicker in one reading since the last commit. Shown "in all" longer than a
     * flicker is no proof of a landing when the landing square itself read empty in between: two flickers on a square
     * next to a lifted queen, each no longer than a flicker, added up to more (Lichess 2730 under `noisy` at 24 Hz: a3
     * read for 83 ms, then b3 for 125 ms, then a3 for 83 ms, and Qa3 was committed the moment the queen landed on c2).
     */
    private boolean landingRead(Pending.Moves p) {
        // (The first move's: of two plies, only the first is committed, the reply pending anew, and judged so.)
        SquareSet filled = p.afterTable().occupancy().intersect(p.board()).minus(table.occupancy());
        return filled.isEmpty() || log.eachSeenFilled(filled, Long.MIN_VALUE, now, storyMillis());
    }

    /** Whether the board showed the first move of candidate {@code c} alone longer than a flicker, in all. */
    private boolean firstShown(Matcher.Candidate c) {
        if (!(c instanceof Matcher.TwoPlies two)) return true;   // a candidate that matches the board now
        return log.shownFor(table.after(two.index()), Long.MIN_VALUE, now) >= storyMillis();
    }

    private void fire() {
        switch (pending) {
            case Pending.Ply p -> {
                Move m = p.move();
                int i = p.index();
                if (PromotionChoices.isPromotion(m)) {
                    Move chosen = PromotionChoices.withPiece(m, promotionPiece(table.position));
                    int j = table.indexOf(chosen);
                    if (j >= 0) {
                        m = chosen;
                        i = j;
                    }
                }
                commit(m, i, Math.min(p.since(), firstDone(i)), p.since(), now);
            }
            case Pending.TwoPlies p -> {
                // A promotion answered at once: its piece is the one chosen on the board meanwhile, if any (ECC 2018
                // game 146, `swap` at 24 Hz: dxe1=R+, the rook chosen on f1, then Qxe1, was committed as dxe1=Q+).
                Move m = p.move();
                int i = p.index();
                if (PromotionChoices.isPromotion(m)) {
                    PieceType touched = choiceTouched(m, p.firstComplete() >= 0 ? p.firstComplete() : p.since());
                    Move chosen = PromotionChoices.withPiece(m, touched != null ? touched : promotionPiece(table.position));
                    int k = table.indexOf(chosen);
                    if (k >= 0) {
                        m = chosen;
                        i = k;
                    }
                }
                boolean asRead = m.equals(p.move());
                commit(m, i, p.firstComplete(),
                        p.first() != null ? Math.min(p.first().since(), p.since()) : p.since(), now);
                // The first move was done by then: later readings of its squares are the reply's doing (a piece the
                // reply set down on the square the first move filled is no settling of the first move).
                if (p.firstComplete() >= 0 && p.firstComplete() < settledAt) settledAt = p.firstComplete();
                // The reply has been on the board since the two plies were seen: it is pending from then on, if the
                // board still shows it (else the next look sees what became of it).
                int j = table.indexOf(p.second());
                if (j < 0) break;
                Pending.Ply reply = movePending(table, p.second(), j, p.since());
                // (Its position is the one after the piece chosen, when that is not the piece read.)
                MoveTable afterReply = asRead ? p.secondTable() : reply.afterTable();
                Pending.Ply standing = new Pending.Ply(reply.move(), j, afterReply, p.board(), p.since(), reply.window(),
                        reply.opponents(), reply.captureTargets(), reply.choices());
                if (stands(standing)) pending = standing;
            }
            case Pending.Takeback p -> {
                History h = history.back(p.plies());
                List<Move> undone = new ArrayList<>();
                for (History x = history; x != h.older(); x = x.older()) undone.add(x.move());
                Position back = h.position();
                history = h.older();
                lastMove = history == null ? null : history.move();
                setTable(tableOf(back));
                revisable = Revisable.NONE;
                pending = null;
                recentProvisional = null;
                log = FrameLog.of(now, board);
                boardChoice = null;
                events.add(new TakenBack(now, undone, back));
            }
            case Pending.NewGame p -> {
                startOver(newGame);
                events.add(new NewGameDetected(now, newGame));
            }
            case Pending.GameResult p -> {
                result = p.result();
                pending = null;
                events.add(new ResultGesture(now, result));
            }
        }
    }

    /**
     * Commits move {@code m} (index {@code index} in the table, or -1), keeping the evidence from {@code evidenceFrom}
     * on for the moves after it; {@code doneAt}: when the board began to show it done (see {@link #settledAt});
     * {@code at}: the time the commit is stamped with (now, but for a correction's moves).
     */
    private void commit(Move m, int index, long evidenceFrom, long doneAt, long at) {
        if (displayed != null && !displayed.equals(m)) events.add(new ProvisionalWithdrawn(now, displayed));
        displayed = null;
        Position before = table.position;
        MoveTable after = index >= 0 && table.moves[index].equals(m) ? tableAfter(index) : tableOf(before.play(m));
        record(m, after, at);
        movedSinceCommit = false;
        pending = null;
        // (A move of the player's after one made elsewhere: that one was made on the board too.)
        remoteMove = null;
        recentProvisional = null;
        tapSquare = -1;
        boardChoice = null;
        if (PromotionChoices.isPromotion(m)) apiChoice = null;
        settledAt = settled(before, after.position, Math.min(doneAt, now));
        // (From just before: the reading the move ended, for instance the landing on a square, stays in the log as
        // a change, so that what the sensors may do after a piece is set down is known to follow it.)
        log = log.since(evidenceFrom == Long.MIN_VALUE ? evidenceFrom : evidenceFrom - 1)
                .placedUnseen(placedUnseen(PromotionChoices.base(m)), now);
    }

    /**
     * Commits move {@code m} again in a correction ({@link Correction}): a move the board read as it reads the move
     * withdrawn, so the readings and when the board settled stay as they are. Stamped {@code at}, when the move it
     * stands for was committed: the game's clocks charge each move the time it took, as before.
     */
    void recommit(Move m, long at) {
        record(m, tableOf(table.position.play(m)), at);
    }

    /**
     * Move {@code m} made, leading to {@code after}, committed at {@code at}: the event, the moves open to correction
     * (none while a side moves elsewhere), the takeback history and the table.
     */
    private void record(Move m, MoveTable after, long at) {
        Position before = table.position;
        events.add(new MoveCommitted(at, m, before.san(m), before.uci(m), before, after.position));
        if (remoteSides.isEmpty()) {
            revisable = revisable.committed(new Revisable.Entry(before, m, history, lastMove, settledAt, log, at), board);
        }
        history = History.push(history, before, m, config.takebackPlies());
        lastMove = m;
        setTable(after);
    }

    /**
     * The squares move {@code m} set a piece down on with no reading of it: each read occupied since before the move's
     * piece was lifted (a capture too fast for the sensors). When the piece was set down there, the readings do not
     * tell: as late as now, for what the sensors may do after a set-down (a dropout is no capture of it).
     */
    private SquareSet placedUnseen(Move m) {
        long lifted = log.lastEmptied(m.from());
        if (lifted < 0) return SquareSet.EMPTY;
        SquareSet out = SquareSet.EMPTY;
        for (int sq : StorySearch.placed(m).toArray()) {
            if (board.contains(sq) && log.currentSince(sq, 0) < lifted) out = out.with(sq);
        }
        return out;
    }

    /**
     * When the board settled into what a move from {@code before} to {@code after} changed: the latest start of the
     * current reading of each square it changed (misreadings the sensors make bridged: a piece set down that drops
     * out for a moment is still the piece set down then), among the squares that still read as the move left them;
     * {@code otherwise} when none does.
     */
    private long settled(Position before, Position after, long otherwise) {
        SensorModel s = config.sensors();
        long scan = (long) Math.ceil(s.scanMillis());
        SquareSet changed = before.occupancy().symmetricDifference(after.occupancy())
                .union(after.occupancy(before.turn()).minus(before.occupancy(before.turn())));
        long at = Long.MIN_VALUE;
        for (int sq : changed.toArray()) {
            boolean occupied = after.occupancy().contains(sq);
            if (board.contains(sq) != occupied) continue;   // the next move has changed it again
            long bridge = (occupied ? s.longestJoinedFalseEmpty() : s.longestFalseOccupied()) + scan + 1;
            at = Math.max(at, log.currentSince(sq, bridge));
        }
        return at == Long.MIN_VALUE ? otherwise : Math.min(at, now);
    }

    private void startOver(Position p) {
        setTable(tableOf(p));
        history = null;
        revisable = Revisable.NONE;
        lastMove = null;
        result = null;
        pending = null;
        recentProvisional = null;
        tapSquare = -1;
        boardChoice = null;
        apiChoice = null;
        remoteMove = null;
        takebackBoard = null;
        if (board != null) log = FrameLog.of(now, board);
    }

    /**
     * Whether the board shows the remote move made on the squares it changes (the rest of the board may differ: the
     * player's next move begun), a capture's victim taken off since it came.
     */
    private boolean remoteMoveShown() {
        SquareSet before = history.position().occupancy(), after = table.occupancy();
        SquareSet changed = before.symmetricDifference(after);
        return !changed.isEmpty() && board.intersect(changed).equals(after.intersect(changed)) && !remoteCaptureInHand();
    }

    /** Whether the remote move is a capture whose victim's square has not read empty since the move came. */
    private boolean remoteCaptureInHand() {
        if (remoteMove == null || history == null) return false;
        Move m = PromotionChoices.base(remoteMove);
        Position before = history.position();
        // (Castling is no capture, even where the king goes to its own rook's square, as in Chess960.)
        if (m instanceof Move.EnPassant || m instanceof Move.Castle || m.to() < 0 || before.pieceAt(m.to()) == null
                || before.pieceAt(m.to()).color() == before.turn()) {
            return false;
        }
        return !log.seenEmpty(SquareSet.of(m.to()), remoteAt, now, 0);
    }

    /** Whether every move of {@code moves}, from {@code p}, is made by a side that plays on this board. */
    boolean boardPlays(Position p, List<Move> moves) {
        Color side = p.turn();
        for (int i = 0; i < moves.size(); i++, side = side.other()) {
            if (remoteSides.contains(side)) return false;
        }
        return true;
    }

    /** The table of {@code p}: without moves when its side to move moves elsewhere. */
    MoveTable tableOf(Position p) {
        return new MoveTable(p, remoteSides.contains(p.turn()));
    }

    void setTable(MoveTable t) {
        table = t;
        afterTables = null;
        ambiguity = null;
        storyBoard = null;   // (stories from another position; a search from this one says anew)
        heldBoard = null;
        doubtedBoard = null;
    }

    /** The position after move {@code i} of the committed table, with its moves (cached for this step). */
    MoveTable tableAfter(int i) {
        if (pending instanceof Pending.Moves shown && shown.index() == i && shown.afterTable() != null
                && table.moves[i].equals(shown.move())) {
            return shown.afterTable();
        }
        if (afterTables == null) afterTables = new MoveTable[table.count];
        MoveTable t = afterTables[i];
        if (t == null) {
            t = tableOf(table.position.play(table.moves[i]));
            afterTables[i] = t;
        }
        return t;
    }

    /** Whether the board showed the pending decision (for two plies: both) longer than a flicker, in all. */
    private boolean shownLongerThanFlicker(Pending.Moves p) {
        return log.shownFor(p.board(), storySince(p), now) >= storyMillis();
    }

    /**
     * Whether the squares the pending decision changes showed it longer than a flicker in all, whatever the other
     * squares read meanwhile: moves made quickly one after the other (each shown alone for less than a flicker, the
     * next already under way) are no flicker when their own squares stay.
     */
    private boolean shownOnItsSquares(Pending.Moves p) {
        SquareSet changed = table.occupancy().symmetricDifference(p.board());
        if (log.shownOn(p.board(), changed, Long.MIN_VALUE, now) < storyMillis()) return false;
        // Each move must still have been seen alone for more than a scan: a rook read on c6 for 25 ms on its way to
        // c7, with a neighbour flickering, is no move made quickly. Unless its squares showed it longer than a piece
        // rests on its way: a piece set down off centre may read there only just before the reply begins, and the
        // move then never shows alone (Lichess 2809 under `swap` at 40 Hz, -Pslow seed 1: 23.Rd2 read 25 ms before
        // Black lifted the rook for Rxd3, the game's last move; Rd2 stayed pending, never committed, and nothing
        // after it was ever read).
        return log.shownFor(p.alone().board(), Long.MIN_VALUE, now) >= storyMillis() / 2
                || log.shownOn(p.board(), changed, Long.MIN_VALUE, now) > config.slideMillis();
    }

    /**
     * Whether the board showed the pending move alone (its first move, for two plies that began as one) longer than a
     * flicker, in all since the last story (another move) stopped showing: d6 shown before the pawn went on to d5 is
     * no later story than d5, when a flicker makes the board read d6 again.
     */
    boolean shownAlone(Pending.Moves p) {
        return log.shownFor(p.alone().board(), storySince(p), now) >= storyMillis();
    }

    /** Since when showing {@code p} counts: since the last story stopped showing, if that was another move. */
    private long storySince(Pending.Moves p) {
        return recentProvisional != null && !Matcher.samePair(recentProvisional, p.move()) ? recentAt
                : Long.MIN_VALUE;
    }

    /** See {@link RecognizerConfig#storyMillis()}. */
    long storyMillis() {
        return config.storyMillis();
    }

    /**
     * When move {@code i} of the committed table was first seen done (for a proven capture, when it first landed);
     * evidence for the reply starts there. {@code Long.MAX_VALUE} when never.
     */
    private long firstDone(int i) {
        if (i < 0) return Long.MAX_VALUE;
        if (table.isHiddenCapture(i)) {
            long landed = log.captureProof(table.moves[i].from(), table.victim[i], table.occupancy(), Long.MIN_VALUE, now,
                    config, true);
            if (landed >= 0) return landed;
        }
        Move m = PromotionChoices.base(table.moves[i]);
        SquareSet leaves = table.occupancy().minus(table.after(i));
        SquareSet reaches = table.fills(i).with(m.to());
        if (m instanceof Move.Castle c) reaches = reaches.with(c.rookTo());
        long first = log.firstState(leaves, reaches, Long.MIN_VALUE);
        return first < 0 ? Long.MAX_VALUE : first;
    }

    /** The piece a promotion gets: chosen on the board, else through the API, else the variant's default. */
    PieceType promotionPiece(Position p) {
        if (boardChoice != null) return boardChoice;
        if (apiChoice != null && p.variant().promotions().contains(apiChoice)) return apiChoice;
        return PromotionChoices.defaultPiece(p);
    }

    // ---- catching up ---------------------------------------------------------------------------------------------

    /** Whether a board that kept moving has gone unsearched for {@link #FLURRY_MILLIS} (see {@link #unsearchedSince}). */
    boolean flurryDue() {
        return unsearchedSince >= 0 && now - unsearchedSince >= FLURRY_MILLIS;
    }

    /** When the story search is next due on a board that keeps moving; Long.MAX_VALUE when not. */
    long flurryAt() {
        return unsearchedSince < 0 ? Long.MAX_VALUE : unsearchedSince + FLURRY_MILLIS;
    }

    /**
     * Whether the board should be searched for moves made while the recognizer could not follow: nothing pending or
     * asked, the board not the game's position (or back at it after moves were read: {@link #movedSinceCommit}), and
     * not already searched as it stands. (Due once it has been still for a glance, or once a board that keeps moving
     * has gone unsearched for {@link #FLURRY_MILLIS}: see {@link RecognizerState#wakeUpAt()}.)
     */
    boolean catchUpDue() {
        return board != null && pending == null && ambiguity == null && result == null && remoteMove == null
                && takebackBoard == null && lookAgainAt < 0 && deviatedSince < 0 && table.count > 0
                && (!board.equals(table.occupancy()) || movedSinceCommit) && !board.equals(searched);
    }

    /**
     * How long the board must have been still before it is searched after a change: until no reading in the log can
     * still turn out a misreading ({@link SensorModel#misreadingOverWithin()}). A flurry of
     * moves (blitz, one move answered within a quarter second by the next) is so followed a glance at a time, before it
     * runs past the plies a search looks at; what a glance cannot decide waits for the board to be still longer.
     */
    private long glance() {
        return Math.min(config.settleMillis(), config.sensors().misreadingOverWithin());
    }

    /** Evaluates what is left after a commit as the board's since it began to show it (its windows run from then). */
    void evaluateAsShown() {
        long t = now;
        now = log.at();
        evaluate();
        now = t;
    }

    /** Commits the first {@code count} moves of a story, each with the evidence from when it was done on. */
    void commitStory(List<Move> moves, long[] doneAt, int count, StorySearch.Story story) {
        commitStory(moves, doneAt, count, story, count < moves.size());
    }

    /** As above; {@code followed}: other moves, not in {@code moves}, are known to follow. */
    void commitStory(List<Move> moves, long[] doneAt, int count, StorySearch.Story story, boolean followed) {
        commitStory(moves, doneAt, count, story, followed, false);
    }

    /**
     * As above; {@code asDone}: each move stamped with when the board showed it done rather than now (a correction,
     * which reads moves made a while ago: the game's clocks charge each move the time it took).
     */
    void commitStory(List<Move> moves, long[] doneAt, int count, StorySearch.Story story, boolean followed,
                     boolean asDone) {
        promotionWait = null;
        long stamp = Long.MIN_VALUE;
        for (int k = 0; k < count; k++) {
            Move m = moves.get(k);
            if (PromotionChoices.isPromotion(m)) {
                PieceType touched = choiceTouched(m, doneAt[k]);
                m = PromotionChoices.withPiece(m, touched != null ? touched : promotionPiece(table.position));
            }
            // (A piece chosen on the board other than the story's may leave its later moves illegal: the search
            // goes on from what was committed.)
            if (table.indexOf(m) < 0 && k > 0) break;
            stamp = asDone && doneAt[k] != Long.MIN_VALUE ? Math.min(now, Math.max(stamp, doneAt[k])) : now;
            commit(m, table.indexOf(m), doneAt[k], doneAt[k], stamp);
            // A move made while the board was not read leaves the next ones as unread as it was.
            if (story != null && story.unread(k)) settledAt = Long.MIN_VALUE;
            // A move more moves followed was done when it was done: a square it changed may read as it left it
            // only because a later move changed it back (a recapture on the same square). So is a story's last move
            // with the next one begun (Lichess 4611 under `hall` at 50 Hz, seed 2, deciding by the search alone:
            // Bxf3 committed with gxf3 under way, the pawn already set down on f3, was taken as settled from that
            // landing; gxf3, its lift and capture then before the log, was never found, nor any move after it).
            else if (followed || k + 1 < count || story != null && story.partial() && k + 1 == story.moves().size()) {
                settledAt = Math.min(settledAt, doneAt[k]);
            }
        }
    }

    /**
     * The piece chosen on the board for promotion {@code m} of a story, done at {@code doneAt}: as
     * {@link #noteTap}, the latest lit choice square that held a piece longer than a flicker since; null when none.
     */
    private PieceType choiceTouched(Move m, long doneAt) {
        SquareSet after = table.position.occupancyAfter(m);
        SquareSet mask = SquareSet.FULL.minus(SquareSet.of(PromotionChoices.squareOf(m)));
        long latest = -1;
        PieceType chosen = null;
        for (PromotionChoice c : PromotionChoices.of(table.position, m)) {
            long end = log.latestRunEnd(after.with(c.square()), mask, doneAt, now, config.proofMillis(), touchGap());
            if (end > latest) {
                latest = end;
                chosen = c.piece();
            }
        }
        return chosen;
    }

    // ---- mismatch ----------------------------------------------------------------------------------------------

    /**
     * Corrects the last moves committed when the unexplained board shows them wrong ({@link Correction}), and reads the
     * board on from the moves that replace them; whether it did.
     */
    private boolean revise() {
        if (!Correction.correct(this)) return false;
        searched = null;
        evaluate();
        if (catchUpDue()) new CatchUp(this).decide();
        firePending();
        return true;
    }

    private void reportMismatch() {
        // After a takeback by command the pieces must go back to the game's position, though the board is legal.
        SquareSet expected = takebackBoard != null && board.equals(takebackBoard) ? table.occupancy()
                : Mismatches.nearestLegal(this);
        mismatch = Mismatches.between(now, board, expected, table.geometry);
        reportedBoard = board;
        events.add(mismatch);
    }
}

