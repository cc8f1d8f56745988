package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class EventStreamTest {

    private static final Duration READ_TIMEOUT = Duration.ofSeconds(20);

    private final ManualTime time = new ManualTime();
    private BroadcastHub hub;
    private BroadcastServer server;
    private final List<SseClient> clients = new ArrayList<>();
    private GameSnapshot game;

    private void start(BroadcastConfig config) throws IOException {
        hub = new BroadcastHub(config, time);
        server = BroadcastServer.start(config, hub);
    }

    @AfterEach
    void stop() throws IOException {
        for (SseClient c : clients) {
            c.close();
        }
        server.close();
        hub.close();
    }

    private SseClient connect(String path, String lastEventId) throws IOException {
        SseClient c = SseClient.open(server.uri(), path, lastEventId, READ_TIMEOUT);
        clients.add(c);
        return c;
    }

    private void play(String... sans) {
        for (String san : sans) {
            game = Games.play(game, san);
            hub.gameChanged(Games.ONE, game);
        }
    }

    private static JsonNode data(SseClient.Frame f) throws IOException {
        return GameRenderer.JSON.readTree(f.data());
    }

    @Test
    void aNewClientGetsTheStateThenEachMove() throws Exception {
        start(BroadcastConfig.defaults().withPort(0));
        game = Games.standard("live");
        hub.gameChanged(Games.ONE, game);
        play("e4", "e5");

        SseClient c = connect("/events", null);
        assertThat(c.status()).isEqualTo(200);
        assertThat(c.header("Content-Type")).isEqualTo("text/event-stream; charset=utf-8");
        assertThat(c.header("Cache-Control")).isEqualTo("no-cache");
        SseClient.Frame state = c.nextEvent();
        assertThat(state.event()).isEqualTo("state");
        assertThat(state.id()).isEqualTo("3");
        assertThat(data(state).path("game").path("ply").asInt()).isEqualTo(2);

        play("Nf3");
        SseClient.Frame move = c.nextEvent();
        assertThat(move.event()).isEqualTo("move");
        assertThat(move.id()).isEqualTo("4");
        JsonNode d = data(move);
        assertThat(d.path("type").asText()).isEqualTo("move");
        assertThat(d.path("board").asText()).isEqualTo("1");
        assertThat(d.path("move").path("san").asText()).isEqualTo("Nf3");
        // A move event carries the game without its move list (the viewer keeps it); the state had the whole list.
        assertThat(d.path("game").has("moves")).isFalse();
        assertThat(d.path("game").path("ply").asInt()).isEqualTo(3);
        assertThat(d.path("game").path("fen").asText()).isEqualTo(
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        assertThat(data(state).path("game").path("moves")).hasSize(2);

        hub.gameChanged(Games.ONE, game.withResult("1-0"));
        SseClient.Frame result = c.nextEvent();
        assertThat(result.event()).isEqualTo("result");
        assertThat(data(result).path("result").asText()).isEqualTo("1-0");
    }

    @Test
    void aReconnectingClientResumesAfterItsLastEventWithoutAGap() throws Exception {
        start(BroadcastConfig.defaults().withPort(0));
        game = Games.standard("resume");
        hub.gameChanged(Games.ONE, game);
        SseClient first = connect("/events", null);
        assertThat(first.nextEvent().event()).isEqualTo("state");
        play("e4", "e5", "Nf3");
        String lastSeen = null;
        for (int i = 0; i < 3; i++) {
            lastSeen = first.nextEvent().id();
        }
        assertThat(lastSeen).isEqualTo("4");
        first.close();

        // Away while four moves are played.
        play("Nc6", "Bb5", "a6", "Ba4");
        SseClient again = connect("/events", lastSeen);
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            SseClient.Frame f = again.nextEvent();
            got.add(f.id() + " " + f.event() + " " + data(f).path("move").path("san").asText());
        }
        assertThat(got).containsExactly("5 move Nc6", "6 move Bb5", "7 move a6", "8 move Ba4");
        play("Nf6");
        assertThat(again.nextEvent().id()).isEqualTo("9");
    }

    @Test
    void aClientThatMissedMoreThanTheLogKeepsGetsTheWholeState() throws Exception {
        start(BroadcastConfig.defaults().withPort(0).withEventLogCapacity(16));
        game = Games.standard("long");
        hub.gameChanged(Games.ONE, game);
        play(Games.RUY_LOPEZ);                       // ids 2..21; the log keeps 6..21

        SseClient old = connect("/events", "3");
        SseClient.Frame f = old.nextEvent();
        assertThat(f.event()).isEqualTo("state");
        assertThat(f.id()).isEqualTo("21");
        assertThat(data(f).path("game").path("ply").asInt()).isEqualTo(20);

        SseClient fromTheFuture = connect("/events", "999"); // a client of an earlier run of the server
        assertThat(fromTheFuture.nextEvent().event()).isEqualTo("state");
        SseClient garbage = connect("/events", "yesterday");
        assertThat(garbage.nextEvent().event()).isEqualTo("state");

        SseClient justInTime = connect("/events", "5");
        assertThat(justInTime.nextEvent().id()).isEqualTo("6");
    }

    @Test
    void aBoardFilterSendsOnlyThatBoard() throws Exception {
        start(BroadcastConfig.defaults().withPort(0));
        game = Games.standard("one");
        hub.gameChanged(Games.ONE, game);
        hub.gameChanged(Games.TWO, Games.standard("two"));
        SseClient two = connect("/events?board=2", null);
        SseClient.Frame state = two.nextEvent();
        assertThat(state.event()).isEqualTo("state");
        assertThat(data(state).path("board").asText()).isEqualTo("2");
        play("e4");
        hub.gameChanged(Games.TWO, Games.play(Games.standard("two"), "d4"));
        SseClient.Frame next = two.nextEvent();
        assertThat(next.id()).isEqualTo("4");
        assertThat(data(next).path("move").path("san").asText()).isEqualTo("d4");
    }

    @Test
    void anIdleStreamGetsKeepAliveComments() throws Exception {
        start(BroadcastConfig.defaults().withPort(0).withKeepAlive(Duration.ofMillis(50)));
        SseClient c = connect("/events", null);
        SseClient.Frame f = c.next();
        assertThat(f.isComment()).isTrue();
        assertThat(f.comment()).isEqualTo("keep-alive");
    }

    @Test
    void closingTheServerEndsTheStreams() throws Exception {
        start(BroadcastConfig.defaults().withPort(0));
        hub.gameChanged(Games.ONE, Games.standard("x"));
        SseClient c = connect("/events", null);
        assertThat(c.nextEvent().event()).isEqualTo("state");
        assertThat(server.streamCount()).isEqualTo(1);
        server.close();
        assertThatThrownBy(c::nextEvent).isInstanceOfAny(EOFException.class, SocketException.class);
    }

    @Test
    void aDelayedBroadcastStreamsOnlyWhatIsReleased() throws Exception {
        start(BroadcastConfig.defaults().withPort(0).withDelay(Duration.ofMinutes(15)));
        game = Games.standard("delayed");
        hub.gameChanged(Games.ONE, game);
        time.advance(Duration.ofMinutes(15));
        hub.releaseDue();
        SseClient c = connect("/events", null);
        assertThat(data(c.nextEvent()).path("game").path("ply").asInt()).isZero();
        play("e4");
        time.advance(Duration.ofMinutes(1));
        play("e5");
        time.advance(Duration.ofMinutes(14));
        hub.releaseDue();                          // e4 is due, e5 is not yet
        SseClient.Frame f = c.nextEvent();
        assertThat(data(f).path("move").path("san").asText()).isEqualTo("e4");
        assertThat(data(f).path("game").path("ply").asInt()).isEqualTo(1);
        time.advance(Duration.ofMinutes(1));
        hub.releaseDue();
        assertThat(data(c.nextEvent()).path("move").path("san").asText()).isEqualTo("e5");
    }
}
