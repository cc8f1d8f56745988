package org.marelle.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.bridge.recognition.RecognitionEvent.MoveProvisional;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.simulation.GameFiles;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.bridge.simulation.Sensors;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * How long after a move shows on the board the recognizer shows it (the first {@code MoveProvisional} or
 * {@code MoveCommitted} of it: what the LEDs light as the last move) and commits it, over whole games played by the
 * simulated hands and sensors, nobody answering the board's questions. Board time (the simulation's clock), not the
 * computer's: a measure of how the recognizer decides, to compare two ways of deciding on the same games. A measuring
 * tool, not a test.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.marelle.bench.DecisionLatency PROFILE HZ SEED GAMES [--search-only] FILE...
 * </pre>
 *
 * A ply shows when a settled frame first reads the position after it (a ply whose position the board never reads
 * whole, its reply begun before its landing was read, is left out and counted). Games are seeded as
 * {@code marelle simulate} seeds them; {@code --search-only}: every move decided by the story search alone
 * ({@link RecognizerConfig#searchOnly}).
 */
public final class DecisionLatency {

    private DecisionLatency() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: DecisionLatency PROFILE HZ SEED GAMES [--search-only] FILE...");
            System.exit(2);
        }
        Profile profile = Profile.byName(args[0]);
        int hz = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        int most = Integer.parseInt(args[3]);
        int first = 4;
        boolean searchOnly = args[first].equals("--search-only");
        if (searchOnly) first++;
        SensorModel sensors = profile.sensors().withScanning(hz, profile.sensors().debounceScans());
        RecognizerConfig config = RecognizerConfig.defaults().withSensors(sensors).withSearchOnly(searchOnly);
        List<Long> shown = new ArrayList<>(), committed = new ArrayList<>();
        int plies = 0, neverRead = 0, neverShown = 0;
        int index = 0;
        for (int f = first; f < args.length; f++) {
            GameFiles.Contents games = GameFiles.read(Path.of(args[f]));
            int played = 0;
            for (GameFiles.Game g : games.games()) {
                int at = index++;
                if (played++ >= most) continue;
                List<Move> moves = g.moves();
                int n = moves.size();
                plies += n;
                SquareSet[] after = new SquareSet[n];
                Position p = g.initial();
                for (int i = 0; i < n; i++) {
                    p = p.play(moves.get(i));
                    after[i] = p.occupancy();
                }
                long[] read = new long[n], lit = new long[n], done = new long[n];
                Arrays.fill(read, -1);
                Arrays.fill(lit, -1);
                Arrays.fill(done, -1);
                Decisions d = new Decisions(moves, lit, done);
                RecognizerState s = RecognizerState.start(g.initial(), config);
                int next = 0;
                for (Sensors.Settled x : HumanPlaySimulator.settled(g.initial(), moves, profile, sensors,
                        seed * 1_000_003L + at)) {
                    Occupancy frame = x.frame();
                    for (OptionalLong w = s.wakeUpAt(); w.isPresent() && w.getAsLong() < frame.atMillis()
                            && w.getAsLong() > s.now(); w = s.wakeUpAt()) {
                        var step = s.tick(w.getAsLong());
                        d.note(step.events(), w.getAsLong());
                        s = step.state();
                    }
                    // (The next plies' positions only: a repetition reads an old one again.)
                    for (int i = next; i < n && i < next + 3; i++) {
                        if (frame.squares().equals(after[i])) {
                            read[i] = frame.atMillis();
                            next = i + 1;
                            break;
                        }
                    }
                    var step = s.accept(frame);
                    d.note(step.events(), frame.atMillis());
                    s = step.state();
                }
                for (int i = 0; i < n; i++) {
                    if (read[i] < 0) {
                        neverRead++;
                    } else if (lit[i] < 0) {
                        neverShown++;
                    } else {
                        shown.add(Math.max(0, lit[i] - read[i]));
                        if (done[i] >= 0) committed.add(Math.max(0, done[i] - read[i]));
                    }
                }
            }
        }
        System.out.printf("plies %d (%s): shown %d after median %d, p90 %d, p99 %d ms; committed %d after median %d,"
                        + " p90 %d, p99 %d ms; never read whole %d, read but never shown %d%n",
                plies, searchOnly ? "the story search alone" : "as released", shown.size(), q(shown, 0.5),
                q(shown, 0.9), q(shown, 0.99), committed.size(), q(committed, 0.5), q(committed, 0.9),
                q(committed, 0.99), neverRead, neverShown);
    }

    private static long q(List<Long> values, double fraction) {
        if (values.isEmpty()) return -1;
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        return sorted[(int) Math.min(sorted.length - 1, sorted.length * fraction)];
    }

    /** Follows a game's decisions: when each ply was first shown and when it was committed. */
    private static final class Decisions {
        private final List<Move> moves;
        private final long[] lit, done;
        private int committed;

        Decisions(List<Move> moves, long[] lit, long[] done) {
            this.moves = moves;
            this.lit = lit;
            this.done = done;
        }

        void note(List<RecognitionEvent> events, long at) {
            for (RecognitionEvent e : events) {
                if (e instanceof MoveCommitted c) {
                    if (committed < moves.size() && c.move().equals(moves.get(committed))) {
                        if (done[committed] < 0) done[committed] = at;
                        if (lit[committed] < 0) lit[committed] = at;
                    }
                    committed++;
                } else if (e instanceof MoveProvisional m) {
                    // (A provisional move is the next ply's or, with a reply, the one after.)
                    for (int i = committed; i < moves.size() && i < committed + 2; i++) {
                        if (m.move().equals(moves.get(i)) && lit[i] < 0) {
                            lit[i] = at;
                            break;
                        }
                    }
                }
            }
        }
    }
}
