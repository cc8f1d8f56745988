package org.marelle.bridge.recognition;

import java.util.List;

/** The result of one input to the recognizer: the next state and what happened, in order. */
public record Step(RecognizerState state, List<RecognitionEvent> events) {

    public Step {
        events = List.copyOf(events);
    }
}
