package org.marelle.bridge.daemon;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.recognition.Step;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * The daemon's work for one board, without threads: sensor frames and the passing of time go into the recognizer,
 * its events into the game session (which journals them and tells the outputs), and its LED frame to the LEDs.
 * {@link Daemon} calls it from its one thread; tests call it directly, with the times they choose.
 *
 * <p>When the session cannot record a move (the journal cannot write, or recognizer and session disagree), the
 * recognizer is started again from the session's position: the board still shows the move, so the recognizer
 * finds it again and the session gets another chance to record it. Nothing is lost and nothing is recorded twice.
 */
public final class BoardLoop {

    private final GameSession session;
    private final RecognizerConfig config;
    private final EventLog log;
    private final Consumer<LedFrame> leds;
    private RecognizerState state;
    /** Sides whose moves come from elsewhere (see {@link #remoteSides}); kept across restarts of the recognizer. */
    private Set<Color> remoteSides = Set.of();
    private Occupancy lastFrame;
    private LedFrame lastLeds;
    /** Whether the LEDs last shown warn that the game's record is not being saved. */
    private boolean warningShown;
    private boolean resyncing;
    /** What the player should know about the opponent elsewhere (failing), or null. */
    private String opponentNote;
    /** Asked for when the player makes the hint gesture; null: no gesture. */
    private Runnable hintGesture;
    /** When the opponent's king was lifted on the player's turn (the hint gesture begun); -1 when not. */
    private long kingLiftedAt = -1;
    /** The hint shown, until the board changes; null when none. */
    private Move hint;
    private int hintPly;
    private long nextSaveAttempt = Long.MIN_VALUE;

    /** While the game's record is not being saved, how often writing it is tried again. */
    static final long SAVE_RETRY_MILLIS = 1_000;

    /**
     * @param leds receives each new LED frame (only when it changed); must return at once
     */
    public BoardLoop(GameSession session, RecognizerConfig config, EventLog log, Consumer<LedFrame> leds) {
        this.session = Objects.requireNonNull(session, "session");
        this.config = Objects.requireNonNull(config, "config");
        this.log = Objects.requireNonNull(log, "log");
        this.leds = Objects.requireNonNull(leds, "leds");
        this.state = recognizerAtSessionPosition();
        showLeds();
    }

    /**
     * A recognizer at the session's position that knows the moves played, so that a restarted daemon shows the last
     * move on the LEDs and accepts takebacks into the game as it stood before the restart.
     */
    private RecognizerState recognizerAtSessionPosition() {
        List<Move> moves = session.game().moves();
        if (remoteSides.isEmpty()) return RecognizerState.resume(session.game().initial(), moves, config);
        // The last move made elsewhere may not be on the board yet (the daemon restarted in between): it is shown
        // again until the board shows it, rather than the board's earlier position read as its takeback.
        Position before = session.game().position();
        boolean lastRemote = !moves.isEmpty() && remoteSides.contains(before.turn().other());
        List<Move> known = lastRemote ? moves.subList(0, moves.size() - 1) : moves;
        RecognizerState s = RecognizerState.resume(session.game().initial(), known, config)
                .remoteSides(remoteSides, Long.MIN_VALUE).state();
        return lastRemote ? s.remoteMove(moves.getLast(), Long.MIN_VALUE).state() : s;
    }

    /**
     * Which sides move elsewhere (an engine, an online opponent): the board is never read as their moves, which come
     * through {@link #remoteMove}. Empty (the default) for two people at the board.
     */
    public void remoteSides(Set<Color> sides, long nowMillis) {
        remoteSides = Set.copyOf(sides);
        resync();
    }

    /**
     * A move made elsewhere: recorded in the game at once (with the mover's clock when the other side keeps it, else
     * {@link SessionEvent.MovePlayed#NO_CLOCK}), then shown on the LEDs until the board shows it too.
     *
     * @throws IllegalArgumentException when the move is not legal in the game's position
     * @throws IllegalStateException    when the game is over
     */
    public SessionEvent.MovePlayed remoteMove(Move move, long clockMillis, long nowMillis) {
        SessionEvent.MovePlayed played = session.play(move, nowMillis, clockMillis);
        apply(state.remoteMove(move, nowMillis));
        return played;
    }

    /** A settled sensor frame. */
    public void frame(Occupancy frame) {
        lastFrame = frame;
        watchHintGesture(frame);
        apply(state.accept(frame));
    }

    /** The hint gesture: the king lifted at least this long… */
    static final long HINT_MIN_MILLIS = 150;
    /** …and at most this long, then set back on its square. */
    static final long HINT_MAX_MILLIS = 3_000;

    /**
     * Calls {@code r} when the player asks for a hint: on their turn against an opponent elsewhere, they lift the
     * opponent's king and set it back on its square (a piece they never move otherwise).
     */
    public void onHintGesture(Runnable r) {
        hintGesture = r;
    }

