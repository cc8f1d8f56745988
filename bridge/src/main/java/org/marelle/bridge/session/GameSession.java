package org.marelle.bridge.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Outcome;
import org.marelle.rules.Position;

/**
 * Owns the game played on one board: its moves, tags, result and draw offers. Every change is an
 * {@link SessionEvent}, written to the {@link SessionJournal} (and forced to disk) first, then applied, then handed to
 * the listeners. When the disk refuses it, the journal keeps it in memory and the game goes on ({@link #saveStatus()}
 * says the record is not being saved); only a journal that cannot even keep it throws, and then nothing changes.
 *
 * <p>The game ends by the rules (mate, stalemate, Courier's bare king, dead position, 75 moves, fivefold repetition:
 * recorded right after the move that caused it), by the players' gesture on the board, or by a command (resignation,
 * agreement, arbiter, a claimed draw).
 *
 * <p>Not thread-safe: the daemon's thread owns it. Listeners run on that thread and must hand slow work elsewhere.
 */
public final class GameSession {

    /** Sees every recorded event with the game it produced. */
    @FunctionalInterface
    public interface Listener {
        void onEvent(SessionEvent event, GameRecord game);
    }

    private static final System.Logger LOG = System.getLogger(GameSession.class.getName());
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final DateTimeFormatter PGN_DATE = DateTimeFormatter.ofPattern("yyyy.MM.dd");

    private final SessionJournal journal;
    private final InstantSource clock;
    private final ZoneId zone;
    private final Map<String, String> baseTags;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private GameRecord game;
    private String lastIdStem;
    private int idSuffix;
    /** The move the board shows, not yet final, and when it first did: the mover's clock stopped then. */
    private Move shownMove;
    private long shownAt;
    private boolean keepsClocks = true;
    private boolean flagsFall = true;

    private GameSession(SessionJournal journal, InstantSource clock, ZoneId zone, Map<String, String> baseTags) {
        this.journal = Objects.requireNonNull(journal, "journal");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.zone = Objects.requireNonNull(zone, "zone");
        this.baseTags = new LinkedHashMap<>(baseTags);
        GameTags.check(this.baseTags);
    }

    /**
     * A session that resumes the game a journal replayed ({@code replayed}: that game's events, first its start), or
     * starts a new game from {@code initial} when there is none.
     *
     * @param baseTags tags every new game gets (from the configuration); the Date defaults to the game's start day
     * @throws IllegalArgumentException when the replayed events do not make a game
     */
    public static GameSession resume(List<SessionEvent> replayed, Position initial, Map<String, String> baseTags,
                                     SessionJournal journal, InstantSource clock, ZoneId zone) {
        GameSession s = new GameSession(journal, clock, zone, baseTags);
        if (replayed.isEmpty()) {
            s.newGame(initial);
        } else {
            s.game = GameRecord.replay(replayed);
            // A cut between a mating move and its result record leaves the result to record now.
            s.recordRulesOutcome();
        }
        return s;
    }

    public void addListener(Listener l) {
        listeners.add(Objects.requireNonNull(l, "listener"));
    }

    public void removeListener(Listener l) {
        listeners.remove(l);
    }

    /**
     * Whether the session keeps the clocks of games with a {@code TimeControl} tag (the default): each move's clock
     * worked out from it, and a flag that falls ending the game. Off, the tag is only a tag (the players' own clock
     * decides, or a replayed game's); clocks a move brings with it (an online game's) are still recorded.
     */
    public void keepClocks(boolean keep) {
        keepsClocks = keep;
    }

    /**
     * Whether a flag that falls ends the game (the default). Off when another keeps the time and says when a flag
     * falls (an online server): the clocks are still kept, for the record and the viewer.
     */
    public void flagsFall(boolean fall) {
        flagsFall = fall;
    }

    /** The game now. */
    public GameRecord game() {
        return game;
    }

    /** Whether the game's record is on disk, or why not (the game goes on in memory meanwhile). */
    public SaveStatus saveStatus() {
        return journal.saveStatus();
    }

    /** Tries again to write what the disk refused; returns the status after. */
    public SaveStatus retrySaving() {
        return journal.retrySaving();
    }

