package org.marelle.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.simulation.GameFiles;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.bridge.simulation.Sensors;

/**
 * Times every step of the recognizer (each settled frame, each tick it asked for) over whole games played by the
 * simulated hands and sensors, nobody answering the board's questions: how long the daemon's board loop waits on the
 * recognizer at worst, with the story search at rest, questions standing for many plies, and the search for a second
 * story of the moves committed. A measuring tool, not a test.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.marelle.bench.StepLatency PROFILE HZ SEED GAMES FILE...
 * </pre>
 *
 * Plays the first {@code GAMES} games of each file (as {@code marelle simulate} numbers its seeds: the seed times
 * 1,000,003 plus the game's index over all files), each three times, and keeps each step's fastest time (a GC
 * pause or the other core's load is not the recognizer's cost). Prints the number of steps, the median, p99 and
 * maximum, and the slowest steps, each timed again alone thirty times from the state it was taken from (the
 * recognizer's states are immutable), the median of those: a step's cost with the JIT warm, which the games' runs,
 * each step's code compiled or not yet, only bound from above.
 */
public final class StepLatency {

    private static final int RUNS = 3;
    private static final int SLOWEST = 8;
    /** How often each of the slowest steps is timed again alone (its state kept: the recognizer is immutable). */
    private static final int AGAIN = 30;

    /** A step: the state it was taken from and its input (a frame, or a tick when {@code frame} is null). */
    private record Slow(long nanos, String where, RecognizerState before, Occupancy frame, long tick) {
    }

    private StepLatency() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: StepLatency PROFILE HZ SEED GAMES FILE...");
            System.exit(2);
        }
        Profile profile = Profile.byName(args[0]);
        int hz = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        int most = Integer.parseInt(args[3]);
        SensorModel sensors = profile.sensors().withScanning(hz, profile.sensors().debounceScans());
        RecognizerConfig config = RecognizerConfig.defaults().withSensors(sensors);
        List<Long> all = new ArrayList<>();
        List<Slow> slowest = new ArrayList<>();
        int index = 0;
        for (int f = 4; f < args.length; f++) {
            GameFiles.Contents games = GameFiles.read(Path.of(args[f]));
            int played = 0;
            for (GameFiles.Game g : games.games()) {
                int at = index++;
                if (played++ >= most) continue;
                List<Sensors.Settled> frames = HumanPlaySimulator.settled(g.initial(), g.moves(), profile, sensors,
                        seed * 1_000_003L + at);
                long[] best = null;
                List<Slow> steps = new ArrayList<>();
                for (int run = 0; run < RUNS; run++) {
                    List<Long> nanos = new ArrayList<>();
                    RecognizerState s = RecognizerState.start(g.initial(), config);
                    for (Sensors.Settled x : frames) {
                        Occupancy frame = x.frame();
                        for (OptionalLong w = s.wakeUpAt(); w.isPresent() && w.getAsLong() < frame.atMillis()
                                && w.getAsLong() > s.now(); w = s.wakeUpAt()) {
                            RecognizerState before = s;
                            long t0 = System.nanoTime();
                            s = s.tick(w.getAsLong()).state();
                            nanos.add(System.nanoTime() - t0);
                            if (run == 0) steps.add(new Slow(0, where(g, "tick " + w.getAsLong()), before, null, w.getAsLong()));
                        }
                        RecognizerState before = s;
                        long t0 = System.nanoTime();
                        s = s.accept(frame).state();
                        nanos.add(System.nanoTime() - t0);
                        if (run == 0) steps.add(new Slow(0, where(g, "frame " + frame.atMillis()), before, frame, 0));
                    }
                    if (best == null) {
                        best = nanos.stream().mapToLong(Long::longValue).toArray();
                    } else {
                        for (int i = 0; i < best.length && i < nanos.size(); i++) best[i] = Math.min(best[i], nanos.get(i));
                    }
                }
                for (int i = 0; i < best.length; i++) {
                    all.add(best[i]);
                    Slow step = steps.get(i);
                    slowest.add(new Slow(best[i], step.where(), step.before(), step.frame(), step.tick()));
                }
                slowest.sort((a, b) -> Long.compare(b.nanos(), a.nanos()));
                if (slowest.size() > SLOWEST) slowest.subList(SLOWEST, slowest.size()).clear();
            }
        }
        long[] sorted = all.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        if (sorted.length == 0) {
            System.out.println("no steps");
            return;
        }
        System.out.printf("steps %d: median %.1f µs, p99 %.1f µs, p99.9 %.2f ms, max %.2f ms%n", sorted.length,
                sorted[sorted.length / 2] / 1e3, sorted[(int) (sorted.length * 0.99)] / 1e3,
                sorted[(int) (sorted.length * 0.999)] / 1e6, sorted[sorted.length - 1] / 1e6);
        System.out.println("the slowest steps (fastest of three in the games; then the median of " + AGAIN
                + " runs alone, the JIT warm):");
        for (Slow s : slowest) {
            long[] again = new long[AGAIN];
            for (int i = 0; i < AGAIN; i++) {
                long t0 = System.nanoTime();
                if (s.frame() == null) s.before().tick(s.tick());
                else s.before().accept(s.frame());
                again[i] = System.nanoTime() - t0;
            }
            Arrays.sort(again);
            System.out.printf("  %.2f ms, alone %.2f ms  %s%n", s.nanos() / 1e6, again[AGAIN / 2] / 1e6, s.where());
        }
    }

    private static String where(GameFiles.Game g, String step) {
        return g.source() + " game " + g.number() + ", " + step;
    }
}
