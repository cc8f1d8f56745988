package org.marelle.bridge.play;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Color;

/**
 * The person at the board plays an online opponent on Lichess through the Board API. Three threads, none of them
 * the board's: one follows the account's event stream (accepting challenges from the players allowed, starting a
 * game's stream when one begins), one follows the game's stream, and one sends the person's moves. What the game's
 * stream says goes to the {@link Board} (the daemon's thread), which brings the session's game in line with it:
 * the server is the authority on the game, so a stream that was cut and opened again is simply read again.
 *
 * <p>Network faults: a stream that breaks is opened again after 1 s, doubling to 30 s; after a 429 every call waits
 * a full minute, as Lichess asks; a move the server refuses (400) is handed back to the board to be taken back.
 */
public final class LichessOpponent implements GameSession.Listener, AutoCloseable {

    /** A Lichess game as its stream began it ({@code gameFull}). */
    public record Game(String id, String variant, String initialFen, Color ours, String white, String black,
                       Long clockInitial, Long clockIncrement, boolean rated) {
    }

    /** A state of the game ({@code gameState}): all its moves in UCI, both clocks, its status. */
    public record State(String gameId, List<String> moves, long wtime, long btime, String status, String winner) {
        public State {
            moves = List.copyOf(moves);
        }

        public boolean started() {
            return status.equals("started") || status.equals("created");
        }
    }

    /** Where the game goes: the daemon's thread. Each must return at once. */
    public interface Board {
        /** A game begins (or is followed again): the session's game is made this one. */
        void begin(Game game);

        /** The game as the server has it now. */
        void state(Game game, State state);

        /** The server refused the person's move at {@code ply} (1-based) for {@code reason}. */
        void refused(Game game, int ply, String reason);
    }

    /**
     * @param accept      who may challenge the person: empty for anyone, else Lichess user names
     * @param challenge   a user to challenge at start (none: null), with the clock and colour below
     * @param seek        whether to seek a game with a random player (the clock, colour and rating below) whenever
     *                    no game is on: at start, and when a new game is set up on the board after one
     */
    public record Settings(Set<String> accept, String challenge, Integer clockSeconds, Integer incrementSeconds,
                           String color, boolean rated, Duration firstRetry, Duration lastRetry, Duration rateLimitPause,
                           boolean seek) {

        /** Without a seek: challenges only. */
        public Settings(Set<String> accept, String challenge, Integer clockSeconds, Integer incrementSeconds, String color,
                        boolean rated, Duration firstRetry, Duration lastRetry, Duration rateLimitPause) {
            this(accept, challenge, clockSeconds, incrementSeconds, color, rated, firstRetry, lastRetry, rateLimitPause, false);
        }

        public Settings {
            accept = accept == null ? Set.of() : Set.copyOf(accept.stream().map(s -> s.toLowerCase(Locale.ROOT)).toList());
            if (color == null) color = "random";
            if (firstRetry == null) firstRetry = Duration.ofSeconds(1);
            if (lastRetry == null) lastRetry = Duration.ofSeconds(30);
            if (rateLimitPause == null) rateLimitPause = Duration.ofMinutes(1);
        }
    }

    private record Send(Game game, int ply, String uci) {
    }

    private final LichessApi api;
    private final Settings settings;
    private final Board board;
    private final Notices notices;
    private final LinkedBlockingQueue<Send> outbox = new LinkedBlockingQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile Game game;
    private volatile String following;
    private volatile boolean closed;
    private volatile long quietUntilNanos;

    public LichessOpponent(LichessApi api, Settings settings, Board board, Notices notices) {
        this.api = Objects.requireNonNull(api, "api");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.board = Objects.requireNonNull(board, "board");
        this.notices = Objects.requireNonNull(notices, "notices");
    }

    /** Starts following the account's events (and challenges the configured player). */
    public void start() {
        threads.add(Thread.ofPlatform().daemon().name("lichess-events").start(this::followEvents));
        threads.add(Thread.ofPlatform().daemon().name("lichess-moves").start(this::sendMoves));
    }

