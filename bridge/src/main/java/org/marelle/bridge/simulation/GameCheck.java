package org.marelle.bridge.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.recognition.Step;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * Plays a game through the simulated hands and sensors and the real recognizer and compares the committed moves with
 * the game's. The recognizer is timed as in the daemon and in {@code marelle recognize}: each settled frame reaches it
 * with the time of its first agreeing scan (the daemon runs the recognizer a debounce behind its scans,
 * {@code BoardLoop.tick}, so a frame is never older than a tick), and between frames it is ticked exactly when it
 * asked to wake up ({@link RecognizerState#wakeUpAt()}). Until session 47 the frames came when settled and the ticks
 * on the next scan, which some decisions at 24 Hz depended on (docs/recognition.md, "Known limits").
 *
 * <p>Counting, per game, on the game as recorded in the end (a correction withdraws moves, the moves after it replace
 * them): {@code correct} plies recorded as in the game, in order; {@code wrong} 1 when a recorded move differs from
 * the game's move at that ply (the comparison stops there and the plies after it count as missed); {@code missed}
 * plies of the game never recorded; {@code spurious} recorded moves beyond the game's end and takebacks, new games or
 * result gestures, none of which a game replay contains; {@code corrections} how often the recognizer corrected moves
 * it had committed (each was shown wrong for a while: the board, the record and the broadcast showed it).
 */
public final class GameCheck {

    /**
     * The outcome for one game; {@code problem} describes the first thing that went wrong, or is null;
     * {@code questions}: how often the board asked which story happened (and the person touched a square).
     */
    public record Result(int plies, int correct, int wrong, int missed, int spurious, int mismatches, int questions,
                         int corrections, String problem) {
        public boolean ok() {
            return wrong == 0 && missed == 0 && spurious == 0;
        }

        /** The recognizer stopped following: plies were never committed, yet none was committed wrong. */
        public boolean stalled() {
            return wrong == 0 && missed > 0;
        }
    }

    private GameCheck() {
    }

    public static Result run(Position initial, List<Move> moves, Profile profile, long seed, RecognizerConfig config) {
        return run(initial, moves, profile, profile.sensors(), seed, config);
    }

    /** The same on another board than the profile's. */
    public static Result run(Position initial, List<Move> moves, Profile profile, SensorModel sensors, long seed,
                             RecognizerConfig config) {
        return run(initial, moves, profile, sensors, seed, config, true);
    }

    /**
     * The same, the person answering the board's questions or not ({@code answers} false: a board without LEDs, a
     * trace replayed, an operator away; the board then follows only as far as the moves after tell the stories apart).
     */
    public static Result run(Position initial, List<Move> moves, Profile profile, SensorModel sensors, long seed,
                             RecognizerConfig config, boolean answers) {
        return check(initial, moves, HumanPlaySimulator.settled(initial, moves, profile, sensors, seed), sensors, config,
                answers);
    }

    /**
     * How long the simulated person takes to notice the board asking which story happened and touch the square:
     * half a second to react, a quarter second touching; then the board is left as it was until the answer is taken
     * ({@link RecognizerConfig#ANSWER_MILLIS}) and a quarter second more.
     */
    static final long REACT_MILLIS = 500, TOUCH_MILLIS = 250;

    /**
     * Feeds the frames (with ticks) to a recognizer for {@code initial} and compares with {@code moves}. When the
     * board asks which of several stories happened ({@link RecognitionEvent.BoardAmbiguous}), the person answers as a
     * player would: touches the square of the story that is the game's, and goes on with the frames after that.
     */
    public static Result check(Position initial, List<Move> moves, List<Occupancy> frames, RecognizerConfig config) {
        // Frames without a sensor model: settled as they come, on the 40 Hz scans of the first four profiles.
        List<Sensors.Settled> settled = new ArrayList<>();
        for (Occupancy f : frames) settled.add(new Sensors.Settled(f, f.atMillis()));
        return check(initial, moves, settled, LEGACY_SCANS, config);
    }

    private static final SensorModel LEGACY_SCANS = SensorModel.ideal(40, 1);

    /** How many questions the person answers once the game's moves are made (each about moves the board holds). */
    private static final int MOST_QUESTIONS_AT_THE_END = 4;

    /** The same with settled frames from a board with {@code sensors}. */
    public static Result check(Position initial, List<Move> moves, List<Sensors.Settled> frames, SensorModel sensors,
                               RecognizerConfig config) {
        return check(initial, moves, frames, sensors, config, true);
    }

    private static Result check(Position initial, List<Move> moves, List<Sensors.Settled> frames, SensorModel sensors,
                                RecognizerConfig config, boolean answers) {
        // The recognizer knows the board it reads, as the daemon's configuration tells it.
        Player player = new Player(RecognizerState.start(initial, config.withSensors(sensors)), moves, answers);
        for (Sensors.Settled original : frames) player.play(original);
        // (After the last move the board stays still while the result is settled: longer than a piece is held. A
        // question then is answered, and the board is left still as long again for what it decides after.)
        long still = Math.max(config.longestWindow(), config.holdMillis()) + 1_000;
        long end = (frames.isEmpty() ? 0 : frames.get(frames.size() - 1).settledAt()) + player.shift + still;
        for (int questions = 0; questions < MOST_QUESTIONS_AT_THE_END; questions++) {
            int asked = player.questions();
            long done = player.waitUntil(end);
            if (player.questions() == asked) break;
            end = Math.max(end, done) + still;
        }
        player.events.addAll(player.state.tick(end).events());
        return compare(initial, moves, player.events);
    }

    /** The simulated person at the board, feeding the frames and answering the board's questions. */
    private static final class Player {
        final List<Move> moves;
        /** Whether the person answers the board's questions. */
        final boolean answers;
        final List<RecognitionEvent> events = new ArrayList<>();
        RecognizerState state;
        long shift;
        Occupancy last;
        /** How many of the events the person has looked at for a question. */
        int looked;

        Player(RecognizerState state, List<Move> moves, boolean answers) {
            this.state = state;
            this.moves = moves;
            this.answers = answers;
        }

        /**
         * Sets the board as {@code original} shows it, later by the time spent answering questions; the recognizer
         * gets the frame at the time of its first agreeing scan, as the daemon's board loop gives it (it runs the
         * recognizer a debounce behind the scans, so every tick before that time has happened and none after it).
         */
        void play(Sensors.Settled original) {
            long at = original.frame().atMillis() + shift;
            long answered = waitUntil(at);
            if (answered > at) {
                shift += answered - at;
                at = original.frame().atMillis() + shift;
                waitUntil(at);
            }
            feed(original.frame().at(at));
        }

        /**
         * Lets time pass until {@code t}; if the board asks meanwhile, touches the square of the game's story.
         * Returns when the person is done answering (at most {@code t} when there was nothing to answer).
         */
        long waitUntil(long t) {
            // (From the last event the person looked at: a question a frame raised is answered too, not only one a
            // tick raised.)
            int seen = looked;
            state = tickUntil(state, t, events);
            looked = events.size();
            long until = t;
            // (A question the board asks once the answer to the one before is taken is answered too, as a person at
            // the board would: Lichess 2016-05 game 60 under `swap` at 40 Hz, -Pslow seed 1, the game's last moves
            // Bg5 Nxe2 asked a move at a time, the second question never answered.)
            for (int answered = 0; answered < MOST_QUESTIONS_AT_THE_END; answered++) {
                // (Only a question the board still asks: one withdrawn in the step that asked it, as the board
                // changed at once, never lit the squares. Lichess 2016-05 game 1314 under `swap` at 24 Hz, seed 7: the
                // question asked as a knight's Hall sensor dropped out was gone with the dropout, and the touch meant
                // to answer it was read as the queen lifted.)
                RecognitionEvent.BoardAmbiguous asked = lastAsked(events, seen);
                if (asked == null || state.question().isEmpty() || last == null || !answers) return until;
                seen = events.size();
                looked = seen;
                int square = squareOfTheGame(asked, moves, events);
                if (square < 0) return until;
                long touch = asked.atMillis() + REACT_MILLIS;
                Occupancy before = last;
                Occupancy touched = before.occupied(square) ? before.without(square) : before.with(square);
                // (Nor one the board stopped asking while the person reacted.)
                state = tickUntil(state, touch, events);
                if (state.question().isEmpty()) {
                    looked = events.size();
                    return Math.max(until, touch);
                }
                // (The touch is given to the recognizer as frames directly: a deliberate quarter second, longer than
                // any debouncing.)
                for (Occupancy f : List.of(touched.at(touch), before.at(touch + TOUCH_MILLIS))) {
                    state = tickUntil(state, f.atMillis(), events);
                    feed(f);
                }
                // (The frames after the question wait until the person is done: the board takes the answer once it
                // stayed as it was for a while after the touch, and the person waits for the lights to say so.)
                long done = touch + TOUCH_MILLIS + RecognizerConfig.ANSWER_MILLIS + TOUCH_MILLIS;
                until = Math.max(until, done);
                // (A question the answer itself brings, asked as the touch ends, is answered next, before time goes
                // on: Morphy game 209 under `swap` at 24 Hz, seed 6, Nxc8+ chosen, then "Qxd6#?" asked at once; the
                // clock was run on to the game's end first, the board asked again meanwhile, and the touch then given
                // in the past answered neither.)
                looked = events.size();
                if (lastAsked(events, seen) != null) continue;
                state = tickUntil(state, until, events);
                looked = events.size();
            }
            return until;
        }

        /** How many questions the board has asked so far. */
        int questions() {
            return (int) events.stream().filter(e -> e instanceof RecognitionEvent.BoardAmbiguous).count();
        }

        private void feed(Occupancy frame) {
            Step step = state.accept(frame);
            events.addAll(step.events());
            state = step.state();
            last = frame;
        }
    }

    /** The last question asked among {@code events} from {@code from} on, or null. */
    private static RecognitionEvent.BoardAmbiguous lastAsked(List<RecognitionEvent> events, int from) {
        for (int i = events.size() - 1; i >= from; i--) {
            if (events.get(i) instanceof RecognitionEvent.BoardAmbiguous a) return a;
        }
        return null;
    }

    /** The square of the story the game played at this point (after the moves committed so far), or -1. */
    private static int squareOfTheGame(RecognitionEvent.BoardAmbiguous asked, List<Move> moves,
                                       List<RecognitionEvent> events) {
        // (Moves a correction or a takeback withdrew are no longer the game's: Lichess 2016-05 game 529 under `swap`
        // at 24 Hz, seed 6, asked about its last move after a correction, went unanswered, counted one ply too far.)
        int ply = 0;
        for (RecognitionEvent e : events) {
            if (e instanceof MoveCommitted) ply++;
            if (e instanceof RecognitionEvent.Corrected c) ply -= c.undone().size();
            if (e instanceof RecognitionEvent.TakenBack b) ply -= b.undone().size();
        }
        for (RecognitionEvent.StoryChoice c : asked.choices()) {
            // (A story may begin before moves already committed: asked whether to keep them.)
            int from = ply - c.withdrawn();
            if (from >= 0 && from + c.moves().size() <= moves.size()
                    && c.moves().equals(moves.subList(from, from + c.moves().size()))) {
                return c.square();
            }
        }
        return -1;
    }

    /**
     * Ticks whenever the recognizer asks, exactly then, until {@code before}: the daemon's board loop wakes the
     * recognizer at the time it asked for, on a clock a debounce behind the scans ({@code BoardLoop.tick}).
     */
    private static RecognizerState tickUntil(RecognizerState state, long before, List<RecognitionEvent> events) {
        for (int guard = 0; guard < 100; guard++) {
            OptionalLong wake = state.wakeUpAt();
            if (wake.isEmpty()) break;
            if (wake.getAsLong() <= state.now()) {
                // A driver loop would tick at once, again and again.
                throw new IllegalStateException("the recognizer asks for a tick at " + wake.getAsLong() + ", not after now ("
                        + state.now() + ")");
            }
            long at = wake.getAsLong();
            if (at >= before) break;
            Step step = state.tick(at);
            events.addAll(step.events());
            state = step.state();
            // The board asks a question: the person answers before more time passes.
            if (step.events().stream().anyMatch(e -> e instanceof RecognitionEvent.BoardAmbiguous)) break;
        }
        return state;
    }

    static Result compare(Position initial, List<Move> moves, List<RecognitionEvent> events) {
        int spurious = 0, mismatches = 0, questions = 0, corrections = 0;
        String problem = null;
        String corrected = null;
        // The game as recorded: a correction withdraws its last moves and the moves after it replace them.
        List<MoveCommitted> record = new ArrayList<>();
        for (RecognitionEvent e : events) {
            switch (e) {
                case MoveCommitted c -> record.add(c);
                case RecognitionEvent.Corrected c -> {
                    corrections++;
                    int from = Math.max(0, record.size() - c.plies());
                    if (corrected == null) {
                        corrected = "t=" + c.atMillis() + ": ply " + (from + 1) + " corrected (" + String.join(" ",
                                record.subList(from, record.size()).stream().map(MoveCommitted::san).toList())
                                + " withdrawn)";
                    }
                    record.subList(from, record.size()).clear();
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
        int correct = 0, wrong = 0;
        Position p = initial;
        for (MoveCommitted c : record) {
            if (correct >= moves.size()) {
                spurious++;
                if (problem == null) problem = "t=" + c.atMillis() + ": extra move " + c.san() + " after the game's end";
            } else if (c.move().equals(moves.get(correct))) {
                correct++;
                p = p.play(c.move());
            } else {
                // (The comparison stops here: the plies after it count as missed.)
                wrong++;
                if (problem == null) {
                    problem = "t=" + c.atMillis() + ": ply " + (correct + 1) + " committed " + c.san() + " instead of "
                            + p.san(moves.get(correct));
                }
                break;
            }
        }
        int missed = moves.size() - correct;
        if (missed > 0 && problem == null) {
            problem = "ply " + (correct + 1) + " (" + p.san(moves.get(correct)) + ") never committed";
        }
        if (problem == null) problem = corrected;
        return new Result(moves.size(), correct, wrong, missed, spurious, mismatches, questions, corrections, problem);
    }
}
