package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class BroadcastServerTest {

    static final String TOKEN = "0123456789abcdef0123456789abcdef";
    static final String AUTH = "Bearer " + TOKEN;

    private final ManualTime time = new ManualTime();
    private BroadcastHub hub;
    private BroadcastServer server;
    private RecordingControl control;
    private Http http;

    static BroadcastConfig loopback() {
        return BroadcastConfig.defaults().withPort(0).withToken(TOKEN);
    }

    private void start(BroadcastConfig config) throws Exception {
        hub = new BroadcastHub(config, time);
        control = new RecordingControl(hub);
        hub.setControl(control);
        server = BroadcastServer.start(config, hub);
        http = new Http(server.uri());
    }

    @BeforeEach
    void startServer() throws Exception {
        start(loopback());
    }

    @AfterEach
    void stopServer() {
        server.close();
        hub.close();
    }

    private GameSnapshot publishRuyLopez(int plies) {
        GameSnapshot g = Games.standard("ruy-1");
        g = Games.play(g, java.util.Arrays.copyOf(Games.RUY_LOPEZ, plies));
        hub.gameChanged(Games.ONE, g);
        return g;
    }

    @Test
    void listensOnLoopbackOnly() {
        assertThat(server.address().getAddress().isLoopbackAddress()).isTrue();
        assertThat(server.uri().toString()).startsWith("http://127.0.0.1:" + server.port() + "/");
    }

    @Nested
    class Reads {

        @Test
        void theViewerPageCarriesTheGameAndNoExternalAsset() throws Exception {
            publishRuyLopez(4);
            HttpResponse<String> r = http.get("/");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
            String page = r.body();
            assertThat(page).contains("<svg id=\"board\"", "new EventSource(\"events\")", "\"gameId\":\"ruy-1\"");
            assertThat(page).doesNotContain("@MARELLE_STATE@");
            // Nothing fetched from elsewhere: no http(s) URL in src/href attributes, no imports.
            assertThat(page).doesNotContainPattern("(src|href)=\"(https?:)?//");
            assertThat(page).doesNotContain("@import");
        }

        @Test
        void theRoundPageCarriesEveryBoardAndNoExternalAsset() throws Exception {
            publishRuyLopez(4);
            hub.gameChanged(Games.TWO, Games.standard("board-2"));
            HttpResponse<String> r = http.get("/round");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
            assertThat(r.headers().firstValue("Cache-Control")).hasValue("no-cache");
            String page = r.body();
            assertThat(page).contains("id=\"grid\"", "new EventSource(\"events\")", "\"gameId\":\"ruy-1\"",
                    "\"gameId\":\"board-2\"", "\"language\":\"auto\"");
            assertThat(page).doesNotContain("@MARELLE_STATE@");
            assertThat(page).doesNotContainPattern("(src|href)=\"(https?:)?//");
            assertThat(page).doesNotContain("@import");
            assertThat(http.get("/round?projector").statusCode()).isEqualTo(200);
            assertThat(http.send("HEAD", "/round", null).statusCode()).isEqualTo(200);
            assertThat(http.send("POST", "/round", "").statusCode()).isEqualTo(405);
        }

        @Test
        void aTagCannotCloseTheInlineScript() throws Exception {
            hub.gameChanged(Games.ONE, Games.standard("g").withTag("White", "</script><script>alert(1)</script>"));
            String page = http.get("/").body();
            assertThat(page).doesNotContain("</script><script>alert(1)");
            assertThat(page).contains("\\u003c/script>\\u003cscript>alert(1)");
        }

        @Test
        void gamePgnIsUtf8WithAStableGameIdAndClocks() throws Exception {
            GameSnapshot g = Games.standard("game-\u00e9").withTag("White", "M\u00fcller, J\u00fcrgen");
            Duration clock = Duration.ofMinutes(89).plusSeconds(57);
            g = g.withMove(g.position().parseSan("e4"), clock);
            g = g.withMove(g.position().parseSan("c5"), Duration.ofMinutes(90).plusSeconds(1));
            hub.gameChanged(Games.ONE, g);

            HttpResponse<String> r = http.get("/game.pgn");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("application/x-chess-pgn; charset=utf-8");
            assertThat(r.body()).isEqualTo("""
                    [Event "Club championship"]
                    [Site "Marelle test"]
                    [Date "2025.11.29"]
                    [Round "3"]
                    [White "M\u00fcller, J\u00fcrgen"]
                    [Black "Beta, Bruno"]
                    [Result "*"]
                    [GameId "game-\u00e9"]

                    1. e4 {[%clk 1:29:57]} 1... c5 {[%clk 1:30:01]} *
                    """);
            // The same id on every request, and after a move.
            hub.gameChanged(Games.ONE, Games.play(g, "Nf3"));
            assertThat(http.get("/game.pgn").body()).contains("[GameId \"game-\u00e9\"]").contains("2. Nf3 *");
        }

        @Test
        void etagRoundTrip() throws Exception {
            GameSnapshot g = publishRuyLopez(2);
            HttpResponse<String> first = http.get("/game.pgn");
            String etag = first.headers().firstValue("ETag").orElseThrow();
            assertThat(etag).matches("\"[0-9a-f]{32}\"");

            HttpResponse<String> same = http.get("/game.pgn", "If-None-Match", etag);
            assertThat(same.statusCode()).isEqualTo(304);
            assertThat(same.body()).isEmpty();
            assertThat(same.headers().firstValue("ETag")).hasValue(etag);
            assertThat(http.get("/game.pgn", "If-None-Match", "\"other\", W/" + etag).statusCode()).isEqualTo(304);
            assertThat(http.get("/game.pgn", "If-None-Match", "*").statusCode()).isEqualTo(304);
            assertThat(http.get("/game.pgn", "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);

            hub.gameChanged(Games.ONE, Games.play(g, "Nf3"));
            HttpResponse<String> changed = http.get("/game.pgn", "If-None-Match", etag);
            assertThat(changed.statusCode()).isEqualTo(200);
            assertThat(changed.body()).contains("2. Nf3");
            String newTag = changed.headers().firstValue("ETag").orElseThrow();
            assertThat(newTag).isNotEqualTo(etag);
            assertThat(http.get("/game.pgn", "If-None-Match", newTag).statusCode()).isEqualTo(304);

            // The round's PGN has its own tag, and 304s the same way.
            HttpResponse<String> round = http.get("/games.pgn");
            String roundTag = round.headers().firstValue("ETag").orElseThrow();
            assertThat(http.get("/games.pgn", "If-None-Match", roundTag).statusCode()).isEqualTo(304);
            hub.gameChanged(Games.TWO, Games.standard("other"));
            assertThat(http.get("/games.pgn", "If-None-Match", roundTag).statusCode()).isEqualTo(200);
        }

        @Test
        void gamesPgnHasEveryBoard() throws Exception {
            publishRuyLopez(3);
            hub.gameChanged(Games.TWO, Games.play(Games.standard("second"), "d4", "Nf6"));
            HttpResponse<String> r = http.get("/games.pgn");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("application/x-chess-pgn; charset=utf-8");
            assertThat(r.body()).contains("[GameId \"ruy-1\"]", "1. e4 e5 2. Nf3 *", "[GameId \"second\"]", "1. d4 Nf6 *");
            assertThat(http.get("/game.pgn?board=2").body()).contains("[GameId \"second\"]").doesNotContain("ruy-1");
        }

        @Test
        void gamesPgnOfAnEmptyRoundIsEmpty() throws Exception {
            HttpResponse<String> r = http.get("/games.pgn");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEmpty();
            HttpResponse<String> one = http.get("/game.pgn");
            assertThat(one.statusCode()).isEqualTo(404);
            assertThat(Http.json(one).path("error").asText()).isEqualTo("no game is being broadcast yet");
        }

        @Test
        void apiGameIsTheJsonView() throws Exception {
            publishRuyLopez(3);
            HttpResponse<String> r = http.get("/api/game");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
            JsonNode game = Http.json(r);
            assertThat(game.path("board").asText()).isEqualTo("1");
            assertThat(game.path("gameId").asText()).isEqualTo("ruy-1");
            assertThat(game.path("fen").asText()).isEqualTo("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
            assertThat(game.path("turn").asText()).isEqualTo("black");
            assertThat(game.path("white").asText()).isEqualTo("Alpha, Anna");
            assertThat(game.path("result").asText()).isEqualTo("*");
            assertThat(game.path("moves")).hasSize(3);
            assertThat(game.path("moves").get(2).path("san").asText()).isEqualTo("Nf3");
            assertThat(game.path("moves").get(2).path("uci").asText()).isEqualTo("g1f3");
            assertThat(game.path("tags").path("GameId").asText()).isEqualTo("ruy-1");
            assertThat(game.path("recognizer").path("known").asBoolean()).isFalse();
            assertThat(BroadcastHubTest.squares(game)).contains("f3=N white knight", "e5=P black pawn").hasSize(32);

            JsonNode all = Http.json(http.get("/api/games"));
            assertThat(all.path("boards")).hasSize(1);
            assertThat(all.path("lastEventId").asLong()).isEqualTo(1); // one snapshot with three moves: one event
        }

        @Test
        void headAnswersWithoutABody() throws Exception {
            publishRuyLopez(1);
            HttpResponse<String> r = http.send("HEAD", "/game.pgn", null);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEmpty();
            assertThat(r.headers().firstValue("ETag")).isPresent();
        }

        @Test
        void unknownAndBadBoards() throws Exception {
            publishRuyLopez(1);
            HttpResponse<String> unknown = http.get("/game.pgn?board=7");
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(Http.json(unknown).path("field").asText()).isEqualTo("board");
            assertThat(Http.json(unknown).path("error").asText()).isEqualTo("no board '7' (boards: 1)");
            HttpResponse<String> bad = http.get("/api/game?board=%2E%2E%2Fetc");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(Http.json(bad).path("field").asText()).isEqualTo("board");
        }

        @Test
        void unknownPathsAndMethods() throws Exception {
            HttpResponse<String> missing = http.get("/nothing.here");
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(Http.json(missing).path("error").asText()).startsWith("no such resource: /nothing.here");

            HttpResponse<String> post = http.send("POST", "/game.pgn", "x", "Authorization", AUTH);
            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
            HttpResponse<String> getControl = http.get("/api/game/result", "Authorization", AUTH);
            assertThat(getControl.statusCode()).isEqualTo(405);
            assertThat(getControl.headers().firstValue("Allow")).hasValue("PUT");
            HttpResponse<String> postResult = http.send("POST", "/api/game/result", "{}", "Authorization", AUTH);
            assertThat(postResult.statusCode()).isEqualTo(405);
            assertThat(Http.json(postResult).path("error").asText()).isEqualTo(
                    "POST is not allowed on /api/game/result (allowed: PUT)");
            assertThat(http.send("DELETE", "/events", null).statusCode()).isEqualTo(405);
        }
    }

    @Nested
    class Delay {

        @BeforeEach
        void restartWithDelay() throws Exception {
            stopServer();
            start(loopback().withDelay(Duration.ofSeconds(60)));
        }

        @Test
        void everythingPublicLagsByTheDelay() throws Exception {
            GameSnapshot g = Games.standard("late");
            hub.gameChanged(Games.ONE, g);
            time.advance(Duration.ofSeconds(60));
            hub.releaseDue();
            hub.gameChanged(Games.ONE, Games.play(g, "e4"));

            assertThat(http.get("/game.pgn").body()).contains("\n*\n").doesNotContain("e4");
            assertThat(Http.json(http.get("/api/game")).path("ply").asInt()).isZero();
            assertThat(http.get("/").body()).doesNotContain("\"san\":\"e4\"");
            assertThat(http.get("/games.pgn").body()).doesNotContain("e4");
            assertThat(hub.eventsAfter(0)).extracting(BroadcastEvent::type).containsExactly("newgame");

            time.advance(Duration.ofSeconds(59));
            hub.releaseDue();
            assertThat(http.get("/game.pgn").body()).doesNotContain("e4");
            time.advance(Duration.ofSeconds(1));
            hub.releaseDue();
            assertThat(http.get("/game.pgn").body()).contains("1. e4 *");
            assertThat(Http.json(http.get("/api/game")).path("ply").asInt()).isEqualTo(1);
            assertThat(hub.eventsAfter(0)).extracting(BroadcastEvent::type).containsExactly("newgame", "move");
        }
    }

    @Nested
    class Control {

        @BeforeEach
        void aGame() {
            publishRuyLopez(4);
        }

        @Test
        void withoutOrWithAWrongTokenIs401() throws Exception {
            String body = "{\"result\":\"1-0\"}";
            for (String[] headers : List.of(new String[0], new String[] {"Authorization", "Bearer wrong"},
                    new String[] {"Authorization", "Bearer " + TOKEN + "x"},
                    new String[] {"Authorization", "Bearer " + TOKEN.substring(1)},
                    new String[] {"Authorization", "Basic " + TOKEN}, new String[] {"Authorization", TOKEN},
                    new String[] {"Authorization", "Bearer"})) {
                HttpResponse<String> r = http.send("PUT", "/api/game/result", body, headers);
                assertThat(r.statusCode()).as("headers %s", List.of(headers)).isEqualTo(401);
                assertThat(r.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"marelle\"");
                assertThat(Http.json(r).path("error").asText()).contains("Authorization: Bearer");
            }
            assertThat(control.calls).isEmpty();
            assertThat(http.get("/game.pgn").body()).contains("[Result \"*\"]");
        }

        @Test
        void theSchemeIsCaseInsensitive() throws Exception {
            HttpResponse<String> r = http.send("PUT", "/api/game/result", "{\"result\":\"0-1\"}", "Authorization",
                    "bearer " + TOKEN, "Content-Type", "application/json; charset=utf-8");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Http.json(r).path("ok").asBoolean()).isTrue();
            assertThat(control.calls).containsExactly("1 setResult 0-1");
            assertThat(http.get("/game.pgn").body()).contains("[Result \"0-1\"]").endsWith("0-1\n");
        }

        @Test
        void withoutATokenInTheConfigTheControlApiIsOff() throws Exception {
            stopServer();
            start(BroadcastConfig.defaults().withPort(0));
            publishRuyLopez(2);
            HttpResponse<String> r = http.send("PUT", "/api/game/result", "{\"result\":\"1-0\"}", "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(403);
            assertThat(Http.json(r).path("error").asText()).contains("broadcast.token");
            assertThat(control.calls).isEmpty();
        }

        @Test
        void newGame() throws Exception {
            HttpResponse<String> r = http.send("POST", "/api/game/new",
                    "{\"white\":\"Carla\",\"black\":\"Dan\",\"tags\":{\"Round\":\"4\"}}", "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(control.calls).containsExactly(
                    "1 newGame rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {Round=4, White=Carla, Black=Dan}");
            assertThat(http.get("/game.pgn").body()).contains("[White \"Carla\"]", "[Round \"4\"]").doesNotContain("e4");

            http.send("POST", "/api/game/new", "{\"variant\":\"courier\"}", "Authorization", AUTH);
            assertThat(Http.json(http.get("/api/game")).path("files").asInt()).isEqualTo(12);
        }

        @Test
        void setTags() throws Exception {
            HttpResponse<String> r = http.send("PUT", "/api/game/tags",
                    "{\"tags\":{\"White\":\"Alpha, Anne\",\"Annotator\":\"Arbiter\",\"Site\":null}}", "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(control.calls).containsExactly("1 setTags {White=Alpha, Anne, Annotator=Arbiter, Site=null}");
            assertThat(http.get("/game.pgn").body()).contains("[White \"Alpha, Anne\"]", "[Annotator \"Arbiter\"]",
                    "[Site \"?\"]");
        }

        @Test
        void aBoardsOwnServerHasNoRoundToSet() throws Exception {
            HttpResponse<String> r = http.send("PUT", "/api/round/tags", "{\"tags\":{\"Event\":\"Open\"}}",
                    "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(404);
            assertThat(Http.json(r).path("error").asText()).contains("set on the hub (marelle hub)");
            assertThat(http.get("/api/round").body()).isEqualTo("{\"tags\":{},\"boards\":{},\"waiting\":[]}");
            assertThat(control.calls).isEmpty();
        }

        /** The hostile tester's request: 300 tags of 200 characters, about 62 KB, under the body limit. */
        private String manyLongTags(String prefix, int count, int length) {
            StringBuilder body = new StringBuilder("{\"tags\":{");
            for (int i = 0; i < count; i++) {
                if (i > 0) body.append(',');
                body.append('"').append(prefix).append(i).append("\":\"").append("x".repeat(length)).append('"');
            }
            return body.append("}}").toString();
        }

        @Test
        void tagsBeyondTheGamesLimitsAre413AndNothingIsSet() throws Exception {
            String huge = manyLongTags("Hostile", 300, 200);
            assertThat(huge.length()).isLessThan(BroadcastServer.MAX_BODY);
            HttpResponse<String> r = http.send("PUT", "/api/game/tags", huge, "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(413);
            assertThat(Http.json(r).path("field").asText()).isEqualTo("tags");
            assertThat(Http.json(r).path("error").asText()).contains("would have", "at most " + ControlAction.MAX_TAGS);

            // Within the count but not the characters: 20 tags of 250 characters.
            HttpResponse<String> longOnes = http.send("PUT", "/api/game/tags", manyLongTags("Long", 20, 250),
                    "Authorization", AUTH);
            assertThat(longOnes.statusCode()).isEqualTo(413);
            assertThat(Http.json(longOnes).path("error").asText()).contains("at most " + ControlAction.MAX_TAG_CHARS
                    + " are kept");

            // Requests each within the limits add up: the one that would pass them is refused.
            assertThat(http.send("PUT", "/api/game/tags", manyLongTags("A", 20, 10), "Authorization", AUTH).statusCode())
                    .isEqualTo(200);
            HttpResponse<String> more = http.send("PUT", "/api/game/tags", manyLongTags("B", 20, 10), "Authorization", AUTH);
            assertThat(more.statusCode()).isEqualTo(413);
            assertThat(control.calls).hasSize(1);
            HttpResponse<String> newGame = http.send("POST", "/api/game/new", "{\"tags\":"
                    + manyLongTags("C", 41, 1).substring(8), "Authorization", AUTH);
            assertThat(newGame.statusCode()).as(newGame.body()).isEqualTo(413);
            assertThat(control.calls).hasSize(1);
        }

        @Test
        void drawOfferPromotionAndTakeback() throws Exception {
            assertThat(http.send("POST", "/api/game/draw-offer", "{}", "Authorization", AUTH).statusCode()).isEqualTo(200);
            assertThat(http.send("POST", "/api/game/draw-offer", "{\"color\":\"white\"}", "Authorization", AUTH)
                    .statusCode()).isEqualTo(200);
            assertThat(http.send("PUT", "/api/game/promotion", "{\"piece\":\"n\"}", "Authorization", AUTH).statusCode())
                    .isEqualTo(200);
            assertThat(http.send("PUT", "/api/game/promotion", "{\"piece\":\"Rook\"}", "Authorization", AUTH)
                    .statusCode()).isEqualTo(200);
            assertThat(control.calls).containsExactly("1 offerDraw BLACK", "1 offerDraw WHITE",
                    "1 choosePromotion knight", "1 choosePromotion rook");

            HttpResponse<String> notCasual = http.send("POST", "/api/game/takeback", "{}", "Authorization", AUTH);
            assertThat(notCasual.statusCode()).isEqualTo(409);
            assertThat(Http.json(notCasual).path("error").asText()).contains("casual");

            hub.gameChanged(Games.ONE, hub.latest(Games.ONE).orElseThrow().withCasual(true));
            HttpResponse<String> r = http.send("POST", "/api/game/takeback", "{\"plies\":2}", "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(http.get("/game.pgn").body()).contains("1. e4 e5 *");
        }

        @Test
        void aRefusalIs409WithTheSessionsReason() throws Exception {
            control.refuseWith = new ControlResult.Rejected("piece", "no pawn is waiting to promote");
            HttpResponse<String> r = http.send("PUT", "/api/game/promotion", "{\"piece\":\"Q\"}", "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(409);
            JsonNode body = Http.json(r);
            assertThat(body.path("field").asText()).isEqualTo("piece");
            assertThat(body.path("error").asText()).isEqualTo("no pawn is waiting to promote");
        }

        @ParameterizedTest(name = "{0} {1} {2}")
        @CsvSource(delimiter = '|', textBlock = """
                PUT  | /api/game/result     | {"result":"2-0"}                 | result    | '2-0' is not one of 1-0, 0-1, 1/2-1/2, *
                PUT  | /api/game/result     | {}                               | result    | missing
                PUT  | /api/game/result     | {"result":1}                     | result    | must be a string, got 1
                PUT  | /api/game/result     | {"result":"1-0","by":"arbiter"}  | by        | unknown field (known: result)
                PUT  | /api/game/tags       | {"tags":{"Result":"1-0"}}        | tags.Result | Result is set by the game itself (use PUT /api/game/result)
                PUT  | /api/game/tags       | {"tags":{"Bad Name":"x"}}        | tags.Bad Name | 'Bad Name' is not a PGN tag name (letters, digits, underscore)
                PUT  | /api/game/tags       | {"tags":{"White":7}}             | tags.White | must be a string or null, got 7
                PUT  | /api/game/tags       | {"tags":[]}                      | tags      | must be an object of tag names to values, got []
                PUT  | /api/game/tags       | {"tags":{}}                      | tags      | names no tag
                PUT  | /api/game/tags       | {"tags":{"GameId":"x"}}          | tags.GameId | GameId is set by the game itself
                PUT  | /api/game/promotion  | {"piece":"king"}                 | piece     | 'king' is not a piece standard promotes to: queen (Q), rook (R), bishop (B), knight (N)
                PUT  | /api/game/promotion  | {}                               | piece     | missing
                POST | /api/game/takeback   | {"plies":0}                      | plies     | 0 is outside 1..4 (the moves played)
                POST | /api/game/takeback   | {"plies":5}                      | plies     | 5 is outside 1..4 (the moves played)
                POST | /api/game/takeback   | {"plies":1.5}                    | plies     | must be a whole number, got 1.5
                POST | /api/game/draw-offer | {"color":"green"}                | color     | 'green' is not white or black
                POST | /api/game/new        | {"variant":"shogi"}              | variant   | unknown variant: 'shogi' (known: standard, chess960, courier, courier-jumps, courier-modern)
                POST | /api/game/new        | {"fen":"8/8/8 w"}                | fen       | not a standard position:
                POST | /api/game/new        | {"white":"a\\nb"}                | white     | must be one line without control characters
                """)
        void badBodiesAre400NamingTheField(String method, String path, String body, String field, String message)
                throws Exception {
            hub.gameChanged(Games.ONE, hub.latest(Games.ONE).orElseThrow().withCasual(true));
            HttpResponse<String> r = http.send(method, path, body, "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
            JsonNode error = Http.json(r);
            assertThat(error.path("field").asText()).isEqualTo(field);
            assertThat(error.path("error").asText()).startsWith(message);
            assertThat(error.path("status").asInt()).isEqualTo(400);
            assertThat(control.calls).isEmpty();
        }

        @Test
        void malformedRequests() throws Exception {
            HttpResponse<String> notJson = http.send("PUT", "/api/game/result", "{\"result\": ", "Authorization", AUTH);
            assertThat(notJson.statusCode()).isEqualTo(400);
            assertThat(Http.json(notJson).path("error").asText()).startsWith("the body is not JSON (line 1, column");

            HttpResponse<String> array = http.send("PUT", "/api/game/result", "[1]", "Authorization", AUTH);
            assertThat(array.statusCode()).isEqualTo(400);
            assertThat(Http.json(array).path("error").asText()).isEqualTo("the body must be a JSON object");

            HttpResponse<String> form = http.send("PUT", "/api/game/result", "result=1-0", "Authorization", AUTH,
                    "Content-Type", "application/x-www-form-urlencoded");
            assertThat(form.statusCode()).isEqualTo(415);
            assertThat(Http.json(form).path("field").asText()).isEqualTo("Content-Type");

            HttpResponse<String> huge = http.send("PUT", "/api/game/tags",
                    "{\"tags\":{\"Annotator\":\"" + "x".repeat(BroadcastServer.MAX_BODY) + "\"}}", "Authorization", AUTH);
            assertThat(huge.statusCode()).isEqualTo(413);

            HttpResponse<String> badBoard = http.send("PUT", "/api/game/result?board=9", "{\"result\":\"1-0\"}",
                    "Authorization", AUTH);
            assertThat(badBoard.statusCode()).isEqualTo(404);
            assertThat(Http.json(badBoard).path("field").asText()).isEqualTo("board");
            assertThat(control.calls).isEmpty();
        }

        @Test
        void theControlApiActsOnTheNamedBoard() throws Exception {
            hub.gameChanged(Games.TWO, Games.standard("second"));
            HttpResponse<String> r = http.send("PUT", "/api/game/result?board=2", "{\"result\":\"1/2-1/2\"}",
                    "Authorization", AUTH);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(Http.json(r).path("board").asText()).isEqualTo("2");
            assertThat(control.calls).containsExactly("2 setResult 1/2-1/2");
            assertThat(http.get("/game.pgn?board=2").body()).contains("[Result \"1/2-1/2\"]");
            assertThat(http.get("/game.pgn?board=1").body()).contains("[Result \"*\"]");
        }
    }
}
