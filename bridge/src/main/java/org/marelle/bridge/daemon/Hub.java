package org.marelle.bridge.daemon;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.broadcast.BroadcastHub;
import org.marelle.bridge.broadcast.BroadcastServer;
import org.marelle.bridge.broadcast.LichessPush;
import org.marelle.bridge.mqtt.Credentials;
import org.marelle.bridge.mqtt.RoundDesk;
import org.marelle.bridge.mqtt.RoundFeed;
import org.marelle.bridge.output.IoReason;

/**
 * {@code marelle hub}: every board of a round, from the MQTT broker its daemons publish to (docs/mqtt.md), served
 * as one board's daemon serves its own (the viewer, {@code /game.pgn?board=B}, {@code /games.pgn}, {@code /api/games},
 * {@code /events}; docs/broadcast.md). The same broadcast code as a board: the hub only feeds it from the broker.
 * With a token ({@link BroadcastConfig#token()}), its control API sets the round's tags and pairs players to boards
 * ({@link RoundDesk}), which the boards read from the broker.
 *
 * <pre>{@code
 * Hub hub = Hub.start(new Hub.Options("tcp://127.0.0.1:1883", "marelle", "+", null, "marelle-hub",
 *         BroadcastConfig.defaults()), log);
 * }</pre>
 */
public final class Hub implements AutoCloseable {

    /**
     * @param url             the broker ({@code tcp://HOST:PORT} or {@code ssl://HOST:PORT})
     * @param prefix          the topics' root level the boards publish under
     * @param round           the round to follow, {@code +} for every round
     * @param credentialsFile user name on the first line, password on the second; null for an anonymous client
     * @param clientId        the hub's MQTT client id
     * @param broadcast       how to serve the round (port, address, token, notation, language), and the Lichess round
     *                        to push the whole round's PGN to ({@link BroadcastConfig#lichess()}, null for none): one
     *                        push for every board, as Lichess's broadcast API expects, not one per board
     */
    public record Options(String url, String prefix, String round, Path credentialsFile, String clientId,
                          BroadcastConfig broadcast) {
        public Options {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(broadcast, "broadcast");
        }
    }

    private final BroadcastHub hub;
    private final BroadcastServer server;
    private final RoundFeed feed;
    private final LichessPush push;
    private final RoundDesk desk;

    private Hub(BroadcastHub hub, BroadcastServer server, RoundFeed feed, LichessPush push, RoundDesk desk) {
        this.hub = hub;
        this.server = server;
        this.feed = feed;
        this.push = push;
        this.desk = desk;
    }

    /**
     * Serves, then follows the broker; the boards' retained games arrive at once.
     *
     * @throws IOException naming what failed: the credentials file, the address the server cannot listen on, the
     *                     broker that cannot be reached or refuses the hub
     */
    public static Hub start(Options o, EventLog log) throws IOException {
        Credentials account = Credentials.read(o.credentialsFile(), "--credentials");
        BroadcastHub hub = BroadcastHub.create(o.broadcast());
        BroadcastServer server;
        try {
            server = BroadcastServer.start(o.broadcast(), hub);
        } catch (IOException | RuntimeException e) {
            hub.close();
            throw new IOException("cannot listen on " + o.broadcast().bindAddress() + ":" + o.broadcast().port() + ": "
                    + IoReason.of(e), e);
        }
        LichessPush push = o.broadcast().lichess() == null ? null : LichessPush.start(o.broadcast().lichess(), hub);
        // The round's control (its tags, the pairings) reaches the boards through the broker.
        RoundDesk desk = new RoundDesk(o.prefix(), o.round(), System::currentTimeMillis, log::warning);
        hub.setRoundControl(desk);
        RoundFeed feed;
        try {
            feed = RoundFeed.start(o.url(), o.prefix(), o.round(), o.clientId(), account.user(), account.password(),
                    hub::gameChanged, log::warning, desk);
        } catch (IOException | RuntimeException e) {
            desk.close();
            if (push != null) push.close();
            server.close();
            hub.close();
            throw e;
        }
        return new Hub(hub, server, feed, push, desk);
    }

    /** Where the round is served. */
    public URI uri() {
        return server.uri();
    }

    @Override
    public void close() {
        feed.close();
        desk.close();
        if (push != null) push.close();
        server.close();
        hub.close();
    }
}
