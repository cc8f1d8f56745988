package org.marelle.bridge.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marelle.rules.pgn.PgnGame;

/**
 * The daemon under a hostile crowd, as the systemd unit runs it (its own JVM, {@code -Xmx64m}): while the demo plays
 * its game, 1,000 clients open the event stream and never read it, and 1,000 more send request headers a line at a
 * time and never finish them (slowloris; the ones the server drops are opened again). Every move must still be
 * recorded, the process must neither die nor stop answering, and its resident memory must stay under the bound.
 * The figures go to standard output.
 */
class HostileLoadTest {

    private static final Pattern LIVE = Pattern.compile("live broadcast: http://127\\.0\\.0\\.1:(\\d+)/.*");
    private static final int NEVER_READING = 1_000;
    private static final int SLOW_SENDERS = 1_000;
    private static final int REOPEN = 200;
    /**
     * The unit's heap is 64 MiB; with classes, compiled code, thread stacks and the collector's own memory the
     * daemon holds 80 to 90 MiB playing, unloaded. Under the crowd it must stay within this.
     */
    private static final long RSS_BOUND_KIB = 160 * 1024;

    @TempDir
    Path dir;

    @Test
    @Tag("slow")
    void twoThousandHostileConnectionsNeitherStopTheBoardNorOutgrowTheBound() throws Exception {
        PgnGame source = TestGames.demo();
        ChildJvm child = ChildJvm.start(dir, "demo", "--http-port", "0", "--out", "out", "--profile", "clean",
                "--speed", "2", "--stay");
        List<SocketChannel> open = new ArrayList<>();
        try {
            int port = -1;
            for (int i = 0; i < 300 && port < 0; i++) {
                for (String line : child.lines()) {
                    Matcher m = LIVE.matcher(line);
                    if (m.matches()) port = Integer.parseInt(m.group(1));
                }
                if (port < 0) child.waitFor(100);
            }
            assertThat(port).as(child.output()).isPositive();
            InetSocketAddress server = new InetSocketAddress("127.0.0.1", port);
            long pid = child.process.pid();
            long rssBefore = rssKib(pid);

            List<SocketChannel> slow = new ArrayList<>();
            int refusedAtConnect = 0;
            for (int i = 0; i < NEVER_READING; i++) {
                SocketChannel c = connect(server);
                if (c == null) {
                    refusedAtConnect++;
                    continue;
                }
                open.add(c);
                send(c, "GET /events HTTP/1.1\r\nHost: marelle\r\nAccept: text/event-stream\r\n\r\n");
            }
            for (int i = 0; i < SLOW_SENDERS; i++) {
                SocketChannel c = connect(server);
                if (c == null) {
                    refusedAtConnect++;
                    continue;
                }
                slow.add(c);
                send(c, "GET /api/game HTTP/1.1\r\nHost: marelle\r\n");
            }
            // One more header line from every slow sender each second until the game is over; the ones the server
            // has dropped are opened again, up to REOPEN a second (more would use up this machine's ephemeral ports,
            // which other tests share).
            long maxRss = rssBefore;
            int reopened = 0;
            int line = 0;
            while (child.process.isAlive() && child.lines().stream().noneMatch(l -> l.startsWith("still serving"))) {
                line++;
                int reopenedNow = 0;
                for (int i = 0; i < slow.size(); i++) {
                    if (!send(slow.get(i), "X-Slow-" + line + ": " + line + "\r\n") && reopenedNow++ < REOPEN) {
                        close(slow.get(i));
                        SocketChannel c = connect(server);
                        if (c == null) {
                            refusedAtConnect++;
                            continue;
                        }
                        slow.set(i, c);
                        send(c, "GET /api/game HTTP/1.1\r\nHost: marelle\r\n");
                        reopened++;
                    }
                }
                maxRss = Math.max(maxRss, rssKib(pid));
                child.waitFor(1_000);
            }
            open.addAll(slow);
            assertThat(child.process.isAlive()).as("the daemon died under load:\n" + child.output()).isTrue();

            // Every move was recorded, in order, and written.
            List<String> sans = source.mainlineSan();
            long announced = child.lines().stream().filter(l -> l.startsWith("move ")).count();
            assertThat(announced).as(child.output()).isEqualTo(sans.size());
            try (var files = Files.list(dir.resolve("out/games"))) {
                List<Path> pgns = files.filter(p -> p.toString().endsWith(".pgn")).toList();
                assertThat(pgns).hasSize(1);
                SameGame.assertSame(SameGame.readOnly(pgns.get(0)), source);
            }

            // Once the crowd has gone, the server answers again: a stream waiting for events notices that its
            // client left at its next write (a keep-alive comes every 15 s), so this may take that long.
            for (SocketChannel c : open) close(c);
            open.clear();
            long goneAt = System.nanoTime();
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            HttpResponse<String> pgn = null;
            for (int attempt = 0; attempt < 120 && (pgn == null || pgn.statusCode() != 200); attempt++) {
                if (attempt > 0) child.waitFor(500);
                try {
                    pgn = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/game.pgn"))
                            .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
                } catch (IOException refused) {
                    pgn = null;
                }
            }
            long answeredAfterMillis = (System.nanoTime() - goneAt) / 1_000_000;
            assertThat(pgn).isNotNull();
            assertThat(pgn.statusCode()).as(pgn.body()).isEqualTo(200);
            assertThat(pgn.body()).contains(sans.get(sans.size() - 1));
            maxRss = Math.max(maxRss, rssKib(pid));

            System.out.printf("hostile load: %d never-reading event streams, %d slow header senders (%d reopened, %d "
                    + "refused at connect), %d plies recorded; resident memory %d KiB before, at most %d KiB under load "
                    + "(bound %d KiB); answered %d ms after the crowd left%n", NEVER_READING, SLOW_SENDERS, reopened,
                    refusedAtConnect, announced, rssBefore, maxRss, RSS_BOUND_KIB, answeredAfterMillis);
            assertThat(maxRss).isLessThan(RSS_BOUND_KIB);
            assertThat(child.terminate()).as(child.output()).isEqualTo(143);
        } finally {
            for (SocketChannel c : open) close(c);
            if (child.process.isAlive()) child.kill();
        }
    }

    /** A blocking connection with a small receive buffer (so the server's writes back up soon), or null if refused. */
    private static SocketChannel connect(InetSocketAddress server) {
        try {
            SocketChannel c = SocketChannel.open();
            c.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            c.connect(server);
            c.configureBlocking(false);
            return c;
        } catch (IOException e) {
            return null;
        }
    }

    /** Writes what the socket takes now; false when the server closed the connection. */
    private static boolean send(SocketChannel c, String text) {
        try {
            c.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void close(SocketChannel c) {
        try {
            c.close();
        } catch (IOException e) {
            // gone already
        }
    }

    /** The resident set size of a process, from /proc. */
    private static long rssKib(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (l.startsWith("VmRSS:")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
        }
        throw new IOException("no VmRSS for process " + pid);
    }
}