    /** What a person watching the board should know about the game's record, or null (see {@link SessionJournal}). */
    public String recordNote() {
        return journal.recordNote();
    }

    /** The tags each new game starts with. */
    public Map<String, String> baseTags() {
        return java.util.Collections.unmodifiableMap(baseTags);
    }

    // ---- from the recognizer ---------------------------------------------------------------------------------------

    /**
     * Records what a recognizer event means for the game, and returns the events recorded (none for display-only
     * events, or for a move after the game ended, which is ignored).
     *
     * @throws UncheckedIOException when the journal cannot write; the game is then unchanged
     * @throws IllegalStateException when a committed move does not follow the session's game (recognizer and session
     *                               disagree about the position: a bug, never a wrong move recorded)
     */
    public List<SessionEvent> handle(RecognitionEvent event) {
        List<SessionEvent> out = new ArrayList<>(2);
        switch (event) {
            case RecognitionEvent.MoveCommitted c -> {
                if (game.isOver()) return out;
                if (!c.before().equals(game.position())) {
                    throw new IllegalStateException("the recognizer played " + c.san() + " in " + c.before().fen()
                            + " but the game is at " + game.position().fen());
                }
                long movedAt = c.move().equals(shownMove) ? Math.min(shownAt, c.atMillis()) : c.atMillis();
                shownMove = null;
                out.addAll(playMove(c.move(), movedAt, SessionEvent.MovePlayed.NO_CLOCK));
            }
            case RecognitionEvent.MoveProvisional p -> {
                if (!p.move().equals(shownMove)) {
                    shownMove = p.move();
                    shownAt = p.atMillis();
                }
            }
            case RecognitionEvent.ProvisionalWithdrawn w -> shownMove = null;
            case RecognitionEvent.TakenBack t -> {
                shownMove = null;
                int plies = Math.min(t.plies(), game.plies());
                if (plies > 0) out.add(record(new SessionEvent.MovesTakenBack(now(), plies)));
            }
            case RecognitionEvent.Corrected c -> {
                // The moves that replace those withdrawn follow as moves committed.
                shownMove = null;
                int plies = Math.min(c.plies(), game.plies());
                if (plies > 0) out.add(record(new SessionEvent.MovesTakenBack(now(), plies, true)));
            }
            case RecognitionEvent.NewGameDetected n -> out.add(newGame(n.position()));
            case RecognitionEvent.ResultGesture g -> {
                if (!game.isOver()) out.add(record(new SessionEvent.GameEnded(now(), g.result(), "gesture")));
            }
            default -> {
                // Promotion prompts, mismatches, questions: for the LEDs and the log, not the game.
            }
        }
        return out;
    }

    // ---- commands --------------------------------------------------------------------------------------------------

    /**
     * Plays a move (the recognizer's, or one entered through a command); when the move ends the game by the rules, the
     * result is recorded right after it.
     */
    public SessionEvent.MovePlayed play(Move move) {
        return play(move, now(), SessionEvent.MovePlayed.NO_CLOCK);
    }

    /**
     * Plays a move made at {@code movedAtMillis} (a move made elsewhere: an engine's, an online opponent's), with the
     * time its mover's clock shows after it when the opponent's side keeps the clocks ({@code clockMillis}), or
     * {@link SessionEvent.MovePlayed#NO_CLOCK} for the session to work it out from the game's time control.
     *
     * @throws IllegalStateException when the game is over, or when the mover's time had run out before the move (the
     *                               game is then recorded as lost on time)
     */
    public SessionEvent.MovePlayed play(Move move, long movedAtMillis, long clockMillis) {
        shownMove = null;
        List<SessionEvent> out = playMove(move, movedAtMillis, clockMillis);
        if (out.get(0) instanceof SessionEvent.MovePlayed m) return m;
        throw new IllegalStateException("the move came after the flag fell: " + game.result() + " (" + game.reason() + ")");
    }