    /** The game being played, or null. */
    public Game game() {
        return game;
    }

    // ---- the person's moves ----------------------------------------------------------------------------------------

    @Override
    public void onEvent(SessionEvent event, GameRecord record) {
        if (event instanceof SessionEvent.GameStarted && following == null) seekIfIdle();
        Game g = game;
        if (g == null || !isThisGame(record, g)) return;
        if (event instanceof SessionEvent.MovePlayed m) {
            Color mover = (m.ply() % 2 == 1) == (record.initial().turn() == Color.WHITE) ? Color.WHITE : Color.BLACK;
            if (mover == g.ours()) outbox.add(new Send(g, m.ply(), m.uci()));
        } else if (event instanceof SessionEvent.GameEnded e && !e.reason().startsWith("lichess")) {
            // The person's gesture: a resignation, or a draw offered (or accepted) on the server.
            String path = "/api/board/game/" + g.id() + (e.result().equals("1/2-1/2") ? "/draw/yes" : "/resign");
            boolean ourLoss = e.result().equals(g.ours() == Color.WHITE ? "0-1" : "1-0");
            if (ourLoss || e.result().equals("1/2-1/2")) outbox.add(new Send(g, -1, path));
        }
    }

    /** Whether the session's game is this Lichess game (its Site tag is the game's address). */
    public boolean isThisGame(GameRecord record, Game g) {
        return site(g).equals(record.tags().get("Site"));
    }

    /** The game's address, its Site tag. */
    public String site(Game g) {
        String b = api.base().toString();
        return (b.endsWith("/") ? b.substring(0, b.length() - 1) : b) + "/" + g.id();
    }

    /** Sends the moves the server does not have yet (the board found them missing after a reconnection). */
    public void resend(Game g, int ply, String uci) {
        outbox.add(new Send(g, ply, uci));
    }

