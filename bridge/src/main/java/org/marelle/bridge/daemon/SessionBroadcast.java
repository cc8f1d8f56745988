package org.marelle.bridge.daemon;

import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.marelle.bridge.broadcast.BoardId;
import org.marelle.bridge.broadcast.BoardStatus;
import org.marelle.bridge.broadcast.BroadcastHub;
import org.marelle.bridge.broadcast.ClockState;
import org.marelle.bridge.broadcast.ControlResult;
import org.marelle.bridge.broadcast.Ending;
import org.marelle.bridge.broadcast.GameControl;
import org.marelle.bridge.broadcast.GameSnapshot;
import org.marelle.bridge.recognition.PromotionChoices;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * Connects one board's {@link GameSession} (and its recognizer) to the broadcast: every recorded session event
 * publishes the game to the hub, and the control API's actions run as commands on the daemon's thread.
 *
 * {@snippet :
 * SessionBroadcast live = new SessionBroadcast(BoardId.of("1"), hub, clock);
 * session.addListener(live);                       // before the first event
 * hub.setControl(live);
 * Daemon daemon = new Daemon(sensors, leds, l -> live.track(new BoardLoop(session, recognition, log, l)), ...);
 * live.attach(daemon::submit);
 * live.publish(session.game());                    // the game as it stands (resumed, or new)
 * }
 *
 * <p>{@link #onEvent} runs on the daemon's thread and returns at once (the hub renders the game and queues it).
 */
public final class SessionBroadcast implements GameSession.Listener, GameControl {

    /** Runs a command on the daemon's thread ({@code Daemon::submit}). */
    public interface Commands {
        <T> CompletableFuture<T> submit(Function<BoardLoop, T> command);
    }

    /** How long a control request waits for the daemon's thread. */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

    private final BoardId board;
    private final BroadcastHub hub;
    private final InstantSource clock;
    private volatile BoardLoop loop;
    private volatile Commands commands;
    private volatile GameRecord last;

    public SessionBroadcast(BoardId board, BroadcastHub hub, InstantSource clock) {
        this.board = Objects.requireNonNull(board, "board");
        this.hub = Objects.requireNonNull(hub, "hub");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Remembers the board loop, whose recognizer says what the board shows; returns it (for a factory lambda). */
    public BoardLoop track(BoardLoop boardLoop) {
        this.loop = Objects.requireNonNull(boardLoop, "boardLoop");
        return boardLoop;
    }

    /** Where control commands go: the daemon's thread. Until then the control API answers 409. */
    public void attach(Commands daemon) {
        this.commands = Objects.requireNonNull(daemon, "daemon");
    }

    // ---- session → hub -----------------------------------------------------------------------------------------

    @Override
    public void onEvent(SessionEvent event, GameRecord game) {
        publish(game);
    }

    /** Publishes {@code game} with what the recognizer says now. */
    public void publish(GameRecord game) {
        last = game;
        hub.gameChanged(board, withOpponent(snapshot(game, loop == null ? null : loop.recognizer(), recordNote()), opponentNote()));
    }

    /**
     * The recognizer's view changed without a game event (a provisional move, a mismatch, the board back in sync):
     * publishes it. Call on the daemon's thread after each recognizer step; unchanged views publish nothing.
     */
    public void recognizerChanged(RecognizerState state) {
        GameRecord game = last;
        if (game != null) {
            hub.gameChanged(board, withOpponent(snapshot(game, state, recordNote()), opponentNote()));
        }
    }

    /** {@link #recognizerChanged} with the tracked loop's recognizer; nothing before {@link #track}. */
    public void boardChanged() {
        BoardLoop l = loop;
        if (l != null) {
            recognizerChanged(l.recognizer());
        }
    }

    /** What the session says about the game's record (not being saved, recovered at start), or null. */
    private String recordNote() {
        BoardLoop l = loop;
        return l == null ? null : l.session().recordNote();
    }

    /** What the board loop says of the opponent elsewhere (failing, tried again), or null. */
    private String opponentNote() {
        BoardLoop l = loop;
        return l == null ? null : l.opponentNote();
    }

    private static GameSnapshot withOpponent(GameSnapshot s, String note) {
        return note == null ? s : s.withStatus(s.status().withOpponent(note));
    }

    /** The broadcast's view of a session's game. */
    static GameSnapshot snapshot(GameRecord game, RecognizerState recognizer, String recordNote) {
        Set<Integer> offers = new TreeSet<>();
        for (int ply : game.drawOffers().keySet()) {
            if (ply >= 1) {
                offers.add(ply - 1); // an offer after ply n goes with move n (index n - 1); one before any move has none
            }
        }
        BoardStatus status = BoardStatus.UNKNOWN;
        boolean casual = false;
        if (recognizer != null && recognizer.position().equals(game.position())) {
            status = BoardStatus.of(recognizer);
        }
        if (recognizer != null) {
            casual = recognizer.config().mode() == RecognizerConfig.Mode.CASUAL;
        }
        List<Duration> clocks = new ArrayList<>(game.plies());
        for (long c : game.clocks()) clocks.add(c == SessionEvent.MovePlayed.NO_CLOCK ? null : Duration.ofMillis(c));
        while (!clocks.isEmpty() && clocks.getLast() == null) clocks.removeLast();
        return new GameSnapshot(game.gameId(), game.initial(), game.moves(), clocks, game.tags(),
                game.result(), Ending.of(game.result(), game.reason()), offers, ClockState.of(game),
                status.withRecord(recordNote), casual);
    }

    // ---- control API → daemon ------------------------------------------------------------------------------------

    private ControlResult run(String what, Function<BoardLoop, String> command) {
        Commands c = commands;
        if (c == null) {
            return new ControlResult.Rejected(null, "the board is not running yet");
        }
        try {
            String message = c.submit(command).get(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return new ControlResult.Accepted(message);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return new ControlResult.Rejected(null, what + ": " + (cause == null ? e : cause).getMessage());
        } catch (TimeoutException e) {
            return new ControlResult.Rejected(null, what + ": the board did not answer in " + COMMAND_TIMEOUT.toSeconds()
                    + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ControlResult.Rejected(null, what + ": interrupted");
        }
    }

    @Override
    public ControlResult newGame(BoardId b, Position start, Map<String, String> tags) {
        return run("new game", l -> {
            GameSession session = l.session();
            if (!start.variant().equals(session.game().variant())) {
                throw new IllegalArgumentException("this board plays " + session.game().variant().name() + ", not "
                        + start.variant().name());
            }
            l.newGame(start, clock.millis());
            for (Map.Entry<String, String> t : tags.entrySet()) {
                session.setTag(t.getKey(), t.getValue());
            }
            return "new game " + session.game().gameId();
        });
    }

    @Override
    public ControlResult setTags(BoardId b, Map<String, String> tags) {
        return run("tags", l -> {
            for (Map.Entry<String, String> t : tags.entrySet()) {
                l.session().setTag(t.getKey(), t.getValue());
            }
            return tags.size() + " tag(s) set";
        });
    }

    @Override
    public ControlResult setResult(BoardId b, String result) {
        return run("result", l -> {
            l.session().setResult(result, result.equals("*") ? "reopened by the arbiter" : "arbiter");
            return "result " + result;
        });
    }

    @Override
    public ControlResult offerDraw(BoardId b, Color by) {
        return run("draw offer", l -> {
            l.session().offerDraw(by);
            return "draw offer by " + by.name().toLowerCase(java.util.Locale.ROOT);
        });
    }

    @Override
    public ControlResult choosePromotion(BoardId b, PieceType piece) {
        return run("promotion", l -> {
            // A choice is for the pawn on its promotion square now. Kept for a later one, it would silently make a
            // piece nobody chose when, moves later, a pawn is set down there with nothing else done.
            if (l.recognizer().provisionalMoves().stream().noneMatch(PromotionChoices::isPromotion)) {
                throw new IllegalStateException("no promotion is pending (choose the piece while the pawn stands on"
                        + " its promotion square); nothing was kept");
            }
            l.choosePromotion(piece, clock.millis());
            return "promotion piece " + piece.name();
        });
    }

    /**
     * Casual mode only: the game goes back at once, and the board's LEDs show which pieces to put back (the board's
     * later position is not read as the moves made again).
     */
    @Override
    public ControlResult takeBack(BoardId b, int plies) {
        return run("takeback", l -> {
            l.takeBack(plies, clock.millis());
            return plies + " ply(ies) taken back";
        });
    }
}
