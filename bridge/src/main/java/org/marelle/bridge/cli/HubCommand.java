package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.config.ConfigException;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.PublishConfig;
import org.marelle.bridge.daemon.EventLog;
import org.marelle.bridge.daemon.Hub;
import org.marelle.bridge.mqtt.BoardTopics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code marelle hub}: every board of a round, from the MQTT broker, on one page (see {@link Hub}). */
@Command(
        name = "hub",
        mixinStandardHelpOptions = true,
        header = "Serve every board of a round, from the MQTT broker their daemons publish to.",
        description = {
            "Follows the boards that publish to the broker (publish.mqtt in their configuration; docs/mqtt.md) and "
                + "serves them as one board's daemon serves its own: the viewer page with a board selector, "
                + "/game.pgn?board=B, /games.pgn (the whole round), /api/games and /events (docs/broadcast.md). A hub "
                + "started again has the round back at once from the boards' retained games.",
            "With --token-file, the control API sets the round's tags (Event, Site, Round, Date) and who plays on "
                + "each board: PUT /api/round/tags and PUT /api/round/pairings with the token; each board sets them "
                + "on its game and the ones after, also a board switched on later (docs/club.md).",
            "Runs until SIGTERM or Ctrl-C. Exit codes: 1 could not start (the broker, the port), 2 usage error or a "
                + "bad --config."
        },
        footer = {"", "Examples:", "  marelle hub --mqtt tcp://127.0.0.1:1883",
            "  marelle hub --config /etc/marelle/hub.yaml",
            "  marelle hub --mqtt tcp://hub.local:1883 --round 3 --http-port 8080",
            "  marelle hub --mqtt tcp://127.0.0.1:1883 --token-file /etc/marelle/hub-token"},
        usageHelpAutoWidth = true)
