package org.marelle.bridge.daemon;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code marelle} command in a JVM of its own, on the test class path, with the daemon's memory limit and the
 * unit's -XX:+ExitOnOutOfMemoryError: what the crash test kills and restarts. Standard output is collected as it
 * comes; only whole lines (ended by a line end) count, since a kill may cut the last one.
 */
final class ChildJvm {

    final Process process;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Thread reader;

    private ChildJvm(Process process) {
        this.process = process;
        this.reader = Thread.ofPlatform().daemon().start(() -> {
            try (InputStream in = process.getInputStream()) {
                byte[] buf = new byte[8192];
                for (int n; (n = in.read(buf)) > 0; ) {
                    synchronized (out) {
                        out.write(buf, 0, n);
                    }
                }
            } catch (IOException e) {
                // The child was killed: what was read is what counts.
            }
        });
    }

    static ChildJvm start(Path workDir, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx64m");
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-XX:+UseSerialGC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("org.marelle.bridge.cli.MarelleCommand");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
        pb.environment().remove("JOURNAL_STREAM");
        return new ChildJvm(pb.start());
    }

    /** Waits at most {@code millis} for the child to exit; true when it did. */
    boolean waitFor(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
    }

    /**
     * SIGKILL, as a power cut: no shutdown hook runs, nothing is flushed. Sent through the process handle, because
     * {@link Process#destroyForcibly()} would also close our end of the output pipe and lose what is still in it.
     */
    void kill() throws InterruptedException {
        process.toHandle().destroyForcibly();
        process.waitFor();
        finish();
    }

    /** SIGTERM, as systemd stops a service (through the handle, so that what the shutdown hook prints is read). */
    int terminate() throws InterruptedException {
        process.toHandle().destroy();
        int code = process.waitFor();
        finish();
        return code;
    }

    int exitCode() throws InterruptedException {
        int code = process.waitFor();
        finish();
        return code;
    }

    private void finish() throws InterruptedException {
        reader.join(5_000);
    }

    /** The whole lines printed so far. */
    List<String> lines() {
        String text;
        synchronized (out) {
            text = out.toString(StandardCharsets.UTF_8);
        }
        int end = text.lastIndexOf('\n');
        return end < 0 ? List.of() : text.substring(0, end).lines().toList();
    }

    String output() {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    static void check(boolean ok, String message) {
        if (!ok) throw new AssertionError(message);
    }
}
