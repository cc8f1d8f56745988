package org.marelle.bridge.play;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The few calls of the Lichess API a board needs (the Board API: {@code board:play} scope), over the JDK's HTTP
 * client: ND-JSON streams read line by line, form posts, and errors that say which call failed and how. The token
 * goes in the {@code Authorization} header only; it is never logged nor part of any message.
 */
public final class LichessApi {

    /** A call Lichess answered with an error status (or that did not reach it: status 0). */
    public static final class Failure extends IOException {
        private final int status;

        Failure(int status, String message) {
            super(message);
            this.status = status;
        }

        /** The HTTP status; 0 when the call did not get an answer. */
        public int status() {
            return status;
        }

        /** 429: Lichess asks to wait a full minute. */
        public boolean rateLimited() {
            return status == 429;
        }

        /** Worth trying again later: no answer, 429, or a server error. */
        public boolean retryable() {
            return status == 0 || status == 429 || status >= 500;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final String token;
    private final HttpClient client;
    private final Duration timeout;

    public LichessApi(URI base, String token, Duration timeout) {
        this.base = Objects.requireNonNull(base, "base");
        this.token = Objects.requireNonNull(token, "token");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public URI base() {
        return base;
    }

    private HttpRequest.Builder request(String path) {
        String b = base.toString();
        if (b.endsWith("/")) b = b.substring(0, b.length() - 1);
        return HttpRequest.newBuilder(URI.create(b + path)).header("Authorization", "Bearer " + token)
                .header("User-Agent", "marelle (sensor chessboard)");
    }

    /** GET a JSON object. */
    public JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = send(request(path).timeout(timeout).GET().build(), path);
        return JSON.readTree(r.body());
    }

    /** POST a form; returns the JSON answer. */
    public JsonNode post(String path, Map<String, String> form) throws IOException, InterruptedException {
        HttpResponse<String> r = send(request(path).timeout(timeout).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formBody(form))).build(), path);
        String text = r.body();
        return text == null || text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
    }

    private static String formBody(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private HttpResponse<String> send(HttpRequest req, String path) throws IOException, InterruptedException {
        HttpResponse<String> r;
        try {
            r = client.send(req, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new Failure(0, path + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        if (r.statusCode() / 100 != 2) throw new Failure(r.statusCode(), path + ": HTTP " + r.statusCode() + error(r.body()));
        return r;
    }

    /**
     * Reads an ND-JSON stream until it ends: each non-empty line (Lichess sends empty ones to keep the connection
     * alive) to {@code onEvent}. Returns normally when the server closes the stream.
     */
    public void stream(String path, Consumer<JsonNode> onEvent) throws IOException, InterruptedException {
        stream(request(path).GET().build(), path, () -> {
        }, onEvent);
    }

    /** {@link #stream(String, Consumer)}, {@code onOpen} told once the server has answered (before any line). */
    public void stream(String path, Runnable onOpen, Consumer<JsonNode> onEvent) throws IOException, InterruptedException {
        stream(request(path).GET().build(), path, onOpen, onEvent);
    }

    /**
     * POSTs a form and reads the answer as a stream until the server closes it (a seek: the connection open keeps the
     * seek alive).
     */
    public void postStream(String path, Map<String, String> form, Consumer<JsonNode> onEvent)
            throws IOException, InterruptedException {
        stream(request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formBody(form))).build(), path, () -> {
                }, onEvent);
    }

    private void stream(HttpRequest req, String path, Runnable onOpen, Consumer<JsonNode> onEvent)
            throws IOException, InterruptedException {
        HttpResponse<InputStream> r;
        try {
            r = client.send(req, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new Failure(0, path + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        }
        if (r.statusCode() / 100 != 2) {
            String body;
            try (InputStream in = r.body()) {
                body = new String(in.readNBytes(2_000), StandardCharsets.UTF_8);
            }
            throw new Failure(r.statusCode(), path + ": HTTP " + r.statusCode() + error(body));
        }
        onOpen.run();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (Thread.currentThread().isInterrupted()) throw new InterruptedException();
                if (line.isBlank()) continue;
                JsonNode event;
                try {
                    event = JSON.readTree(line);
                } catch (IOException e) {
                    continue;   // a line that is not JSON: nothing to act on
                }
                onEvent.accept(event);
            }
        } catch (IOException e) {
            throw new Failure(0, path + ": the stream broke (" + e.getMessage() + ")");
        }
    }

    private static String error(String body) {
        if (body == null || body.isBlank()) return "";
        try {
            JsonNode n = JSON.readTree(body);
            if (n.hasNonNull("error")) return ": " + n.get("error").asText();
        } catch (IOException e) {
            // not JSON
        }
        return ": " + (body.length() > 200 ? body.substring(0, 200) : body).strip();
    }

    @Override
    public String toString() {
        return "LichessApi[" + base + "]";   // never the token
    }
}