    private void sendMoves() {
        try {
            while (!closed) {
                Send s = outbox.poll(1, TimeUnit.SECONDS);
                if (s == null) continue;
                Duration pause = settings.firstRetry();
                while (!closed) {
                    waitOutRateLimit();
                    try {
                        if (s.ply() < 0) {
                            api.post(s.uci(), Map.of());
                        } else {
                            api.post("/api/board/game/" + s.game().id() + "/move/" + s.uci(), Map.of());
                        }
                        break;
                    } catch (LichessApi.Failure f) {
                        if (f.rateLimited()) {
                            rateLimited();
                        } else if (f.retryable()) {
                            notices.error("Lichess: " + f.getMessage() + "; trying again in " + pause.toMillis() + " ms");
                            Thread.sleep(pause.toMillis());
                            pause = longer(pause);
                        } else {
                            notices.error("Lichess refused " + (s.ply() < 0 ? s.uci() : "the move " + s.uci()) + ": "
                                    + f.getMessage());
                            if (s.ply() > 0) board.refused(s.game(), s.ply(), f.getMessage());
                            break;
                        }
                    } catch (java.io.IOException e) {
                        notices.error("Lichess: " + e.getMessage());
                        Thread.sleep(pause.toMillis());
                        pause = longer(pause);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the streams -----------------------------------------------------------------------------------------------

    private void followEvents() {
        try {
            if (settings.challenge() != null) challenge();
            follow("/api/stream/event", "event stream", this::seekIfIdle, e -> {
                onAccountEvent(e);
                return false;
            }, f -> f.status() == 401 || f.status() == 403
                    // Trying again cannot help: the token is wrong, expired, or lacks the scope.
                    ? "Lichess refused the token (" + f.getMessage() + "): give a personal token with the board:play"
                            + " scope (play.lichess.tokenFile or tokenEnv), then restart Marelle"
                    : null, () -> true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Follows an ND-JSON stream until {@code done} says the last line read ended it, a failure is final (its message
     * from {@code finalFailure}, else null), or it is no longer {@code wanted}: opened again when it ends or breaks,
     * after 1 s doubling to 30 s while it keeps failing, and after a rate limit's minute.
     */
    private void follow(String path, String what, Runnable onOpen, Predicate<JsonNode> done,
                        Function<LichessApi.Failure, String> finalFailure, BooleanSupplier wanted) throws InterruptedException {
        Duration pause = settings.firstRetry();
        while (!closed && wanted.getAsBoolean()) {
            waitOutRateLimit();
            boolean[] over = {false};
            try {
                api.stream(path, onOpen, e -> over[0] |= done.test(e));
                if (over[0]) return;
                notices.info("Lichess: the " + what + " ended; following it again");
                pause = settings.firstRetry();
            } catch (LichessApi.Failure f) {
                if (f.rateLimited()) {
                    rateLimited();
                    continue;
                }
                String fatal = finalFailure.apply(f);
                if (fatal != null) {
                    notices.error(fatal);
                    return;
                }
                notices.error("Lichess " + what + ": " + f.getMessage() + "; following it again in " + pause.toMillis() + " ms");
                Thread.sleep(pause.toMillis());
                pause = longer(pause);
            } catch (java.io.IOException e) {
                Thread.sleep(pause.toMillis());
                pause = longer(pause);
            }
        }
    }

    /**
     * Seeks a game when configured and none is on (the event stream being open, as Lichess asks, so that the game's
     * start is not missed). The seek runs on its own thread: its connection, kept open, keeps the seek alive until
     * Lichess pairs it or lets it expire; an expired seek is made again while no game has started.
     */
    private void seekIfIdle() {
        if (!settings.seek() || following != null || !seeking.compareAndSet(false, true)) return;
        threads.add(Thread.ofPlatform().daemon().name("lichess-seek").start(() -> {
            Map<String, String> form = new java.util.LinkedHashMap<>();
            form.put("rated", Boolean.toString(settings.rated()));
            int seconds = settings.clockSeconds() == null ? 600 : settings.clockSeconds();
            form.put("time", java.math.BigDecimal.valueOf(seconds).divide(java.math.BigDecimal.valueOf(60),
                    2, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString());
            form.put("increment", Integer.toString(settings.incrementSeconds() == null ? 0 : settings.incrementSeconds()));
            if (!settings.color().equals("random")) form.put("color", settings.color());
            Duration pause = settings.firstRetry();
            try {
                while (!closed && following == null) {
                    waitOutRateLimit();
                    notices.info("Lichess: seeking a " + seconds / 60 + "+" + form.get("increment") + " game");
                    try {
                        api.postStream("/api/board/seek", form, e -> {
                        });
                        pause = settings.firstRetry();
                    } catch (LichessApi.Failure f) {
                        if (f.rateLimited()) {
                            rateLimited();
                            continue;
                        }
                        notices.error("Lichess seek: " + f.getMessage() + "; seeking again in " + pause.toMillis() + " ms");
                        Thread.sleep(pause.toMillis());
                        pause = longer(pause);
                    } catch (java.io.IOException e) {
                        Thread.sleep(pause.toMillis());
                        pause = longer(pause);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                seeking.set(false);
            }
        }));
    }

    private final java.util.concurrent.atomic.AtomicBoolean seeking = new java.util.concurrent.atomic.AtomicBoolean();

    private void challenge() throws InterruptedException {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        form.put("rated", Boolean.toString(settings.rated()));
        form.put("color", settings.color());
        if (settings.clockSeconds() != null) {
            form.put("clock.limit", Integer.toString(settings.clockSeconds()));
            form.put("clock.increment", Integer.toString(settings.incrementSeconds() == null ? 0 : settings.incrementSeconds()));
        }
        try {
            api.post("/api/challenge/" + settings.challenge(), form);
            notices.info("Lichess: challenged " + settings.challenge());
        } catch (java.io.IOException e) {
            notices.error("Lichess: cannot challenge " + settings.challenge() + ": " + e.getMessage());
        }
    }

    private void onAccountEvent(JsonNode e) {
        switch (e.path("type").asText()) {
            case "challenge" -> {
                JsonNode c = e.path("challenge");
                String from = c.path("challenger").path("id").asText("").toLowerCase(Locale.ROOT);
                String to = c.path("destUser").path("id").asText("").toLowerCase(Locale.ROOT);
                if (to.isEmpty()) return;
                boolean mine = settings.challenge() != null && to.equalsIgnoreCase(settings.challenge());
                if (mine) return;   // our own challenge, seen going out
                if (!settings.accept().isEmpty() && !settings.accept().contains(from)) {
                    notices.info("Lichess: a challenge from " + from + " left unanswered (not in play.lichess.accept)");
                    return;
                }
                try {
                    api.post("/api/challenge/" + c.path("id").asText() + "/accept", Map.of());
                    notices.info("Lichess: accepted the challenge of " + from);
                } catch (java.io.IOException | InterruptedException x) {
                    notices.error("Lichess: cannot accept the challenge of " + from + ": " + x.getMessage());
                }
            }
            case "gameStart" -> {
                JsonNode g = e.path("game");
                if (!g.path("compat").path("board").asBoolean(true)) return;
                String id = g.path("gameId").asText(g.path("id").asText());
                if (id.isEmpty() || id.equals(following)) return;
                following = id;
                Color ours = g.path("color").asText("white").equals("black") ? Color.BLACK : Color.WHITE;
                threads.add(Thread.ofPlatform().daemon().name("lichess-game-" + id).start(() -> followGame(id, ours)));
            }
            default -> {
                // gameFinish comes through the game's own stream too; challenges cancelled or declined need nothing.
            }
        }
    }

    private void followGame(String id, Color ours) {
        try {
            follow("/api/board/game/stream/" + id, "stream of game " + id, () -> {
            }, e -> onGameEvent(e, id, ours),
                    f -> f.status() == 404 ? "Lichess: game " + id + " is gone (" + f.getMessage() + ")" : null,
                    () -> id.equals(following));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (id.equals(following)) following = null;
    }

    /** One line of the game's stream; true when the game is over. */
    private boolean onGameEvent(JsonNode e, String id, Color ours) {
        switch (e.path("type").asText()) {
            case "gameFull" -> {
                JsonNode clock = e.path("clock");
                Game g = new Game(id, e.path("variant").path("key").asText("standard"), e.path("initialFen").asText("startpos"),
                        ours, e.path("white").path("name").asText("?"), e.path("black").path("name").asText("?"),
                        clock.has("initial") ? clock.get("initial").asLong() : null,
                        clock.has("increment") ? clock.get("increment").asLong() : null, e.path("rated").asBoolean());
                game = g;
                board.begin(g);
                return state(g, e.path("state"));
            }
            case "gameState" -> {
                Game g = game;
                return g != null && g.id().equals(id) && state(g, e);
            }
            default -> {
                return false;   // chat lines, opponentGone: nothing for the board
            }
        }
    }

    private boolean state(Game g, JsonNode s) {
        String moves = s.path("moves").asText("").strip();
        State st = new State(g.id(), moves.isEmpty() ? List.of() : List.of(moves.split("\\s+")), s.path("wtime").asLong(-1),
                s.path("btime").asLong(-1), s.path("status").asText("started"), s.path("winner").asText(null));
        board.state(g, st);
        return !st.started();
    }

    // ---- pauses ----------------------------------------------------------------------------------------------------

    private Duration longer(Duration d) {
        Duration twice = d.multipliedBy(2);
        return twice.compareTo(settings.lastRetry()) > 0 ? settings.lastRetry() : twice;
    }

    private void rateLimited() {
        notices.error("Lichess: too many requests (429); waiting " + settings.rateLimitPause().toSeconds() + " s as Lichess asks");
        quietUntilNanos = System.nanoTime() + settings.rateLimitPause().toNanos();
    }

    private void waitOutRateLimit() throws InterruptedException {
        long wait;
        while ((wait = quietUntilNanos - System.nanoTime()) > 0 && !closed) {
            TimeUnit.NANOSECONDS.sleep(Math.min(wait, 200_000_000L));
        }
    }

    @Override
    public void close() {
        closed = true;
        following = null;
        for (Thread t : threads) t.interrupt();
    }
}