    private List<SessionEvent> playMove(Move move, long movedAt, long clockMillis) {
        if (game.isOver()) throw new IllegalStateException("the game is over (" + game.result() + ")");
        Position p = game.position();
        if (!p.isLegal(move)) throw new IllegalArgumentException("illegal move " + move + " in " + p.fen());
        List<SessionEvent> out = new ArrayList<>(2);
        long clock = clockMillis;
        if (clock == SessionEvent.MovePlayed.NO_CLOCK && keepsClocks) {
            Optional<TimeControl> tc = game.timeControl();
            if (tc.isPresent()) {
                Color mover = p.turn();
                long before = game.clockOf(mover);
                long spent = game.turnStartedAt() < 0 ? 0 : Math.max(0, movedAt - game.turnStartedAt());
                if (flagsFall && game.turnStartedAt() >= 0 && spent > before) {
                    // The flag fell before the move was made (no tick came between): the game was lost on time then.
                    out.add(record(new SessionEvent.GameEnded(now(), onTime(mover), TIME_FORFEIT)));
                    return out;
                }
                clock = tc.get().after(before, game.movesBy(mover), spent);
            }
        }
        out.add(record(new SessionEvent.MovePlayed(now(), game.plies() + 1, p.uci(move), p.san(move), movedAt, clock)));
        recordRulesOutcome().ifPresent(out::add);
        return out;
    }

    /** The reason recorded when a flag falls. */
    public static final String TIME_FORFEIT = "time forfeit";

    /**
     * When the side to move's flag falls if it does not move: empty with no clock running, and while the board shows
     * its move (it has pressed its clock, in effect) until that move is final or withdrawn.
     */
    public OptionalLong flagAt() {
        return shownMove != null || !keepsClocks || !flagsFall ? OptionalLong.empty() : game.flagAt();
    }

    /**
     * Ends the game on time when the side to move's flag has fallen by {@code nowMillis}: a loss, or a draw when its
     * opponent could never mate (FIDE 6.9). Returns the result recorded, if any.
     */
    public Optional<SessionEvent.GameEnded> checkFlag(long nowMillis) {
        OptionalLong flag = flagAt();
        if (flag.isEmpty() || nowMillis < flag.getAsLong()) return Optional.empty();
        return Optional.of((SessionEvent.GameEnded) record(
                new SessionEvent.GameEnded(now(), onTime(game.position().turn()), TIME_FORFEIT)));
    }

    /** The result when {@code loser}'s flag falls. */
    private String onTime(Color loser) {
        if (game.position().hasInsufficientMaterial(loser.other())) return "1/2-1/2";
        return loser == Color.WHITE ? "0-1" : "1-0";
    }

    /** Starts a new game from {@code initial} with the base tags; the current game is archived if it has moves. */
    public SessionEvent.GameStarted newGame(Position initial) {
        long at = now();
        Map<String, String> tags = new LinkedHashMap<>(baseTags);
        LocalDateTime local = LocalDateTime.ofInstant(Instant.ofEpochMilli(at), zone);
        tags.putIfAbsent(GameTags.DATE, PGN_DATE.format(local));
        SessionEvent.GameStarted start = new SessionEvent.GameStarted(at, nextGameId(local), initial.variant().name(),
                initial.fen(), tags);
        shownMove = null;
        try {
            journal.startGame(game, start);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a new game in the journal: " + e.getMessage(), e);
        }
        game = GameRecord.of(start);
        notifyListeners(start);
        return start;
    }

    /**
     * Tags set from afar for this game and the ones after (the round's and the pairing's, from a hub): each is set on
     * the current game where it differs, unless the game is over (a finished game keeps who played it), and every
     * later game starts with it. A null value removes the tag. Returns the changes recorded on the current game.
     *
     * @throws IllegalArgumentException naming a tag PGN cannot hold (nothing is changed then)
     */
    public List<SessionEvent.TagChanged> setStandingTags(Map<String, String> tags) {
        for (Map.Entry<String, String> t : tags.entrySet()) {
            GameTags.checkName(t.getKey());
            if (t.getValue() != null) GameTags.checkValue(t.getKey(), t.getValue());
        }
        List<SessionEvent.TagChanged> changed = new ArrayList<>();
        for (Map.Entry<String, String> t : tags.entrySet()) {
            if (t.getValue() == null) baseTags.remove(t.getKey());
            else baseTags.put(t.getKey(), t.getValue());
            if (!game.isOver() && !Objects.equals(game.tags().get(t.getKey()), t.getValue())) {
                changed.add(setTag(t.getKey(), t.getValue()));
            }
        }
        return changed;
    }

