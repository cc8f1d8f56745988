package org.marelle.bridge.mqtt;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real mosquitto broker for a test (Debian's package; .ci/run installs it): on a free loopback port, with a config
 * file of its own, started and stopped by the test (and started again on the same port, as a broker restarted).
 */
public final class Mosquitto implements AutoCloseable {

    private static final List<Path> PLACES = List.of(Path.of("/usr/sbin/mosquitto"), Path.of("/usr/bin/mosquitto"));

    private final Path exe;
    private final Path config;
    private final int port;
    private Process process;

    private Mosquitto(Path exe, Path config, int port) {
        this.exe = exe;
        this.config = config;
        this.port = port;
    }

    public static Optional<Path> find() {
        return PLACES.stream().filter(Files::isExecutable).findFirst();
    }

    /** A broker on a free port, anonymous clients allowed, nothing kept on disk; started. */
    public static Mosquitto start(Path exe, Path dir) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("mosquitto.conf");
        Files.writeString(config, "listener " + port + " 127.0.0.1\nallow_anonymous true\npersistence false\n"
                + "log_dest none\n");
        Mosquitto m = new Mosquitto(exe, config, port);
        m.restart();
        return m;
    }

    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    /** Starts the broker (again), and returns once it accepts connections (at most 20 s). */
    void restart() throws IOException {
        process = new ProcessBuilder(exe.toString(), "-c", config.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                if (!process.isAlive()) throw new IOException("mosquitto stopped at start (port " + port + ")");
                Thread.onSpinWait();
            }
        }
        throw new IOException("mosquitto did not listen on " + port + " within 20 s");
    }

    /** Stops the broker (clients see the connection lost). */
    void stop() throws InterruptedException {
        if (process == null) return;
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        process = null;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
