package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The broadcast's HTTP server: the JDK's {@link HttpServer}, every request on its own virtual thread, no framework.
 *
 * <table>
 * <caption>Endpoints</caption>
 * <tr><td>{@code GET /}</td><td>the viewer page (one HTML file, no external assets)</td></tr>
 * <tr><td>{@code GET /round}</td><td>the round page: every board at once ({@code ?projector} for a projector)</td></tr>
 * <tr><td>{@code GET /game.pgn?board=B}</td><td>one board's game as PGN (ETag, If-None-Match)</td></tr>
 * <tr><td>{@code GET /games.pgn}</td><td>all boards of the round, as relays poll it</td></tr>
 * <tr><td>{@code GET /api/game?board=B}</td><td>one board's game as JSON ({@link GameView})</td></tr>
 * <tr><td>{@code GET /api/games}</td><td>all boards as JSON</td></tr>
 * <tr><td>{@code GET /events?board=B}</td><td>Server-Sent Events, resumable with Last-Event-ID</td></tr>
 * <tr><td>{@code POST /api/game/new}, {@code PUT /api/game/tags}, {@code PUT /api/game/result},
 * {@code POST /api/game/draw-offer}, {@code PUT /api/game/promotion}, {@code POST /api/game/takeback}</td>
 * <td>control, with {@code Authorization: Bearer <token>}</td></tr>
 * <tr><td>{@code GET /api/round}</td><td>the round's tags and pairings (the hub's; empty on a board's server)</td></tr>
 * <tr><td>{@code PUT /api/round/tags}, {@code PUT /api/round/pairings}</td><td>the hub's round control, with the
 * token ({@link RoundControl})</td></tr>
 * </table>
 * Without {@code board}, a request is about the first board. Reads are public; everything public lags by the
 * configured delay. Errors are JSON: {@code {"error": "…", "field": "…", "status": 400}}.
 *
 * <p>Whatever clients send or fail to read, the server's memory stays bounded: {@link ConnectionGuard} holds it to
 * the config's {@link HttpLimits} (requests at once, per address, time to send a request and to take a write), and
 * the JDK server's own properties, set below, bound sockets, idle connections and headers.
 */
