package org.marelle.bridge.output;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.UnknownHostException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;
import java.util.zip.ZipException;

/**
 * Why a file or socket could not be used, in words, for the one-line messages the command line and the daemon's log
 * print. Java names these failures by class ({@code NoSuchFileException: data/state}) and often gives only the path
 * as the message, which tells a player nothing; this turns them into "no such file or directory", "permission
 * denied", ... and says which file when it is not the one the caller named.
 */
public final class IoReason {

    private IoReason() {
    }

    /** The reason alone: {@code permission denied}. */
    public static String of(Throwable failure) {
        Throwable e = failure instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : failure;
        return switch (e) {
            case NoSuchFileException x -> "no such file or directory";
            case AccessDeniedException x -> "permission denied";
            case FileAlreadyExistsException x -> "exists and is not a directory";
            case NotDirectoryException x -> "not a directory";
            case DirectoryNotEmptyException x -> "the directory is not empty";
            case FileSystemException x when x.getReason() != null -> lowerFirst(x.getReason());
            case CharacterCodingException x -> "not valid UTF-8";
            case EOFException x -> "the file ends too early";
            case ZipException x -> "not gzip data, or damaged (" + lowerFirst(String.valueOf(x.getMessage())) + ")";
            case UnknownHostException x -> "no such address or host name";
            case BindException x -> bind(x);
            default -> words(e);
        };
    }

    /**
     * The reason with the file it concerns, when that is another file than {@code named} (the file or folder the
     * caller names itself, or null when it names none): {@code data/state/current.journal: permission denied}.
     */
    public static String of(Throwable failure, String named) {
        Throwable e = failure instanceof UncheckedIOException u && u.getCause() != null ? u.getCause() : failure;
        String file = e instanceof FileSystemException f ? f.getFile() : null;
        return file == null || file.equals(named) ? of(e) : file + ": " + of(e);
    }

    private static String bind(BindException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (m.contains("already in use")) return "the port is already in use (by another program, or another marelle)";
        if (m.contains("assign requested address")) return "the address is not one of this machine's";
        if (m.contains("permission denied")) return "permission denied (ports below 1024 need special rights)";
        return lowerFirst(String.valueOf(e.getMessage()));
    }

    /** A message of another failure: its own text, unless that is only a class name or a path. */
    private static String words(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank() || !m.contains(" ")) return "input/output error" + (m == null ? "" : " (" + m + ")");
        return lowerFirst(m);
    }

    private static String lowerFirst(String s) {
        // "No space left on device" reads better after a colon as "no space left on device"; "UTF-8" stays.
        if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isLowerCase(s.charAt(1))) {
            return Character.toLowerCase(s.charAt(0)) + s.substring(1);
        }
        return s;
    }
}
