package org.marelle.bridge.broadcast;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Measures the live broadcast under load: move-to-client latency (median, p99) with many Server-Sent-Events clients
 * on loopback, and the server's resident memory with them connected. The server runs in its own JVM
 * ({@link BroadcastBenchServer}); this process holds the clients, sends one move at a time, and waits until every
 * client received it before the next, so each sample is one move fanned out to all clients.
 *
 * <pre>
 * java -cp CLASSPATH org.marelle.bridge.broadcast.BroadcastLatency [clients] [moves] [warmup] [server JVM options…]
 * </pre>
 * Defaults: 300 clients, 400 moves of which the first 100 are warm-up, server JVM with its default options.
 * The latency is from the moment this process writes the move command to the server's stdin to the moment a client
 * has read the whole event; it includes the pipe and the server's rendering of the game.
 */
public final class BroadcastLatency {

    private BroadcastLatency() {
    }

    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int moves = args.length > 1 ? Integer.parseInt(args[1]) : 400;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        List<String> jvmOptions = args.length > 3 ? Arrays.asList(args).subList(3, args.length) : List.of();

        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(BroadcastBenchServer.class.getName());
        Process server = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader serverOut = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String first = serverOut.readLine();
        if (first == null || !first.startsWith("PORT ")) {
            throw new IllegalStateException("the server said " + first);
        }
        URI base = URI.create("http://127.0.0.1:" + first.substring(5).strip() + "/");
        OutputStream toServer = server.getOutputStream();
        long rssIdle = rssKb(server.pid(), "VmRSS");

        long[][] received = new long[clients][moves];
        CountDownLatch[] got = new CountDownLatch[moves];
        for (int i = 0; i < moves; i++) {
            got[i] = new CountDownLatch(clients);
        }
        CountDownLatch ready = new CountDownLatch(clients);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        for (int c = 0; c < clients; c++) {
            int client = c;
            pool.submit(() -> {
                try (SseClient sse = SseClient.open(base, "/events", null, Duration.ofSeconds(120))) {
                    sse.nextEvent(); // the state
                    ready.countDown();
                    int n = 0;
                    while (n < moves) {
                        SseClient.Frame f = sse.nextEvent();
                        if (f.event().equals("move")) {
                            received[client][n] = System.nanoTime();
                            got[n].countDown();
                            n++;
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    ready.countDown();
                }
                return null;
            });
        }
        if (!ready.await(120, TimeUnit.SECONDS) || failure.get() != null) {
            server.destroyForcibly();
            throw new IllegalStateException("clients did not connect", failure.get());
        }
        long rssConnected = rssKb(server.pid(), "VmRSS");

        long[] sent = new long[moves];
        long[] fanOut = new long[moves];
        for (int i = 0; i < moves; i++) {
            sent[i] = System.nanoTime();
            toServer.write("move\n".getBytes(StandardCharsets.US_ASCII));
            toServer.flush();
            if (!got[i].await(60, TimeUnit.SECONDS)) {
                server.destroyForcibly();
                throw new IllegalStateException("move " + i + " did not reach every client: " + got[i].getCount()
                        + " missing", failure.get());
            }
            fanOut[i] = System.nanoTime() - sent[i];
        }
        long rssAfter = rssKb(server.pid(), "VmRSS");
        long rssPeak = rssKb(server.pid(), "VmHWM");
        toServer.write("quit\n".getBytes(StandardCharsets.US_ASCII));
        toServer.flush();
        server.waitFor(20, TimeUnit.SECONDS);
        server.destroy();
        pool.shutdownNow();

        int samples = (moves - warmup) * clients;
        long[] latency = new long[samples];
        int k = 0;
        for (int c = 0; c < clients; c++) {
            for (int i = warmup; i < moves; i++) {
                latency[k++] = received[c][i] - sent[i];
            }
        }
        Arrays.sort(latency);
        long[] whole = Arrays.copyOfRange(fanOut, warmup, moves);
        Arrays.sort(whole);
        System.out.printf(Locale.ROOT, "clients %d, moves %d (+%d warm-up), server JVM options %s%n", clients,
                moves - warmup, warmup, jvmOptions.isEmpty() ? "(default)" : String.join(" ", jvmOptions));
        System.out.printf(Locale.ROOT, "move -> client latency over %d deliveries: median %.2f ms, p90 %.2f ms, "
                + "p99 %.2f ms, max %.2f ms%n", samples, ms(pct(latency, 50)), ms(pct(latency, 90)), ms(pct(latency, 99)),
                ms(latency[latency.length - 1]));
        System.out.printf(Locale.ROOT, "move -> last of %d clients: median %.2f ms, p99 %.2f ms%n", clients,
                ms(pct(whole, 50)), ms(pct(whole, 99)));
        System.out.printf(Locale.ROOT, "server resident memory: %.1f MB before clients, %.1f MB with %d connected, "
                + "%.1f MB after the moves, peak %.1f MB%n", rssIdle / 1024.0, rssConnected / 1024.0, clients,
                rssAfter / 1024.0, rssPeak / 1024.0);
    }

    private static long pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    /** A line of /proc/PID/status, in kB (Linux). */
    private static long rssKb(long pid, String field) throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
