package org.marelle.bridge.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code game}: what every game on this board starts with.
 *
 * @param tags   PGN tags from the score sheet: Event, Site, Date, Round, Board, White, Black, WhiteElo, BlackElo,
 *               WhiteTeam, BlackTeam, TimeControl, or any other tag name (default none; Date defaults to the day
 *               each game starts)
 * @param clocks whether Marelle keeps the clocks of a game with a TimeControl tag (default true): each move's
 *               {@code [%clk]} in the PGN and the viewer, and a flag that falls ending the game; false when the
 *               players' own clock decides and the tag is only for the score sheet
 */
public record GameConfig(Map<String, String> tags, Boolean clocks) {

    public static final GameConfig DEFAULTS = new GameConfig(null, null);

    public GameConfig {
        tags = tags == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        if (clocks == null) clocks = true;
    }
}
