package org.marelle.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.zip.GZIPInputStream;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.pgn.PgnReader;

/**
 * Looks for the slowest catch-up in real games: for every ply {@code i} of every game, the recognizer restarted at
 * the position after ply {@code i} first reads the board after ply {@code i + 4} (the deepest the story search goes),
 * and the tick that searches it is timed. A measuring tool, not a test: the JMH benchmark ({@link CatchUpBenchmark})
 * gives the distribution for a few fixed situations; this finds which situations are worth fixing there.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.marelle.bench.CatchUpWorstCase FILE.pgn...
 * </pre>
 *
 * Prints the number of situations, the median, p99 and maximum time of the tick, the slowest situations, what was
 * decided, and the situations where the four plies were not committed as played (asked, waited, nothing, other
 * moves), which are the recognizer's business rather than speed's.
 */
public final class CatchUpWorstCase {

    private static final int PLIES = 4;
    /** Passes over every situation before timing: lets the JIT compile the search as it runs in the daemon. */
    private static final int WARM_UP_PASSES = 2;
    /**
     * Timed runs per situation, the fastest kept: a GC pause or the other core's load is not the search's cost (the
     * JMH benchmark shows those in its tail).
     */
    private static final int RUNS = 3;
    private static final int SLOWEST = 5;
    /** The issue's target for the four-ply search. */
    private static final long TARGET_NANOS = 20_000_000;
    private static final int EXAMPLES = 6;

    private record Situation(String game, int ply, CatchUpSituation s) {
    }

    private record Timed(Situation situation, long nanos, String decided) {
    }

