package org.marelle.bridge.journal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real full disk for tests: a 64 KiB tmpfs mounted on a folder ({@code mount -t tmpfs -o size=64k}). Tests run as
 * root on the project's machines; where mounting is not allowed (no root, a container without the capability) the
 * test is skipped with a message saying so. {@link #close} unmounts.
 */
public final class SmallDisk implements AutoCloseable {

    private final Path mountPoint;
    private final Path filler;

    private SmallDisk(Path mountPoint) {
        this.mountPoint = mountPoint;
        this.filler = mountPoint.resolve("filler");
    }

    /** Mounts a 64 KiB tmpfs on {@code folder} (created), or skips the test when that is not allowed here. */
    public static SmallDisk mount(Path folder) throws IOException {
        Files.createDirectories(folder);
        int code = run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.toString());
        assumeTrue(code == 0, "cannot mount a 64 KiB tmpfs on " + folder + " (mount exit code " + code
                + "; the disk-full tests need root): skipped");
        return new SmallDisk(folder);
    }

    public Path root() {
        return mountPoint;
    }

    /** Fills every free byte with a file of its own. */
    public void fill() throws IOException {
        byte[] block = new byte[1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
                out.flush();
            }
        } catch (IOException full) {
            // No space left: what was wanted.
        }
        // Small writes still fit in the last partly used page of a file: take byte by byte what is left.
        try (OutputStream out = Files.newOutputStream(filler, java.nio.file.StandardOpenOption.APPEND)) {
            while (true) {
                out.write(0);
                out.flush();
            }
        } catch (IOException full) {
            // Full.
        }
    }

    /** Gives the space back. */
    public void free() throws IOException {
        Files.deleteIfExists(filler);
    }

    @Override
    public void close() throws IOException {
        run("umount", "-l", mountPoint.toString());
    }

    private static int run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }
}