public final class BroadcastServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(BroadcastServer.class.getName());
    /** Open sockets at most, whatever they do; one more is closed as soon as it is accepted. */
    static final int MAX_SOCKETS = 1024;

    static {
        // The JDK's server writes a response in chunks of 4 KiB, one socket write each; with Nagle's algorithm on,
        // the second chunk of an event waits for the client's delayed ACK (40 ms on Linux). Events must go at once.
        // The property is read when the first HttpServer of the JVM is made; an explicit setting is kept.
        setUnlessGiven("sun.net.httpserver.nodelay", "true");
        // The JDK server's own limits, read when the first HttpServer of the JVM is made, bound what the
        // ConnectionGuard cannot see: sockets that send nothing (each costs a file descriptor, which the journal
        // needs too), idle keep-alive connections (each keeps 24 KiB of buffers), and the size of the headers.
        setUnlessGiven("jdk.httpserver.maxConnections", Integer.toString(MAX_SOCKETS));
        setUnlessGiven("sun.net.httpserver.maxIdleConnections", "32");
        setUnlessGiven("sun.net.httpserver.maxReqHeaders", "64");
        setUnlessGiven("sun.net.httpserver.maxReqHeaderSize", Integer.toString(16 * 1024));
    }


    private static void setUnlessGiven(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }
    /** A control body larger than this is refused (413): tags and a FEN fit in far less. */
    static final int MAX_BODY = 64 * 1024;
    private static final String PGN_TYPE = "application/x-chess-pgn; charset=utf-8";

    private final BroadcastConfig config;
    private final BroadcastHub hub;
    private final HttpServer server;
    private final ConnectionGuard guard;
    private volatile Thread watchdog;
    private final byte[] tokenDigest;
    private final String viewerTemplate;
    private final String roundTemplate;
    private final AtomicInteger streams = new AtomicInteger();
    private final ReentrantLock controlLock = new ReentrantLock();
    private volatile boolean stopped;

    private BroadcastServer(BroadcastConfig config, BroadcastHub hub, LongSupplier nanoTime) throws IOException {
        this.config = config;
        this.hub = hub;
        this.tokenDigest = config.token() == null ? null : sha256(config.token());
        this.viewerTemplate = ViewerPage.template();
        this.roundTemplate = ViewerPage.template(ViewerPage.ROUND);
        InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(config.bindAddress()), config.port());
        this.server = HttpServer.create(address, 1024);
        this.guard = new ConnectionGuard(config.limits(), nanoTime);
        server.setExecutor(guard);
        server.createContext("/", this::handle).getFilters().add(guard.filter());
    }

    /**
     * Serves {@code hub} as {@code config} says, until {@link #close()}. Binding fails with an
     * {@link IOException} (the port is taken, the address is not this machine's).
     */
    public static BroadcastServer start(BroadcastConfig config, BroadcastHub hub) throws IOException {
        BroadcastServer s = start(config, hub, System::nanoTime);
        // Once a second, the connections whose client kept the server waiting too long are closed.
        s.watchdog = Thread.ofVirtual().name("http-timeouts").start(() -> {
            while (!s.stopped) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
                s.guard.expire();
            }
        });
        return s;
    }

    /** A server whose timeouts run on {@code nanoTime}, and only when {@link #guard()}'s expire() is called (tests). */
    static BroadcastServer start(BroadcastConfig config, BroadcastHub hub, LongSupplier nanoTime) throws IOException {
        BroadcastServer s = new BroadcastServer(config, hub, nanoTime);
        s.server.start();
        LOG.log(System.Logger.Level.DEBUG, "live broadcast on {0}", s.uri());
        return s;
    }

    ConnectionGuard guard() {
        return guard;
    }

    /** The address it listens on (the real port, when the config asked for 0). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The viewer's address, e.g. {@code http://127.0.0.1:8080/}; for a wildcard bind, the loopback one. */
    public URI uri() {
        InetAddress a = server.getAddress().getAddress();
        String host = a.isAnyLocalAddress() ? "127.0.0.1" : a.getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port() + "/");
    }

    /** How many event streams are open now. */
    public int streamCount() {
        return streams.get();
    }

    /** Stops listening, ends the event streams and closes the connections. The hub goes on. */
    @Override
    public void close() {
        stopped = true;
        if (watchdog != null) {
            watchdog.interrupt();
        }
        hub.events().wakeAll();
        server.stop(0);
        guard.close();
    }

    // ---- routing ---------------------------------------------------------------------------------------------------

    private void handle(HttpExchange ex) {
        try (ex) {
            route(ex);
        } catch (IOException | UncheckedIOException e) {
            // The client went away; nothing to answer.
            LOG.log(System.Logger.Level.DEBUG, "request ended: {0}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "request " + ex.getRequestMethod() + " " + ex.getRequestURI() + " failed", e);
            try {
                Replies.error(ex, 500, null, "internal error: " + e);
            } catch (IOException | RuntimeException ignored) {
                // the response had already started
            }
        }
    }

    private void route(HttpExchange ex) throws IOException, InterruptedException {
        String path = ex.getRequestURI().getRawPath();
        String method = ex.getRequestMethod();
        switch (path) {
            case "/" -> {
                if (reading(ex, method)) page(ex, viewerTemplate);
            }
            case "/round" -> {
                if (reading(ex, method)) page(ex, roundTemplate);
            }
            case "/game.pgn" -> {
                if (reading(ex, method)) gamePgn(ex);
            }
            case "/games.pgn" -> {
                if (reading(ex, method)) roundPgn(ex);
            }
            case "/api/game" -> {
                if (reading(ex, method)) gameJson(ex);
            }
            case "/api/games" -> {
                if (reading(ex, method)) gamesJson(ex);
            }
            case "/events" -> {
                if (allowed(ex, method, "GET")) events(ex);
            }
            case "/api/game/new", "/api/game/draw-offer", "/api/game/takeback" -> {
                if (allowed(ex, method, "POST")) control(ex, path);
            }
            case "/api/game/tags", "/api/game/result", "/api/game/promotion" -> {
                if (allowed(ex, method, "PUT")) control(ex, path);
            }
            case "/api/round" -> {
                if (reading(ex, method)) roundJson(ex);
            }
            case "/api/round/tags", "/api/round/pairings" -> {
                if (allowed(ex, method, "PUT")) roundControl(ex, path);
            }
            default -> Replies.error(ex, 404, null, "no such resource: " + path
                    + " (try /, /round, /game.pgn, /games.pgn, /api/game, /api/games, /api/round, /events)");
        }
    }

    private static boolean reading(HttpExchange ex, String method) throws IOException {
        if (method.equals("GET") || method.equals("HEAD")) {
            // Public reads may be embedded anywhere (another club's page, a relay's script).
            ex.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
            return true;
        }
        return allowed(ex, method, "GET, HEAD");
    }

    private static boolean allowed(HttpExchange ex, String method, String allow) throws IOException {
        if (List.of(allow.split(", ")).contains(method)) {
            return true;
        }
        ex.getResponseHeaders().set("Allow", allow);
        Replies.error(ex, 405, null, method + " is not allowed on " + ex.getRequestURI().getRawPath() + " (allowed: "
                + allow + ")");
        return false;
    }

    // ---- public reads ----------------------------------------------------------------------------------------------

    /** A page (the viewer, the round's) with the public state and the configured language in it. */
    private void page(HttpExchange ex, String template) throws IOException {
        BroadcastHub.PublicState state = hub.publicState();
        // The page's language travels with the state it starts from: "auto" (the browser's) or a configured one,
        // validated by BroadcastConfig, so it needs no escaping.
        StringBuilder json = new StringBuilder("{\"lastEventId\":").append(state.lastEventId())
                .append(",\"language\":\"").append(config.language()).append("\",\"boards\":[");
        for (int i = 0; i < state.boards().size(); i++) {
            if (i > 0) json.append(',');
            json.append(state.boards().get(i).json());
        }
        json.append("]}");
        // "<" never occurs outside JSON strings, where \u003c means the same; so no "</script>" can end the block.
        String inline = json.toString().replace("<", "\\u003c");
        String page = template.replace(ViewerPage.STATE_PLACEHOLDER, inline);
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        Replies.text(ex, 200, "text/html; charset=utf-8", page);
    }

    private void gamePgn(HttpExchange ex) throws IOException {
        Optional<BoardView> view = publicBoard(ex);
        if (view.isPresent()) {
            conditional(ex, view.get().pgn(), view.get().etag(), PGN_TYPE);
        }
    }

    private void roundPgn(HttpExchange ex) throws IOException {
        BroadcastHub.RoundPgn round = hub.publicState().round();
        conditional(ex, round.pgn(), round.etag(), PGN_TYPE);
    }

    private void gameJson(HttpExchange ex) throws IOException {
        Optional<BoardView> view = publicBoard(ex);
        if (view.isPresent()) {
            String json = view.get().json();
            conditional(ex, json, GameRenderer.etag(json.getBytes(StandardCharsets.UTF_8)), Replies.JSON_TYPE);
        }
    }

    private void gamesJson(HttpExchange ex) throws IOException {
        BroadcastHub.PublicState state = hub.publicState();
        StringBuilder json = new StringBuilder("{\"lastEventId\":").append(state.lastEventId()).append(",\"boards\":[");
        for (int i = 0; i < state.boards().size(); i++) {
            if (i > 0) json.append(',');
            json.append(state.boards().get(i).json());
        }
        String body = json.append("]}").toString();
        conditional(ex, body, GameRenderer.etag(body.getBytes(StandardCharsets.UTF_8)), Replies.JSON_TYPE);
    }

    /** 304 when the client has this version, else the body, with the ETag either way. */
    private static void conditional(HttpExchange ex, String body, String etag, String type) throws IOException {
        ex.getResponseHeaders().set("ETag", etag);
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        if (EntityTags.matches(ex.getRequestHeaders().getFirst("If-None-Match"), etag)) {
            Replies.send(ex, 304, null, new byte[0]);
        } else {
            Replies.text(ex, 200, type, body);
        }
    }

    /** The board the query names (or the first one), or a 400/404 already sent. */
    private Optional<BoardView> publicBoard(HttpExchange ex) throws IOException {
        BroadcastHub.PublicState state = hub.publicState();
        Optional<BoardId> asked;
        try {
            asked = boardParameter(ex);
        } catch (IllegalArgumentException e) {
            Replies.error(ex, 400, "board", e.getMessage());
            return Optional.empty();
        }
        if (asked.isEmpty()) {
            if (state.boards().isEmpty()) {
                Replies.error(ex, 404, null, "no game is being broadcast yet");
                return Optional.empty();
            }
            return Optional.of(state.boards().get(0));
        }
        Optional<BoardView> view = state.board(asked.get());
        if (view.isEmpty()) {
            Replies.error(ex, 404, "board", "no board '" + asked.get() + "' (boards: "
                    + String.join(", ", state.boards().stream().map(b -> b.board().value()).toList()) + ")");
        }
        return view;
    }

    private static Optional<BoardId> boardParameter(HttpExchange ex) {
        String query = ex.getRequestURI().getRawQuery();
        if (query == null) {
            return Optional.empty();
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (name.equals("board")) {
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                return Optional.of(BoardId.of(value));
            }
        }
        return Optional.empty();
    }

    private void events(HttpExchange ex) throws IOException, InterruptedException {
        BoardId only;
        try {
            only = boardParameter(ex).orElse(null);
        } catch (IllegalArgumentException e) {
            Replies.error(ex, 400, "board", e.getMessage());
            return;
        }
        ex.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
        long lastId = EventStream.lastEventId(ex.getRequestHeaders().getFirst("Last-Event-ID"));
        streams.incrementAndGet();
        try {
            new EventStream(hub, only, config.keepAlive().toNanos(), () -> stopped).run(ex, lastId);
        } finally {
            streams.decrementAndGet();
        }
    }

    // ---- control ---------------------------------------------------------------------------------------------------

    /**
     * The body of a control request, once its token and content type are checked; null when the request was already
     * answered with the error.
     */
    private JsonNode controlBody(HttpExchange ex) throws IOException {
        if (tokenDigest == null) {
            Replies.error(ex, 403, null, "the control API is off: set broadcast.token in the configuration (on the"
                    + " hub: --token-file)");
            return null;
        }
        if (!authorised(ex.getRequestHeaders().getFirst("Authorization"))) {
            ex.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"marelle\"");
            Replies.error(ex, 401, null, "a valid 'Authorization: Bearer <token>' header is needed");
            return null;
        }
        String type = ex.getRequestHeaders().getFirst("Content-Type");
        if (type != null && !type.toLowerCase(Locale.ROOT).strip().startsWith("application/json")) {
            Replies.error(ex, 415, "Content-Type", "send the body as application/json, not " + type);
            return null;
        }
        byte[] bytes;
        try (InputStream in = ex.getRequestBody(); var reading = ConnectionGuard.receivingBody()) {
            bytes = in.readNBytes(MAX_BODY + 1);
        }
        if (bytes.length > MAX_BODY) {
            Replies.error(ex, 413, null, "the body is larger than " + MAX_BODY + " bytes");
            return null;
        }
        JsonNode body;
        try {
            body = bytes.length == 0 ? GameRenderer.JSON.createObjectNode() : GameRenderer.JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            Replies.error(ex, 400, null, "the body is not JSON"
                    + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")") + ": "
                    + e.getOriginalMessage());
            return null;
        }
        if (body == null || !body.isObject()) {
            Replies.error(ex, 400, null, "the body must be a JSON object");
            return null;
        }
        return body;
    }

    private void control(HttpExchange ex, String path) throws IOException {
        JsonNode body = controlBody(ex);
        if (body == null) return;

        BoardId board;
        try {
            Optional<BoardId> asked = boardParameter(ex);
            List<BoardId> boards = hub.latestBoards();
            if (asked.isEmpty()) {
                if (boards.isEmpty()) {
                    Replies.error(ex, 404, null, "no board is connected yet");
                    return;
                }
                board = boards.get(0);
            } else if (!boards.contains(asked.get())) {
                Replies.error(ex, 404, "board", "no board '" + asked.get() + "'");
                return;
            } else {
                board = asked.get();
            }
        } catch (IllegalArgumentException e) {
            Replies.error(ex, 400, "board", e.getMessage());
            return;
        }
        // One control request at a time: each is checked against the game the one before left (two tag requests
        // each within the limits must not pass together).
        controlLock.lock();
        try {
            act(ex, path, body, board);
        } finally {
            controlLock.unlock();
        }
    }

    /** {@code GET /api/round}: the round's tags, each board's pairing, and the boards these have not reached yet. */
    private void roundJson(HttpExchange ex) throws IOException {
        RoundControl.Settings s = hub.roundControl().settings();
        ObjectNode o = GameRenderer.JSON.createObjectNode();
        o.set("tags", GameRenderer.JSON.valueToTree(s.round()));
        ObjectNode boards = o.putObject("boards");
        s.boards().forEach((b, tags) -> boards.set(b.value(), GameRenderer.JSON.valueToTree(tags)));
        var waiting = o.putArray("waiting");
        s.waiting().forEach(b -> waiting.add(b.value()));
        Replies.json(ex, 200, o);
    }

    /** {@code PUT /api/round/tags}, {@code PUT /api/round/pairings}: the hub's round-wide control. */
    private void roundControl(HttpExchange ex, String path) throws IOException {
        JsonNode body = controlBody(ex);
        if (body == null) return;
        ControlResult result;
        controlLock.lock();
        try {
            result = switch (path) {
                case "/api/round/tags" -> hub.roundControl().setRoundTags(RoundRequests.roundTags(body));
                case "/api/round/pairings" -> hub.roundControl().pair(RoundRequests.pairings(body));
                default -> throw new IllegalStateException("no round control for " + path);
            };
        } catch (ControlAction.BadRequest e) {
            Replies.error(ex, e.status(), e.field(), e.getMessage());
            return;
        } finally {
            controlLock.unlock();
        }
        switch (result) {
            case ControlResult.Accepted a -> {
                ObjectNode ok = GameRenderer.JSON.createObjectNode();
                ok.put("ok", true);
                ok.put("message", a.message());
                Replies.json(ex, 200, ok);
            }
            case ControlResult.Rejected r -> Replies.error(ex, r.field() == null && hub.roundControl() == RoundControl.NONE
                    ? 404 : 409, r.field(), r.message());
        }
    }

    private void act(HttpExchange ex, String path, JsonNode body, BoardId board) throws IOException {
        GameSnapshot current = hub.latest(board).orElseThrow();

        ControlAction action;
        try {
            action = switch (path) {
                case "/api/game/new" -> ControlAction.newGame(body, current);
                case "/api/game/tags" -> ControlAction.setTags(body, current);
                case "/api/game/result" -> ControlAction.setResult(body);
                case "/api/game/draw-offer" -> ControlAction.offerDraw(body, current);
                case "/api/game/promotion" -> ControlAction.choosePromotion(body, current);
                case "/api/game/takeback" -> ControlAction.takeBack(body, current);
                default -> throw new IllegalStateException("no control action for " + path);
            };
        } catch (ControlAction.BadRequest e) {
            Replies.error(ex, e.status(), e.field(), e.getMessage());
            return;
        }
        if (action instanceof ControlAction.TakeBack && !current.casual()) {
            Replies.error(ex, 409, null, "takebacks are only possible in casual mode");
            return;
        }
        ControlResult result = action.applyTo(hub.control(), board);
        switch (result) {
            case ControlResult.Accepted a -> {
                ObjectNode ok = GameRenderer.JSON.createObjectNode();
                ok.put("ok", true);
                ok.put("board", board.value());
                ok.put("message", a.message());
                Replies.json(ex, 200, ok);
            }
            case ControlResult.Rejected r -> Replies.error(ex, 409, r.field(), r.message());
        }
    }

    /** Compares digests, so the time taken says nothing about how much of the token was right. */
    private boolean authorised(String header) {
        if (header == null) {
            return false;
        }
        String h = header.strip();
        if (h.length() < 7 || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return MessageDigest.isEqual(tokenDigest, sha256(h.substring(7).strip()));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The configuration it serves. */
    public BroadcastConfig config() {
        return config;
    }
}
