package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain HTTP requests against a test server, every one bounded in time. */
final class Http {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final URI base;

    Http(URI base) {
        this.base = base;
    }

    HttpResponse<String> get(String path, String... headers) throws IOException, InterruptedException {
        return send("GET", path, null, headers);
    }

    HttpResponse<String> send(String method, String path, String body, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> r) throws IOException {
        return GameRenderer.JSON.readTree(r.body());
    }
}
