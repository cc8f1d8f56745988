package org.marelle.bridge.session;

import java.io.IOException;

/**
 * Where a session records its events before anything else sees them. Both methods return only once the event is on
 * disk (forced): a method that returned is a promise that the event survives a power cut.
 */
public interface SessionJournal {

    /** Appends one event of the current game. */
    void append(SessionEvent event) throws IOException;

    /**
     * Starts a new game: {@code start} becomes the first event of the current game, and {@code finished} (the game
     * that was current, or null when there was none) is archived when it has any move.
     */
    void startGame(GameRecord finished, SessionEvent.GameStarted start) throws IOException;

    /** A journal that keeps nothing, for tests and tools that need no crash safety. */
    SessionJournal NONE = new SessionJournal() {
        @Override
        public void append(SessionEvent event) {
        }

        @Override
        public void startGame(GameRecord finished, SessionEvent.GameStarted start) {
        }
    };
}
