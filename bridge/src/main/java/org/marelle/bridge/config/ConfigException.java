package org.marelle.bridge.config;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A configuration that cannot be used. Each problem names the key path ({@code board.driver.rows[3]}), what is
 * wrong, and the line of the file ({@code board.driver.rows[3]: GPIO 40 does not exist (line 12)}).
 */
public final class ConfigException extends Exception {

    /** One problem: where (a key path such as {@code board.driver.rows[3]}; empty for the whole file), what, line. */
    public record Problem(String path, String message, int line) {
        @Override
        public String toString() {
            String where = path.isEmpty() ? "" : path + ": ";
            return where + message + (line > 0 ? " (line " + line + ")" : "");
        }
    }

    private final String source;
    private final List<Problem> problems;

    public ConfigException(String source, List<Problem> problems) {
        super(source + ": " + problems.stream().map(Problem::toString).collect(Collectors.joining("\n  ",
                problems.size() == 1 ? "" : problems.size() + " problems:\n  ", "")), null, false, false);
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    /** The file (or text) the configuration came from. */
    public String source() {
        return source;
    }

    public List<Problem> problems() {
        return problems;
    }
}
