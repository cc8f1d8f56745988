package org.marelle.bridge.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code game}: what every game on this board starts with.
 *
 * @param tags PGN tags from the score sheet: Event, Site, Date, Round, Board, White, Black, WhiteElo, BlackElo,
 *             WhiteTeam, BlackTeam, TimeControl, or any other tag name (default none; Date defaults to the day
 *             each game starts)
 */
public record GameConfig(Map<String, String> tags) {

    public static final GameConfig DEFAULTS = new GameConfig(null);

    public GameConfig {
        tags = tags == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }
}
