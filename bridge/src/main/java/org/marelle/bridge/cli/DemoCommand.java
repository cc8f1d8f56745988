package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.daemon.DemoRun;
import org.marelle.bridge.daemon.EngineDemo;
import org.marelle.bridge.play.EngineSettings;
import org.marelle.bridge.session.TimeControl;
import org.marelle.rules.Color;
import org.marelle.rules.Variant;
import org.marelle.bridge.daemon.EventLog;
import org.marelle.bridge.output.IoReason;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code marelle demo}: see Marelle work without a board. A simulated person plays a real game on a simulated
 * board, through the same recognizer, game session, journal and PGN files as {@code marelle run}.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        header = "Play a real game on a simulated board through the real recognizer and daemon (no hardware needed).",
        description = {
            "It prints each move as it is recognized and writes the PGN; no configuration needed. By default the game is "
                + "Morphy's 'Opera game' (Paris, 1858), played in real time; --speed 20 plays it 20 times faster.",
            "Run it again with the same --out folder after an interruption and it resumes from the journal.",
            "A game whose moves carry their clocks ([%%clk] comments) is played at its players' pace, and with a "
                + "TimeControl tag its clocks are kept and written again.",
            "Meanwhile it serves the live broadcast on http://127.0.0.1:8080/ (printed at start): open it in a "
                + "browser to watch the game; /game.pgn and /api/game serve the game as PGN and JSON. When the game is "
                + "over the server stops and the demo exits 0, unless --stay keeps the page up until Ctrl-C.",
            "With --engine, the simulated person plays a UCI chess engine instead: the engine's moves are shown "
                + "as on a board's LEDs and the person makes them on the board too (docs/play.md)."
        },
        footer = {"", "Examples:", "  marelle demo --speed 20", "  marelle demo --speed 5 --stay      (watch it on http://127.0.0.1:8080/)",
            "  marelle demo --http-port 0        (any free port)",
            "  marelle demo --pgn games.pgn --game 3 --out my-demo --no-http",
            "  marelle demo --engine stockfish --speed 10 --time-control 180+2",
            "  marelle demo --engine fairy-stockfish --variant courier --speed 20",
            "  marelle demo --variant courier --speed 20      (a bundled Courier game)",
            "  marelle demo --speed 20 --board 2 --mqtt tcp://127.0.0.1:1883 --http-port 0   (a board of a round)"},
        usageHelpAutoWidth = true)
final class DemoCommand implements Callable<Integer> {

    static final String BUNDLED = "/org/marelle/bridge/demo/morphy-opera-1858.pgn";
    /** The game {@code --variant courier} plays without an engine. */
    static final String BUNDLED_COURIER = "/org/marelle/bridge/demo/courier-fsf-selfplay.pgn";

