package org.marelle.bench;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.recognition.Step;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A restarted daemon catching up, prepared for timing: the recognizer starts at the committed position
 * {@code before}, its first frame (at 0 ms) already shows the board after {@code played}, and the tick at
 * {@link #TICK_AT} finds the board still for longer than the settle window, so it runs the story search and commits
 * (or asks). Shared by {@link CatchUpBenchmark} and {@link CatchUpWorstCase} so that both time the same work.
 */
final class CatchUpSituation {

    /**
     * Reed sensors scanned at 50 Hz with two-scan debouncing: the board the catch-up was written for (and the
     * strictest reading of captures: at 50 Hz a capture can never go unseen, so fewer stories survive).
     */
    static final RecognizerConfig CONFIG = RecognizerConfig.defaults().withSensors(SensorModel.reed(50, 2));

    /** Well past the settle window (250 ms) after the only frame, and before a mismatch is reported (1,500 ms). */
    static final long TICK_AT = 1_000;

    final Position before;
    final List<Move> played;
    /** The recognizer after its first frame: nothing decided yet, the catch-up due. */
    final RecognizerState prepared;

    private CatchUpSituation(Position before, List<Move> played, RecognizerState prepared) {
        this.before = before;
        this.played = List.copyOf(played);
        this.prepared = prepared;
    }

    /** The recognizer at {@code before}, first reading the board after {@code played}. */
    static CatchUpSituation restart(Position before, List<Move> played) {
        Position after = before;
        for (Move m : played) after = after.play(m);
        return new CatchUpSituation(before, played, RecognizerState.start(before, CONFIG).accept(frame(after.occupancy(), before.geometry(), 0)).state());
    }

    /** A frame showing {@code occ}, with no colours (the reed and Hall boards read occupancy only). */
    static Occupancy frame(SquareSet occ, BoardGeometry g, long at) {
        return Occupancy.of(g, occ, at);
    }

    /** The timed work: time passes, the still board is searched. */
    Step tick() {
        return prepared.tick(TICK_AT);
    }

    /** The moves in SAN from {@code p}, space-separated. */
    static String san(Position p, List<Move> moves) {
        List<String> out = new ArrayList<>();
        for (Move m : moves) {
            out.add(p.san(m));
            p = p.play(m);
        }
        return String.join(" ", out);
    }

    /** What one tick decided, in words: "committed 4 plies", "asked: ...", "nothing". */
    static String decided(Step step, BoardGeometry g) {
        List<Move> committed = new ArrayList<>();
        Position from = null;
        String corrected = "";
        for (RecognitionEvent e : step.events()) {
            if (e instanceof RecognitionEvent.Corrected c) {
                corrected = "corrected " + c.plies() + (c.plies() == 1 ? " ply" : " plies") + ", then ";
            } else if (e instanceof RecognitionEvent.MoveCommitted c) {
                if (from == null) from = c.before();
                committed.add(c.move());
            } else if (e instanceof RecognitionEvent.BoardAmbiguous a) {
                return "asked: " + RecognitionEvent.StoryChoice.describe(a.choices(), g);
            }
        }
        if (!committed.isEmpty()) return corrected + "committed " + committed.size() + (committed.size() == 1 ? " ply" : " plies") + " (" + san(from, committed) + ")";
        return step.events().isEmpty() ? "nothing" : "nothing committed (" + step.events().get(0).getClass().getSimpleName() + ")";
    }
}
