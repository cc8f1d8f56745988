package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.config.PublishConfig;
import org.marelle.bridge.journal.Journal;
import org.marelle.bridge.mqtt.Mosquitto;
import org.marelle.bridge.mqtt.MqttPublisher;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/** The {@code publish.mqtt} section wired as the daemon wires it: topics from the game's tags, events from the journal. */
@Timeout(120)
class MqttLaunchTest {

    @TempDir
    Path dir;

    private final StringWriter logged = new StringWriter();
    private final EventLog log = EventLog.to(new PrintWriter(logged, true), false);

    @Test
    void anUnreadableCredentialsFileStopsTheStartNamingTheKey() throws Exception {
        try (Journal journal = Journal.open(dir.resolve("state"))) {
            GameSession session = GameSession.resume(journal.events(), Position.start(Variant.STANDARD), Map.of(),
                    journal, InstantSource.system(), ZoneOffset.UTC);
            PublishConfig.Mqtt m = new PublishConfig.Mqtt("tcp://127.0.0.1:1", dir.resolve("nope").toString(), null,
                    null, null);
            assertThatThrownBy(() -> Launcher.startMqtt(m, session, journal, log))
                    .hasMessageStartingWith("publish.mqtt.credentialsFile '" + dir.resolve("nope") + "': ");
        }
    }

    @Test
    void theBoardAndRoundTagsNameTheTopicsAndTheJournalNumbersTheEvents() throws Exception {
        Path exe = Mosquitto.required();
        Map<String, String> retained = new ConcurrentHashMap<>();
        try (Mosquitto broker = Mosquitto.start(exe, dir);
             Journal journal = Journal.open(dir.resolve("state"))) {
            GameSession session = GameSession.resume(journal.events(), Position.start(Variant.STANDARD),
                    Map.of("Board", "5", "Round", "2"), journal, InstantSource.system(), ZoneOffset.UTC);
            MqttClient hub = new MqttClient(broker.url(), "hub", new MemoryPersistence());
            hub.connect();
            hub.subscribe("club/#", 1, (topic, msg) -> retained.put(topic, new String(msg.getPayload(),
                    StandardCharsets.UTF_8)));
            try (MqttPublisher p = Launcher.startMqtt(new PublishConfig.Mqtt(broker.url(), null, "club", null, null),
                    session, journal, log)) {
                session.play(session.game().position().parseSan("e4"));
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!retained.getOrDefault("club/2/5/game", "").contains("\"e4\"")) {
                    if (System.nanoTime() > until) fail("no snapshot on club/2/5/game: " + retained.keySet());
                    Thread.sleep(20);
                }
                // The journal's first event, the game's start, is event 1: the move is event 2.
                assertThat(retained.get("club/2/5/game")).contains("\"seq\":2", "\"board\":\"5\"", "\"round\":\"2\"");
                assertThat(retained.get("club/2/5/event")).contains("\"seq\":2", "\"MovePlayed\"");
                assertThat(retained.get("club/2/5/status")).isEqualTo("online");
                assertThat(logged.toString()).contains("publishing to " + broker.url() + " under club/2/5");
            }
            hub.disconnect();
        }
    }
}
