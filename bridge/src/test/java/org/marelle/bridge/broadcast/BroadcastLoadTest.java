package org.marelle.bridge.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 300 viewers on loopback follow a whole game at once; every one must receive every move, in order, with
 * consecutive ids. Bounded: each wait has a deadline, and the test stops by itself.
 */
@Timeout(120)
class BroadcastLoadTest {

    static final int CLIENTS = 300;

    @Test
    void threeHundredStreamsReceiveEveryMove() throws Exception {
        // 300 streams from one address: more than the defaults allow one client (see HttpLimits).
        BroadcastConfig config = BroadcastConfig.defaults().withPort(0)
                .withLimits(HttpLimits.defaults().withMaxConnections(400, 400));
        List<String> sans = List.of(Games.RUY_LOPEZ);
        try (BroadcastHub hub = new BroadcastHub(config, new ManualTime());
                BroadcastServer server = BroadcastServer.start(config, hub);
                ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            GameSnapshot game = Games.standard("load");
            hub.gameChanged(Games.ONE, game);

            CountDownLatch ready = new CountDownLatch(CLIENTS);
            CountDownLatch done = new CountDownLatch(CLIENTS);
            List<List<String>> received = Collections.synchronizedList(new ArrayList<>());
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            for (int i = 0; i < CLIENTS; i++) {
                pool.submit(() -> {
                    List<String> got = new ArrayList<>();
                    try (SseClient c = SseClient.open(server.uri(), "/events", null, Duration.ofSeconds(60))) {
                        SseClient.Frame state = c.nextEvent();
                        if (!state.event().equals("state")) {
                            throw new AssertionError("first event " + state);
                        }
                        ready.countDown();
                        while (got.size() < sans.size()) {
                            SseClient.Frame f = c.nextEvent();
                            var d = GameRenderer.JSON.readTree(f.data());
                            got.add(f.id() + " " + f.event() + " " + d.path("move").path("san").asText());
                        }
                    } catch (Throwable t) {
                        failures.add(t);
                        ready.countDown();
                    } finally {
                        received.add(got);
                        done.countDown();
                    }
                    return null;
                });
            }
            assertThat(ready.await(60, TimeUnit.SECONDS)).as("all clients connected").isTrue();
            assertThat(failures).isEmpty();
            assertThat(server.streamCount()).isEqualTo(CLIENTS);

            for (String san : sans) {
                game = Games.play(game, san);
                hub.gameChanged(Games.ONE, game);
            }
            assertThat(done.await(60, TimeUnit.SECONDS)).as("all clients received every move").isTrue();
            assertThat(failures).isEmpty();

            List<String> expected = new ArrayList<>();
            for (int i = 0; i < sans.size(); i++) {
                expected.add((i + 2) + " move " + sans.get(i));
            }
            assertThat(received).hasSize(CLIENTS).allSatisfy(got -> assertThat(got).isEqualTo(expected));
        }
    }
}
