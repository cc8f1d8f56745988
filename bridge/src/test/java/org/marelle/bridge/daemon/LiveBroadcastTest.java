package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.marelle.bridge.broadcast.BoardId;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The board id a daemon's broadcast gives its board. Issue #16: two daemons whose games had Board tags 1 and 2 both
 * answered board 1 in /api/games; a round's boards must keep apart.
 */
class LiveBroadcastTest {

    @Test
    void theBoardIdIsTheGamesBoardTag() throws Exception {
        assertThat(LiveBroadcast.boardOf(Map.of("Board", "7"))).isEqualTo(BoardId.of("7"));
        assertThat(LiveBroadcast.boardOf(Map.of("Board", " 12 "))).isEqualTo(BoardId.of("12"));
        assertThat(LiveBroadcast.boardOf(Map.of())).isEqualTo(LiveBroadcast.BOARD);
        assertThat(LiveBroadcast.boardOf(Map.of("Board", "?"))).isEqualTo(LiveBroadcast.BOARD);
        assertThat(LiveBroadcast.boardOf(Map.of("Board", "table 3"))).as("no board id: the default").isEqualTo(LiveBroadcast.BOARD);

        GameSession session = GameSession.resume(List.of(), Position.start(Variant.STANDARD),
                Map.of("Board", "7", "White", "Wendy"), SessionJournal.NONE, InstantSource.system(), ZoneOffset.UTC);
        try (LiveBroadcast live = LiveBroadcast.start(BroadcastConfig.defaults().withPort(0), session,
                InstantSource.system())) {
            HttpClient http = HttpClient.newHttpClient();
            String games = http.send(HttpRequest.newBuilder(live.uri().resolve("/api/games")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertThat(games).contains("\"board\":\"7\"").doesNotContain("\"board\":\"1\"");
            HttpResponse<String> pgn = http.send(HttpRequest.newBuilder(live.uri().resolve(URI.create("/game.pgn?board=7")))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(pgn.statusCode()).isEqualTo(200);
            assertThat(pgn.body()).contains("[White \"Wendy\"]", "[Board \"7\"]");
        }
    }
}