    /** Shows {@code move} (the engine's hint for the player at {@code ply}) until the board changes. */
    public void showHint(Move move, int ply) {
        if (session.game().plies() != ply || !session.game().position().isLegal(move)) return;
        hint = move;
        hintPly = ply;
        showLeds();
    }

    private void watchHintGesture(Occupancy frame) {
        SquareSet board = frame.squares();
        Position p = session.game().position();
        if (hint != null && (hintPly != session.game().plies() || !board.equals(p.occupancy()))) hint = null;
        if (hintGesture == null || !remoteSides.contains(p.turn().other()) || remoteSides.contains(p.turn())
                || session.game().isOver()) {
            kingLiftedAt = -1;
            return;
        }
        int king = p.king(p.turn().other());
        if (king >= 0 && board.equals(p.occupancy().without(king))) {
            if (kingLiftedAt < 0) kingLiftedAt = frame.atMillis();
        } else if (board.equals(p.occupancy()) && kingLiftedAt >= 0) {
            long held = frame.atMillis() - kingLiftedAt;
            kingLiftedAt = -1;
            if (held >= HINT_MIN_MILLIS && held <= HINT_MAX_MILLIS) hintGesture.run();
        } else {
            kingLiftedAt = -1;
        }
    }

    /** The board stopped being read (see {@link org.marelle.board.OccupancyListener#onReadingLost}). */
    public void readingLost(long atMillis) {
        lastFrame = null;
        apply(state.readingLost(atMillis));
    }

    /**
     * Lets time pass (windows run out, a flag falls). The recognizer is ticked {@link SensorModel#frameLatency()}
     * behind {@code nowMillis}: a frame still settling in the debouncer carries the time of its first scan, which may
     * be before now, and the recognizer must not decide on the board before it. (Ticked at now, a move pending on a
     * bishop resting on d3 on its way to c4 was committed 5 ms before the frame that showed d3 empty again, stamped
     * 36 ms earlier, arrived: TWIC game 136 under `hall` at 24 Hz.)
     */
    public void tick(long nowMillis) {
        long settled = nowMillis - frameLatency();
        if (settled > state.now()) apply(state.tick(settled));
        checkFlag(nowMillis);
    }

    private long frameLatency() {
        return state.config().sensors().frameLatency();
    }

    /** When the recognizer next needs a {@link #tick}, or the side to move's flag falls, if no frame comes first. */
    public OptionalLong wakeUpAt() {
        OptionalLong w = state.wakeUpAt();
        OptionalLong r = w.isEmpty() ? w : OptionalLong.of(w.getAsLong() + frameLatency());
        OptionalLong f = session.flagAt();
        if (f.isEmpty()) return r;
        return r.isEmpty() ? f : OptionalLong.of(Math.min(r.getAsLong(), f.getAsLong()));
    }

    private void checkFlag(long nowMillis) {
        try {
            session.checkFlag(nowMillis);
        } catch (UncheckedIOException e) {
            log.error("the game did not record the flag's fall: " + e.getMessage());
        }
    }

    /**
     * While the game's record is not being saved (a full or read-only disk), tries again to write it, at most once a
     * {@link #SAVE_RETRY_MILLIS second}: when the disk takes it again, everything kept in memory is written. Does
     * nothing while the record is saved.
     */
    public void retrySaving(long nowMillis) {
        if (!session.saveStatus().saved() && nowMillis >= nextSaveAttempt) {
            nextSaveAttempt = nowMillis + SAVE_RETRY_MILLIS;
            session.retrySaving();
        }
        // The corners' warning comes and goes with the record's state (see recordNotSaved).
        if (session.saveStatus().saved() == warningShown) showLeds();
    }

    /** The piece for the pending (or next) promotion, chosen through a command. */
    public void choosePromotion(PieceType piece, long nowMillis) {
        apply(state.choosePromotion(piece, nowMillis));
    }

    /**
     * Takes back the last {@code plies} moves by command (casual mode): the session records it at once, and the
     * LEDs show which pieces to put back; the board's later position is not read as those moves made again.
     *
     * @throws IllegalStateException in tournament mode, or with fewer moves played than asked for
     */
    public void takeBack(int plies, long nowMillis) {
        if (plies > session.game().plies()) {
            throw new IllegalStateException("cannot take back " + plies + " ply(ies): the game has " + session.game().plies());
        }
        apply(state.remoteTakeback(plies, nowMillis));
    }

