package org.marelle.bridge.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.broadcast.LichessConfig;
import org.marelle.bridge.recognition.RecognizerConfig;

class ConfigLoaderTest {

    /** The repository's config/ folder, from the bridge module's working directory. */
    static final Path SHIPPED = Path.of("..", "config");

    static Stream<Path> shippedFiles() throws IOException {
        try (Stream<Path> files = Files.list(SHIPPED)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @Test
    void theFourKindsOfBoardAreShipped() throws IOException {
        assertThat(shippedFiles().map(p -> p.getFileName().toString())).contains("reed-matrix-ws2812.yaml",
                "hall-mcp23017-corners.yaml", "courier-serial.yaml", "simulated.yaml");
    }

    @ParameterizedTest
    @MethodSource("shippedFiles")
    void everyShippedFileLoads(Path file) throws Exception {
        MarelleConfig c = ConfigLoader.load(file);
        assertThat(c.board().driver()).isNotNull();
    }

    @Test
    void theShippedFilesSayWhatTheyAre() throws Exception {
        MarelleConfig reed = ConfigLoader.load(SHIPPED.resolve("reed-matrix-ws2812.yaml"));
        assertThat(reed.board().driver()).isInstanceOfSatisfying(DriverConfig.GpioMatrix.class,
                m -> assertThat(m.rows()).hasSize(8));
        assertThat(reed.leds()).isInstanceOfSatisfying(LedConfig.Ws2812.class,
                w -> assertThat(w.layout().placement()).isEqualTo("per-square"));

        MarelleConfig hall = ConfigLoader.load(SHIPPED.resolve("hall-mcp23017-corners.yaml"));
        assertThat(hall.board().driver()).isInstanceOfSatisfying(DriverConfig.Mcp23017.class,
                m -> assertThat(m.addresses()).containsExactly(0x20, 0x21, 0x22, 0x23));
        assertThat(hall.leds()).isInstanceOfSatisfying(LedConfig.Ws2812.class,
                w -> assertThat(w.layout().placement()).isEqualTo("corners"));
        assertThat(hall.recognition().toRecognizerConfig().mode()).isEqualTo(RecognizerConfig.Mode.TOURNAMENT);
        assertThat(hall.game().tags()).containsEntry("Round", "1").containsEntry("TimeControl", "5400+30");

        MarelleConfig courier = ConfigLoader.load(SHIPPED.resolve("courier-serial.yaml"));
        assertThat(courier.board().variant()).isEqualTo("courier");
        assertThat(courier.board().driver()).isInstanceOf(DriverConfig.Serial.class);
        assertThat(courier.board().debounceScans()).isEqualTo(1);
        assertThat(courier.leds()).isInstanceOf(LedConfig.Board.class);

        MarelleConfig sim = ConfigLoader.load(SHIPPED.resolve("simulated.yaml"));
        assertThat(sim.board().driver()).isEqualTo(new DriverConfig.Simulated(7777));
        assertThat(sim.output().pgnDirectory()).isEqualTo("marelle-data/pgn");
    }

    @Test
    void aMinimalFileTakesTheDocumentedDefaults() throws Exception {
        MarelleConfig c = ConfigLoader.parse("board:\n  driver:\n    type: simulated\n", "min.yaml");
        assertThat(c.board().variant()).isEqualTo("standard");
        assertThat(c.board().sensors()).isEqualTo(SensorsConfig.DEFAULTS);
        assertThat(c.board().scanHz()).isEqualTo(50);
        assertThat(c.leds()).isEqualTo(new LedConfig.None());
        assertThat(c.recognition().toRecognizerConfig()).isEqualTo(RecognizerConfig.defaults());
        assertThat(c.game().tags()).isEmpty();
        assertThat(c.output()).isEqualTo(new OutputConfig("/var/lib/marelle/pgn", "/var/lib/marelle/state"));
        MarelleConfig gpio = ConfigLoader.parse("""
                board:
                  driver: {type: gpio-matrix, rows: [4, 5, 6, 12, 13, 16, 17, 18], columns: [19, 20, 21, 22, 23, 24, 25, 26]}
                leds: {type: ws2812}
                """, "gpio.yaml");
        assertThat(gpio.board().debounceScans()).isEqualTo(2);
        assertThat(gpio.leds()).isEqualTo(new LedConfig.Ws2812(0, 0, 64, 1500, LedLayoutConfig.DEFAULTS, 800));
        assertThat(c.broadcast()).as("no section, no broadcast").isNull();
    }

    @Test
    void aBroadcastSectionMapsOntoTheBroadcastConfig() throws Exception {
        MarelleConfig empty = ConfigLoader.parse("board:\n  driver: {type: simulated}\nbroadcast: {}\n", "b.yaml");
        assertThat(empty.broadcast().toBroadcastConfig()).isEqualTo(BroadcastConfig.defaults());
        MarelleConfig full = ConfigLoader.parse("""
                board:
                  driver: {type: simulated}
                broadcast:
                  bind: 0.0.0.0
                  port: 8081
                  token: 0123456789abcdef0123
                  delay: 30
                  notation: fr
                  language: FR
                  keepAlive: 5
                  eventLog: 200
                  lichess:
                    round: AbCd1234
                    token: lip_secret
                    url: http://127.0.0.1:9999
                    initialBackoff: 2
                    maxBackoff: 30
                    timeout: 10
                """, "b.yaml");
        BroadcastConfig b = full.broadcast().toBroadcastConfig();
        assertThat(b).isEqualTo(new BroadcastConfig("0.0.0.0", 8081, "0123456789abcdef0123", Duration.ofSeconds(30), "fr",
                "fr", Duration.ofSeconds(5), 200, new LichessConfig(URI.create("http://127.0.0.1:9999"), "AbCd1234",
                "lip_secret", Duration.ofSeconds(2), Duration.ofSeconds(30), Duration.ofSeconds(10))));
        MarelleConfig sim = ConfigLoader.load(SHIPPED.resolve("simulated.yaml"));
        assertThat(sim.broadcast().toBroadcastConfig().bindAddress()).isEqualTo("127.0.0.1");
    }

    /** Issue #14: a byte that is not UTF-8 said "cannot read: Input length = 1"; now the line, as every problem. */
    @Test
    void aFileThatIsNotUtf8NamesTheLine(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = dir.resolve("latin1.yaml");
        Files.write(file, "board:\n  driver: {type: simulated}\ngame:\n  tags:\n    Event: Caf\u00e9\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(file));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).isEqualTo(file + ": not valid UTF-8 (the file must be UTF-8) (line 5)");
    }

    static Stream<Arguments> brokenFiles() {
        String matrix = """
                board:
                  driver:
                    type: gpio-matrix
                    rows: [4, 5, 6, 40, 13, 16, 17, 18]
                    columns: [19, 20, 21, 22, 23, 24, 25, 26]
                """;
        return Stream.of(
                Arguments.of("a pin off the header", matrix,
                        List.of("board.driver.rows[3]: GPIO 40 does not exist (the 40-pin header has GPIO 0 to 27) (line 4)")),
                Arguments.of("an unknown key, with a guess", """
                        board:
                          driver:
                            type: gpio-matrix
                            rows: [4, 5, 6, 12, 13, 16, 17, 18]
                            colums: [19, 20, 21, 22, 23, 24, 25, 26]
                        """,
                        List.of("board.driver.colums: unknown key; did you mean columns? (known: activeLow, columns, "
                                + "rows, settleMicros) (line 5)",
                                // What the misspelt key leaves missing is said too (since issue #14).
                                "board.driver.columns: missing: a list of GPIO numbers (line 2)")),
                Arguments.of("an unknown section", "board:\n  driver: {type: simulated}\nhttp:\n  port: 8080\n",
                        List.of("http: unknown key (known: board, broadcast, game, leds, output, play, publish, recognition) (line 3)")),
                Arguments.of("a broker that is no MQTT address", "board:\n  driver: {type: simulated}\npublish:\n  mqtt:\n"
                        + "    url: http://broker:1883\n    round: round 3\n",
                        List.of("publish.mqtt.url: 'http://broker:1883' is not tcp://HOST:PORT or ssl://HOST:PORT (line 5)",
                                "publish.mqtt.round: 'round 3' must be 1 to 64 letters, digits, '.', '-' or '_' (line 6)")),
                Arguments.of("no broker", "board:\n  driver: {type: simulated}\npublish:\n  mqtt: {}\n",
                        List.of("publish.mqtt.url: missing: the broker, tcp://HOST:1883 or ssl://HOST:8883 (line 4)")),
                Arguments.of("broadcast values out of range", """
                        board:
                          driver: {type: simulated}
                        broadcast:
                          port: 70000
                          delay: -1
                          eventLog: 3
                          lichess:
                            token: lip_abc
                            timeout: 0
                        """,
                        List.of("broadcast.port: 70000 is not between 0 and 65535 (line 4)",
                                "broadcast.delay: -1 is not between 0 and 3600 (line 5)",
                                "broadcast.eventLog: 3 is not between 16 and 1000000 (line 6)",
                                "broadcast.lichess.round: missing: the round's id (8 letters or digits) (line 7)",
                                "broadcast.lichess.timeout: 0 is not between 1 and 600 (line 9)")),
                Arguments.of("a short control token", "board:\n  driver: {type: simulated}\nbroadcast:\n  token: secret\n",
                        List.of("broadcast.token: needs at least 16 printable ASCII characters without spaces (e.g. from "
                                + "'openssl rand -hex 16'), got 6 characters (line 4)")),
                Arguments.of("an unknown notation", "board:\n  driver: {type: simulated}\nbroadcast:\n  notation: klingon\n",
                        List.of("broadcast.notation: unknown notation 'klingon' (known: san, fr, de, es, it, nl, figurine, lan, "
                                + "uci, iccf, vandermonde, descriptive-en, descriptive-fr) (line 4)")),
                Arguments.of("an unknown viewer language", "board:\n  driver: {type: simulated}\nbroadcast:\n  language: klingon\n",
                        List.of("broadcast.language: unknown language 'klingon' (known: auto, en, fr, de, es, it, nl) "
                                + "(line 4)")),
                Arguments.of("a bad Lichess round", "board:\n  driver: {type: simulated}\nbroadcast:\n  lichess: {round: abc, token: lip_x}\n",
                        List.of("broadcast.lichess.round: 'abc' is not a round id (8 letters or digits, the last part "
                                + "of the round's address) (line 4)")),
                Arguments.of("an unknown broadcast key", "board:\n  driver: {type: simulated}\nbroadcast:\n  prot: 8080\n",
                        List.of("broadcast.prot: unknown key; did you mean port? (known: bind, delay, eventLog, keepAlive, "
                                + "language, lichess, notation, port, token) (line 4)")),
                Arguments.of("seconds as text", "board:\n  driver: {type: simulated}\nbroadcast:\n  delay: 5s\n",
                        List.of("broadcast.delay: '5s' is not a whole number (line 4)")),
                Arguments.of("an unknown driver", "board:\n  driver:\n    type: gpio\n",
                        List.of("board.driver.type: unknown type 'gpio' (known: gpio-matrix, mcp23017, hc165, serial, "
                                + "simulated) (line 3)")),
                Arguments.of("a driver without a type", "board:\n  driver:\n    rows: [1]\n",
                        List.of("board.driver.type: missing: one of gpio-matrix, mcp23017, hc165, serial, simulated (line 2)")),
                Arguments.of("no driver", "board:\n  variant: standard\n",
                        List.of("board.driver: missing: one of gpio-matrix, mcp23017, hc165, serial, simulated (line 1)")),
                Arguments.of("an empty file", "",
                        List.of("the file is empty; it needs at least a board section with its driver")),
                Arguments.of("text for a number", "board:\n  driver: {type: simulated}\n  scanHz: fast\n",
                        List.of("board.scanHz: 'fast' is not a whole number (line 3)")),
                Arguments.of("a number for a list", "board:\n  driver:\n    type: gpio-matrix\n    rows: 4\n    columns: [5]\n",
                        List.of("board.driver.rows: expected a list (line 4)")),
                Arguments.of("a pin used twice, and on SPI", """
                        board:
                          driver:
                            type: gpio-matrix
                            rows: [4, 5, 6, 12, 13, 16, 17, 10]
                            columns: [19, 20, 21, 22, 23, 24, 25, 4]
                        leds:
                          type: ws2812
                        """,
                        List.of("board.driver.rows[7]: GPIO 10 is SPI0 MOSI, which leds (ws2812 on SPI 0) uses (line 4)",
                                "board.driver.columns[7]: GPIO 4 is also rows[0] (line 5)")),
                Arguments.of("too few sensors", "board:\n  driver:\n    type: mcp23017\n    addresses: [0x20, 0x21, 0x22]\n",
                        List.of("board.driver: the hardware reads 48 sensors but the 8x8 board has 64 squares (line 2)")),
                Arguments.of("a bad chip address", "board:\n  driver:\n    type: mcp23017\n    addresses: [0x20, 0x21, 0x22, 0x30]\n",
                        List.of("board.driver.addresses[3]: 0x30 is not an MCP23017 address (0x20 to 0x27) (line 4)")),
                Arguments.of("a variant on the wrong board", "board:\n  variant: courier\n  files: 8\n  driver: {type: simulated}\n",
                        List.of("board.files: the variant courier is played on 12 files, not 8 (line 3)")),
                Arguments.of("an unknown variant", "board:\n  variant: shogi\n  driver: {type: simulated}\n",
                        List.of("board.variant: unknown variant: 'shogi' (known: standard, chess960, courier, "
                                + "courier-jumps, courier-modern) (line 2)")),
                Arguments.of("a bad sensor table", "board:\n  driver: {type: simulated}\n  sensors:\n    table: a1 b1 z9\n",
                        List.of("board.sensors.table: sensor table, sensor 2 (column 7): 'z9' is not a square of a 8x8 "
                                + "board (a1..h8) (line 4)")),
                Arguments.of("board LEDs without a serial board", "board:\n  driver: {type: simulated}\nleds:\n  type: board\n",
                        List.of("leds.type: board LEDs are driven through a serial board; board.driver is not serial (line 4)")),
                Arguments.of("values out of range", """
                        board:
                          driver: {type: simulated}
                        leds:
                          type: ws2812
                          brightness: 300
                          layout: {placement: diagonal, rotation: 45}
                        recognition:
                          mode: blitz
                        """,
                        List.of("leds.brightness: 300 is not between 0 and 255 (line 5)",
                                "leds.layout.placement: 'diagonal' is not per-square or corners (line 6)",
                                "leds.layout.rotation: 45 is not 0, 90, 180 or 270 (line 6)",
                                "recognition.mode: 'blitz' is not casual or tournament (line 8)")),
                Arguments.of("a tag the game decides", "board:\n  driver: {type: simulated}\ngame:\n  tags:\n    Event: x\n    Result: 1-0\n",
                        List.of("game.tags.Result: tag Result cannot be set: the game decides it (line 6)")),
                Arguments.of("a play section with bad values", """
                        board:
                          variant: courier-modern
                          driver: {type: simulated}
                        play:
                          opponent: chessbase
                          side: both
                          timeControl: 5 min
                          engine: {command: stockfish, skill: 25}
                        """,
                        List.of("play.opponent: 'chessbase' is not engine or lichess (line 5)",
                                "play.side: 'both' is not white, black or random (line 6)",
                                "play.timeControl: time control '5 min': period '5 min': the time '5 min' is not a number"
                                        + " of seconds (write [MOVES/]SECONDS[+INCREMENT], periods separated by ':', e.g."
                                        + " 300+2 or 40/5400+30:1800+30) (line 7)",
                                "play.engine.skill: 25 is not between 0 and 20 (line 8)",
                                "play.engine: no engine plays courier-modern: Fairy-Stockfish knows Courier chess only"
                                        + " with its historical rules ('courier'), without the modern promotion and castling"
                                        + " rules of courier-modern; play 'courier' against it (line 8)")),
                Arguments.of("a Lichess section without a token", """
                        board:
                          variant: courier
                          driver: {type: simulated}
                        play:
                          opponent: lichess
                          lichess: {url: "ftp://x", clock: 40/300, color: green, seek: true, challenge: bob}
                        """,
                        List.of("play.lichess.url: 'ftp://x' is not an http(s) address (line 6)",
                                "play.lichess: a token is needed: tokenFile (a file holding it) or tokenEnv (a variable),"
                                        + " with the board:play scope (line 6)",
                                "play.lichess.clock: '40/300' is not SECONDS+INCREMENT, e.g. 300+3 (line 6)",
                                "play.lichess.seek: seek a game or challenge bob, not both (line 6)",
                                "play.lichess.color: 'green' is not white, black or random (line 6)",
                                "play.opponent: Lichess plays standard and chess960 games, not courier (line 5)")),
                Arguments.of("a time control the clocks cannot read", "board:\n  driver: {type: simulated}\ngame:\n  tags:\n    TimeControl: 5 min\n",
                        List.of("game.tags.TimeControl: time control '5 min': period '5 min': the time '5 min' is not a"
                                + " number of seconds (write [MOVES/]SECONDS[+INCREMENT], periods separated by ':', e.g."
                                + " 300+2 or 40/5400+30:1800+30) (line 5)")),
                // Issue #14: --check passed an address that is none; it is now checked (whether it is this machine's is
                // known only at start).
                Arguments.of("an address that is none", "board:\n  driver: {type: simulated}\nbroadcast:\n  bind: 999.1.1.1\n",
                        List.of("broadcast.bind: '999.1.1.1' is not an IPv4 address: four numbers from 0 to 255 (an IPv4 "
                                + "address such as 127.0.0.1 or 0.0.0.0, an IPv6 address such as ::1, or a host name) (line 4)")),
                Arguments.of("an address with a space", "board:\n  driver: {type: simulated}\nbroadcast:\n  bind: my host\n",
                        List.of("broadcast.bind: 'my host' is not an address (an IPv4 address such as 127.0.0.1 or "
                                + "0.0.0.0, an IPv6 address such as ::1, or a host name) (line 4)")),
                // Issue #14: a value of the wrong type hid every other problem of the file; now all are reported.
                Arguments.of("a type error and the rest", """
                        board:
                          driver: {type: simulated}
                          scanHz: fast
                          debounceScans: 99
                        broadcast:
                          port: http
                          delay: -1
                          token: short
                          notation: klingon
                          language: tlh
                        """,
                        List.of("board.scanHz: 'fast' is not a whole number (line 3)",
                                "broadcast.port: 'http' is not a whole number (line 6)",
                                "board.debounceScans: 99 is not between 1 and 50 (line 4)",
                                "broadcast.delay: -1 is not between 0 and 3600 (line 7)",
                                "broadcast.token: needs at least 16 printable ASCII characters without spaces (e.g. from "
                                        + "'openssl rand -hex 16'), got 5 characters (line 8)",
                                "broadcast.notation: unknown notation 'klingon' (known: san, fr, de, es, it, nl, figurine, "
                                        + "lan, uci, iccf, vandermonde, descriptive-en, descriptive-fr) (line 9)",
                                "broadcast.language: unknown language 'tlh' (known: auto, en, fr, de, es, it, nl) (line 10)")),
                Arguments.of("an unknown key and a bad pin list", """
                        board:
                          driver:
                            type: gpio-matrix
                            rows: [4, x, 6, 12, 13, 16, 17, 18]
                            colums: [19, 20, 21, 22, 23, 24, 25, 26]
                            settleMicros: -5
                        """,
                        List.of("board.driver.rows[1]: 'x' is not a whole number (line 4)",
                                "board.driver.colums: unknown key; did you mean columns? (known: activeLow, columns, "
                                        + "rows, settleMicros) (line 5)",
                                "board.driver.columns: missing: a list of GPIO numbers (line 2)",
                                "board.driver.settleMicros: -5 is not between 0 and 10000 (line 6)")),
                Arguments.of("a key given twice", "board:\n  driver: {type: simulated}\n  driver: {type: serial}\n",
                        List.of("not valid YAML: Duplicate field 'driver' (line 3)")),
                Arguments.of("bad YAML", "board:\n  driver: [simulated\n",
                        List.of("not valid YAML")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void brokenFilesGiveTheDocumentedErrors(String what, String yaml, List<String> expected) {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.parse(yaml, "bad.yaml"));
        assertThat(e).as(what).isNotNull();
        List<String> got = e.problems().stream().map(ConfigException.Problem::toString).toList();
        if (expected.size() == 1 && expected.get(0).equals("not valid YAML")) {
            assertThat(got).singleElement().asString().startsWith("not valid YAML");
        } else {
            assertThat(got).as(what).containsExactlyElementsOf(expected);
        }
        assertThat(e.getMessage()).startsWith("bad.yaml: ");
    }
}
