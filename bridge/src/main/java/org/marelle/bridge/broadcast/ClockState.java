package org.marelle.bridge.broadcast;

import java.time.Duration;
import java.time.Instant;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.rules.Color;

/**
 * The players' clocks as the session last knew them: time left for each side (null when unknown), which one is
 * running (null when none), and when this was read, so a viewer can count down between two moves.
 */
public record ClockState(Duration white, Duration black, Color running, Instant asOf) {

    public ClockState {
        if ((white != null && white.isNegative()) || (black != null && black.isNegative())) {
            throw new IllegalArgumentException("a clock cannot show negative time: white " + white + ", black " + black);
        }
        if (running != null && asOf == null) {
            throw new IllegalArgumentException("a running clock needs the time it was read (asOf)");
        }
    }

    /**
     * Both clocks as a session's game left them: the side to move's as its turn began, running from then (a viewer
     * counts it down); a flag that fell shows 0; null for a game without clocks.
     */
    public static ClockState of(GameRecord game) {
        if (!game.hasClocks()) return null;
        Color toMove = game.position().turn();
        long white = game.clockOf(Color.WHITE), black = game.clockOf(Color.BLACK);
        if (game.reason().equals(GameSession.TIME_FORFEIT)) {
            if (toMove == Color.WHITE) white = 0; else black = 0;
        }
        boolean running = !game.isOver() && game.turnStartedAt() >= 0;
        return new ClockState(white < 0 ? null : Duration.ofMillis(white), black < 0 ? null : Duration.ofMillis(black),
                running ? toMove : null, running ? Instant.ofEpochMilli(game.turnStartedAt()) : null);
    }

    /** The time left for one side, or null. */
    public Duration of(Color side) {
        return side == Color.WHITE ? white : black;
    }
}
