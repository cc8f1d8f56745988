package org.marelle.bridge.mqtt;

import java.util.regex.Pattern;

/**
 * Where one board of a round publishes on the broker (docs/mqtt.md): under {@code PREFIX/ROUND/BOARD/}, a retained
 * {@code game} snapshot, each session {@code event} with its sequence number, and a retained {@code status}
 * ({@code online}, or {@code offline} through the MQTT last will); the hub publishes the board's {@code control}.
 *
 * <pre>{@code
 * BoardTopics t = BoardTopics.of("marelle", "3", "12");
 * t.game();   // "marelle/3/12/game"
 * }</pre>
 *
 * @param prefix the club's topic root ({@code marelle})
 * @param round  the round (the game's {@code Round} tag), {@code -} when none
 * @param board  the board (its {@code Board} tag), as the broadcast names it
 */
public record BoardTopics(String prefix, String round, String board) {

    /** A topic level: no MQTT wildcard, no separator, no control character; short. */
    private static final Pattern LEVEL = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    public BoardTopics {
        for (String[] part : new String[][] {{"prefix", prefix}, {"round", round}, {"board", board}}) {
            if (part[1] == null || !LEVEL.matcher(part[1]).matches()) {
                throw new IllegalArgumentException(part[0] + " '" + part[1] + "' must be 1 to 64 letters, digits, '.',"
                        + " '-' or '_' (it is a level of the MQTT topic)");
            }
        }
    }

    /** Whether {@code level} can be a level of the topics: 1 to 64 letters, digits, '.', '-' or '_'. */
    public static boolean isLevel(String level) {
        return level != null && LEVEL.matcher(level).matches();
    }

    /** Whether {@code url} names a broker as Marelle reaches one: {@code tcp://HOST:PORT} or {@code ssl://HOST:PORT}. */
    public static boolean isBrokerUrl(String url) {
        return url != null && url.matches("(tcp|ssl)://[A-Za-z0-9.:\\[\\]_-]+(:[0-9]{1,5})?");
    }

    public static BoardTopics of(String prefix, String round, String board) {
        return new BoardTopics(prefix, round, board);
    }

    private String base() {
        return prefix + "/" + round + "/" + board + "/";
    }

    /** The retained snapshot of the board's game. */
    public String game() {
        return base() + "game";
    }

    /** Each session event, with its sequence number. */
    public String event() {
        return base() + "event";
    }

    /** The hub's retained orders for the board ({@link HubOrders}): the round's tags and the pairing. */
    public String control() {
        return base() + "control";
    }

    /** Retained {@code online} while the daemon is connected, {@code offline} (the last will) once it is gone. */
    public String status() {
        return base() + "status";
    }
}
