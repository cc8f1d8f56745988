package org.marelle.bridge.daemon;

import java.util.Objects;

/**
 * What the player is told while an opponent elsewhere fails (an engine that does not answer, Lichess unreachable):
 * set on the daemon's thread, where the board loop shows it on the viewer and the LEDs; cleared when it answers again.
 */
final class OpponentNotes {

    private final EngineLink.Commands daemon;
    private volatile Runnable onChange = () -> {
    };

    OpponentNotes(EngineLink.Commands daemon) {
        this.daemon = daemon;
    }

    /** Called on the daemon's thread after the note changed (the broadcast publishes the board again). */
    void onChange(Runnable r) {
        onChange = Objects.requireNonNull(r, "onChange");
    }

    /** Shows {@code text} (null: nothing any more). */
    void set(String text) {
        daemon.submit(loop -> {
            if (Objects.equals(loop.opponentNote(), text)) return null;
            loop.opponentNote(text);
            onChange.run();
            return null;
        });
    }
}