    @Spec
    private CommandSpec spec;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1",
            description = "Play X times faster than real time (default: ${DEFAULT-VALUE}, real time).")
    private double speed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the PGN files and the journal (default: a new demo-DATE-TIME folder in"
                    + " $XDG_CACHE_HOME/marelle, ~/.cache/marelle, or the temporary folder; printed at start).")
    private Path out;

    @Option(names = "--pgn", paramLabel = "FILE", description = "Play a game from this PGN file instead.")
    private Path pgn;

    @Option(names = "--game", paramLabel = "N", defaultValue = "1",
            description = "Which game of the PGN file (default: ${DEFAULT-VALUE}).")
    private int gameNumber;

    @Option(names = "--profile", paramLabel = "NAME", defaultValue = "human",
            description = "How the simulated person plays: clean, human, noisy, blitz, reed, hall, swap or drag"
                    + " (default: ${DEFAULT-VALUE}).")
    private String profile;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "The simulated person's seed: the same seed plays the same way (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--verbose", description = "Also print provisional moves and promotion prompts.")
    private boolean verbose;

    @Option(names = "--http-port", paramLabel = "P", defaultValue = "" + BroadcastConfig.DEFAULT_PORT,
            description = "Serve the live broadcast (viewer page, PGN, JSON, events) on 127.0.0.1, port P"
                    + " (default: ${DEFAULT-VALUE}; 0: any free port).")
    private int httpPort;

    @Option(names = "--no-http", description = "Serve no live broadcast.")
    private boolean noHttp;

    @Option(names = "--stay", description = "After the game, keep serving the viewer until Ctrl-C (default: stop and exit).")
    private boolean stay;

    @Option(names = "--engine", paramLabel = "EXE",
            description = "Play against this UCI engine instead of replaying a game: stockfish, fairy-stockfish (for"
                    + " Courier), or a path. The simulated person's moves come from the same engine at its weakest.")
    private String engine;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "standard",
            description = "standard or courier: the bundled game of that variant (Courier: Fairy-Stockfish against itself);"
                    + " with --engine also chess960, from a random start (default: ${DEFAULT-VALUE}).")
    private String variant;

    @Option(names = "--side", paramLabel = "SIDE", defaultValue = "random",
            description = "With --engine: the side the simulated person plays, white, black or random"
                    + " (default: ${DEFAULT-VALUE}).")
    private String side;

    @Option(names = "--time-control", paramLabel = "TC",
            description = "With --engine: clocks, as the PGN TimeControl tag writes them (180+2: three minutes and two"
                    + " seconds a move); written as [%%clk] in the PGN. Default: no clocks.")
    private String timeControl;

    @Option(names = "--engine-time", paramLabel = "MS", defaultValue = "200",
            description = "With --engine: the engine's time a move, in milliseconds (default: ${DEFAULT-VALUE}).")
    private long engineTime;

    @Option(names = "--board", paramLabel = "B",
            description = "The board's id (its Board tag), as a board of a club's round: names it in the broadcast and on"
                    + " the broker (default: the game's own, else 1).")
    private String board;

    @Option(names = "--mqtt", paramLabel = "URL",
            description = "Publish the game to this MQTT broker (tcp://HOST:PORT) as a board of a round does, for"
                    + " 'marelle hub' to serve (docs/mqtt.md). Not with --engine.")
    private String mqtt;

    @Option(names = "--max-plies", paramLabel = "N", defaultValue = "300",
            description = "With --engine: stop a game still running after N plies (default: ${DEFAULT-VALUE}).")
    private int maxPlies;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (!(speed > 0) || speed > 100_000) throw usage("--speed must be above 0 and at most 100000, not " + speed);
        Profile p;
        try {
            p = Profile.byName(profile);
        } catch (IllegalArgumentException e) {
            throw usage("--profile: " + e.getMessage());
        }
        if (httpPort < 0 || httpPort > 65535) throw usage("--http-port must be between 0 and 65535, not " + httpPort);
        if (noHttp && stay) throw usage("--stay keeps the viewer up; it cannot go with --no-http");
        BroadcastConfig broadcast = noHttp ? null : BroadcastConfig.defaults().withPort(httpPort);
        if (board != null) {
            try {
                org.marelle.bridge.broadcast.BoardId.of(board);
            } catch (IllegalArgumentException e) {
                throw usage("--board: " + e.getMessage());
            }
        }
        if (mqtt != null && !org.marelle.bridge.mqtt.BoardTopics.isBrokerUrl(mqtt)) {
            throw usage("--mqtt: '" + mqtt + "' is not tcp://HOST:PORT or ssl://HOST:PORT");
        }
        if (engine != null && (mqtt != null || board != null)) throw usage("--board and --mqtt replay a game; not with --engine");
        if (engine != null) return againstEngine(stdout, p);
        if (pgn != null && !variant.equals("standard")) {
            throw usage("--variant chooses a bundled game (or the engine's game); a --pgn file's game has its own variant");
        }
        PgnGame game = readGame();
        Path dir = outDir();
        String where = Stream.of(tag(game, "Event"), tag(game, "Date").replace(".??", ""))
                .filter(t -> !t.equals("?") && !t.equals("????") && !t.isEmpty())
                .collect(Collectors.joining(" "));
        stdout.printf("marelle demo: %s - %s%s, %d plies, %s%n", tag(game, "White"), tag(game, "Black"),
                where.isEmpty() ? "" : " (" + where + ")", game.mainline().size(),
                speed == 1 ? "in real time (--speed 20 plays 20 times faster)" : pace());
        stdout.println("writing to " + dir.toAbsolutePath());
        stdout.flush();
        EventLog log = EventLog.to(stdout, verbose);
        DemoRun.Result r;
        try {
            r = new DemoRun(new DemoRun.Options(game, dir, speed, p, seed, broadcast, stay, board, mqtt), log).run();
        } catch (IOException e) {
            // The demo's folders: the journal in --out/state, the PGN in --out/pgn.
            log.error("cannot start: --out '" + dir + "': " + IoReason.of(e, dir.toString()));
            stdout.flush();
            return 1;
        }
        stdout.flush();
        return r.exitCode();
    }

    /** {@code demo --engine}: the simulated person against the engine. */
    private int againstEngine(PrintWriter stdout, Profile p) throws IOException, InterruptedException {
        if (pgn != null) throw usage("--engine plays a new game; it cannot go with --pgn");
        Variant v;
        try {
            v = Variant.byName(variant);
            EngineSettings.variantOptions(v);
        } catch (IllegalArgumentException e) {
            throw usage("--variant: " + e.getMessage());
        }
        Color person = switch (side) {
            case "white" -> Color.WHITE;
            case "black" -> Color.BLACK;
            case "random" -> null;
            default -> throw usage("--side must be white, black or random, not '" + side + "'");
        };
        if (timeControl != null) {
            try {
                if (TimeControl.parse(timeControl).isEmpty()) throw usage("--time-control: '" + timeControl + "' sets no clock");
            } catch (IllegalArgumentException e) {
                throw usage("--time-control: " + e.getMessage());
            }
        }
        if (engineTime < 1 || engineTime > 600_000) throw usage("--engine-time must be between 1 and 600000 ms, not " + engineTime);
        if (maxPlies < 1) throw usage("--max-plies must be 1 or more, not " + maxPlies);
        EngineSettings settings = EngineSettings.of(engine).withMoveTime(java.time.Duration.ofMillis(engineTime));
        try {
            settings.resolvedCommand();
        } catch (IllegalArgumentException e) {
            throw usage("--engine: " + e.getMessage().replace(" (play.engine.command)", ""));
        }
        Path dir = outDir();
        stdout.printf("marelle demo: a simulated person plays %s (%s)%s, %s%n", engine, v.name(),
                timeControl == null ? "" : ", clocks " + timeControl,
                speed == 1 ? "in real time" : pace());
        stdout.println("writing to " + dir.toAbsolutePath());
        stdout.flush();
        EventLog log = EventLog.to(stdout, verbose);
        DemoRun.Result r;
        try {
            BroadcastConfig broadcast = noHttp ? null : BroadcastConfig.defaults().withPort(httpPort);
            r = new EngineDemo(new EngineDemo.Options(settings, v, person, timeControl, dir, speed, p, seed, maxPlies, false,
                    broadcast, stay), log).run();
        } catch (IOException e) {
            log.error("cannot start: --out '" + dir + "': " + IoReason.of(e, dir.toString()));
            stdout.flush();
            return 1;
        }
        stdout.flush();
        return r.exitCode();
    }

    /**
     * The folder given, or a new one named after the time in the user's cache folder (the demo's files are not the
     * user's to keep, and the folder it runs in, the repository's when run from the README, stays clean).
     */
    private Path outDir() {
        if (out != null) return out;
        String name = "demo-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(LocalDateTime.now());
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        Path base = cache.resolve("marelle");
        try {
            Files.createDirectories(base);
            if (Files.isWritable(base)) return base.resolve(name);
        } catch (IOException | SecurityException e) {
            // no cache folder here: the temporary folder serves
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "marelle-" + name);
    }

    /** "20 times real time". */
    private String pace() {
        return (speed == Math.rint(speed) ? Long.toString((long) speed) : Double.toString(speed)) + " times real time";
    }

    private static String tag(PgnGame g, String name) {
        return g.tags().getOrDefault(name, "?").strip();
    }

    private PgnGame readGame() throws IOException {
        String name = pgn == null ? "the bundled game" : pgn.toString();
        if (gameNumber < 1) throw usage("--game must be 1 or more, not " + gameNumber);
        InputStream in;
        if (pgn == null) {
            String bundled = switch (variant) {
                case "standard" -> BUNDLED;
                case "courier" -> BUNDLED_COURIER;
                default -> throw usage("--variant: no bundled " + variant + " game; play one with --engine, or give --pgn");
            };
            in = DemoCommand.class.getResourceAsStream(bundled);
            if (in == null) throw new IllegalStateException("the jar lacks " + bundled);
        } else {
            try {
                in = Files.newInputStream(pgn);
            } catch (IOException e) {
                throw usage("--pgn '" + pgn + "': " + IoReason.of(e, pgn.toString()));
            }
        }
        try (Reader r = PgnReader.decode(in); PgnReader games = new PgnReader(r, name)) {
            int n = 0;
            while (games.hasNext()) {
                PgnReader.Entry e = games.next();
                if (++n < gameNumber) continue;
                return switch (e) {
                    case PgnReader.Parsed parsed -> {
                        if (parsed.game().mainline().isEmpty()) throw usage(name + ": game " + n + " has no moves");
                        yield parsed.game();
                    }
                    case PgnReader.Failed f -> throw usage(f.error().toString());
                };
            }
            throw usage(name + " has " + n + " game(s), no game " + gameNumber);
        } catch (java.io.UncheckedIOException e) {
            throw usage("--pgn '" + name + "': " + IoReason.of(e, name));
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
