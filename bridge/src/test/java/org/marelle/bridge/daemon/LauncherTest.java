package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.plugin.mock.platform.MockPlatform;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProvider;
import com.pi4j.plugin.mock.provider.spi.MockSpi;
import com.pi4j.plugin.mock.provider.spi.MockSpiProvider;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.board.Occupancy;
import org.marelle.board.led.Ws2812Strip;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.config.BoardConfig;
import org.marelle.bridge.config.BroadcastSettings;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.DriverConfig;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.OutputConfig;
import org.marelle.bridge.config.PlayConfig;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * {@code marelle run} with each shipped configuration: the hardware ones on Pi4J's mock platform (real Pi4J code
 * paths, no hardware), the serial one without its board plugged in, the simulated one played on. The daemon's
 * thread runs for real; its clock is a hand-moved one, so nothing waits for real windows to pass.
 */
class LauncherTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final EventLog log = EventLog.plain(new PrintStream(logBytes, true, StandardCharsets.UTF_8), false);

    /** A clock the test moves; the daemon's thread looks at it every millisecond. */
    static final class HandClock implements DaemonClock {
        volatile long millis = 1_740_000_000_000L;

        @Override
        public long millis() {
            return millis;
        }

        @Override
        public long nanosUntil(long at) {
            return at <= millis ? 0 : 1_000_000;
        }
    }

    static Context mockPi4j() {
        return Pi4J.newContextBuilder()
                .add(new MockPlatform())
                .add(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance(),
                        MockI2CProvider.newInstance(), MockSpiProvider.newInstance())
                .build();
    }

    private MarelleConfig shipped(String name) throws Exception {
        MarelleConfig c = ConfigLoader.load(Path.of("..", "config", name));
        return new MarelleConfig(c.board(), c.leds(), c.recognition(), c.game(),
                new OutputConfig(dir.resolve("pgn").toString(), dir.resolve("state").toString()),
                anyFreePort(c.broadcast()));
    }

    /** A shipped broadcast section on port 0, so that tests never take a port someone uses. */
    static BroadcastSettings anyFreePort(BroadcastSettings b) {
        return b == null ? null : new BroadcastSettings(b.bind(), 0, b.token(), b.delay(), b.notation(), b.language(),
                b.keepAlive(), b.eventLog(), b.lichess());
    }

    private String log() {
        return logBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theReedMatrixBoardStartsOnGpioAndTurnsItsLedsOffWhenStopped() throws Exception {
        Context[] pi4j = new Context[1];
        Launcher.Running r = Launcher.start(shipped("reed-matrix-ws2812.yaml"), () -> pi4j[0] = mockPi4j(),
                new HandClock(), log);
        MockSpi spi = pi4j[0].io("ws2812-spi0.0", MockSpi.class);
        r.daemon().stop();
        assertThat(log()).contains("board: 8x8 GPIO matrix; 64 WS2812 LEDs on SPI 0", "stopped");
        byte[] written = spi.readEntireMockBuffer();
        byte[] dark = new byte[Ws2812Strip.encodedLength(64)];
        Ws2812Strip.encode(new int[64], 48, 1500, dark);
        assertThat(Arrays.copyOfRange(written, written.length - dark.length, written.length)).isEqualTo(dark);
        assertThat(dir.resolve("pgn/round-unknown/board1.pgn")).exists();
    }

    @Test
    void theHallBoardStartsOnI2cWithCornerLeds() throws Exception {
        Launcher.Running r = Launcher.start(shipped("hall-mcp23017-corners.yaml"), LauncherTest::mockPi4j,
                new HandClock(), log);
        r.daemon().stop();
        assertThat(log()).contains("board: 4 MCP23017 on I2C bus 1; 81 WS2812 LEDs on SPI 0", "stopped");
        assertThat(r.session().game().tags()).containsEntry("Event", "Spring Open").containsEntry("Round", "1");
        assertThat(dir.resolve("pgn/round-1/board1.pgn")).exists();
    }

    @Test
    void theCourierBoardWaitsForItsSerialPortWithoutFailing() throws Exception {
        Launcher.Running r = Launcher.start(shipped("courier-serial.yaml"), () -> {
            throw new AssertionError("a serial board needs no Pi4J");
        }, new HandClock(), log);
        assertThat(r.session().game().variant()).isEqualTo(Variant.COURIER);
        r.daemon().stop();
        assertThat(log()).contains("board: serial board on /dev/serial/by-id/usb-Marelle_Courier_Board-if00 at 115200 baud;"
                + " the board's own LEDs", "stopped");
    }

    @Test
    void theSimulatedBoardIsPlayedOnAndTheGameResumesAfterARestart() throws Exception {
        HandClock clock = new HandClock();
        MarelleConfig shipped = shipped("simulated.yaml");
        assertThat(shipped.board().driver()).isEqualTo(new DriverConfig.Simulated(7777));
        // Port 0: any free port, so that tests never collide with a console someone runs.
        MarelleConfig config = new MarelleConfig(new BoardConfig("standard", null, null, new DriverConfig.Simulated(0),
                null, null, null, null), shipped.leds(), shipped.recognition(), shipped.game(), shipped.output(),
                null);
        Launcher.Running r = Launcher.start(config, () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }, clock, log);
        assertThat(log()).contains("console on 127.0.0.1:");
        SimulatedBoard board = (SimulatedBoard) r.hardware().sensors();
        CompletableFuture<GameRecord> twoPlies = new CompletableFuture<>();
        r.session().addListener((e, g) -> {
            if (e instanceof SessionEvent.MovePlayed && g.plies() == 2) twoPlies.complete(g);
        });
        Position p = Position.start(Variant.STANDARD);
        for (String san : new String[] {"e4", "e5"}) {
            var move = p.parseSan(san);
            clock.millis += 2_000;
            board.lift(move.from(), clock.millis);
            clock.millis += 300;
            board.drop(move.to(), clock.millis);
            p = p.play(move);
        }
        clock.millis += 5_000;   // every window has run out
        GameRecord g = twoPlies.get(10, TimeUnit.SECONDS);
        assertThat(g.sans()).containsExactly("e4", "e5");
        r.daemon().stop();
        assertThat(Files.readString(dir.resolve("pgn/round-unknown/board1.pgn"))).contains("1. e4 e5 *")
                .contains("[Event \"Trying Marelle\"]");

        // Started again, the daemon resumes the game and the simulated board shows its position.
        Launcher.Running again = Launcher.start(config, () -> {
            throw new AssertionError();
        }, clock, log);
        assertThat(again.session().game().sans()).containsExactly("e4", "e5");
        SquareSet occ = p.occupancy();
        assertThat(((SimulatedBoard) again.hardware().sensors()).current())
                .isEqualTo(new Occupancy(8, 8, occ, clock.millis, null));
        again.daemon().stop();
        assertThat(log()).contains("resumed game " + g.gameId() + " at ply 2");
    }

    @Test
    void aConfigWithAPublishSectionPublishesTheBoardsMovesToTheBrokerAndAHubServesThem() throws Exception {
        var exe = org.marelle.bridge.mqtt.Mosquitto.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(exe.isPresent() || System.getenv("CI") != null,
                "mosquitto is not installed");
        try (var broker = org.marelle.bridge.mqtt.Mosquitto.start(exe.orElseThrow(), dir)) {
            HandClock clock = new HandClock();
            MarelleConfig config = ConfigLoader.parse("""
                    board:
                      driver: {type: simulated}
                    game:
                      tags: {Event: Club round, Round: "4", Board: "6", White: Anna, Black: Bruno}
                    output:
                      pgnDirectory: %s
                      stateDirectory: %s
                    publish:
                      mqtt:
                        url: %s
                    """.formatted(dir.resolve("pgn"), dir.resolve("state"), broker.url()), "club.yaml");
            Launcher.Running r = Launcher.start(config, () -> {
                throw new AssertionError("a simulated board needs no Pi4J");
            }, clock, log);
            try (Hub hub = Hub.start(new Hub.Options(broker.url(), "marelle", "4", null, "hub",
                    org.marelle.bridge.broadcast.BroadcastConfig.defaults().withPort(0)), log)) {
                assertThat(log()).contains("publishing to " + broker.url() + " under marelle/4/6");
                SimulatedBoard board = (SimulatedBoard) r.hardware().sensors();
                Position p = Position.start(Variant.STANDARD);
                for (String san : new String[] {"e4", "e5"}) {
                    var move = p.parseSan(san);
                    clock.millis += 2_000;
                    board.lift(move.from(), clock.millis);
                    clock.millis += 300;
                    board.drop(move.to(), clock.millis);
                    p = p.play(move);
                }
                clock.millis += 5_000;
                HttpClient http = HttpClient.newHttpClient();
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                String pgn = "";
                while (!pgn.contains("1. e4 e5")) {
                    if (System.nanoTime() > until) org.assertj.core.api.Assertions.fail("the hub never had 1. e4 e5: " + pgn);
                    Thread.sleep(50);
                    pgn = http.send(HttpRequest.newBuilder(hub.uri().resolve("/game.pgn?board=6")).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                }
                assertThat(pgn).contains("[Event \"Club round\"]", "[White \"Anna\"]", "[Round \"4\"]");

                // The hub's operator sets the round's tags and pairs the players: the board's own game takes them
                // (its journal, its PGN file), and the hub shows them.
                String token = "0123456789abcdef0123456789abcdef";
                try (Hub desk = Hub.start(new Hub.Options(broker.url(), "marelle", "4", null, "hub-desk",
                        org.marelle.bridge.broadcast.BroadcastConfig.defaults().withPort(0).withToken(token)), log)) {
                    var put = (java.util.function.BiFunction<String, String, HttpResponse<String>>) (path, json) -> {
                        try {
                            return http.send(HttpRequest.newBuilder(desk.uri().resolve(path))
                                    .header("Authorization", "Bearer " + token)
                                    .PUT(HttpRequest.BodyPublishers.ofString(json)).build(),
                                    HttpResponse.BodyHandlers.ofString());
                        } catch (Exception e) {
                            throw new AssertionError(e);
                        }
                    };
                    assertThat(put.apply("/api/round/tags", """
                            {"tags": {"Event": "Club championship", "Date": "2026.12.02"}}""").statusCode())
                            .isEqualTo(200);
                    assertThat(put.apply("/api/round/pairings", """
                            {"pairings": [{"board": "6", "white": "Ada", "black": "Bert", "tags": {"WhiteElo": "1850"}}]}
                            """).statusCode()).isEqualTo(200);
                    until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    while (!pgn.contains("[White \"Ada\"]") || !pgn.contains("Club championship")) {
                        if (System.nanoTime() > until) org.assertj.core.api.Assertions.fail("the board never took the hub's tags: " + pgn);
                        Thread.sleep(50);
                        pgn = http.send(HttpRequest.newBuilder(desk.uri().resolve("/game.pgn?board=6")).build(),
                                HttpResponse.BodyHandlers.ofString()).body();
                    }
                    assertThat(pgn).contains("[Black \"Bert\"]", "[WhiteElo \"1850\"]", "[Date \"2026.12.02\"]",
                            "[Round \"4\"]", "[Board \"6\"]", "1. e4 e5");
                    assertThat(log()).contains("the hub set Event \"Club championship\"");
                }
            } finally {
                r.daemon().stop();
            }
            assertThat(Files.readString(dir.resolve("pgn/round-4/board6.pgn"))).contains("[White \"Ada\"]",
                    "[Event \"Club championship\"]");
        }
    }

    @Test
    void aConfigWithABroadcastSectionServesTheGameLive() throws Exception {
        HandClock clock = new HandClock();
        String token = "0123456789abcdef0123456789abcdef";
        MarelleConfig config = ConfigLoader.parse("""
                board:
                  driver: {type: simulated, listen: 0}
                game:
                  tags: {Event: Live test, White: Anna, Black: Bruno}
                output:
                  pgnDirectory: %s
                  stateDirectory: %s
                broadcast:
                  bind: 127.0.0.1
                  port: 0
                  token: %s
                """.formatted(dir.resolve("pgn"), dir.resolve("state"), token), "live.yaml");
        Launcher.Running r = Launcher.start(config, () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }, clock, log);
        try {
            assertThat(r.live()).isNotNull();
            assertThat(log()).contains("live broadcast: " + r.live().uri());
            SimulatedBoard board = (SimulatedBoard) r.hardware().sensors();
            CompletableFuture<GameRecord> twoPlies = new CompletableFuture<>();
            r.session().addListener((e, g) -> {
                if (e instanceof SessionEvent.MovePlayed && g.plies() == 2) twoPlies.complete(g);
            });
            Position p = Position.start(Variant.STANDARD);
            for (String san : new String[] {"e4", "e5"}) {
                var move = p.parseSan(san);
                clock.millis += 2_000;
                board.lift(move.from(), clock.millis);
                clock.millis += 300;
                board.drop(move.to(), clock.millis);
                p = p.play(move);
            }
            clock.millis += 5_000;
            twoPlies.get(10, TimeUnit.SECONDS);

            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> pgn = http.send(HttpRequest.newBuilder(r.live().uri().resolve("/game.pgn")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(pgn.statusCode()).isEqualTo(200);
            assertThat(pgn.body()).contains("[Event \"Live test\"]", "[White \"Anna\"]", "1. e4 e5 *");
            JsonNode game = new ObjectMapper().readTree(http.send(HttpRequest.newBuilder(
                    r.live().uri().resolve("/api/game")).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertThat(game.get("ply").asInt()).isEqualTo(2);
            assertThat(game.get("fen").asText()).isEqualTo(p.fen());

            // The control API reaches the game through the daemon's thread: a takeback (casual mode) ...
            HttpResponse<String> takeback = http.send(HttpRequest.newBuilder(r.live().uri().resolve("/api/game/takeback"))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"plies\": 1}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(takeback.statusCode()).as(takeback.body()).isEqualTo(200);
            assertThat(r.session().game().sans()).containsExactly("e4");
            // ... and a result.
            HttpResponse<String> result = http.send(HttpRequest.newBuilder(r.live().uri().resolve("/api/game/result"))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString("{\"result\": \"1/2-1/2\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(result.statusCode()).as(result.body()).isEqualTo(200);
            assertThat(r.session().game().result()).isEqualTo("1/2-1/2");
            HttpResponse<String> after = http.send(HttpRequest.newBuilder(r.live().uri().resolve("/game.pgn")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(after.body()).contains("[Result \"1/2-1/2\"]", "1. e4 1/2-1/2");
        } finally {
            r.daemon().stop();
        }
        // Stopped, the daemon no longer serves.
        assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(r.live().uri()).build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(java.io.IOException.class);
    }

    @Test
    void theShippedEnginePlayConfigPlaysStockfishOnTheBoard() throws Exception {
        HandClock clock = new HandClock();
        MarelleConfig c = ConfigLoader.load(Path.of("..", "config", "play-stockfish.yaml"));
        PlayConfig.Engine e = c.play().engine();
        PlayConfig play = new PlayConfig(c.play().opponent(), c.play().side(), new PlayConfig.Engine(
                org.marelle.bridge.engine.Engines.debian("stockfish"), e.args(), e.options(), e.skill(), e.elo(), 100L,
                e.depth()), c.play().timeControl());
        MarelleConfig config = new MarelleConfig(new BoardConfig("standard", null, null, new DriverConfig.Simulated(0),
                null, null, null, null), c.leds(), c.recognition(), c.game(),
                new OutputConfig(dir.resolve("pgn").toString(), dir.resolve("state").toString()), null, play);
        Launcher.Running r = Launcher.start(config, () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }, clock, log);
        try {
            SimulatedBoard board = (SimulatedBoard) r.hardware().sensors();
            CompletableFuture<GameRecord> answered = new CompletableFuture<>();
            r.session().addListener((ev, g) -> {
                if (ev instanceof SessionEvent.MovePlayed && g.plies() == 2) answered.complete(g);
            });
            Position p = Position.start(Variant.STANDARD);
            var e4 = p.parseSan("e4");
            clock.millis += 2_000;
            board.lift(e4.from(), clock.millis);
            clock.millis += 300;
            board.drop(e4.to(), clock.millis);
            clock.millis += 5_000;
            GameRecord g = answered.get(30, TimeUnit.SECONDS);
            assertThat(g.sans().get(0)).isEqualTo("e4");
            assertThat(g.tags()).containsEntry("TimeControl", "900+10");
            assertThat(g.clocks()).hasSize(2).doesNotContain(SessionEvent.MovePlayed.NO_CLOCK);
            // The engine's move waits on the LEDs: the recognizer expects it, and reads no other Black move.
            var reply = g.moves().get(1);
            var loop = r.daemon().submit(l -> l.recognizer()).get(10, TimeUnit.SECONDS);
            assertThat(loop.leds().led(reply.from()).rgb()).isEqualTo(org.marelle.bridge.recognition.BoardLeds.REMOTE);
            assertThat(loop.remoteSides()).containsExactly(org.marelle.rules.Color.BLACK);
            assertThat(log()).contains("playing against Stockfish", "the engine plays black");
        } finally {
            r.daemon().stop();
        }
        assertThat(log()).contains("stopped");
    }

    @Test
    void aMissingEngineStopsTheStartNamingTheKeyAndHowToInstallIt() {
        PlayConfig play = new PlayConfig("engine", "white", new PlayConfig.Engine("/nonexistent/stockfish", null, null,
                null, null, null, null), null);
        MarelleConfig config = new MarelleConfig(new BoardConfig("standard", null, null, new DriverConfig.Simulated(0),
                null, null, null, null), null, null, null,
                new OutputConfig(dir.resolve("pgn").toString(), dir.resolve("state").toString()), null, play);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Launcher.start(config, () -> {
            throw new AssertionError("a simulated board needs no Pi4J");
        }, new HandClock(), log)).isInstanceOf(java.io.IOException.class)
                .hasMessage("play.engine: engine '/nonexistent/stockfish' not found (play.engine.command): install one"
                        + " with 'sudo apt install stockfish fairy-stockfish', or give the engine's full path");
    }
}
