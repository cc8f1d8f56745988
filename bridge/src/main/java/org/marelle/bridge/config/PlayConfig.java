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
 * @param opponent    {@code engine}: a UCI engine on this machine; {@code lichess}: an online opponent
 * @param side        the side the person plays: {@code white}, {@code black} or {@code random} (each game; default)
 * @param engine      the engine, for {@code opponent: engine}
 * @param timeControl the clocks, as the TimeControl tag writes them ({@code 900+10}); sets the games' TimeControl
 *                    tag; default none (engine games)
 * @param lichess     the Lichess account, for {@code opponent: lichess}
 */
public record PlayConfig(String opponent, String side, Engine engine, String timeControl, Lichess lichess) {

    public static final List<String> SIDES = List.of("white", "black", "random");

    public PlayConfig {
        if (opponent == null) opponent = "engine";
        if (side == null) side = "random";
    }

    /** An engine game. */
    public PlayConfig(String opponent, String side, Engine engine, String timeControl) {
        this(opponent, side, engine, timeControl, null);
    }

    /**
     * {@code play.lichess}: the person's Lichess account and whom it plays.
     *
     * @param url       Lichess's address (default https://lichess.org)
     * @param tokenFile a file holding a personal token with the {@code board:play} scope (never logged)
     * @param tokenEnv  or the environment variable holding it
     * @param accept    Lichess user names whose challenges are accepted (default: anyone's)
     * @param challenge a user to challenge when the daemon starts (default none: wait to be challenged)
     * @param seek      seek a game with anyone, with {@code clock}, {@code color} and {@code rated}: when the daemon
     *                  starts, and when a new game is set up after one (default false)
     * @param clock     the challenge's clock, {@code 300+3} (default: correspondence-free 600+5)
     * @param color     the colour asked for in the challenge: white, black or random (default)
     * @param rated     whether the challenge is rated (default false)
     */
    public record Lichess(String url, String tokenFile, String tokenEnv, List<String> accept, String challenge,
                          String clock, String color, Boolean rated, Boolean seek) {

        /** Without a seek. */
        public Lichess(String url, String tokenFile, String tokenEnv, List<String> accept, String challenge, String clock,
                       String color, Boolean rated) {
            this(url, tokenFile, tokenEnv, accept, challenge, clock, color, rated, null);
        }

        public Lichess {
            accept = accept == null ? List.of() : List.copyOf(accept);
            if (url == null) url = "https://lichess.org";
            if (clock == null) clock = "600+5";
            if (color == null) color = "random";
            if (rated == null) rated = false;
            if (seek == null) seek = false;
        }

        /**
         * The token, from its file or variable.
         *
         * @throws IllegalArgumentException naming the key, when neither gives one
         */
        public String token() {
            String t = null;
            if (tokenFile != null) {
                try {
                    t = java.nio.file.Files.readString(java.nio.file.Path.of(tokenFile)).strip();
                } catch (java.io.IOException e) {
                    throw new IllegalArgumentException("play.lichess.tokenFile: cannot read '" + tokenFile + "' ("
                            + e.getClass().getSimpleName() + ")");
                }
            } else if (tokenEnv != null) {
                t = System.getenv(tokenEnv);
                if (t == null) throw new IllegalArgumentException("play.lichess.tokenEnv: the variable " + tokenEnv + " is not set");
                t = t.strip();
            }
            if (t == null) throw new IllegalArgumentException("play.lichess: a token is needed (tokenFile or tokenEnv), with the board:play scope");
            if (t.isEmpty() || t.chars().anyMatch(c -> c <= ' ' || c > '~')) {
                throw new IllegalArgumentException("play.lichess: the token " + (tokenFile != null ? "in " + tokenFile : "in $" + tokenEnv)
                        + " is empty or has spaces");
            }
            return t;
        }
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
