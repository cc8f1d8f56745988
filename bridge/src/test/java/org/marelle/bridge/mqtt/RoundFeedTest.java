package org.marelle.bridge.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.broadcast.BoardId;
import org.marelle.bridge.broadcast.GameSnapshot;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * What the hub makes of the messages on a round's {@code game} topics, without a broker: duplicated and reordered
 * snapshots, malformed ones, a board's game as the broadcast shows it (issue #16's faults).
 */
class RoundFeedTest {

    private static final BoardTopics TOPICS = BoardTopics.of("marelle", "3", "7");
    private final List<String> warnings = new ArrayList<>();
    private final List<GameSnapshot> handed = new ArrayList<>();

    /** A feed with no client: {@link RoundFeed#receive} is what the client's callback calls. */
    private RoundFeed feed() throws Exception {
        java.lang.reflect.Constructor<RoundFeed> c = RoundFeed.class.getDeclaredConstructor(
                org.eclipse.paho.client.mqttv3.MqttClient.class, String.class, java.util.function.BiConsumer.class,
                java.util.function.Consumer.class);
        c.setAccessible(true);
        java.util.function.BiConsumer<BoardId, GameSnapshot> sink = (b, g) -> {
            assertThat(b).isEqualTo(BoardId.of("7"));
            handed.add(g);
        };
        java.util.function.Consumer<String> warn = warnings::add;
        return c.newInstance(null, "marelle/3/+/game", sink, warn);
    }

    private static GameRecord game(String... sans) {
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of("White", "Anna"),
                SessionJournal.NONE, InstantSource.system(), ZoneOffset.UTC);
        for (String san : sans) s.play(s.game().position().parseSan(san));
        return s.game();
    }

    @Test
    void aDuplicatedOrOlderSnapshotIsDroppedANewerTaken() throws Exception {
        RoundFeed f = feed();
        GameRecord two = game("e4", "e5");
        GameRecord three = two;
        // (The same game one move on: replayed from the same session would take another id; build it by hand.)
        three = three.apply(new org.marelle.bridge.session.SessionEvent.MovePlayed(0, 3, "g1f3", "Nf3"));
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, three, 4));
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, two, 3));     // reordered: older, dropped
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, three, 4));   // duplicated: dropped
        assertThat(handed).hasSize(1);
        assertThat(handed.get(0).moves()).hasSize(3);
        assertThat(handed.get(0).tags()).containsEntry("White", "Anna");
        // A new game on the board (another id) is taken, whatever its seq.
        GameRecord next = GameRecord.of(new org.marelle.bridge.session.SessionEvent.GameStarted(0, "next-game", "standard",
                Position.start(Variant.STANDARD).fen(), Map.of("White", "Bert")))
                .apply(new org.marelle.bridge.session.SessionEvent.MovePlayed(0, 1, "d2d4", "d4"));
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, next, 2));
        assertThat(handed).hasSize(2);
        assertThat(handed.get(1).gameId()).isEqualTo(next.gameId());
        assertThat(warnings).isEmpty();
    }

    @Test
    void theOperatorIsToldWhenABoardGoesOfflineAndWhenItIsBack() throws Exception {
        RoundFeed f = feed();
        f.status(TOPICS.status(), "online");
        assertThat(warnings).isEmpty();
        f.status(TOPICS.status(), "offline");
        f.status(TOPICS.status(), "offline");   // said once
        assertThat(warnings).containsExactly("board 7 is offline (marelle/3/7/status): its moves follow once it is back");
        assertThat(f.offline()).containsExactly("7");
        f.status(TOPICS.status(), "online");
        assertThat(warnings).hasSize(2).last().isEqualTo("board 7 is back online");
        assertThat(f.offline()).isEmpty();
    }

    @Test
    void malformedMessagesAreSaidOnceAndIgnored() throws Exception {
        RoundFeed f = feed();
        for (String bad : List.of("not json", "[1, 2]", "{\"gameId\": \"x\", \"seq\": 1}",
                "{\"gameId\": \"x\", \"seq\": 1, \"variant\": \"standard\", \"initialFen\": \"8/8/8/8/8/8/8/8 w - - 0 1\","
                        + " \"moves\": [{\"uci\": \"e2e4\"}]}")) {
            f.receive(TOPICS.game(), bad.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(handed).isEmpty();
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).startsWith("mqtt: marelle/3/7/game: not a game snapshot, ignored (");
        // The board's next good snapshot is taken, and a later bad one said again.
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, game("c4"), 2));
        assertThat(handed).hasSize(1);
        f.receive(TOPICS.game(), "{}".getBytes(StandardCharsets.UTF_8));
        assertThat(warnings).hasSize(2);
    }

    @Test
    void theClocksCarryOverRunningFromWhenTheTurnBegan() throws Exception {
        RoundFeed f = feed();
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of("TimeControl", "300+2"),
                SessionJournal.NONE, InstantSource.system(), ZoneOffset.UTC);
        s.play(s.game().position().parseSan("e4"));
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, s.game(), 2));
        GameSnapshot g = handed.get(0);
        assertThat(g.clock()).isEqualTo(org.marelle.bridge.broadcast.ClockState.of(s.game()));
        assertThat(g.clock().running()).isEqualTo(org.marelle.rules.Color.BLACK);
        assertThat(g.clock().black()).isEqualTo(java.time.Duration.ofMinutes(5));
    }

    @Test
    void aFinishedGamesEndingAndDrawOffersCarryOver() throws Exception {
        RoundFeed f = feed();
        GameSession s = GameSession.resume(List.of(), Position.start(Variant.STANDARD), Map.of(), SessionJournal.NONE,
                InstantSource.system(), ZoneOffset.UTC);
        s.play(s.game().position().parseSan("e4"));
        s.offerDraw(org.marelle.rules.Color.WHITE);
        s.play(s.game().position().parseSan("e5"));
        s.setResult("0-1", "gesture");
        f.receive(TOPICS.game(), GameMessages.game(TOPICS, s.game(), 5));
        GameSnapshot g = handed.get(0);
        assertThat(g.result()).isEqualTo("0-1");
        assertThat(g.ending()).isEqualTo(org.marelle.bridge.broadcast.Ending.RESIGNATION);
        assertThat(g.drawOffers()).containsExactly(0);
    }
}
