package org.marelle.bridge.broadcast;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.bridge.simulation.HumanPlaySimulator;
import org.marelle.bridge.simulation.Profile;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * A physical board played by simulated hands, read by the real recognizer, published to a hub the way the game
 * session does: every committed move becomes a new snapshot, and the recognizer's view of the board goes along.
 * Stands in for the session until it is wired (issue 7).
 */
final class SimulatedBoard {

    private SimulatedBoard() {
    }

    /** Plays {@code moves} from {@code game}'s position; returns the game with every committed move. */
    static GameSnapshot play(BroadcastHub hub, BoardId board, GameSnapshot game, List<Move> moves, long seed) {
        Position initial = game.position();
        List<Occupancy> frames = HumanPlaySimulator.frames(initial, moves, Profile.HUMAN, seed);
        RecognizerState state = RecognizerState.start(initial);
        List<RecognitionEvent> events = new ArrayList<>();
        long end = 0;
        for (Occupancy frame : frames) {
            state = tickUntil(state, frame.atMillis(), events);
            Step step = state.accept(frame);
            events.addAll(step.events());
            state = step.state();
            game = publish(hub, board, game, state, events);
            end = frame.atMillis();
        }
        state = tickUntil(state, end + 60_000, events);
        Step last = state.tick(end + 60_000);
        events.addAll(last.events());
        return publish(hub, board, game, last.state(), events);
    }

    private static GameSnapshot publish(BroadcastHub hub, BoardId board, GameSnapshot game, RecognizerState state,
            List<RecognitionEvent> events) {
        for (RecognitionEvent e : events) {
            if (e instanceof RecognitionEvent.MoveCommitted c) {
                game = game.withMove(c.move());
            }
        }
        events.clear();
        game = game.withStatus(BoardStatus.of(state));
        hub.gameChanged(board, game);
        return game;
    }

    private static RecognizerState tickUntil(RecognizerState state, long before, List<RecognitionEvent> events) {
        for (int guard = 0; guard < 1000; guard++) {
            OptionalLong wake = state.wakeUpAt();
            if (wake.isEmpty() || wake.getAsLong() >= before || wake.getAsLong() <= state.now()) {
                break;
            }
            Step step = state.tick(wake.getAsLong());
            events.addAll(step.events());
            state = step.state();
        }
        return state;
    }
}
