package org.marelle.bridge.daemon;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.ResultGestures;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A recorded game replayed by simulated hands on a sensor board: the sensor frames a person playing its moves would
 * make ({@link HumanPlaySimulator}), and, when the game ended otherwise than by the rules (a resignation, an agreed
 * draw), the players' result gesture with the kings after the last move, so that the result reaches the game session
 * the way it would over the board.
 *
 * @param frames  the frames, times in milliseconds from 0 (the first frame shows {@code start} at time 0)
 * @param gesture whether the frames end with a result gesture
 * @param result  the result the game should end with ("*" when it does not end)
 */
public record SimulatedGame(List<Occupancy> frames, boolean gesture, String result) {

    /** Quiet before the gesture, beyond the recognizer's longest window, so that the last move is committed first. */
    static final long GESTURE_PAUSE_MILLIS = 3_000;
    static final long HAND_MILLIS = 400;

    public SimulatedGame {
        frames = List.copyOf(frames);
    }

    /**
     * Plans the frames for playing {@code moves} from {@code start} and ending with {@code result}.
     *
     * @param longestWindow the recognizer's longest window: the gesture waits at least this long after the last move
     */
    public static SimulatedGame plan(Position start, List<Move> moves, String result, Profile profile, long seed,
                                     long longestWindow) {
        return plan(start, moves, result, profile, seed, longestWindow, null);
    }

    /**
     * The same, the person thinking {@code thinkMillis[i]} before move {@code i} (the source game's clocks;
     * null: as the profile would).
     */
    public static SimulatedGame plan(Position start, List<Move> moves, String result, Profile profile, long seed,
                                     long longestWindow, long[] thinkMillis) {
        List<Occupancy> frames = new ArrayList<>(thinkMillis == null ? HumanPlaySimulator.frames(start, moves, profile, seed)
                : HumanPlaySimulator.frames(start, moves, profile, seed, thinkMillis));
        Position end = start;
        for (Move m : moves) end = end.play(m);
        boolean byRules = end.outcome().map(o -> o.result().equals(result)).orElse(false);
        if (byRules || result.equals("*")) return new SimulatedGame(frames, false, result);
        SquareSet[] steps = gesture(end, result);
        if (steps == null) return new SimulatedGame(frames, false, result);
        long t = frames.get(frames.size() - 1).atMillis() + Math.max(GESTURE_PAUSE_MILLIS, longestWindow + 1_000);
        BoardGeometry g = start.geometry();
        for (SquareSet s : steps) {
            frames.add(Occupancy.of(g, s, t));
            t += HAND_MILLIS;
        }
        return new SimulatedGame(frames, true, result);
    }

    /** Time of the last frame. */
    public long lastMillis() {
        return frames.get(frames.size() - 1).atMillis();
    }

    /**
     * The boards a result gesture passes through (each king lifted, then put on its centre square), or null when
     * the centre squares it needs are taken by other pieces.
     */
    static SquareSet[] gesture(Position end, String result) {
        BoardGeometry g = end.geometry();
        int wk = end.king(Color.WHITE), bk = end.king(Color.BLACK);
        if (wk < 0 || bk < 0) return null;
        List<Integer> light = new ArrayList<>(), dark = new ArrayList<>();
        for (int sq : ResultGestures.centre(g).toArray()) (g.isLight(sq) ? light : dark).add(sq);
        List<int[]> options = new ArrayList<>();   // {white king's target, black king's target}
        switch (result) {
            case "1-0" -> {
                options.add(new int[] {light.get(0), light.get(1)});
                options.add(new int[] {light.get(1), light.get(0)});
            }
            case "0-1" -> {
                options.add(new int[] {dark.get(0), dark.get(1)});
                options.add(new int[] {dark.get(1), dark.get(0)});
            }
            default -> {
                for (int l : light) {
                    for (int d : dark) {
                        options.add(new int[] {l, d});
                        options.add(new int[] {d, l});
                    }
                }
            }
        }
        SquareSet occ = end.occupancy();
        int[] best = null;
        int bestMoves = 3;
        for (int[] o : options) {
            boolean whiteFree = o[0] == wk || !occ.contains(o[0]);
            boolean blackFree = o[1] == bk || !occ.contains(o[1]);
            if (!whiteFree || !blackFree) continue;
            int moves = (o[0] == wk ? 0 : 1) + (o[1] == bk ? 0 : 1);
            if (moves < bestMoves) {
                bestMoves = moves;
                best = o;
            }
        }
        if (best == null) return null;
        List<SquareSet> steps = new ArrayList<>();
        SquareSet board = occ;
        int[][] kings = {{wk, best[0]}, {bk, best[1]}};
        for (int[] k : kings) {
            if (k[0] == k[1]) continue;
            board = board.without(k[0]);
            steps.add(board);
            board = board.with(k[1]);
            steps.add(board);
        }
        if (!result.equals(ResultGestures.result(end, board))) return null;
        return steps.toArray(SquareSet[]::new);
    }
}
