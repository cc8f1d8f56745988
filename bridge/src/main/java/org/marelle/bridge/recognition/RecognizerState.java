package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * The move recognizer: an immutable state and pure transitions, {@code (state, frame) → (state, events)}. Frames
 * are debounced {@link Occupancy} readings with their time; a {@link #tick(long)} only lets time pass. There is no
 * clock and no thread inside: the same inputs always give the same events, which makes every scenario a plain test.
 *
 * {@snippet :
 * RecognizerState s = RecognizerState.start(Position.start(Variant.STANDARD), RecognizerConfig.defaults());
 * Step step = s.accept(frame);          // a debounced Occupancy with its time
 * for (RecognitionEvent e : step.events()) session.handle(e);
 * s = step.state();
 * driver.show(s.leds());               // the LED frame is a pure function of the state
 * }
 *
 * <p>How it decides is explained in {@code docs/recognition.md}: whole-board matching against every legal move and
 * two-ply sequence, the frame log as evidence among candidates, and windows before a move is final.
 */
public final class RecognizerState {

    final RecognizerConfig config;
    final Position newGame;
    final MoveTable table;
    final History history;
    final Move lastMove;
    final SquareSet board;
    final long now;
    final FrameLog log;
    final Pending pending;
    final Move recentProvisional;
    /** See {@link Transition#displayed}. */
    final Move displayed;
    /** When the board stopped showing {@code recentProvisional}. */
    final long recentAt;
    final long unexplainedSince;
    final SquareSet reportedBoard;
    final RecognitionEvent.BoardMismatch mismatch;
    final PieceType apiChoice;
    final PieceType boardChoice;
    final int tapSquare;
    final String result;
    final Move remoteMove;
    /** Sides whose moves come from elsewhere, never read off the board (see {@link #remoteSides(Set, long)}). */
    final Set<Color> remoteSides;
    /** When {@code remoteMove} came. */
    final long remoteAt;
    /** After a takeback by command: the board as it still stands, not to be read as moves until it changes. */
    final SquareSet takebackBoard;
    final Occupancy.Polarity polarity;
    /** Since when the board has stopped showing the pending decision (a glitch, until it lasts); -1 when it shows it. */
    final long deviatedSince;
    /** How long that may last and still be a glitch (see {@code Transition.glitchMillis}). */
    final long glitchMillis;
    /** Stories the board shows that the evidence cannot choose among (see {@link Ambiguity}); null when none. */
    final Ambiguity ambiguity;
    /**
     * When the board, unchanged, must be looked at again: a story that holds only while a piece may still be sliding
     * (resting on a square it passes over) runs out then; -1 when none.
     */
    final long lookAgainAt;
    /** The board the story search last looked at without a decision; null when none. */
    final SquareSet searched;
    /** See {@link Transition#storyBoard}. */
    final SquareSet storyBoard;
    /** See {@link Transition#heldBoard}. */
    final SquareSet heldBoard;
    /** See {@link Transition#doubtedBoard}. */
    final SquareSet doubtedBoard;
    /** When the still board is due to be searched for moves made without the recognizer following; -1 when not. */
    final long catchUpAt;
    /** See {@link Transition#settledAt}. */
    final long settledAt;
    /** See {@link Transition#catchUpStill}. */
    final long catchUpStill;
    /** See {@link Transition#unsearchedSince}. */
    final long unsearchedSince;
    /** See {@link Transition#movedSinceCommit}. */
    final boolean movedSinceCommit;
    /** See {@link Transition#horizons}. */
    final List<StorySearch.Horizon> horizons;
    /** See {@link Transition#promotionWait}. */
    final PromotionWait promotionWait;
    /** See {@link Transition#syncedAt}. */
    final long syncedAt;
    final Revisable revisable;
    /** See {@link Transition#answered}. */
    final Revisable.Entry answered;

    /** A recognizer at {@code position}, with the moves before it in {@code history}; the board not yet seen. */
    private RecognizerState(RecognizerConfig config, Position position, History history, Move lastMove) {
        this.config = Objects.requireNonNull(config, "config");
        this.newGame = position.variant().startPosition();
        this.table = new MoveTable(position);
        this.history = history;
        this.lastMove = lastMove;
        this.board = null;
        this.now = Long.MIN_VALUE;
        this.log = null;
        this.pending = null;
        this.recentProvisional = null;
        this.displayed = null;
        this.recentAt = Long.MIN_VALUE;
        this.unexplainedSince = -1;
        this.reportedBoard = null;
        this.mismatch = null;
        this.apiChoice = null;
        this.boardChoice = null;
        this.tapSquare = -1;
        this.result = null;
        this.remoteMove = null;
        this.remoteSides = Set.of();
        this.remoteAt = Long.MIN_VALUE;
        this.takebackBoard = null;
        this.polarity = null;
        this.deviatedSince = -1;
        this.glitchMillis = 0;
        this.ambiguity = null;
        this.lookAgainAt = -1;
        this.searched = null;
        this.storyBoard = null;
        this.heldBoard = null;
        this.doubtedBoard = null;
        this.catchUpAt = -1;
        this.settledAt = Long.MIN_VALUE;
        this.catchUpStill = config.settleMillis();
        this.unsearchedSince = -1;
        this.movedSinceCommit = false;
        this.horizons = List.of();
        this.syncedAt = Long.MIN_VALUE;
        this.promotionWait = null;
        this.revisable = Revisable.NONE;
        this.answered = null;
    }

    RecognizerState(Transition t) {
        config = t.config;
        newGame = t.newGame;
        table = t.table;
        history = t.history;
        lastMove = t.lastMove;
        board = t.board;
        now = t.now;
        log = t.log;
        pending = t.pending;
        recentProvisional = t.recentProvisional;
        displayed = t.displayed;
        recentAt = t.recentAt;
        unexplainedSince = t.explained ? -1 : t.unexplainedSince;
        reportedBoard = t.reportedBoard;
        mismatch = t.mismatch;
        apiChoice = t.apiChoice;
        boardChoice = t.boardChoice;
        tapSquare = t.tapSquare;
        result = t.result;
        remoteMove = t.remoteMove;
        remoteSides = t.remoteSides;
        remoteAt = t.remoteAt;
        takebackBoard = t.takebackBoard;
        polarity = t.polarity;
        deviatedSince = t.deviatedSince;
        glitchMillis = t.glitchMillis;
        ambiguity = t.ambiguity;
        lookAgainAt = t.lookAgainAt;
        searched = t.searched;
        storyBoard = t.storyBoard;
        heldBoard = t.heldBoard;
        doubtedBoard = t.doubtedBoard;
        settledAt = t.settledAt;
        catchUpStill = t.catchUpStill;
        horizons = t.horizons;
        syncedAt = t.syncedAt;
        promotionWait = t.promotionWait;
        revisable = t.revisable;
        answered = t.answered;
        unsearchedSince = t.unsearchedSince;
        movedSinceCommit = t.movedSinceCommit;
        catchUpAt = t.catchUpDue() ? Math.min(t.log.at() + t.catchUpStill, t.flurryAt()) : -1;
    }

    /** A recognizer for a game at {@code position}; the board is unknown until the first frame. */
    public static RecognizerState start(Position position, RecognizerConfig config) {
        return new RecognizerState(config, Objects.requireNonNull(position, "position"), null, null);
    }

    public static RecognizerState start(Position position) {
        return start(position, RecognizerConfig.defaults());
    }

    /**
     * A recognizer for a game already under way: {@code played} are the moves made from {@code initial}, so that
     * takebacks can reach back into them (a restarted daemon, a game loaded from the journal).
     *
     * @throws IllegalArgumentException (an {@code IllegalMoveException}) when a move is not legal where it is played
     */
    public static RecognizerState resume(Position initial, List<Move> played, RecognizerConfig config) {
        Position p = Objects.requireNonNull(initial, "initial");
        History h = null;
        for (Move m : played) {
            h = History.push(h, p, m, config.takebackPlies());
            p = p.play(m);
        }
        return new RecognizerState(config, p, h, played.isEmpty() ? null : played.get(played.size() - 1));
    }

    // ---- inputs ------------------------------------------------------------------------------------------------

    /**
     * A debounced sensor frame. Its board must have the game's size. A frame older than the last input is taken as
     * arriving now (time never runs backwards inside the recognizer).
     */
    public Step accept(Occupancy frame) {
        Objects.requireNonNull(frame, "frame");
        if (frame.files() != table.geometry.files() || frame.ranks() != table.geometry.ranks()) {
            throw new IllegalArgumentException("frame of a " + frame.files() + "x" + frame.ranks() + " board, but the game is on "
                    + table.geometry.files() + "x" + table.geometry.ranks());
        }
        Transition t = new Transition(this);
        t.frame(frame);
        return t.build();
    }

    /**
     * The board stopped being read at {@code atMillis} (a cable pulled, a microcontroller reset): what was under way is
     * dropped, and the first frame read again is taken as a board that may have moved on meanwhile, as after a
     * restart (moves found there are confirmed by the player, see {@code docs/recognition.md}).
     */
    public Step readingLost(long atMillis) {
        Transition t = new Transition(this);
        t.readingLost(atMillis);
        return t.build();
    }

    /** Time passes with no change on the board (lets windows run out). */
    public Step tick(long atMillis) {
        Transition t = new Transition(this);
        t.tick(atMillis);
        return t.build();
    }

    /**
     * Chooses the piece for the pending promotion, or for the next one when none is pending (the API way; the board
     * way is described in {@link PromotionChoices}).
     *
     * @throws IllegalArgumentException when the variant does not promote to that piece
     */
    public Step choosePromotion(PieceType piece, long atMillis) {
        Transition t = new Transition(this);
        t.choosePromotion(Objects.requireNonNull(piece, "piece"), atMillis);
        return t.build();
    }

    /**
     * A move made elsewhere (an engine, an online opponent): the game advances at once, and the LEDs show the move
     * until the board shows it too. No event: the caller already knows the move.
     *
     * @throws IllegalArgumentException (an {@code IllegalMoveException}) when the move is not legal
     */
    public Step remoteMove(Move move, long atMillis) {
        Transition t = new Transition(this);
        t.remoteMove(Objects.requireNonNull(move, "move"), atMillis);
        return t.build();
    }

    /**
     * The sides whose moves are made elsewhere (an engine, an online opponent; none by default): their moves come
     * only through {@link #remoteMove}, and what the board shows on their turn is never read as one of their moves
     * (a player moving the opponent's piece before its move came gets a mismatch, not a move played for the engine).
     */
    public Step remoteSides(Set<Color> sides, long atMillis) {
        Transition t = new Transition(this);
        t.remoteSides(Set.copyOf(sides), atMillis);
        return t.build();
    }

    /**
     * The board as it stands now is not to be read (as a move, a takeback or a gesture) until it changes; meanwhile it
     * is a mismatch to fix: for a game changed off the board (a draw offered with the kings and declined), whose
     * pieces must go back.
     */
    public Step setAside(long atMillis) {
        Transition t = new Transition(this);
        t.setAside(atMillis);
        return t.build();
    }

    /** See {@link #remoteSides(Set, long)}. */
    public Set<Color> remoteSides() {
        return remoteSides;
    }

    /** Whether the side to move moves elsewhere and its move has not come yet. */
    public boolean awaitingRemoteMove() {
        return table.remote;
    }

    /**
     * Takes back the last {@code plies} moves by command (casual mode; an arbiter's or a player's request through the
     * API): the game returns at once, a {@link RecognitionEvent.TakenBack} is emitted, and the LEDs show which pieces
     * to put back. Until the board changes, its later position is not read as the moves being made again.
     *
     * @throws IllegalStateException in tournament mode, or when fewer moves are known than asked for
     */
    public Step remoteTakeback(int plies, long atMillis) {
        if (config.mode() != RecognizerConfig.Mode.CASUAL) {
            throw new IllegalStateException("takeback by command is for casual mode; in tournament mode the arbiter corrects the game");
        }
        return undo(plies, atMillis);
    }

    /**
     * Takes back the last {@code plies} moves whatever the mode: moves an online server refused, which never
     * happened in the game. As {@link #remoteTakeback}, the LEDs show which pieces to put back.
     *
     * @throws IllegalStateException when fewer moves are known than asked for
     */
    public Step undo(int plies, long atMillis) {
        if (plies < 1 || history == null || history.depth() < plies) {
            throw new IllegalStateException("cannot take back " + plies + " ply(ies): " + (history == null ? 0 : history.depth())
                    + " known");
        }
        Transition t = new Transition(this);
        t.remoteTakeback(plies, atMillis);
        return t.build();
    }

    /**
     * Starts a new game from {@code position} (for instance a Chess960 start position); setting up the same start
     * position again later also starts a new game.
     */
    public Step newGame(Position position, long atMillis) {
        if (!position.variant().equals(table.position.variant())) {
            throw new IllegalArgumentException("new game of " + position.variant().name() + " on a "
                    + table.position.variant().name() + " recognizer");
        }
        Transition t = new Transition(this);
        t.newGame(position, atMillis);
        return t.build();
    }

    // ---- what it knows -----------------------------------------------------------------------------------------

    public RecognizerConfig config() {
        return config;
    }

    /** The committed position. */
    public Position position() {
        return table.position;
    }

    /** The last frame's occupancy, or null before the first frame. */
    public SquareSet board() {
        return board;
    }

    /** The time of the last input. */
    public long now() {
        return now;
    }

    /** The last committed move (or the move a takeback returned to), if any. */
    public Optional<Move> lastMove() {
        return Optional.ofNullable(lastMove);
    }

    /** The move the board shows that is not final yet (the first, when the board shows a move and its reply). */
    public Optional<Move> provisionalMove() {
        return pending instanceof Pending.Moves shown ? Optional.of(shown.move()) : Optional.empty();
    }

    /** The moves the board shows that are not final yet: none, one, or a move and its reply. */
    public List<Move> provisionalMoves() {
        return switch (pending) {
            case Pending.Ply ply -> List.of(ply.move());
            case Pending.TwoPlies two -> List.of(two.move(), two.second());
            case null, default -> List.of();
        };
    }

    /** Where the recognizer stands, as the player sees it (see {@link Situation}). */
    public Situation situation() {
        if (board == null) return new Situation.Unread();
        if (mismatch != null) return new Situation.Mismatch(mismatch);
        boolean atPosition = board.equals(table.occupancy());
        if (remoteMove != null && history != null && !atPosition) return new Situation.AwaitingRemoteMove(remoteMove);
        if (ambiguity != null && ambiguity.reported()) {
            return new Situation.Asking(ambiguity.asked().choices(), ambiguity.touched());
        }
        if (result != null) return new Situation.GameOver(result);
        return switch (pending) {
            case Pending.Ply p -> new Situation.MovePending(p.move(), p.choices(), boardChoice != null ? boardChoice : apiChoice);
            case Pending.TwoPlies p -> new Situation.TwoPliesPending(p.move(), p.second());
            case Pending.Takeback p when !atPosition -> new Situation.TakebackPending(p.plies());
            case Pending.NewGame p when !atPosition -> new Situation.NewGamePending();
            case Pending.GameResult p when !atPosition -> new Situation.ResultPending(p.result());
            case null, default -> promotionWait != null && !atPosition
                    ? new Situation.MovePending(promotionWait.move(), promotionWait.choices(),
                            boardChoice != null ? boardChoice : apiChoice)
                    : displayed != null && !atPosition ? new Situation.MovePending(displayed, List.of(), null)
                    : atPosition ? new Situation.InSync(lastMove)
                    : new Situation.PieceInHand(table.occupancy().minus(board), board.minus(table.occupancy()));
        };
    }

    /** The current mismatch report, while the board still shows it. */
    public Optional<RecognitionEvent.BoardMismatch> mismatch() {
        return Optional.ofNullable(mismatch);
    }

    /**
     * The stories the board asks the player to choose among (see {@link RecognitionEvent.BoardAmbiguous}), while it
     * asks; empty otherwise.
     */
    public List<RecognitionEvent.StoryChoice> question() {
        return ambiguity == null || ambiguity.asked() == null ? List.of() : ambiguity.asked().choices();
    }

    /** The result given by gesture, once the game was ended that way. */
    public Optional<String> result() {
        return Optional.ofNullable(result);
    }

    /** The moves a takeback can undo, newest first. */
    public List<Move> recentMoves() {
        List<Move> out = new ArrayList<>();
        for (History h = history; h != null; h = h.older()) out.add(h.move());
        return Collections.unmodifiableList(out);
    }

    /** Whether the board shows the committed position exactly. */
    public boolean inSync() {
        return board != null && board.equals(table.occupancy());
    }

    /**
     * When the recognizer next needs a {@link #tick} if no frame comes before (a window running out, a mismatch to
     * report); empty when nothing is waiting. A driver loop may sleep until then.
     */
    public OptionalLong wakeUpAt() {
        long at = Long.MAX_VALUE;
        if (deviatedSince >= 0) {
            // The board is glitching: nothing is decided before the glitch has lasted long enough to count.
            at = deviatedSince + glitchMillis;
        } else if (pending != null) {
            at = pending.since() + Transition.window(pending, boardChoice != null || apiChoice != null, config.promotionMillis());
            // A window that ran out without a decision (the board shows the move, but not yet for long enough in
            // all): look again a little later, never in a loop.
            if (at <= now) at = now + config.proofMillis() / 4;
        }
        if (lookAgainAt > now) at = Math.min(at, lookAgainAt);
        if (catchUpAt >= 0) at = Math.min(at, Math.max(now + 1, catchUpAt));
        if (ambiguity != null && !ambiguity.reported() && ambiguity.board().equals(board)) {
            at = Math.min(at, Math.max(now + 1, ambiguity.since() + config.settleMillis()));
        }
        if (ambiguity != null && ambiguity.releasedAt() >= 0 && ambiguity.board().equals(board)) {
            at = Math.min(at, Math.max(now + 1, ambiguity.releasedAt() + config.answerMillis()));
        }
        if (ambiguity != null && ambiguity.decideAt() != Long.MAX_VALUE && ambiguity.board().equals(board)) {
            at = Math.min(at, Math.max(now + 1, ambiguity.decideAt()));
        }
        // (Only when a mismatch can be reported then (see Transition.timers): after a mate or a stalemate none is,
        // and a time already past would be asked for again and again.)
        if (unexplainedSince >= 0 && mismatch == null && result == null && !board.equals(storyBoard)
                && (table.count > 0 || table.remote) && !board.equals(reportedBoard)
                && (ambiguity == null || !ambiguity.reported() || !ambiguity.board().equals(board))) {
            at = Math.min(at, Transition.mismatchDueAt(unexplainedSince, log, config));
        }
        long doubted = Transition.logDoubtedAt(mismatch, board, reportedBoard, settledAt, table, log, config);
        if (doubted != Long.MAX_VALUE) at = Math.min(at, Math.max(now + 1, doubted));
        return at == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(at);
    }

    /** What the LEDs should show now (see {@link BoardLeds}). */
    public LedFrame leds() {
        return BoardLeds.render(this);
    }

    @Override
    public String toString() {
        return "RecognizerState[" + table.position.fen() + ", board " + (board == null ? "unknown" : board.toString(table.geometry))
                + (pending == null ? "" : ", pending " + pending) + "]";
    }
}
