package org.marelle.bridge.play;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A local stand-in for lichess.org's Board API, for tests: one game, whose opponent answers each of the person's
 * moves with the next move of a script (a real game's), and faults on demand: a 429 or a 500 on the next move, a
 * refused move, a game stream that drops. The endpoints and JSON shapes are those of Lichess's published API
 * description (github.com/lichess-org/api, doc/specs: apiStreamEvent, boardGameStream, boardGameMove,
 * challengeAccept, GameFullEvent, GameStateEvent).
 */
public final class FakeLichess implements AutoCloseable {

    public static final String GAME = "fakeGame";

    private final HttpServer server;
    private final List<String> script;
    private final boolean personWhite;
    private final List<String> moves = new ArrayList<>();
    private final List<OutputStream> gameStreams = new CopyOnWriteArrayList<>();
    private final List<OutputStream> eventStreams = new CopyOnWriteArrayList<>();
    public final List<String> requests = new CopyOnWriteArrayList<>();
    /** Status to answer the next move with (0: play it). */
    public volatile int nextMoveStatus;
    /** A move (UCI) to refuse with 400 when the person plays it. */
    public volatile String refuse;
    /** Drop every game stream after this many more lines (-1: never). */
    public volatile int dropGameStreamAfter = -1;
    public volatile String status = "started";
    public volatile String winner;
    private long wtime = 300_000, btime = 300_000;
    private final Map<String, Boolean> accepted = new ConcurrentHashMap<>();
    private volatile boolean gameStarted;
    /** The form of the last seek. */
    public volatile String seekForm;

    /**
     * @param script      the game's moves in UCI; the person plays one side's, the fake opponent the other's
     * @param personWhite whether the person at the board plays White
     */
    public FakeLichess(List<String> script, boolean personWhite) throws IOException {
        this.script = List.copyOf(script);
        this.personWhite = personWhite;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** A challenge from {@code user} appears on the event stream; accepting it starts the game. */
    public void challengeFrom(String user) {
        line(eventStreams, "{\"type\":\"challenge\",\"challenge\":{\"id\":\"chal0001\",\"status\":\"created\","
                + "\"challenger\":{\"id\":\"" + user + "\",\"name\":\"" + user + "\"},\"destUser\":{\"id\":\"me\",\"name\":\"Me\"},"
                + "\"variant\":{\"key\":\"standard\"},\"rated\":false,\"color\":\"random\"}}", -1);
    }

    /** Whether a client follows the account's event stream. */
    public boolean listening() {
        return !eventStreams.isEmpty();
    }

    public synchronized List<String> moves() {
        return List.copyOf(moves);
    }

    public boolean accepted() {
        return accepted.containsKey("chal0001");
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        requests.add(ex.getRequestMethod() + " " + path);
        if (!"Bearer secret-token".equals(ex.getRequestHeaders().getFirst("Authorization"))) {
            answer(ex, 401, "{\"error\":\"No such token\"}");
            return;
        }
        if (path.equals("/api/stream/event")) {
            synchronized (eventStreams) {   // registered before anyone can act on its opening (a seek)
                OutputStream out = open(ex);
                eventStreams.add(out);
                if (gameStarted) line(List.of(out), gameStart(), -1);
            }
            return;   // stays open
        }
        if (path.equals("/api/board/seek")) {
            seekForm = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            OutputStream out = open(ex);
            // Paired at once: the game starts on the event stream, and the seek's connection closes.
            synchronized (eventStreams) {
                gameStarted = true;
                line(eventStreams, gameStart(), -1);
            }
            out.close();
            return;
        }
        if (path.equals("/api/challenge/chal0001/accept")) {
            accepted.put("chal0001", true);
            answer(ex, 200, "{\"ok\":true}");
            gameStarted = true;
            line(eventStreams, gameStart(), -1);
            return;
        }
        if (path.equals("/api/board/game/stream/" + GAME)) {
            OutputStream out = open(ex);
            gameStreams.add(out);
            line(List.of(out), gameFull(), -1);
            return;
        }
        if (path.startsWith("/api/board/game/" + GAME + "/move/")) {
            move(ex, path.substring(path.lastIndexOf('/') + 1));
            return;
        }
        if (path.startsWith("/api/board/game/" + GAME + "/resign")) {
            answer(ex, 200, "{\"ok\":true}");
            status = "resign";
            winner = personWhite ? "black" : "white";
            push();
            return;
        }
        answer(ex, 404, "{\"error\":\"Not found\"}");
    }

    private void move(HttpExchange ex, String uci) throws IOException {
        int s = nextMoveStatus;
        if (s != 0) {
            nextMoveStatus = 0;
            answer(ex, s, s == 429 ? "{\"error\":\"Too many requests\"}" : "{\"error\":\"Server error\"}");
            return;
        }
        synchronized (this) {
            Position p = position();
            boolean personsTurn = (moves.size() % 2 == 0) == personWhite;
            Move m;
            try {
                m = p.parseUci(uci);
            } catch (RuntimeException e) {
                m = null;
            }
            if (!personsTurn || m == null || !p.isLegal(m) || uci.equals(refuse)) {
                answer(ex, 400, "{\"error\":\"Not your turn, or game already over\"}");
                return;
            }
            moves.add(uci);
            if (personWhite) wtime -= 1_000; else btime -= 1_000;
            if (moves.size() == script.size()) status = "mate";   // the scripts end in mate
        }
        answer(ex, 200, "{\"ok\":true}");
        push();
        reply();
    }

    /** The opponent's move from the script, if the game goes on. */
    private void reply() {
        synchronized (this) {
            if (!status.equals("started") || moves.size() >= script.size()) return;
            moves.add(script.get(moves.size()));
            if (personWhite) btime -= 2_000; else wtime -= 2_000;
            if (moves.size() == script.size()) status = "mate";
        }
        push();
    }

    /** The opponent moves first when the person plays Black. */
    public void opponentStarts() {
        reply();
    }

    private synchronized Position position() {
        Position p = Position.start(org.marelle.rules.Variant.STANDARD);
        for (String u : moves) p = p.playUci(u);
        return p;
    }

    private void push() {
        String st = state();
        line(gameStreams, st, dropGameStreamAfter);
    }

    private synchronized String state() {
        String w = status.equals("mate") && winner == null ? (moves.size() % 2 == 1 ? "white" : "black") : winner;
        return "{\"type\":\"gameState\",\"moves\":\"" + String.join(" ", moves) + "\",\"wtime\":" + wtime + ",\"btime\":"
                + btime + ",\"winc\":2000,\"binc\":2000,\"status\":\"" + status + "\"" + (w == null || status.equals("started")
                ? "" : ",\"winner\":\"" + w + "\"") + "}";
    }

    private String gameFull() {
        return "{\"type\":\"gameFull\",\"id\":\"" + GAME + "\",\"variant\":{\"key\":\"standard\",\"name\":\"Standard\"},"
                + "\"clock\":{\"initial\":300000,\"increment\":2000},\"speed\":\"blitz\",\"perf\":{\"name\":\"Blitz\"},"
                + "\"rated\":false,\"createdAt\":1,\"white\":{\"id\":\"w\",\"name\":\"" + (personWhite ? "Me" : "Opponent")
                + "\"},\"black\":{\"id\":\"b\",\"name\":\"" + (personWhite ? "Opponent" : "Me") + "\"},"
                + "\"initialFen\":\"startpos\",\"state\":" + state() + "}";
    }

    private String gameStart() {
        return "{\"type\":\"gameStart\",\"game\":{\"fullId\":\"" + GAME + "xxxx\",\"gameId\":\"" + GAME + "\",\"color\":\""
                + (personWhite ? "white" : "black") + "\",\"compat\":{\"bot\":false,\"board\":true}}}";
    }

    private static OutputStream open(HttpExchange ex) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "application/x-ndjson");
        ex.sendResponseHeaders(200, 0);
        OutputStream out = ex.getResponseBody();
        // An empty line at once, as Lichess keeps its streams alive: it also gets the answer's head out now.
        out.write('\n');
        out.flush();
        return out;
    }

    /** Writes a line to each stream; with {@code dropAfter} 0 a game stream is closed instead (a dropped link). */
    private void line(List<OutputStream> streams, String json, int dropAfter) {
        for (OutputStream out : streams) {
            try {
                if (dropAfter == 0 && streams == gameStreams) {
                    gameStreams.remove(out);
                    out.close();
                    continue;
                }
                out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                streams.remove(out);
            }
        }
        if (dropAfter > 0 && streams == gameStreams) dropGameStreamAfter = dropAfter - 1;
        if (dropAfter == 0 && streams == gameStreams) dropGameStreamAfter = -1;
    }

    private static void answer(HttpExchange ex, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(b);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
