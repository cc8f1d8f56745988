package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.http.HttpResponse;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.daemon.BoardLoop;
import org.marelle.bridge.daemon.EventLog;
import org.marelle.bridge.daemon.LiveBroadcast;
import org.marelle.bridge.daemon.SessionBroadcast;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The wiring to the real game session and board loop (issue 7's classes), driven by simulated frames on the test's
 * thread: what the session records is what the broadcast shows, and the control API acts on the session.
 */
@Timeout(60)
class SessionBroadcastTest {

    static final String TOKEN = BroadcastServerTest.TOKEN;

    private final ManualTime time = new ManualTime();
    private GameSession session;
    private LiveBroadcast live;
    private BoardLoop loop;
    private Http http;
    private long now;

    @BeforeEach
    void start() throws Exception {
        Position start = Position.start(Variant.STANDARD);
        session = GameSession.resume(List.of(), start, Map.of("Event", "Wiring test", "White", "Wendy", "Black", "Bert"),
                SessionJournal.NONE, time, ZoneOffset.UTC);
        live = LiveBroadcast.start(BroadcastConfig.defaults().withPort(0).withToken(TOKEN), session, time);
        EventLog log = EventLog.to(new PrintWriter(Writer.nullWriter()), false);
        java.util.function.Consumer<LedFrame> leds = live.watching(f -> { });
        loop = live.track(new BoardLoop(session, RecognizerConfig.defaults(), log, leds));
        // Commands run at once on the calling thread: the test itself is the daemon's thread here.
        live.attach(new SessionBroadcast.Commands() {
            @Override
            public <T> CompletableFuture<T> submit(Function<BoardLoop, T> command) {
                try {
                    return CompletableFuture.completedFuture(command.apply(loop));
                } catch (RuntimeException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
        });
        http = new Http(live.uri());
        SquareSet occ = start.occupancy();
        loop.frame(new Occupancy(8, 8, occ, 0, null));
    }

    @AfterEach
    void stop() {
        live.close();
    }

    /** The simulated hands play {@code sans} on the board; the recognizer and the session do the rest. */
    private void play(String... sans) {
        setDown(sans);
        tickUntil(now + 10_000);
        now += 10_000;
        loop.tick(now);
    }

    /** The hands make the moves, up to the last piece set down; the recognizer has not yet had the time to decide. */
    private void setDown(String... sans) {
        Position from = session.game().position();
        List<Move> moves = Games.moves(from, sans);
        long base = now + 1000;
        for (Occupancy f : HumanPlaySimulator.frames(from, moves, Profile.HUMAN, 3)) {
            if (f.atMillis() == 0) {
                continue; // the board as it stands
            }
            tickUntil(base + f.atMillis());
            loop.frame(f.at(base + f.atMillis()));
            now = base + f.atMillis();
        }
    }

    private void tickUntil(long before) {
        for (OptionalLong w = loop.wakeUpAt(); w.isPresent() && w.getAsLong() < before && w.getAsLong() > now;
                w = loop.wakeUpAt()) {
            now = w.getAsLong();
            loop.tick(now);
        }
    }

    @Test
    void whatTheSessionRecordsIsWhatThePublicSees() throws Exception {
        play("e4", "c5", "Nf3");
        assertThat(session.game().sans()).containsExactly("e4", "c5", "Nf3");
        String pgn = http.get("/game.pgn").body();
        assertThat(pgn).contains("[Event \"Wiring test\"]", "[White \"Wendy\"]",
                "[GameId \"" + session.game().gameId() + "\"]", "1. e4 c5 2. Nf3 *");
        JsonNode game = Http.json(http.get("/api/game"));
        assertThat(game.path("recognizer").path("known").asBoolean()).isTrue();
        assertThat(game.path("recognizer").path("inSync").asBoolean()).isTrue();
        assertThat(game.path("casual").asBoolean()).isTrue();
        assertThat(live.hub().eventsAfter(0)).extracting(BroadcastEvent::type).contains("move");
    }

    @Test
    void aBoardThatDisagreesIsShownAsAMismatch() throws Exception {
        Position p = session.game().position();
        SquareSet wrong = p.occupancy().without(p.geometry().parseSquare("e2")).with(p.geometry().parseSquare("e5"));
        now += 1000;
        loop.frame(new Occupancy(8, 8, wrong, now, null));
        tickUntil(now + 30_000);
        now += 30_000;
        loop.tick(now);
        JsonNode status = Http.json(http.get("/api/game")).path("recognizer");
        assertThat(status.path("inSync").asBoolean()).isFalse();
        assertThat(status.path("toFill").toString()).contains("e2");
        assertThat(status.path("toClear").toString()).contains("e5");
        assertThat(live.hub().eventsAfter(0)).extracting(BroadcastEvent::type).contains("mismatch");

        SquareSet right = p.occupancy();
        now += 1000;
        loop.frame(new Occupancy(8, 8, right, now, null));
        assertThat(Http.json(http.get("/api/game")).path("recognizer").path("inSync").asBoolean()).isTrue();
        assertThat(live.hub().eventsAfter(0)).extracting(BroadcastEvent::type).endsWith("insync");
    }

    @Test
    void theControlApiActsOnTheSession() throws Exception {
        play("d4", "d5");
        String auth = "Bearer " + TOKEN;
        HttpResponse<String> tags = http.send("PUT", "/api/game/tags", "{\"tags\":{\"Round\":\"5\",\"Black\":\"Bertha\"}}",
                "Authorization", auth);
        assertThat(tags.statusCode()).isEqualTo(200);
        assertThat(session.game().tags()).containsEntry("Round", "5").containsEntry("Black", "Bertha");

        assertThat(http.send("POST", "/api/game/draw-offer", "{}", "Authorization", auth).statusCode()).isEqualTo(200);
        assertThat(session.game().drawOffers()).containsKey(2);
        assertThat(Http.json(http.get("/api/game")).path("moves").get(1).path("drawOffer").asBoolean()).isTrue();

        // No pawn waits for its piece: the choice is refused (see the promotion tests below).
        assertThat(http.send("PUT", "/api/game/promotion", "{\"piece\":\"N\"}", "Authorization", auth).statusCode())
                .isEqualTo(409);

        // Casual mode: the game goes back at once; the board is then told which pieces to put back.
        HttpResponse<String> takeback = http.send("POST", "/api/game/takeback", "{}", "Authorization", auth);
        assertThat(takeback.statusCode()).as(takeback.body()).isEqualTo(200);
        assertThat(session.game().sans()).containsExactly("d4");

        HttpResponse<String> result = http.send("PUT", "/api/game/result", "{\"result\":\"1/2-1/2\"}",
                "Authorization", auth);
        assertThat(result.statusCode()).isEqualTo(200);
        assertThat(session.game().result()).isEqualTo("1/2-1/2");
        assertThat(http.get("/game.pgn").body()).contains("[Result \"1/2-1/2\"]", "[Round \"5\"]");
        // How it ended, for the viewer: the arbiter said so.
        assertThat(Http.json(http.get("/api/game")).path("ending").asText()).isEqualTo("arbiter");

        HttpResponse<String> courier = http.send("POST", "/api/game/new", "{\"variant\":\"courier\"}",
                "Authorization", auth);
        assertThat(courier.statusCode()).isEqualTo(409);
        assertThat(Http.json(courier).path("error").asText()).contains("this board plays standard, not courier");

        String before = session.game().gameId();
        HttpResponse<String> fresh = http.send("POST", "/api/game/new", "{\"white\":\"Xavier\"}", "Authorization", auth);
        assertThat(fresh.statusCode()).isEqualTo(200);
        assertThat(session.game().gameId()).isNotEqualTo(before);
        assertThat(session.game().plies()).isZero();
        assertThat(http.get("/game.pgn").body()).contains("[White \"Xavier\"]", "[GameId \"" + session.game().gameId() + "\"]");
    }

    /** A new game from {@code fen} by the control API, and the board set up to show it. */
    @Test
    void aTimedGamesClocksReachThePgnTheRoundAndTheJson() throws Exception {
        session.setTag("TimeControl", "300+3");
        play("e4", "e5");
        String pgn = http.get("/game.pgn").body();
        assertThat(pgn).contains("[TimeControl \"300+3\"]").containsPattern("1\\. e4 \\{\\[%clk 0:05:03]} 1\\.\\.\\. e5 \\{\\[%clk 0:0\\d:\\d\\d]}");
        // The round's PGN, which the Lichess push sends, has them too.
        assertThat(http.get("/games.pgn").body()).contains("[%clk 0:05:03]");
        JsonNode game = Http.json(http.get("/api/game"));
        assertThat(game.path("moves").get(0).path("clockMillis").asLong()).isEqualTo(303_000);
        JsonNode clock = game.path("clock");
        assertThat(clock.path("running").asText()).isEqualTo("white");
        assertThat(clock.path("whiteMillis").asLong()).isEqualTo(303_000);
        assertThat(clock.path("blackMillis").asLong()).isEqualTo(session.game().clocks().get(1));
        assertThat(clock.path("asOfMillis").asLong()).isEqualTo(session.game().turnStartedAt());
    }

    private void newGameFrom(String fen) throws Exception {
        HttpResponse<String> fresh = http.send("POST", "/api/game/new", "{\"fen\":\"" + fen + "\"}",
                "Authorization", "Bearer " + TOKEN);
        assertThat(fresh.statusCode()).as(fresh.body()).isEqualTo(200);
        // The command ran at the clock's time: the board's frames go on from there.
        now = Math.max(now, time.millis());
        SquareSet occ = session.game().position().occupancy();
        now += 1000;
        loop.frame(new Occupancy(8, 8, occ, now, null));
        tickUntil(now + 10_000);
        now += 10_000;
        loop.tick(now);
    }

    @Test
    void aPromotionChoiceWithNothingPendingIsRefusedAndNotKeptForALaterOne() throws Exception {
        newGameFrom("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        HttpResponse<String> early = http.send("PUT", "/api/game/promotion", "{\"piece\":\"N\"}",
                "Authorization", "Bearer " + TOKEN);
        assertThat(early.statusCode()).as(early.body()).isEqualTo(409);
        assertThat(Http.json(early).path("error").asText()).contains("no promotion is pending");

        // The pawn set down on a8 with nothing else done becomes the default piece, not the knight asked for before.
        play("a8=Q");
        assertThat(session.game().sans()).containsExactly("a8=Q+");
    }

    @Test
    void aPromotionChoiceWhileThePawnWaitsMakesThatPiece() throws Exception {
        newGameFrom("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        setDown("a8=Q");
        assertThat(Http.json(http.get("/api/game")).path("recognizer").path("promotionPending").asBoolean()).isTrue();
        time.advance(java.time.Duration.ofMillis(now - time.millis()));   // the choice comes after the pawn was set down
        HttpResponse<String> chosen = http.send("PUT", "/api/game/promotion", "{\"piece\":\"N\"}",
                "Authorization", "Bearer " + TOKEN);
        assertThat(chosen.statusCode()).as(chosen.body()).isEqualTo(200);
        tickUntil(now + 30_000);
        now += 30_000;
        loop.tick(now);
        assertThat(session.game().sans()).containsExactly("a8=N");
    }
}
