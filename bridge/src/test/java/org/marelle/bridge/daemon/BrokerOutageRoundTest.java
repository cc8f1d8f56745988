package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.mqtt.BoardTopics;
import org.marelle.bridge.mqtt.Mosquitto;
import org.marelle.bridge.mqtt.MqttPublisher;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Move;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * The round's broker stopped for 30 s mid-round and started again, afresh (issue #16): five boards play on
 * meanwhile, each publishing with the daemon's own reconnection settings (1 s, doubling to 30 s), and one hub follows.
 * Afterwards the hub has every board's game whole, move for move, and its log said the broker was lost and back.
 */
@Timeout(240)
class BrokerOutageRoundTest {

    private static final int BOARDS = 5;

    @TempDir
    Path dir;

    @Test
    void aBrokerDownForThirtySecondsMidRoundLosesNoMove() throws Exception {
        Path exe = Mosquitto.required();
        List<PgnGame> games = TestGames.read(TestGames.REAL_GAMES);
        StringWriter hubSaid = new StringWriter();
        EventLog hubLog = EventLog.to(new PrintWriter(hubSaid, true), false);
        List<GameSession> boards = new ArrayList<>();
        List<MqttPublisher> publishers = new ArrayList<>();
        ScheduledExecutorService hands = Executors.newSingleThreadScheduledExecutor();
        try (Mosquitto broker = Mosquitto.start(exe, dir);
             Hub hub = Hub.start(new Hub.Options(broker.url(), "marelle", "+", null, "hub",
                     BroadcastConfig.defaults().withPort(0)), hubLog)) {
            for (int b = 1; b <= BOARDS; b++) {
                PgnGame game = games.get(b % games.size());
                GameSession s = GameSession.resume(List.of(), game.initial(),
                        Map.of("Round", "2", "Board", String.valueOf(b), "White", game.tags().getOrDefault("White", "?")),
                        SessionJournal.NONE, InstantSource.system(), ZoneOffset.UTC);
                SessionEvent start = new SessionEvent.GameStarted(0, s.game().gameId(), game.initial().variant().name(),
                        game.initial().fen(), s.game().tags());
                // (The daemon's settings: Launcher.startMqtt.)
                MqttPublisher p = MqttPublisher.start(BoardTopics.of("marelle", "2", String.valueOf(b)),
                        new MqttPublisher.Settings(broker.url(), null, null, "board-" + b, Duration.ofSeconds(1),
                                Duration.ofSeconds(30)), s.game(), List.of(start), w -> { });
                s.addListener(p);
                boards.add(s);
                publishers.add(p);
            }
            // Each board plays a move a second, for the whole test: before, during and after the outage.
            hands.scheduleAtFixedRate(() -> {
                for (int b = 0; b < BOARDS; b++) {
                    GameSession s = boards.get(b);
                    List<Move> line = games.get((b + 1) % games.size()).mainline();
                    synchronized (s) {
                        if (s.game().plies() < Math.min(line.size(), 120)) s.play(line.get(s.game().plies()));
                    }
                }
            }, 0, 1000, TimeUnit.MILLISECONDS);
            HttpClient http = HttpClient.newHttpClient();
            awaitPlies(http, hub, 4, boards, hubSaid);
            int[] before = new int[BOARDS];
            for (int b = 0; b < BOARDS; b++) {
                synchronized (boards.get(b)) {
                    before[b] = boards.get(b).game().plies();
                }
            }
            broker.stop();
            Thread.sleep(30_000);   // (not a wait for something: the outage itself, 30 s of the round without a broker)
            broker.restart();
            hands.shutdown();
            assertThat(hands.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            for (int b = 0; b < BOARDS; b++) {
                GameSession s = boards.get(b);
                List<Move> own;
                synchronized (s) {
                    own = List.copyOf(s.game().moves());
                }
                assertThat(own.size()).as("board %d played on during the outage", b + 1).isGreaterThan(before[b] + 20);
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                PgnGame served = served(http, hub, b + 1);
                while (served == null || served.mainline().size() != own.size()) {
                    if (System.nanoTime() > until) {
                        fail("the hub never had board " + (b + 1) + "'s " + own.size() + " plies; it had "
                                + (served == null ? "none" : served.mainline().size()) + "; it said: " + hubSaid);
                    }
                    Thread.sleep(100);
                    served = served(http, hub, b + 1);
                }
                assertThat(served.mainline()).as("board %d", b + 1).isEqualTo(own);
            }
            assertThat(hubSaid.toString()).contains("connection lost", "connected again");
        } finally {
            hands.shutdownNow();
            for (MqttPublisher p : publishers) p.close();
        }
    }

    private static void awaitPlies(HttpClient http, Hub hub, int plies, List<GameSession> boards, StringWriter said)
            throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int b = 1; b <= boards.size(); b++) {
            PgnGame g = served(http, hub, b);
            while (g == null || g.mainline().size() < plies) {
                if (System.nanoTime() > until) fail("the hub never had " + plies + " plies of board " + b + ": " + said);
                Thread.sleep(50);
                g = served(http, hub, b);
            }
        }
    }

    private static PgnGame served(HttpClient http, Hub hub, int board) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(hub.uri().resolve("/game.pgn?board=" + board)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) return null;
        List<PgnReader.Entry> e = PgnReader.readAll(r.body());
        return e.isEmpty() || !(e.get(0) instanceof PgnReader.Parsed p) ? null : p.game();
    }
}
