package org.marelle.bridge.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.marelle.bridge.play.EngineSettings;

/**
 * {@code play}: the person at the board plays an opponent that is not at the board (leave the section out for two
 * people at the board).
 *
 * @param opponent    {@code engine}: a UCI engine on this machine
 * @param side        the side the person plays: {@code white}, {@code black} or {@code random} (each game; default)
 * @param engine      the engine, for {@code opponent: engine}
 * @param timeControl the clocks, as the TimeControl tag writes them ({@code 900+10}); sets the games' TimeControl
 *                    tag; default none
 */
public record PlayConfig(String opponent, String side, Engine engine, String timeControl) {

    public static final List<String> SIDES = List.of("white", "black", "random");

    public PlayConfig {
        if (opponent == null) opponent = "engine";
        if (side == null) side = "random";
    }

    /**
     * {@code play.engine}: which engine, and how strong.
     *
     * @param command  the engine's executable: a name found in /usr/games, /usr/bin or the PATH
     *                 ({@code stockfish}, {@code fairy-stockfish}), or a path
     * @param args     arguments for it (default none)
     * @param options  UCI options set at start, by the engine's names ({@code Threads: 2}, {@code Hash: 64})
     * @param skill    Stockfish's Skill Level, 0 (weakest) to 20 (default: full strength)
     * @param elo      a strength in Elo, through UCI_LimitStrength and UCI_Elo (default: full strength)
     * @param moveTime milliseconds a move (default: the engine shares out its clock; 1000 without clocks)
     * @param depth    a fixed depth in plies (default none)
     */
    public record Engine(String command, List<String> args, Map<String, String> options, Integer skill, Integer elo,
                         Long moveTime, Integer depth) {
        public Engine {
            args = args == null ? List.of() : List.copyOf(args);
            options = options == null ? Map.of() : Map.copyOf(options);
        }
    }

    /**
     * The engine's settings.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public EngineSettings engineSettings() {
        if (engine == null || engine.command() == null || engine.command().isBlank()) {
            throw new IllegalArgumentException("no engine: set play.engine.command (stockfish, fairy-stockfish, or a path)");
        }
        List<String> command = new ArrayList<>();
        command.add(engine.command().strip());
        command.addAll(engine.args());
        Duration moveTime = engine.moveTime() == null ? null : Duration.ofMillis(engine.moveTime());
        return new EngineSettings(command, engine.options(), engine.skill(), engine.elo(), moveTime, engine.depth(), null);
    }
}