    /**
     * Takes back the last {@code plies} moves, whatever the mode: moves an online server refused. The session records
     * the takeback and the LEDs show which pieces to put back.
     */
    public void undo(int plies, long nowMillis) {
        if (plies > session.game().plies()) {
            throw new IllegalStateException("cannot take back " + plies + " ply(ies): the game has " + session.game().plies());
        }
        Step step;
        try {
            step = state.undo(plies, nowMillis);
        } catch (IllegalStateException e) {
            // Further back than the recognizer remembers: the session takes the moves back, the recognizer starts
            // again from there and reads the board anew.
            List<Move> moves = session.game().moves();
            List<Move> undone = new java.util.ArrayList<>(moves.subList(moves.size() - plies, moves.size()));
            java.util.Collections.reverse(undone);
            Position back = session.game().initial();
            for (Move m : moves.subList(0, moves.size() - plies)) back = back.play(m);
            session.handle(new RecognitionEvent.TakenBack(nowMillis, undone, back));
            resync();
            return;
        }
        apply(step);
    }

    /**
     * Reads the board anew from the game's position, after the game changed outside the board (a result entered and
     * withdrawn): the board as it stands is read as nothing (not the gesture again), a mismatch the LEDs guide back.
     */
    public void reread(long nowMillis) {
        state = recognizerAtSessionPosition();
        if (lastFrame != null) {
            apply(state.accept(lastFrame));
            apply(state.setAside(nowMillis));
        } else {
            showLeds();
        }
    }

    /** Starts a new game from {@code position} by command (the board then has to show it). */
    public void newGame(Position position, long nowMillis) {
        session.newGame(position);
        apply(state.newGame(position, nowMillis));
    }

    /**
     * Says (or, with null, stops saying) that the opponent elsewhere is failing: the viewer shows {@code note}, and
     * the opponent's king blinks on the LEDs while its move is awaited.
     */
    public void opponentNote(String note) {
        opponentNote = note;
        showLeds();
    }

    public String opponentNote() {
        return opponentNote;
    }

    public GameSession session() {
        return session;
    }

    public RecognizerState recognizer() {
        return state;
    }

    private void apply(Step step) {
        state = step.state();
        for (RecognitionEvent e : step.events()) {
            log.recognition(e, state.position().geometry());
            try {
                session.handle(e);
            } catch (UncheckedIOException | IllegalStateException x) {
                log.error("the game did not record " + describe(e) + ": " + x.getMessage()
                        + "; recognizing again from the game's position");
                resync();
                return;
            }
        }
        showLeds();
    }

    /** Starts the recognizer again at the session's position and shows it the board as it is. */
    private void resync() {
        if (resyncing) return;   // a failure while resyncing waits for the next frame
        resyncing = true;
        try {
            state = recognizerAtSessionPosition();
            if (lastFrame != null) apply(state.accept(lastFrame));
            else showLeds();
        } finally {
            resyncing = false;
        }
    }

    private void showLeds() {
        LedFrame f = state.leds();
        if (opponentNote != null && state.awaitingRemoteMove()) f = opponentFailing(f, state.position());
        if (hint != null && state.inSync()) {
            Move m = org.marelle.bridge.recognition.PromotionChoices.base(hint);
            LedFrame.Led led = new LedFrame.Led(org.marelle.bridge.recognition.BoardLeds.HINT, LedFrame.Pattern.ON);
            f = f.with(m.from(), led).with(m.to(), led);
        }
        warningShown = !session.saveStatus().saved();
        if (warningShown) f = recordNotSaved(f);
        if (!f.equals(lastLeds)) {
            lastLeds = f;
            leds.accept(f);
        }
    }

    /** While the opponent elsewhere fails to answer, its king's square blinks in the colour of its moves. */
    static LedFrame opponentFailing(LedFrame f, Position p) {
        int king = p.king(p.turn());
        return king < 0 ? f : f.with(king, new LedFrame.Led(org.marelle.bridge.recognition.BoardLeds.REMOTE, LedFrame.Pattern.BLINK));
    }

    /** The colour of the corners' warning: orange, which no other light on a corner square uses. */
    static final int RECORD_NOT_SAVED_RGB = 0xFF8000;

    /**
     * While the game's record is not being saved (a full or read-only disk), the board's four corner squares blink
     * orange, where nothing else lights them: a player at a board with no screen learns that the moves live in memory
     * only. (En passant's orange never falls on a corner.)
     */
    static LedFrame recordNotSaved(LedFrame f) {
        int files = f.files(), ranks = f.ranks();
        LedFrame out = f;
        for (int sq : new int[] {0, files - 1, (ranks - 1) * files, ranks * files - 1}) {
            if (out.led(sq).equals(LedFrame.Led.OFF)) {
                out = out.with(sq, new LedFrame.Led(RECORD_NOT_SAVED_RGB, LedFrame.Pattern.BLINK));
            }
        }
        return out;
    }

    private static String describe(RecognitionEvent e) {
        return e instanceof RecognitionEvent.MoveCommitted c ? "the move " + c.san() : e.getClass().getSimpleName();
    }
}