final class HubCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE",
            description = "a YAML file with a broadcast section (port, bind, token, delay, notation, language, the "
                    + "Lichess round: docs/config.md) and a publish.mqtt section (url, credentialsFile, prefix, round); "
                    + "the options below win over it")
    private Path configFile;

    @Option(names = "--mqtt", paramLabel = "URL",
            description = "the broker: tcp://HOST:PORT or ssl://HOST:PORT (required, here or as publish.mqtt.url)")
    private String url;

    @Option(names = "--http-port", paramLabel = "P", description = "serve on this port (default: 8080; 0: any free port)")
    private Integer port;

    @Option(names = "--bind", paramLabel = "ADDRESS",
            description = "serve on this address (default: 0.0.0.0, every network of the machine)")
    private String bind;

    @Option(names = "--prefix", paramLabel = "LEVEL", description = "the topics' root the boards publish under (default: marelle)")
    private String prefix;

    @Option(names = "--round", paramLabel = "R", description = "follow this round only (default: every round)")
    private String round;

    @Option(names = "--credentials", paramLabel = "FILE",
            description = "user name on the first line, password on the second (default: anonymous)")
    private Path credentials;

    @Option(names = "--client-id", paramLabel = "ID", defaultValue = "marelle-hub",
            description = "the hub's MQTT client id (default: ${DEFAULT-VALUE})")
    private String clientId;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "a file holding the control API's token (at least 16 characters): with it, PUT "
                    + "/api/round/tags and /api/round/pairings set the round's tags and who plays on each board")
    private Path tokenFile;

    @Option(names = "--lichess-round", paramLabel = "ID",
            description = "push the whole round's PGN to this Lichess broadcast round (its 8-character id), once for "
                    + "every board")
    private String lichessRound;

    @Option(names = "--lichess-token-file", paramLabel = "FILE",
            description = "with --lichess-round: a file holding the Lichess token (scope study:write)")
    private Path lichessTokenFile;

    @Option(names = "--lichess-url", paramLabel = "URL", hidden = true, defaultValue = "https://lichess.org",
            description = "Lichess's address (tests)")
    private java.net.URI lichessUrl;

    private final CountDownLatch stopped = new CountDownLatch(1);

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        BroadcastConfig fromFile = null;
        if (configFile != null) {
            MarelleConfig c;
            try {
                c = ConfigLoader.loadHub(configFile);
            } catch (IOException e) {
                err.println(configFile + ": " + org.marelle.bridge.output.IoReason.of(e, configFile.toString()));
                return 2;
            } catch (ConfigException e) {
                err.println(e.getMessage());
                return 2;
            }
            if (c.broadcast() != null) {
                fromFile = c.broadcast().toBroadcastConfig();
                // (A hub serves the hall: every network of its machine unless the file names an address.)
                if (c.broadcast().bind() == null) fromFile = fromFile.withBindAddress("0.0.0.0");
            }
            PublishConfig.Mqtt m = c.publish() == null ? null : c.publish().mqtt();
            if (m != null) {
                if (url == null) url = m.url();
                if (prefix == null) prefix = m.prefix();
                if (round == null) round = m.round();
                if (credentials == null && m.credentialsFile() != null) credentials = Path.of(m.credentialsFile());
            }
        }
        if (url == null) {
            throw new ParameterException(spec.commandLine(), "the broker is missing: --mqtt URL, or publish.mqtt.url in --config");
        }
        if (prefix == null) prefix = "marelle";
        if (round == null) round = "+";
        if (!BoardTopics.isBrokerUrl(url)) {
            throw new ParameterException(spec.commandLine(), "--mqtt: '" + url + "' is not tcp://HOST:PORT or ssl://HOST:PORT");
        }
        if (!BoardTopics.isLevel(prefix)) {
            throw new ParameterException(spec.commandLine(), "--prefix: '" + prefix + "' must be 1 to 64 letters, digits, '.', '-' or '_'");
        }
        if (!round.equals("+") && !BoardTopics.isLevel(round)) {
            throw new ParameterException(spec.commandLine(), "--round: '" + round + "' must be + or 1 to 64 letters, digits, '.', '-' or '_'");
        }
        PrintWriter out = spec.commandLine().getOut();
        EventLog log = EventLog.to(out, false);
        BroadcastConfig config = fromFile != null ? fromFile
                : BroadcastConfig.defaults().withBindAddress("0.0.0.0").withPort(8080);
        try {
            if (bind != null) config = config.withBindAddress(bind);
            if (port != null) config = config.withPort(port);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (tokenFile != null) {
            String token = secret(tokenFile, "--token-file", log);
            if (token == null) return 1;
            try {
                config = config.withToken(token);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--token-file: " + e.getMessage()
                        .replace("broadcast.token: ", ""));
            }
        }
        if ((lichessRound == null) != (lichessTokenFile == null)) {
            throw new ParameterException(spec.commandLine(), "--lichess-round and --lichess-token-file go together");
        }
        if (lichessRound != null) {
            String token = secret(lichessTokenFile, "--lichess-token-file", log);
            if (token == null) return 1;
            try {
                config = config.withLichess(org.marelle.bridge.broadcast.LichessConfig.of(lichessRound, token)
                        .withBaseUrl(lichessUrl));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--lichess-round: " + e.getMessage());
            }
        }
        Hub hub;
        try {
            hub = Hub.start(new Hub.Options(url, prefix, round, credentials, clientId, config), log);
        } catch (IOException e) {
            log.error("cannot start: " + e.getMessage());
            return 1;
        }
        log.info("hub: following " + url + " (" + prefix + "/" + round + "/+), serving " + hub.uri());
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            hub.close();
            stopped.countDown();
        }));
        stopped.await();
        return 0;
    }

    /** The token a file holds (stripped), or null once the log has said why it cannot be read. */
    private static String secret(Path file, String option, EventLog log) {
        try {
            return java.nio.file.Files.readString(file).strip();
        } catch (IOException e) {
            log.error("cannot start: " + option + " '" + file + "': " + org.marelle.bridge.output.IoReason.of(e, file.toString()));
            return null;
        }
    }
}
