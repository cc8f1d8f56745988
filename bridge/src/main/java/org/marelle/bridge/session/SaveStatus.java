package org.marelle.bridge.session;

/**
 * Whether the game's record is on disk: every event the session recorded is in the journal, or the disk refused
 * (full, read-only, failing) and the game goes on in memory until the journal can write again.
 *
 * @param problem why the record is not being saved (the disk's words, with the folder), or null when it is
 * @param waiting events kept in memory that the journal has not written yet
 */
public record SaveStatus(String problem, int waiting) {

    public static final SaveStatus SAVED = new SaveStatus(null, 0);

    public boolean saved() {
        return problem == null;
    }

    /** One line for the log and the viewer. */
    public String describe() {
        return saved() ? "the game's record is saved"
                : "the game's record is not being saved (" + problem + "): the game goes on in memory, " + waiting
                + (waiting == 1 ? " event waits" : " events wait") + " to be written when the disk takes them again";
    }
}
