package org.marelle.bridge.simulation;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.marelle.bridge.session.TimeControl;
import org.marelle.rules.Color;
import org.marelle.rules.pgn.GameNode;
import org.marelle.rules.pgn.PgnGame;

/**
 * The clocks a recorded game carries ({@code [%clk 0:04:58]} after each move, as Lichess and broadcasts write them),
 * turned into how long each player thought: so that simulated hands replaying the game take the time its players
 * took.
 */
public final class SourceClocks {

    private static final Pattern CLK = Pattern.compile("\\[%clk\\s+(\\d+):(\\d{1,2}):(\\d{1,2}(?:\\.\\d+)?)\\s*]");

    /** What making a move takes a hand, out of the time a clock counts for it. */
    static final long HAND_MILLIS = 700;
    /** The least a reply takes: the hand reaches the board. */
    static final long QUICKEST_MILLIS = 150;

    private SourceClocks() {
    }

    /** Each mainline move's clock, in milliseconds; -1 where the move has none. */
    public static long[] clocks(PgnGame g) {
        List<?> moves = g.mainline();
        long[] out = new long[moves.size()];
        GameNode node = g.root();
        for (int i = 0; i < out.length; i++) {
            node = node.next().orElseThrow();
            out[i] = -1;
            for (String c : node.commentsAfter()) {
                Matcher m = CLK.matcher(c);
                if (m.find()) {
                    out[i] = Long.parseLong(m.group(1)) * 3_600_000 + Long.parseLong(m.group(2)) * 60_000
                            + Math.round(Double.parseDouble(m.group(3)) * 1000);
                }
            }
        }
        return out;
    }

    /**
     * How long each move's player thought, from the clocks (the time a move took, its increment given back, less
     * what the hand itself takes); null unless every move has a clock. The time control comes from the
     * {@code TimeControl} tag when it has a single period; otherwise the increment is taken as the largest rise of a
     * player's clock from one move to the next, and each player's first move as quick.
     */
    public static long[] thinking(PgnGame g) {
        long[] clk = clocks(g);
        if (clk.length == 0) return null;
        for (long c : clk) if (c < 0) return null;
        TimeControl tc = timeControl(g);
        int first = g.initial().turn() == Color.WHITE ? 0 : 1;
        long inc;
        long[] last = new long[2];
        if (tc != null) {
            inc = tc.periods().get(0).incrementMillis();
            last[0] = last[1] = tc.initialMillis();
        } else {
            inc = 0;
            for (int i = 2; i < clk.length; i++) inc = Math.max(inc, clk[i] - clk[i - 2]);
            // Unknown start: each player's first move as if it took the increment alone.
            last[first] = clk[0];
            if (clk.length > 1) last[first ^ 1] = clk[1];
        }
        long[] out = new long[clk.length];
        int side = first;
        for (int i = 0; i < clk.length; i++, side ^= 1) {
            long spent = Math.max(0, last[side] - clk[i] + inc);
            out[i] = Math.max(QUICKEST_MILLIS, spent - HAND_MILLIS);
            last[side] = clk[i];
        }
        return out;
    }

    /** The game's time control when its tag has one period (the only kind whose clocks replay simply), or null. */
    public static TimeControl timeControl(PgnGame g) {
        try {
            TimeControl tc = TimeControl.parse(g.tags().get("TimeControl")).orElse(null);
            return tc == null || tc.periods().size() != 1 || tc.periods().get(0).moves() != 0 ? null : tc;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
