package org.marelle.bridge.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * Plays a game through the simulated hands and the real recognizer and compares the committed moves with the
 * game's. The sensor frames are fed in order; between frames the recognizer is ticked at the first scan after the
 * time it asked to wake up ({@link RecognizerState#wakeUpAt()}), as a driver scanning at 40 Hz would.
 *
 * <p>Counting, per game: {@code correct} plies committed as in the game, in order; {@code wrong} 1 when a committed
 * move differs from the game's move at that ply (the comparison stops there and the plies after it count as missed);
 * {@code missed} plies of the game never committed; {@code spurious} committed moves beyond the game's end and
 * takebacks, new games or result gestures, none of which a game replay contains.
 */
public final class GameCheck {

    /**
     * The outcome for one game; {@code problem} describes the first thing that went wrong, or is null;
     * {@code questions}: how often the board asked which story happened (and the person touched a square).
     */
    public record Result(int plies, int correct, int wrong, int missed, int spurious, int mismatches, int questions,
                         String problem) {
        public boolean ok() {
            return wrong == 0 && missed == 0 && spurious == 0;
        }
    }

    private GameCheck() {
    }

    public static Result run(Position initial, List<Move> moves, Profile profile, long seed, RecognizerConfig config) {
        List<Occupancy> frames = HumanPlaySimulator.frames(initial, moves, profile, seed);
        return check(initial, moves, frames, config);
    }

    /**
     * How long the simulated person takes to notice the board asking which story happened and touch the square:
     * half a second to react, a quarter second touching.
     */
    static final long REACT_MILLIS = 500, TOUCH_MILLIS = 250;

    /**
     * Feeds the frames (with ticks) to a recognizer for {@code initial} and compares with {@code moves}. When the
     * board asks which of several stories happened ({@link RecognitionEvent.BoardAmbiguous}), the person answers as a
     * player would: touches the square of the story that is the game's, and goes on with the frames after that.
     */
    public static Result check(Position initial, List<Move> moves, List<Occupancy> frames, RecognizerConfig config) {
        Player player = new Player(RecognizerState.start(initial, config), moves);
        for (Occupancy original : frames) player.play(original);
        long end = (frames.isEmpty() ? 0 : frames.get(frames.size() - 1).atMillis()) + player.shift
                + config.longestWindow() + 1_000;
        player.waitUntil(end);
        player.events.addAll(player.state.tick(end).events());
        return compare(initial, moves, player.events);
    }

    /** The simulated person at the board, feeding the frames and answering the board's questions. */
    private static final class Player {
        final List<Move> moves;
        final List<RecognitionEvent> events = new ArrayList<>();
        RecognizerState state;
        long shift;
        Occupancy last;

        Player(RecognizerState state, List<Move> moves) {
            this.state = state;
            this.moves = moves;
        }

        /** Sets the board as {@code original} shows it, later by the time spent answering questions. */
        void play(Occupancy original) {
            Occupancy frame = original.at(original.atMillis() + shift);
            long answered = waitUntil(frame.atMillis());
            if (answered > frame.atMillis()) {
                shift += answered - frame.atMillis();
                frame = original.at(original.atMillis() + shift);
                waitUntil(frame.atMillis());
            }
            feed(frame);
        }

        /**
         * Lets time pass until {@code t}; if the board asks meanwhile, touches the square of the game's story.
         * Returns when the person is done answering (at most {@code t} when there was nothing to answer).
         */
        long waitUntil(long t) {
            int seen = events.size();
            state = tickUntil(state, t, events);
            RecognitionEvent.BoardAmbiguous asked = asked(events, seen);
            if (asked == null || last == null) return t;
            int square = squareOfTheGame(asked, moves, events);
            if (square < 0) return t;
            long touch = asked.atMillis() + REACT_MILLIS;
            Occupancy before = last;
            Occupancy touched = before.occupied(square) ? before.without(square) : before.with(square);
            for (Occupancy f : List.of(touched.at(touch), before.at(touch + TOUCH_MILLIS))) {
                state = tickUntil(state, f.atMillis(), events);
                feed(f);
            }
            // (The frames after the question wait until the person is done; a question in the meantime is not
            // answered again.)
            long done = touch + 2 * TOUCH_MILLIS;
            state = tickUntil(state, Math.max(t, done), events);
            return Math.max(t, done);
        }

        private void feed(Occupancy frame) {
            Step step = state.accept(frame);
            events.addAll(step.events());
            state = step.state();
            last = frame;
        }
    }

    private static RecognitionEvent.BoardAmbiguous asked(List<RecognitionEvent> events, int from) {
        for (int i = from; i < events.size(); i++) {
            if (events.get(i) instanceof RecognitionEvent.BoardAmbiguous a) return a;
        }
        return null;
    }

    /** The square of the story the game played at this point (after the moves committed so far), or -1. */
    private static int squareOfTheGame(RecognitionEvent.BoardAmbiguous asked, List<Move> moves,
                                       List<RecognitionEvent> events) {
        int ply = 0;
        for (RecognitionEvent e : events) {
            if (e instanceof MoveCommitted) ply++;
        }
        for (RecognitionEvent.StoryChoice c : asked.choices()) {
            if (ply + c.moves().size() <= moves.size() && c.moves().equals(moves.subList(ply, ply + c.moves().size()))) {
                return c.square();
            }
        }
        return -1;
    }

    private static RecognizerState tickUntil(RecognizerState state, long before, List<RecognitionEvent> events) {
        for (int guard = 0; guard < 100; guard++) {
            OptionalLong wake = state.wakeUpAt();
            if (wake.isEmpty()) break;
            if (wake.getAsLong() <= state.now()) {
                // A driver loop would tick at once, again and again.
                throw new IllegalStateException("the recognizer asks for a tick at " + wake.getAsLong() + ", not after now ("
                        + state.now() + ")");
            }
            long at = (wake.getAsLong() + HumanPlaySimulator.SCAN_MILLIS - 1) / HumanPlaySimulator.SCAN_MILLIS
                    * HumanPlaySimulator.SCAN_MILLIS;
            if (at >= before || at <= state.now()) break;
            Step step = state.tick(at);
            events.addAll(step.events());
            state = step.state();
            // The board asks a question: the person answers before more time passes.
            if (step.events().stream().anyMatch(e -> e instanceof RecognitionEvent.BoardAmbiguous)) break;
        }
        return state;
    }

    static Result compare(Position initial, List<Move> moves, List<RecognitionEvent> events) {
        int correct = 0, wrong = 0, spurious = 0, mismatches = 0, questions = 0;
        String problem = null;
        int ply = 0;
        boolean diverged = false;
        Position p = initial;
        for (RecognitionEvent e : events) {
            switch (e) {
                case MoveCommitted c -> {
                    if (diverged) break;
                    if (ply >= moves.size()) {
                        spurious++;
                        if (problem == null) problem = "t=" + c.atMillis() + ": extra move " + c.san() + " after the game's end";
                    } else if (c.move().equals(moves.get(ply))) {
                        correct++;
                        p = p.play(c.move());
                        ply++;
                    } else {
                        wrong++;
                        diverged = true;
                        if (problem == null) {
                            problem = "t=" + c.atMillis() + ": ply " + (ply + 1) + " committed " + c.san() + " instead of "
                                    + p.san(moves.get(ply));
                        }
                    }
                }
                case RecognitionEvent.TakenBack tb -> {
                    spurious++;
                    if (problem == null) problem = "t=" + tb.atMillis() + ": takeback of " + tb.plies() + " plies";
                }
                case RecognitionEvent.NewGameDetected ng -> {
                    spurious++;
                    if (problem == null) problem = "t=" + ng.atMillis() + ": new game";
                }
                case RecognitionEvent.ResultGesture rg -> {
                    spurious++;
                    if (problem == null) problem = "t=" + rg.atMillis() + ": result gesture " + rg.result();
                }
                case RecognitionEvent.BoardMismatch m -> mismatches++;
                case RecognitionEvent.BoardAmbiguous a -> questions++;
                default -> {
                }
            }
        }
        int missed = moves.size() - correct;
        if (missed > 0 && problem == null) {
            problem = "ply " + (correct + 1) + " (" + p.san(moves.get(correct)) + ") never committed";
        }
        return new Result(moves.size(), correct, wrong, missed, spurious, mismatches, questions, problem);
    }
}
