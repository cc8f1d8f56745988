package org.marelle.bridge.mqtt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.marelle.bridge.output.IoReason;

/**
 * A broker account, read from a file that holds the user name on its first line and the password on its second (kept
 * out of the configuration, which is often shared).
 *
 * @param user     the user name
 * @param password the password, null when the file has none
 */
public record Credentials(String user, String password) {

    /** No account: an anonymous client. */
    public static final Credentials NONE = new Credentials(null, null);

    /**
     * The account in {@code file} ({@link #NONE} when {@code file} is null).
     *
     * @param key what names the file in messages ({@code publish.mqtt.credentialsFile}, {@code --credentials})
     * @throws IOException naming {@code key}, the file and the reason, when it cannot be read or is empty
     */
    public static Credentials read(Path file, String key) throws IOException {
        if (file == null) return NONE;
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException(key + " '" + file + "': " + IoReason.of(e, file.toString()), e);
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new IOException(key + " '" + file + "': empty; write the user name on the first line and the password"
                    + " on the second");
        }
        return new Credentials(lines.get(0).strip(), lines.size() > 1 ? lines.get(1).strip() : null);
    }
}
