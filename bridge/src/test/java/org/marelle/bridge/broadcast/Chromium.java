package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Debian's headless Chromium, driven two ways: {@code --dump-dom} (load a page, print its DOM after the scripts
 * ran) and the DevTools protocol over a WebSocket (keep a page open, run script in it, await a promise). Every
 * wait is bounded.
 */
final class Chromium implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage");
    private static final Pattern DEVTOOLS = Pattern.compile("DevTools listening on (ws://\\S+)");

    /** The browser's executable on the PATH, if there is one. */
    static Optional<Path> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Loads {@code url} and returns the DOM after its scripts ran; {@code flags} are more command-line switches, e.g.
     * {@code --accept-lang=fr} for a browser that asks for French.
     */
    static String dumpDom(Path chromium, URI url, String... flags) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("marelle-chromium");
        Path err = Files.createTempFile("marelle-chromium", ".log");
        try {
            List<String> command = new ArrayList<>();
            command.add(chromium.toString());
            command.addAll(FLAGS);
            command.add("--user-data-dir=" + profile);
            command.addAll(List.of(flags));
            command.add("--dump-dom");
            command.add(url.toString());
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("chromium --dump-dom did not finish in " + TIMEOUT + ": " + Files.readString(err));
            }
            try {
                return out.get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IOException("reading chromium's output", e);
            }
        } finally {
            delete(profile);
            Files.deleteIfExists(err);
        }
    }

    // ---- DevTools protocol ---------------------------------------------------------------------------------------

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    private Chromium(Process process, Path profile, WebSocket socket) {
        this.process = process;
        this.profile = profile;
        this.socket = socket;
    }

    /**
     * Starts a browser with the DevTools protocol on a free loopback port and connects to it; {@code flags} are more
     * command-line switches.
     */
    static Chromium launch(Path chromium, String... flags) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("marelle-chromium");
        List<String> command = new ArrayList<>();
        command.add(chromium.toString());
        command.addAll(FLAGS);
        command.add("--user-data-dir=" + profile);
        command.addAll(List.of(flags));
        command.add("--remote-debugging-address=127.0.0.1");
        command.add("--remote-debugging-port=0");
        command.add("about:blank");
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        // Chromium says where its DevTools endpoint is on stderr; read until then (bounded), then drain the rest.
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> endpoint = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    Matcher m = DEVTOOLS.matcher(line);
                    if (m.find()) {
                        return m.group(1);
                    }
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        });
        String ws;
        try {
            ws = endpoint.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            throw new IOException("chromium did not open its DevTools endpoint", e);
        }
        if (ws == null) {
            p.destroyForcibly();
            throw new IOException("chromium exited before opening its DevTools endpoint");
        }
        Thread.ofVirtual().start(() -> {
            try {
                err.transferTo(java.io.Writer.nullWriter());
            } catch (IOException ignored) {
                // the browser closed
            }
        });
        Chromium[] self = new Chromium[1];
        WebSocket socket;
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(TIMEOUT)
                    .buildAsync(URI.create(ws), new WebSocket.Listener() {
                        private final StringBuilder message = new StringBuilder();

                        @Override
                        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                            message.append(data);
                            if (last) {
                                self[0].received(message.toString());
                                message.setLength(0);
                            }
                            webSocket.request(1);
                            return null;
                        }
                    }).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            throw new IOException("cannot connect to chromium's DevTools endpoint " + ws, e);
        }
        self[0] = new Chromium(p, profile, socket);
        return self[0];
    }

    private void received(String text) {
        try {
            JsonNode msg = GameRenderer.JSON.readTree(text);
            if (msg.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asLong());
                if (f != null) {
                    f.complete(msg);
                }
            }
        } catch (IOException e) {
            // not for us
        }
    }

    /** Sends one protocol command (to a page session when {@code session} is given) and returns its result. */
    JsonNode call(String session, String method, ObjectNode params) throws IOException {
        long id = ids.incrementAndGet();
        ObjectNode msg = GameRenderer.JSON.createObjectNode();
        msg.put("id", id);
        msg.put("method", method);
        msg.set("params", params);
        if (session != null) {
            msg.put("sessionId", session);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        socket.sendText(msg.toString(), true).join();
        JsonNode reply;
        try {
            reply = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException(method + " got no answer in " + TIMEOUT, e);
        }
        if (reply.has("error")) {
            throw new IOException(method + ": " + reply.get("error"));
        }
        return reply.get("result");
    }

    /** Opens {@code url} in a new tab and waits for its load event; returns the page's session id. */
    String open(URI url) throws IOException {
        return open(url, null);
    }

    /**
     * Opens {@code url} in a new tab whose viewport is {@code screen} (CSS pixels; a phone's also gets the mobile
     * viewport rules), and waits for its load event; returns the page's session id. Requests to addresses matching
     * {@code blocked} (patterns with {@code *}) fail as if the network had refused them.
     */
    String open(URI url, Screen screen, String... blocked) throws IOException {
        ObjectNode p = GameRenderer.JSON.createObjectNode().put("url", "about:blank");
        String target = call(null, "Target.createTarget", p).get("targetId").asText();
        ObjectNode a = GameRenderer.JSON.createObjectNode().put("targetId", target).put("flatten", true);
        String session = call(null, "Target.attachToTarget", a).get("sessionId").asText();
        if (screen != null) {
            call(session, "Emulation.setDeviceMetricsOverride", GameRenderer.JSON.createObjectNode()
                    .put("width", screen.width()).put("height", screen.height()).put("deviceScaleFactor", 1)
                    .put("mobile", screen.phone()));
        }
        if (blocked.length > 0) {
            call(session, "Network.enable", GameRenderer.JSON.createObjectNode());
            ObjectNode b = GameRenderer.JSON.createObjectNode();
            com.fasterxml.jackson.databind.node.ArrayNode urls = b.putArray("urls");
            for (String pattern : blocked) {
                urls.add(pattern);
            }
            call(session, "Network.setBlockedURLs", b);
        }
        // Navigate once attached: the answer comes when the new document is committed, so what is evaluated next
        // runs in it (not in about:blank); then wait for its load event inside the page.
        call(session, "Page.navigate", GameRenderer.JSON.createObjectNode().put("url", url.toString()));
        evaluate(session, "document.readyState === 'complete' || new Promise(r => addEventListener('load', () => r(true)))");
        return session;
    }

    /** A viewport to open a page in: width and height in CSS pixels, and whether it is a phone's. */
    record Screen(int width, int height, boolean phone) {

        @Override
        public String toString() {
            return width + "x" + height + (phone ? " phone" : "");
        }
    }

    /** Runs {@code expression} in the page, awaiting it when it is a promise; returns its value as JSON. */
    JsonNode evaluate(String session, String expression) throws IOException {
        ObjectNode p = GameRenderer.JSON.createObjectNode().put("expression", expression).put("awaitPromise", true)
                .put("returnByValue", true);
        JsonNode r = call(session, "Runtime.evaluate", p);
        if (r.has("exceptionDetails")) {
            throw new IOException("script failed: " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    @Override
    public void close() throws IOException {
        socket.abort();
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        delete(profile);
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // Chromium may still be writing its profile while it exits (its helper processes outlive the browser
            // a moment: a file it removes during the walk fails the walk itself, unchecked); a temp directory left
            // over is harmless.
        }
    }
}
