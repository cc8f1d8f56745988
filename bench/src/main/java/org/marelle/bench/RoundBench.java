package org.marelle.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.marelle.bridge.mqtt.BoardTopics;
import org.marelle.bridge.mqtt.MqttPublisher;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.bridge.session.SessionJournal;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;

/**
 * A club's round under load (issue #16), not a timed test: N boards, each committing a move every interval, publish
 * through a real mosquitto to a real {@code marelle hub} process; an event-stream client on the hub measures the time
 * from a board's commit to the hub's event for it. Prints the latency's median and p99 and the hub's resident memory
 * (now and peak) and CPU.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.marelle.bench.RoundBench --boards 100 --interval 5 --seconds 300 \
 *     --jar bridge/target/marelle.jar
 * </pre>
 */
public final class RoundBench {

    /** The hub's JVM flags by default (--hub-jvm "..." replaces them): the package's launcher's for marelle hub. */
    static final List<String> HUB_JVM = List.of("-Xmx48m", "-Xms8m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:+UnlockExperimentalVMOptions", "-XX:TrimNativeHeapInterval=2000", "-Xss256k");

    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        int boards = 100;
        int interval = 5;
        int seconds = 300;
        Path jar = Path.of("bridge/target/marelle.jar");
        List<String> hubJvm = HUB_JVM;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--boards" -> boards = Integer.parseInt(args[i + 1]);
                case "--interval" -> interval = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--jar" -> jar = Path.of(args[i + 1]);
                case "--hub-jvm" -> hubJvm = List.of(args[i + 1].trim().split("\\s+"));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = Files.createTempDirectory("round-bench");
        int mqttPort = freePort(), httpPort = freePort();
        Files.writeString(dir.resolve("m.conf"), "listener " + mqttPort + " 127.0.0.1\nallow_anonymous true\n"
                + "persistence false\nlog_dest none\nmax_queued_messages 100000\n");
        Process broker = new ProcessBuilder(Files.isExecutable(Path.of("/usr/sbin/mosquitto")) ? "/usr/sbin/mosquitto"
                : "mosquitto", "-c", dir.resolve("m.conf").toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        awaitPort(mqttPort);
        String url = "tcp://127.0.0.1:" + mqttPort;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(hubJvm);
        command.addAll(List.of("-jar", jar.toString(), "hub", "--mqtt", url, "--http-port", String.valueOf(httpPort),
                "--bind", "127.0.0.1"));
        System.out.println("hub: " + String.join(" ", hubJvm));
        Process hub = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("hub.log").toFile()).start();
        awaitPort(httpPort);

        // When each board committed each ply (nanoTime), and the latencies seen on the hub's event stream.
        Map<String, Long> committed = new ConcurrentHashMap<>();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        Thread reader = Thread.ofPlatform().daemon(true).start(() -> readEvents(httpPort, committed, latencies));

