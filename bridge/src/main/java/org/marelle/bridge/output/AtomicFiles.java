package org.marelle.bridge.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replacing a file so that a reader (a broadcast relay polling the PGN, or the daemon after a power cut) sees either
 * the old content or the new one, never a mix or an empty file: write a temporary file beside it, force it to disk,
 * rename it over the target (an atomic rename on POSIX file systems), then force the directory so that the rename
 * itself survives a power cut.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Replaces (or creates) {@code target} with {@code content}, creating its directory if needed. */
    public static void write(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // One temporary name per process: two daemons may share a round folder; within a process one thread writes
        // a given file at a time.
        Path tmp = dir.resolve(temporaryName(target.getFileName().toString(), ProcessHandle.current().pid()));
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) ch.write(b);
            ch.force(true);
        }
        move(tmp, target);
    }

    private static String temporaryName(String name, long pid) {
        return "." + name + "." + pid + ".tmp";
    }

    /**
     * Deletes the temporary files that processes no longer running left in {@code dir} (a power cut or a kill between
     * writing and renaming). Files of running processes are left alone.
     */
    public static void removeStaleTemporaries(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return;
        try (var files = Files.newDirectoryStream(dir, ".*.tmp")) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                int end = n.length() - ".tmp".length();
                int dot = n.lastIndexOf('.', end - 1);
                if (dot < 1) continue;
                long pid;
                try {
                    pid = Long.parseLong(n.substring(dot + 1, end));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()) Files.deleteIfExists(f);
            }
        }
    }

    /** Renames {@code from} to {@code to} atomically, replacing {@code to}, and forces both directories. */
    public static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("cannot rename " + from + " to " + to + " atomically (different file systems?)", e);
        }
        Path toDir = to.toAbsolutePath().getParent();
        Path fromDir = from.toAbsolutePath().getParent();
        forceDirectory(toDir);
        if (!fromDir.equals(toDir)) forceDirectory(fromDir);
    }

    /**
     * Forces a directory's entries (file creations, renames, deletions) to disk. Linux allows {@code fsync} on a
     * directory opened for reading; where the platform refuses, there is nothing more to do.
     */
    public static void forceDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").toLowerCase().contains("win")) throw e;
        }
    }
}
