package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.mqtt.Mosquitto;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * A board of a round killed with SIGKILL mid-game and started again (issue #16): the real {@code marelle demo} in a
 * JVM of its own publishing to a real mosquitto, one hub following. The hub says the board went offline (the
 * broker's last will), the restarted daemon resumes from its journal and sends its events again, and the hub's game
 * ends equal to the board's own PGN file, move for move: nothing lost, nothing doubled.
 */
@Timeout(300)
class BoardKilledInARoundTest {

    @TempDir
    Path dir;

    @Test
    void aBoardKilledMidGameAndStartedAgainLosesNothingOnTheHub() throws Exception {
        Path exe = Mosquitto.required();
        StringWriter hubSaid = new StringWriter();
        EventLog hubLog = EventLog.to(new PrintWriter(hubSaid, true), false);
        HttpClient http = HttpClient.newHttpClient();
        Path out = dir.resolve("board5");
        try (Mosquitto broker = Mosquitto.start(exe, dir);
             Hub hub = Hub.start(new Hub.Options(broker.url(), "marelle", "+", null, "hub",
                     BroadcastConfig.defaults().withPort(0)), hubLog)) {
            String[] demo = {"demo", "--board", "5", "--mqtt", broker.url(), "--out", out.toString(), "--speed", "10",
                "--no-http"};
            ChildJvm first = ChildJvm.start(dir, demo);
            PgnGame before = awaitPlies(http, hub, 8, first);
            first.kill();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!hubSaid.toString().contains("board 5 is offline")) {
                if (System.nanoTime() > until) fail("the hub never heard that board 5 died: " + hubSaid);
                Thread.sleep(50);
            }
            // What the hub had stays served meanwhile.
            assertThat(served(http, hub).mainline()).startsWith(before.mainline().toArray(new org.marelle.rules.Move[0]));

            ChildJvm again = ChildJvm.start(dir, demo);
            assertThat(again.waitFor(TimeUnit.MINUTES.toMillis(3))).as(again.output()).isTrue();
            assertThat(again.exitCode()).as(again.output()).isZero();
            assertThat(again.output()).contains("resum");
            PgnGame own;
            try (Stream<Path> files = Files.walk(out)) {
                // (The current game's file; games.pgn and the archive under games/ hold the same game.)
                List<Path> pgns = files.filter(f -> f.getFileName().toString().equals("board5.pgn")).toList();
                assertThat(pgns).as("the board's PGN file").hasSize(1);
                own = SameGame.readOnly(pgns.get(0));
            }
            assertThat(own.result()).isNotEqualTo("*");
            until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            PgnGame onHub = served(http, hub);
            while (onHub == null || !onHub.result().equals(own.result())) {
                if (System.nanoTime() > until) fail("the hub never had the board's whole game: " + onHub + "; " + hubSaid);
                Thread.sleep(50);
                onHub = served(http, hub);
            }
            assertThat(onHub.mainline()).isEqualTo(own.mainline());
            for (String tag : List.of("White", "Black", "Board", "Date")) {
                assertThat(onHub.tags().get(tag)).as(tag).isEqualTo(own.tags().get(tag));
            }
            assertThat(hubSaid.toString()).contains("board 5 is back online");
        }
    }

    /** Waits until the hub serves board 5 with at least {@code plies} moves. */
    private static PgnGame awaitPlies(HttpClient http, Hub hub, int plies, ChildJvm child) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            PgnGame g = served(http, hub);
            if (g != null && g.mainline().size() >= plies) return g;
            if (System.nanoTime() > until || !child.process.isAlive()) {
                fail("the hub never had " + plies + " plies of board 5: " + g + "\n" + child.output());
            }
            Thread.sleep(50);
        }
    }

    private static PgnGame served(HttpClient http, Hub hub) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(hub.uri().resolve("/game.pgn?board=5")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) return null;
        List<PgnReader.Entry> e = PgnReader.readAll(r.body());
        return e.isEmpty() || !(e.get(0) instanceof PgnReader.Parsed p) ? null : p.game();
    }
}
