package org.marelle.bridge.config;

/**
 * {@code output}: where files go. Relative paths are read from the directory the daemon is started in.
 *
 * @param pgnDirectory   PGN files: one per game, one per board and round, the round's games.pgn
 *                       (default /var/lib/marelle/pgn)
 * @param stateDirectory the journal and the archive of completed games (default /var/lib/marelle/state)
 */
public record OutputConfig(String pgnDirectory, String stateDirectory) {

    public static final String DEFAULT_PGN_DIRECTORY = "/var/lib/marelle/pgn";
    public static final String DEFAULT_STATE_DIRECTORY = "/var/lib/marelle/state";
    public static final OutputConfig DEFAULTS = new OutputConfig(null, null);

    public OutputConfig {
        if (pgnDirectory == null) pgnDirectory = DEFAULT_PGN_DIRECTORY;
        if (stateDirectory == null) stateDirectory = DEFAULT_STATE_DIRECTORY;
    }
}
