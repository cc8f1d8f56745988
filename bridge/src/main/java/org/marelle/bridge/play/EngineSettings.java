package org.marelle.bridge.play;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marelle.bridge.engine.UciEngine;
import org.marelle.rules.Variant;

/**
 * How to run the engine a person plays against: its command, its UCI options, and how strong it plays.
 *
 * @param command   the executable and its arguments ({@code /usr/games/stockfish})
 * @param options   UCI options set at start ({@code Threads: 1}, {@code Hash: 16}); names as the engine declares them
 * @param skill     Stockfish's {@code Skill Level} (0–20), or null
 * @param elo       a strength in Elo ({@code UCI_LimitStrength} + {@code UCI_Elo}), or null
 * @param moveTime  a fixed time per move, or null
 * @param depth     a fixed search depth, or null
 * @param timeout   how long the engine may take to start and to answer beyond its own time before it counts as hung
 */
public record EngineSettings(List<String> command, Map<String, String> options, Integer skill, Integer elo,
                             Duration moveTime, Integer depth, Duration timeout) {

    /** Where Debian's packages put the engines ({@code apt install stockfish fairy-stockfish}). */
    public static final List<String> SEARCH_PATH = List.of("/usr/games", "/usr/bin", "/usr/local/bin");

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    public EngineSettings {
        command = List.copyOf(command);
        if (command.isEmpty()) throw new IllegalArgumentException("no engine command");
        options = Map.copyOf(options == null ? Map.of() : options);
        if (skill != null && (skill < 0 || skill > 20)) throw new IllegalArgumentException("skill " + skill + " is not between 0 and 20");
        if (elo != null && (elo < 500 || elo > 3500)) throw new IllegalArgumentException("elo " + elo + " is not between 500 and 3500");
        if (depth != null && (depth < 1 || depth > 99)) throw new IllegalArgumentException("depth " + depth + " is not between 1 and 99");
        if (moveTime != null && (moveTime.isNegative() || moveTime.isZero())) {
            throw new IllegalArgumentException("moveTime must be above 0");
        }
        if (timeout == null) timeout = DEFAULT_TIMEOUT;
    }

    /** An engine by name or path, at full strength, one second a move unless clocks say otherwise. */
    public static EngineSettings of(String engine) {
        return new EngineSettings(List.of(engine), Map.of(), null, null, null, null, null);
    }

    public EngineSettings withSkill(Integer s) {
        return new EngineSettings(command, options, s, elo, moveTime, depth, timeout);
    }

    public EngineSettings withMoveTime(Duration d) {
        return new EngineSettings(command, options, skill, elo, d, depth, timeout);
    }

    public EngineSettings withDepth(Integer d) {
        return new EngineSettings(command, options, skill, elo, moveTime, d, timeout);
    }

    public EngineSettings withTimeout(Duration d) {
        return new EngineSettings(command, options, skill, elo, moveTime, depth, d);
    }

    /**
     * The command with its executable found: a bare name ({@code stockfish}) is looked up in {@link #SEARCH_PATH}
     * and the {@code PATH}.
     *
     * @throws IllegalArgumentException saying how to install it when it is nowhere
     */
    public List<String> resolvedCommand() {
        String exe = command.get(0);
        if (exe.contains("/")) {
            if (!Files.isExecutable(Path.of(exe))) throw new IllegalArgumentException(notFound(exe));
            return command;
        }
        List<String> dirs = new java.util.ArrayList<>(SEARCH_PATH);
        String path = System.getenv("PATH");
        if (path != null) dirs.addAll(List.of(path.split(":")));
        for (String d : dirs) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, exe);
            if (Files.isExecutable(p)) {
                List<String> out = new java.util.ArrayList<>(command);
                out.set(0, p.toString());
                return List.copyOf(out);
            }
        }
        throw new IllegalArgumentException(notFound(exe));
    }

    private static String notFound(String exe) {
        return "engine '" + exe + "' not found (play.engine.command): install one with 'sudo apt install stockfish"
                + " fairy-stockfish', or give the engine's full path";
    }

    /**
     * Whether the engine can play {@code variant}, and the options that make it: Chess960 through
     * {@code UCI_Chess960}, Courier through Fairy-Stockfish's {@code UCI_Variant}.
     *
     * @throws IllegalArgumentException naming what is missing for a variant no engine plays faithfully
     */
    public static Map<String, String> variantOptions(Variant variant) {
        return switch (variant.name()) {
            case "standard" -> Map.of();
            case "chess960" -> Map.of("UCI_Chess960", "true");
            case "courier" -> Map.of("UCI_Variant", "courier");
            default -> throw new IllegalArgumentException("no engine plays " + variant.name() + ": Fairy-Stockfish knows"
                    + " Courier chess only with its historical rules ('courier'), without "
                    + (variant.name().equals("courier-jumps") ? "the leaping first moves of courier-jumps"
                    : "the modern promotion and castling rules of courier-modern") + "; play 'courier' against it");
        };
    }

    /** The options to set at start for {@code variant}: the variant's, the strength's, then the configured ones. */
    public Map<String, String> startOptions(Variant variant) {
        Map<String, String> out = new LinkedHashMap<>(variantOptions(variant));
        if (skill != null) out.put("Skill Level", Integer.toString(skill));
        if (elo != null) {
            out.put("UCI_LimitStrength", "true");
            out.put("UCI_Elo", Integer.toString(elo));
        }
        out.putAll(options);
        return out;
    }

    /** How the engine searches one move, before clocks are added. */
    public UciEngine.Go go() {
        return new UciEngine.Go(null, null, null, null, moveTime == null ? null : moveTime.toMillis(), depth, null);
    }

    @Override
    public String toString() {
        return String.join(" ", command) + (skill != null ? ", skill " + skill : "") + (elo != null ? ", elo " + elo : "")
                + (moveTime != null ? ", " + moveTime.toMillis() + " ms a move" : "") + (depth != null ? ", depth " + depth : "");
    }
}
