package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.Writer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.mqtt.Mosquitto;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * A club's round on one machine (issue #16): twenty simulated boards, each the real daemon replaying a real game
 * through the recognizer, publishing through one mosquitto into one hub. The hub's PGN of each board is the board's
 * own PGN file, game for game, move for move.
 */
@Timeout(600)
class RoundTest {

    private static final int BOARDS = 20;

    @TempDir
    Path dir;

    @Test
    void twentyBoardsThroughOneBrokerIntoOneHub() throws Exception {
        Path exe = Mosquitto.required();
        List<PgnGame> games = new ArrayList<>(TestGames.read(TestGames.REAL_GAMES));
        games.add(TestGames.demo());
        EventLog quiet = EventLog.to(new PrintWriter(Writer.nullWriter()), false);
        java.io.StringWriter hubSaid = new java.io.StringWriter();
        EventLog hubLog = EventLog.to(new PrintWriter(hubSaid, true), false);
        try (Mosquitto broker = Mosquitto.start(exe, dir);
             Hub hub = Hub.start(new Hub.Options(broker.url(), "marelle", "+", null, "hub",
                     BroadcastConfig.defaults().withPort(0)), hubLog)) {
            ExecutorService boards = Executors.newFixedThreadPool(BOARDS);
            List<Future<DemoRun.Result>> played = new ArrayList<>();
            for (int b = 1; b <= BOARDS; b++) {
                PgnGame game = games.get(b % games.size());
                Path out = dir.resolve("board" + b);
                DemoRun.Options o = new DemoRun.Options(game, out, 5000, Profile.HUMAN, b, null, false,
                        String.valueOf(b), broker.url());
                played.add(boards.submit(() -> new DemoRun(o, quiet).run()));
            }
            List<DemoRun.Result> results = new ArrayList<>();
            for (Future<DemoRun.Result> f : played) results.add(f.get(5, TimeUnit.MINUTES));
            boards.shutdown();
            HttpClient http = HttpClient.newHttpClient();
            for (int b = 1; b <= BOARDS; b++) {
                DemoRun.Result r = results.get(b - 1);
                assertThat(r.exitCode()).as("board " + b).isZero();
                PgnGame own = SameGame.readOnly(r.pgn());
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                PgnGame served = null;
                while (served == null || !served.result().equals(own.result())
                        || served.mainline().size() != own.mainline().size()) {
                    if (System.nanoTime() > until) {
                        fail("the hub never had board " + b + "'s whole game (" + own.mainline().size() + " plies, "
                                + own.result() + "); it had " + (served == null ? "none" : served.mainline().size()
                                + " plies, " + served.result()) + "; it said: " + hubSaid);
                    }
                    String body = http.send(HttpRequest.newBuilder(hub.uri().resolve("/game.pgn?board=" + b)).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                    List<PgnReader.Entry> e = PgnReader.readAll(body);
                    served = e.isEmpty() || !(e.get(0) instanceof PgnReader.Parsed p) ? null : p.game();
                    if (served == null || served.mainline().size() != own.mainline().size()) Thread.sleep(50);
                }
                assertThat(served.mainline()).as("board " + b).isEqualTo(own.mainline());
                assertThat(served.result()).as("board " + b).isEqualTo(own.result());
                assertThat(served.initial().fen()).as("board " + b).isEqualTo(own.initial().fen());
                for (String tag : List.of("White", "Black", "Event", "Board")) {
                    assertThat(served.tags().get(tag)).as("board " + b + " " + tag).isEqualTo(own.tags().get(tag));
                }
            }
            // The round's PGN holds every board's game.
            String round = http.send(HttpRequest.newBuilder(hub.uri().resolve("/games.pgn")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertThat(PgnReader.readAll(round)).hasSize(BOARDS);
        }
    }
}
