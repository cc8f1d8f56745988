package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

class BroadcastHubTest {

    private final ManualTime time = new ManualTime();

    private BroadcastHub hub(BroadcastConfig config) {
        return new BroadcastHub(config, time);
    }

    private static JsonNode json(BroadcastEvent e) throws Exception {
        return GameRenderer.JSON.readTree(e.json());
    }

    private static List<String> types(List<BroadcastEvent> events) {
        return events.stream().map(BroadcastEvent::type).toList();
    }

    @Test
    void eachChangeBecomesItsEventWithIncreasingIds() throws Exception {
        BroadcastHub hub = hub(BroadcastConfig.defaults());
        GameSnapshot g = Games.standard("game-1");
        hub.gameChanged(Games.ONE, g);
        g = Games.play(g, "e4");
        hub.gameChanged(Games.ONE, g);
        g = Games.play(g, "e5");
        hub.gameChanged(Games.ONE, g);
        g = g.withTakeback(1);
        hub.gameChanged(Games.ONE, g);
        g = g.withTag("Annotator", "Arbiter");
        hub.gameChanged(Games.ONE, g);
        g = Games.play(g, "c5").withDrawOffer();
        hub.gameChanged(Games.ONE, g);
        g = g.withStatus(new BoardStatus(true, false, null, List.of("e4"), List.of("e5"), false));
        hub.gameChanged(Games.ONE, g);
        g = g.withStatus(BoardStatus.IN_SYNC);
        hub.gameChanged(Games.ONE, g);
        g = g.withResult("1/2-1/2");
        hub.gameChanged(Games.ONE, g);

        List<BroadcastEvent> events = hub.eventsAfter(0);
        assertThat(types(events)).containsExactly("newgame", "move", "move", "takeback", "tags", "move", "drawoffer",
                "mismatch", "insync", "result");
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i).id()).isEqualTo(i + 1);
        }
        JsonNode e5 = json(events.get(2));
        assertThat(e5.path("move").path("san").asText()).isEqualTo("e5");
        assertThat(e5.path("move").path("uci").asText()).isEqualTo("e7e5");
        assertThat(e5.path("fen").asText()).isEqualTo("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assertThat(e5.path("game").path("ply").asInt()).isEqualTo(2);
        JsonNode takeback = json(events.get(3));
        assertThat(takeback.path("plies").asInt()).isEqualTo(1);
        assertThat(takeback.path("undone").get(0).asText()).isEqualTo("e5");
        assertThat(json(events.get(6)).path("color").asText()).isEqualTo("black");
        JsonNode mismatch = json(events.get(7));
        assertThat(mismatch.path("toFill").get(0).asText()).isEqualTo("e4");
        assertThat(mismatch.path("toClear").get(0).asText()).isEqualTo("e5");
        assertThat(json(events.get(9)).path("result").asText()).isEqualTo("1/2-1/2");
        assertThat(hub.publicState().lastEventId()).isEqualTo(10);
    }

    @Test
    void anUnchangedGameMakesNoEvent() {
        BroadcastHub hub = hub(BroadcastConfig.defaults());
        GameSnapshot g = Games.play(Games.standard("g"), "d4");
        hub.gameChanged(Games.ONE, g);
        hub.gameChanged(Games.ONE, g);
        hub.gameChanged(Games.ONE, Games.play(Games.standard("g"), "d4"));
        assertThat(types(hub.eventsAfter(0))).containsExactly("newgame");
    }

    @Test
    void aNewGameIdIsANewGame() {
        BroadcastHub hub = hub(BroadcastConfig.defaults());
        hub.gameChanged(Games.ONE, Games.play(Games.standard("first"), "d4", "d5"));
        hub.gameChanged(Games.ONE, Games.standard("second"));
        assertThat(types(hub.eventsAfter(0))).containsExactly("newgame", "newgame");
        assertThat(hub.publicState().board(Games.ONE).orElseThrow().pgn()).contains("[GameId \"second\"]");
    }

    @Test
    void anIllegalMoveIsRefusedNamingTheBoardAndTheMove() {
        BroadcastHub hub = hub(BroadcastConfig.defaults());
        GameSnapshot g = Games.standard("g").withMove(new Move.Normal(12, 36)); // e2-e5: not a move
        assertThatThrownBy(() -> hub.gameChanged(Games.ONE, g))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("board 1")
                .hasMessageContaining("move 1")
                .hasMessageContaining("e2e5");
        assertThat(hub.publicState().boards()).isEmpty();
        assertThat(hub.eventsAfter(0)).isEmpty();
    }

    @Test
    void theDelayHoldsEverythingBackUntilItsTime() {
        BroadcastHub hub = hub(BroadcastConfig.defaults().withDelay(Duration.ofSeconds(30)));
        List<Long> pushed = new ArrayList<>();
        hub.addRoundListener(r -> pushed.add(r.version()));
        GameSnapshot g = Games.standard("g");
        hub.gameChanged(Games.ONE, g);
        time.advance(Duration.ofSeconds(10));
        g = Games.play(g, "e4");
        hub.gameChanged(Games.ONE, g);

        hub.releaseDue();
        assertThat(hub.publicState().boards()).isEmpty();
        assertThat(hub.eventsAfter(0)).isEmpty();
        assertThat(pushed).isEmpty();
        assertThat(hub.latest(Games.ONE).orElseThrow().moves()).hasSize(1); // the control API sees it at once
        assertThat(hub.nextReleaseMillis().getAsLong()).isEqualTo(time.millis() + 20_000);

        time.advance(Duration.ofSeconds(20).minusMillis(1));
        hub.releaseDue();
        assertThat(hub.publicState().boards()).isEmpty();
        time.advance(Duration.ofMillis(1));
        hub.releaseDue();
        assertThat(types(hub.eventsAfter(0))).containsExactly("newgame");
        assertThat(hub.publicState().boards().get(0).snapshot().moves()).isEmpty();
        assertThat(pushed).containsExactly(1L);

        time.advance(Duration.ofSeconds(10));
        hub.releaseDue();
        assertThat(types(hub.eventsAfter(0))).containsExactly("newgame", "move");
        assertThat(hub.publicState().boards().get(0).pgn()).contains("1. e4 *");
        assertThat(hub.nextReleaseMillis()).isEmpty();
        assertThat(pushed).containsExactly(1L, 2L);
    }

    @Test
    void theRoundPgnHoldsEveryBoardInOrderAndChangesVersionOnlyWhenItChanges() {
        BroadcastHub hub = hub(BroadcastConfig.defaults());
        hub.gameChanged(Games.ONE, Games.play(Games.standard("a"), "e4"));
        hub.gameChanged(Games.TWO, Games.play(Games.standard("b"), "d4"));
        BroadcastHub.RoundPgn round = hub.publicState().round();
        assertThat(round.version()).isEqualTo(2);
        assertThat(round.pgn().indexOf("[GameId \"a\"]")).isLessThan(round.pgn().indexOf("[GameId \"b\"]"));
        assertThat(round.pgn()).contains("1. e4 *\n\n[Event");

        // The recognizer's view changes no PGN.
        hub.gameChanged(Games.ONE, Games.play(Games.standard("a"), "e4").withStatus(
                new BoardStatus(true, false, "e5", List.of(), List.of(), false)));
        assertThat(hub.publicState().round()).isSameAs(round);
        assertThat(types(hub.eventsAfter(0))).containsExactly("newgame", "newgame", "status");
    }

    @Test
    void aSmallLogForgetsOldEventsAndSaysSo() {
        BroadcastHub hub = hub(BroadcastConfig.defaults().withEventLogCapacity(16));
        GameSnapshot g = Games.standard("g");
        hub.gameChanged(Games.ONE, g);
        for (String san : Games.RUY_LOPEZ) {
            g = Games.play(g, san);
            hub.gameChanged(Games.ONE, g);
        }
        EventLog log = hub.events();
        assertThat(log.lastId()).isEqualTo(21);
        assertThat(log.firstKeptId()).isEqualTo(6);
        assertThat(log.after(5).events()).extracting(BroadcastEvent::id).containsExactlyElementsOf(
                java.util.stream.LongStream.rangeClosed(6, 21).boxed().toList());
        assertThat(log.after(4).gap()).isTrue();
        assertThat(log.after(22).gap()).isTrue();   // an id from an earlier run of the server
        assertThat(log.after(21).events()).isEmpty();
        assertThat(log.after(21).gap()).isFalse();
    }

    @Test
    void aCourierGameIsBroadcastWithItsPieces() throws Exception {
        BroadcastHub hub = hub(BroadcastConfig.defaults());
        Position start = Position.start(Variant.COURIER);
        GameSnapshot g = GameSnapshot.start("courier-1", start);
        for (Move m : Games.moves(start, "e3", "e6")) {
            g = g.withMove(m);
        }
        hub.gameChanged(Games.ONE, g);
        BoardView view = hub.publicState().boards().get(0);
        assertThat(view.pgn()).containsPattern("\\[Variant \"(?i:courier)\"]").contains("1. e3 e6 *");
        JsonNode json = GameRenderer.JSON.readTree(view.json());
        assertThat(json.path("files").asInt()).isEqualTo(12);
        assertThat(json.path("ranks").asInt()).isEqualTo(8);
        assertThat(squares(json)).contains("g3=F white ferz", "f1=K white king", "e1=M white mann", "g6=F black ferz",
                "c1=E white alfil", "d1=B white courier", "h1=W white schleich", "e3=P white pawn", "e6=P black pawn");
    }

    static List<String> squares(JsonNode game) {
        List<String> out = new ArrayList<>();
        for (JsonNode s : game.path("squares")) {
            out.add(s.path("square").asText() + "=" + s.path("letter").asText() + " " + s.path("color").asText() + " "
                    + s.path("name").asText());
        }
        return out;
    }
}
