package org.marelle.bridge.session;

import java.io.IOException;

/**
 * Where a session records its events before anything else sees them. Both methods return once the event is on disk
 * (forced), a promise that it survives a power cut; or, when the disk refuses it (full, read-only), once it is kept in
 * memory to be written when the disk takes it again: {@link #saveStatus()} then says the record is not being saved.
 * The game goes on either way; an exception means the event could not even be kept.
 */
public interface SessionJournal {

    /** Whether every event is on disk, or why not. */
    default SaveStatus saveStatus() {
        return SaveStatus.SAVED;
    }

    /** Tries again to write what the disk refused; returns the status after. Cheap when everything is saved. */
    default SaveStatus retrySaving() {
        return saveStatus();
    }

    /**
     * What a person watching the board should know about the game's record, or null: the record is not being saved,
     * or what the last start recovered of a damaged journal, in moves.
     */
    default String recordNote() {
        SaveStatus s = saveStatus();
        return s.saved() ? null : s.describe();
    }

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