    private CatchUpWorstCase() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: java -cp benchmarks.jar org.marelle.bench.CatchUpWorstCase FILE.pgn...");
            System.exit(2);
        }
        List<Situation> situations = new ArrayList<>();
        int games = 0;
        for (String a : args) {
            Path file = Path.of(a);
            try (Reader in = PgnReader.decode(open(file)); PgnReader reader = new PgnReader(in, file.toString())) {
                while (reader.hasNext()) {
                    switch (reader.next()) {
                        case PgnReader.Parsed p -> {
                            List<Move> moves = p.game().mainline();
                            if (moves.stream().anyMatch(m -> m instanceof Move.Null)) continue;
                            games++;
                            String name = file.getFileName() + " #" + p.gameNumber() + " " + p.game().tags().getOrDefault("White", "?")
                                    + " - " + p.game().tags().getOrDefault("Black", "?");
                            Position pos = p.game().initial();
                            for (int i = 0; i + PLIES <= moves.size(); i++) {
                                situations.add(new Situation(name, i, CatchUpSituation.restart(pos, moves.subList(i, i + PLIES))));
                                pos = pos.play(moves.get(i));
                            }
                        }
                        case PgnReader.Failed f -> System.err.println(file + " game " + f.gameNumber() + " skipped: " + f.error());
                    }
                }
            }
        }
        System.out.printf("%d games, %d situations (position after ply i, board after ply i+%d)%n", games, situations.size(), PLIES);

        long sink = 0;
        for (int pass = 0; pass < WARM_UP_PASSES; pass++) {
            for (Situation s : situations) sink += s.s().tick().events().size();
        }
        List<Timed> timed = new ArrayList<>(situations.size());
        for (Situation s : situations) {
            long best = Long.MAX_VALUE;
            Step step = null;
            for (int r = 0; r < RUNS; r++) {
                long t0 = System.nanoTime();
                step = s.s().tick();
                long t = System.nanoTime() - t0;
                best = Math.min(best, t);
            }
            sink += step.events().size();
            timed.add(new Timed(s, best, CatchUpSituation.decided(step, s.s().before.geometry())));
        }

        long[] nanos = timed.stream().mapToLong(Timed::nanos).sorted().toArray();
        long over = Arrays.stream(nanos).filter(n -> n > TARGET_NANOS).count();
        System.out.printf("tick (search + commit), fastest of %d runs per situation, after %d warm-up passes:%n", RUNS, WARM_UP_PASSES);
        System.out.printf("  median %s   p99 %s   max %s%n", ms(percentile(nanos, 0.50)), ms(percentile(nanos, 0.99)),
                ms(nanos[nanos.length - 1]));
        System.out.printf("  over %s: %d%n", ms(TARGET_NANOS), over);

        System.out.printf("%nslowest %d:%n", SLOWEST);
        timed.stream().sorted(Comparator.comparingLong(Timed::nanos).reversed()).limit(SLOWEST).forEach(t -> {
            Situation s = t.situation();
            System.out.printf("  %s  %s ply %d  %s  [%s]%n    %s%n", ms(t.nanos()), s.game(), s.ply(), s.s().before.fen(),
                    CatchUpSituation.san(s.s().before, s.s().played), t.decided());
        });

        // What the tick decided, against what was played.
        Map<String, List<Timed>> byOutcome = new LinkedHashMap<>();
        for (Timed t : timed) byOutcome.computeIfAbsent(outcome(t), k -> new ArrayList<>()).add(t);
        System.out.printf("%noutcomes of the tick at %d ms:%n", CatchUpSituation.TICK_AT);
        System.out.println("  (count; of them, played line outside the search's bound; played line ending in a capture)");
        byOutcome.forEach((k, v) -> System.out.printf("  %6d  %6d  %6d  %s%n", v.size(),
                v.stream().filter(t -> !withinBound(t.situation().s())).count(),
                v.stream().filter(t -> endsInCapture(t.situation().s())).count(), k));
        byOutcome.forEach((k, v) -> {
            if (k.startsWith("committed the " + PLIES + " plies")) return;
            System.out.printf("%n%s (first %d):%n", k, Math.min(EXAMPLES, v.size()));
            for (Timed t : v.subList(0, Math.min(EXAMPLES, v.size()))) {
                Situation s = t.situation();
                System.out.printf("  %s ply %d  %s  [%s]  %s  -> %s%s%n", s.game(), s.ply(), s.s().before.fen(),
                        CatchUpSituation.san(s.s().before, s.s().played), ms(t.nanos()), t.decided(), later(s.s()));
            }
        });
        if (sink == 42) System.out.println();   // keeps the ticks' results alive for the JIT
    }

    /** The situation's outcome class: what was decided, compared with what was played. */
    private static String outcome(Timed t) {
        CatchUpSituation s = t.situation().s();
        if (s.prepared.inSync()) return "board shows the committed position (the plies undo each other): nothing to search";
        Step step = s.tick();
        List<Move> committed = new ArrayList<>();
        for (RecognitionEvent e : step.events()) if (e instanceof RecognitionEvent.MoveCommitted c) committed.add(c.move());
        if (committed.equals(s.played)) return "committed the " + PLIES + " plies as played";
        if (!committed.isEmpty()) {
            return committed.equals(s.played.subList(0, committed.size())) ? "committed the first " + committed.size() + " plies, then waited or asked"
                    : "committed other moves than played";
        }
        if (step.events().stream().anyMatch(e -> e instanceof RecognitionEvent.BoardAmbiguous)) return "asked";
        String later = later(s);
        if (later.contains("BoardMismatch")) return "nothing; the mismatch report follows";
        if (later.contains("no later tick due")) return "nothing; nothing more due (no mismatch report either)";
        return "nothing yet; a later tick commits or asks (a longer window still open)";
    }

    /**
     * Whether the search can find the line played: each move must start on a square whose occupancy differs between
     * the committed position and the board (or that an earlier move of the line reached), except one move, not the
     * last, from a square another piece fills again (b7-b6 and Bc8-b7); a piece gone and straight back, or two such
     * squares, are outside that bound. Mirrors StorySearch's rule for a board first read already moved on, to tell
     * the bound's misses from the readings' verdicts.
     */
    private static boolean withinBound(CatchUpSituation s) {
        Position after = s.before;
        for (Move m : s.played) after = after.play(m);
        SquareSet movable = s.before.occupancy().symmetricDifference(after.occupancy());
        int borrowed = -1;   // the one move from a square that never changed, as from × 256 + to
        for (int k = 0; k < s.played.size(); k++) {
            Move m = s.played.get(k);
            if (borrowed >= 0 && m.from() == (borrowed & 0xFF) && m.to() == borrowed >> 8) return false;
            boolean fromRook = m instanceof Move.Castle c && movable.contains(c.rookFrom());
            if (!movable.contains(m.from()) && !fromRook) {
                if (borrowed >= 0 || s.played.size() - k < 2) return false;
                borrowed = m.from() << 8 | m.to();
            }
            movable = m instanceof Move.Castle c ? movable.with(c.to()).with(c.rookTo()) : movable.with(m.to());
        }
        return true;
    }

    private static boolean endsInCapture(CatchUpSituation s) {
        Position p = s.before;
        for (int k = 0; k < s.played.size() - 1; k++) p = p.play(s.played.get(k));
        Move last = s.played.get(s.played.size() - 1);
        return last instanceof Move.EnPassant || (!(last instanceof Move.Castle) && p.pieceAt(last.to()) != null);
    }

    /** What later ticks decide, for a tick that decided nothing (not timed: only to tell waiting from giving up). */
    private static String later(CatchUpSituation s) {
        Step step = s.tick();
        if (!step.events().isEmpty()) return "";
        RecognizerState st = step.state();
        for (int k = 0; k < 4; k++) {
            OptionalLong at = st.wakeUpAt();
            if (at.isEmpty()) return "; no later tick due";
            step = st.tick(at.getAsLong());
            if (!step.events().isEmpty()) {
                return "; at " + at.getAsLong() + " ms: " + CatchUpSituation.decided(step, s.before.geometry());
            }
            st = step.state();
        }
        return "; still nothing after 4 more ticks";
    }

    private static long percentile(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static String ms(long nanos) {
        return String.format("%.3f ms", nanos / 1e6);
    }

    private static InputStream open(Path file) throws IOException {
        InputStream bytes = Files.newInputStream(file);
        return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(bytes, 1 << 16) : bytes;
    }
}
