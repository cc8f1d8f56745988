package org.marelle.board.serial;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A pseudo-terminal made by socat, standing in for a board on a USB serial port: the driver opens the pty through
 * a symbolic link, the test plays the microcontroller on socat's stdin and stdout. Killing socat is pulling the
 * cable: the driver's reads on the pty then fail.
 */
final class Socat implements AutoCloseable {

    private final Process process;
    private final BufferedReader fromDriver;
    private final OutputStream toDriver;

    private Socat(Process process) {
        this.process = process;
        this.fromDriver = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.ISO_8859_1));
        this.toDriver = process.getOutputStream();
    }

    static boolean available() {
        try {
            Process p = new ProcessBuilder("socat", "-V").redirectErrorStream(true).start();
            p.getInputStream().transferTo(OutputStream.nullOutputStream());
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Starts socat and returns once the pty and its link exist (socat says so on stderr). */
    static Socat start(Path link) throws IOException {
        Process p = new ProcessBuilder("socat", "-d", "-d", "pty,raw,echo=0,link=" + link, "STDIO").start();
        var err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.ISO_8859_1));
        StringBuilder said = new StringBuilder();
        for (String line; (line = err.readLine()) != null; ) {
            said.append(line).append('\n');
            if (line.contains("starting data transfer loop")) {
                // Keep draining stderr so socat never blocks on it.
                Thread.ofVirtual().start(() -> {
                    try {
                        err.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException ignored) {
                        // socat went away
                    }
                });
                return new Socat(p);
            }
        }
        throw new IOException("socat did not start:\n" + said);
    }

    /** Sends bytes to the driver, as the board would. */
    void send(String text) throws IOException {
        toDriver.write(text.getBytes(StandardCharsets.ISO_8859_1));
        toDriver.flush();
    }

    /** The next line the driver wrote, with its newline. */
    String readLine() throws IOException {
        String line = fromDriver.readLine();
        if (line == null) throw new IOException("socat closed its output");
        return line + "\n";
    }

    /** Pulls the cable: socat exits and closes the pty's master side. */
    void kill() throws InterruptedException {
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
