package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * The demo with its live broadcast on: the bundled game is played at high speed through the real daemon while the
 * server runs on a free loopback port; once the game is over (before the server closes) the PGN and the JSON served
 * hold every move played, and after the demo returns nothing listens any more.
 */
class LiveDemoTest {

    @TempDir
    Path dir;

    private static HttpResponse<String> get(HttpClient http, URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theDemoServesTheGameItPlays() throws Exception {
        PgnGame source = TestGames.demo();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EventLog log = EventLog.plain(new PrintStream(out, true, StandardCharsets.UTF_8), false);
        DemoRun.Options options = new DemoRun.Options(source, dir, 5000, Profile.byName("clean"), 1,
                BroadcastConfig.defaults().withPort(0), false);
        HttpClient http = HttpClient.newHttpClient();
        List<HttpResponse<String>> pgn = new ArrayList<>();
        List<JsonNode> json = new ArrayList<>();
        DemoRun.Result r = new DemoRun(options, log).run(live -> {
            try {
                pgn.add(get(http, live.uri().resolve("/game.pgn")));
                json.add(new ObjectMapper().readTree(get(http, live.uri().resolve("/api/game")).body()));
            } catch (IOException | InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(r.exitCode()).as(printed).isZero();
        assertThat(r.viewer()).isNotNull();
        assertThat(printed).contains("live broadcast: " + r.viewer());
        assertThat(r.viewer().getHost()).isEqualTo("127.0.0.1");

        assertThat(pgn).singleElement().satisfies(p -> {
            assertThat(p.statusCode()).isEqualTo(200);
            assertThat(p.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("charset=utf-8"));
        });
        PgnGame served = ((PgnReader.Parsed) PgnReader.readAll(pgn.get(0).body()).get(0)).game();
        assertThat(served.mainline()).isEqualTo(source.mainline());
        assertThat(served.result()).isEqualTo("1-0");
        assertThat(served.tags()).containsEntry("White", source.tags().get("White").strip())
                .containsEntry("GameId", r.game().gameId());

        JsonNode game = json.get(0);
        assertThat(game.get("ply").asInt()).isEqualTo(source.mainline().size());
        assertThat(game.get("result").asText()).isEqualTo("1-0");
        assertThat(game.get("fen").asText()).isEqualTo(r.game().position().fen());
        List<String> sans = new ArrayList<>();
        game.get("moves").forEach(m -> sans.add(m.get("san").asText()));
        assertThat(sans).isEqualTo(r.game().sans());

        // The demo stopped its server before it returned: it exits 0 with nothing left running.
        assertThatThrownBy(() -> get(http, r.viewer())).isInstanceOf(IOException.class);
    }
}
