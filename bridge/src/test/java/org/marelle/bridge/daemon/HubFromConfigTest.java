package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.bridge.mqtt.Mosquitto;

/**
 * {@code marelle hub --config FILE} in a JVM of its own (issue #16): the broker, the serving and the control token
 * come from the file's publish and broadcast sections.
 */
@Timeout(120)
class HubFromConfigTest {

    @TempDir
    Path dir;

    @Test
    void theHubTakesItsBrokerAddressLanguageAndTokenFromItsFile() throws Exception {
        Path exe = Mosquitto.required();
        String token = "0123456789abcdef0123456789abcdef";
        try (Mosquitto broker = Mosquitto.start(exe, dir)) {
            Path file = Files.writeString(dir.resolve("hub.yaml"), """
                    broadcast:
                      bind: 127.0.0.1
                      port: 0
                      language: fr
                      token: %s
                    publish:
                      mqtt:
                        url: %s
                        round: "4"
                    """.formatted(token, broker.url()));
            ChildJvm hub = ChildJvm.start(dir, "hub", "--config", file.toString());
            try {
                URI served = null;
                Pattern serving = Pattern.compile("\\(marelle/4/\\+\\), serving (http://\\S+)");
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (served == null) {
                    Matcher m = serving.matcher(hub.output());
                    if (m.find()) served = URI.create(m.group(1));
                    else if (System.nanoTime() > until || !hub.process.isAlive()) fail("the hub never served:\n" + hub.output());
                    else Thread.sleep(50);
                }
                assertThat(served.getHost()).isEqualTo("127.0.0.1");
                HttpClient http = HttpClient.newHttpClient();
                String page = http.send(HttpRequest.newBuilder(served.resolve("/round")).build(),
                        HttpResponse.BodyHandlers.ofString()).body();
                assertThat(page).contains("\"language\":\"fr\"");
                HttpResponse<String> set = http.send(HttpRequest.newBuilder(served.resolve("/api/round/tags"))
                        .header("Authorization", "Bearer " + token)
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"tags\": {\"Event\": \"Open\"}}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(set.statusCode()).as(set.body()).isEqualTo(200);
            } finally {
                hub.terminate();
            }
        }
    }
}
