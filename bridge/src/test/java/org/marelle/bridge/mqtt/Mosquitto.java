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
import java.util.stream.Stream;

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

    /**
     * The broker's executable for a test that needs one: the test fails when it is missing on CI (which installs it),
     * and is skipped elsewhere.
     */
    public static Path required() {
        Optional<Path> exe = find();
        if (exe.isEmpty() && System.getenv("CI") != null) {
            org.junit.jupiter.api.Assertions.fail("mosquitto is not installed, and CI is set");
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(exe.isPresent(),
                "mosquitto is not installed (apt-get install mosquitto)");
        return exe.orElseThrow();
    }

    /** A broker on a free port, anonymous clients allowed, nothing kept on disk; started. */
    public static Mosquitto start(Path exe, Path dir) throws IOException {
        return start(exe, dir, "allow_anonymous true\n");
    }

    /**
     * A broker that lets in only {@code user} with {@code password} (a password file made by Debian's
     * {@code mosquitto_passwd}); started.
     */
    public static Mosquitto withPassword(Path exe, Path dir, String user, String password)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path file = dir.resolve("passwords");
        // (Debian puts mosquitto_passwd in /usr/bin, mosquitto itself in /usr/sbin.)
        Path tool = Stream.of(exe.resolveSibling("mosquitto_passwd"), Path.of("/usr/bin/mosquitto_passwd"))
                .filter(Files::isExecutable).findFirst().orElseThrow(() -> new IOException("no mosquitto_passwd"));
        Process p = new ProcessBuilder(tool.toString(), "-c", "-b", file.toString(), user, password)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("mosquitto_passwd failed");
        // (Started as root, mosquitto becomes the user "mosquitto", who cannot read a test's private folder; as
        // another user, this line is ignored.)
        String self = "root".equals(System.getProperty("user.name")) ? "user root\n" : "";
        return start(exe, dir, self + "allow_anonymous false\npassword_file " + file + "\n");
    }

    /** A broker whose anonymous clients may do only what the access list {@code acl} allows (mosquitto's format). */
    public static Mosquitto withAcl(Path exe, Path dir, String acl) throws IOException {
        Files.createDirectories(dir);
        Path file = Files.writeString(dir.resolve("acl"), acl);
        String self = "root".equals(System.getProperty("user.name")) ? "user root\n" : "";
        return start(exe, dir, self + "allow_anonymous true\nacl_file " + file + "\n");
    }

    private static Mosquitto start(Path exe, Path dir, String access) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path config = dir.resolve("mosquitto.conf");
        Files.writeString(config, "listener " + port + " 127.0.0.1\n" + access + "persistence false\nlog_dest stderr\n");
        Mosquitto m = new Mosquitto(exe, config, port);
        m.restart();
        return m;
    }

    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    /** Starts the broker (again), and returns once it accepts connections (at most 20 s). */
    public void restart() throws IOException {
        Path out = config.resolveSibling("mosquitto.out");
        process = new ProcessBuilder(exe.toString(), "-c", config.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                if (!process.isAlive()) {
                    throw new IOException("mosquitto stopped at start (port " + port + "): " + Files.readString(out));
                }
                Thread.onSpinWait();
            }
        }
        throw new IOException("mosquitto did not listen on " + port + " within 20 s");
    }

    /** Stops the broker (clients see the connection lost). */
    public void stop() throws InterruptedException {
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