    /** Sets a tag of the current game (null removes it). */
    public SessionEvent.TagChanged setTag(String name, String value) {
        return (SessionEvent.TagChanged) record(new SessionEvent.TagChanged(now(), name, value));
    }

    /**
     * Enters the result by command: "1-0", "0-1", "1/2-1/2", or "*" to reopen the game.
     *
     * @param reason how it was decided: "resignation", "agreement", "time forfeit", "arbiter", ...
     */
    public SessionEvent.GameEnded setResult(String result, String reason) {
        return (SessionEvent.GameEnded) record(new SessionEvent.GameEnded(now(), result, reason));
    }

    /** Records a draw offer by {@code by} after the moves played so far. */
    public SessionEvent.DrawOffered offerDraw(Color by) {
        if (game.isOver()) throw new IllegalStateException("the game is over (" + game.result() + ")");
        return (SessionEvent.DrawOffered) record(new SessionEvent.DrawOffered(now(), game.plies(), by));
    }

    /**
     * A player claims a draw: granted on a threefold repetition or after fifty moves without a capture or pawn move.
     *
     * @throws IllegalStateException naming why when there is nothing to claim
     */
    public SessionEvent.GameEnded claimDraw() {
        if (game.isOver()) throw new IllegalStateException("the game is over (" + game.result() + ")");
        Position p = game.position();
        String reason = p.isThreefoldRepetition() ? "threefold repetition" : p.isFiftyMoves() ? "fifty moves" : null;
        if (reason == null) {
            throw new IllegalStateException("no draw to claim: the position occurred " + p.repetitions()
                    + " time(s) and the fifty-move count is " + p.halfmoveClock() + " plies");
        }
        return setResult("1/2-1/2", reason);
    }

    // ---- inside ----------------------------------------------------------------------------------------------------

    private Optional<SessionEvent> recordRulesOutcome() {
        if (game.isOver()) return Optional.empty();
        Optional<Outcome> outcome = game.position().outcome();
        return outcome.map(o -> record(new SessionEvent.GameEnded(now(), o.result(), reasonOf(o))));
    }

    private static String reasonOf(Outcome o) {
        return switch (o.termination()) {
            case CHECKMATE -> "checkmate";
            case STALEMATE -> "stalemate";
            case INSUFFICIENT_MATERIAL -> "insufficient material";
            case SEVENTY_FIVE_MOVES -> "seventy-five moves";
            case FIVEFOLD_REPETITION -> "fivefold repetition";
            case VARIANT -> "bare king";
        };
    }

    /** Journal first (forced to disk), then the game, then the listeners. */
    private SessionEvent record(SessionEvent e) {
        GameRecord next = game.apply(e);   // refuses what does not apply before anything is written
        try {
            journal.append(e);
        } catch (IOException x) {
            throw new UncheckedIOException("cannot write the journal: " + x.getMessage(), x);
        }
        game = next;
        notifyListeners(e);
        return e;
    }

    private void notifyListeners(SessionEvent e) {
        for (Listener l : listeners) {
            try {
                l.onEvent(e, game);
            } catch (RuntimeException x) {
                // The event is recorded whatever an output thinks of it; one failing output must not starve the others.
                LOG.log(System.Logger.Level.WARNING, "session listener " + l + " failed on " + e, x);
            }
        }
    }

    private long now() {
        return clock.millis();
    }

    /** Date and time of the start; a second game in the same second gets -2, -3, ... */
    private String nextGameId(LocalDateTime start) {
        String stem = ID.format(start);
        if (stem.equals(lastIdStem) || (game != null && game.gameId().startsWith(stem))) {
            idSuffix++;
            lastIdStem = stem;
            return stem + "-" + idSuffix;
        }
        lastIdStem = stem;
        idSuffix = 1;
        return stem;
    }
}