        PgnGame game = opera();
        List<GameSession> sessions = new ArrayList<>();
        List<MqttPublisher> publishers = new ArrayList<>();
        for (int b = 1; b <= boards; b++) {
            GameSession s = GameSession.resume(List.of(), game.initial(), Map.of("Board", String.valueOf(b), "Round", "1"),
                    SessionJournal.NONE, InstantSource.system(), ZoneOffset.UTC);
            SessionEvent start = new SessionEvent.GameStarted(0, s.game().gameId(), "standard", game.initial().fen(),
                    s.game().tags());
            MqttPublisher p = MqttPublisher.start(BoardTopics.of("marelle", "1", String.valueOf(b)),
                    new MqttPublisher.Settings(url, null, null, "bench-" + b, Duration.ofSeconds(1),
                            Duration.ofSeconds(30)), s.game(), List.of(start), w -> System.err.println(w));
            s.addListener(p);
            sessions.add(s);
            publishers.add(p);
        }
        ScheduledExecutorService clock = Executors.newScheduledThreadPool(2);
        for (int b = 0; b < boards; b++) {
            GameSession s = sessions.get(b);
            String board = String.valueOf(b + 1);
            long offset = (long) interval * 1000 * b / boards;   // the boards' moves spread over the interval
            clock.scheduleAtFixedRate(() -> {
                synchronized (s) {
                    if (s.game().plies() >= game.mainline().size() || s.game().isOver()) s.newGame(game.initial());
                    Move m = game.mainline().get(s.game().plies());
                    committed.put(board + "#" + s.game().gameId() + "#" + (s.game().plies() + 1), System.nanoTime());
                    s.play(m);
                }
            }, offset, interval * 1000L, TimeUnit.MILLISECONDS);
        }
        long cpuStart = cpuMillis(hub.pid());
        long wallStart = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        clock.shutdownNow();
        Thread.sleep(3_000);   // the last moves reach the hub
        long wall = (System.nanoTime() - wallStart) / 1_000_000;
        long cpu = cpuMillis(hub.pid()) - cpuStart;
        long[] rss = rss(hub.pid());
        List<Long> l;
        synchronized (latencies) {
            l = new ArrayList<>(latencies);
        }
        Collections.sort(l);
        System.out.printf(Locale.ROOT, "boards %d, a move every %d s each, %d s: %d moves committed, %d seen on the hub%n",
                boards, interval, seconds, committed.size(), l.size());
        if (!l.isEmpty()) {
            System.out.printf(Locale.ROOT, "latency commit -> hub event: median %.1f ms, p99 %.1f ms, max %.1f ms%n",
                    l.get(l.size() / 2) / 1e6, l.get(Math.min(l.size() - 1, (int) (l.size() * 0.99))) / 1e6,
                    l.get(l.size() - 1) / 1e6);
        }
        System.out.printf(Locale.ROOT, "hub: resident %d MiB now, %d MiB peak; CPU %.1f %% of one core%n",
                rss[0] / 1024, rss[1] / 1024, 100.0 * cpu / wall);
        publishers.forEach(MqttPublisher::close);
        hub.destroy();
        broker.destroy();
        reader.interrupt();
        System.exit(0);
    }

    /** Follows the hub's /events: each move event's latency from its board's commit. */
    private static void readEvents(int port, Map<String, Long> committed, List<Long> latencies) {
        try {
            HttpResponse<InputStream> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/events")).build(), HttpResponse.BodyHandlers.ofInputStream());
            BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                if (!line.startsWith("data:")) continue;
                long now = System.nanoTime();
                JsonNode e = JSON.readTree(line.substring(5));
                if (!e.path("type").asText().equals("move")) continue;
                Long at = committed.get(e.path("board").asText() + "#" + e.path("gameId").asText() + "#"
                        + e.path("ply").asInt());
                if (at != null) latencies.add(now - at);
            }
        } catch (IOException | InterruptedException e) {
            // the run is over
        }
    }

    private static PgnGame opera() throws IOException {
        try (InputStream in = RoundBench.class.getResourceAsStream("/org/marelle/bridge/demo/morphy-opera-1858.pgn")) {
            return ((PgnReader.Parsed) PgnReader.readAll(new String(in.readAllBytes(), StandardCharsets.UTF_8)).get(0))
                    .game();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitPort(int port) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < until) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("nothing listens on " + port);
    }

    /** User and system CPU of a process so far, in ms (Linux /proc; clock ticks taken as 100 a second). */
    private static long cpuMillis(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
    }

    /** Resident memory of a process now and at its peak, in KiB (Linux /proc). */
    private static long[] rss(long pid) throws IOException {
        long now = 0, peak = 0;
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) now = Long.parseLong(line.replaceAll("\\D", ""));
            if (line.startsWith("VmHWM:")) peak = Long.parseLong(line.replaceAll("\\D", ""));
        }
        return new long[] {now, peak};
    }
}
