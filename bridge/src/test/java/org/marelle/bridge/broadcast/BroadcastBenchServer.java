package org.marelle.bridge.broadcast;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * The server side of {@link BroadcastLatency}, in its own JVM so that its resident memory is the broadcast's alone:
 * a hub and server on a free loopback port, printed as {@code PORT n}; each line {@code move} on stdin plays one
 * more move of a seeded random game (a new game when one ends) and publishes it at once.
 */
public final class BroadcastBenchServer {

    private BroadcastBenchServer() {
    }

    public static void main(String[] args) throws Exception {
        // Hundreds of clients from this machine: more than the defaults allow one client address (see HttpLimits).
        BroadcastConfig config = BroadcastConfig.defaults().withPort(0).withKeepAlive(java.time.Duration.ofSeconds(15))
                .withLimits(HttpLimits.defaults().withMaxConnections(2000, 2000));
        BroadcastHub hub = BroadcastHub.create(config);
        BroadcastServer server = BroadcastServer.start(config, hub);
        SplittableRandom rnd = new SplittableRandom(42);
        int games = 1;
        GameSnapshot game = Games.standard("bench-" + games);
        Position position = game.position();
        hub.gameChanged(Games.ONE, game);
        System.out.println("PORT " + server.port());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
            List<Move> legal = position.legalMoves();
            if (legal.isEmpty() || position.isGameOver() || game.moves().size() >= 160) {
                games++;
                game = Games.standard("bench-" + games);
                position = game.position();
                hub.gameChanged(Games.ONE, game);
                legal = position.legalMoves();
            }
            Move m = legal.get(rnd.nextInt(legal.size()));
            game = game.withMove(m);
            position = position.play(m);
            hub.gameChanged(Games.ONE, game);
        }
        server.close();
        hub.close();
    }
}
