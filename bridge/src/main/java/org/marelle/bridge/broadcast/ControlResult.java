package org.marelle.bridge.broadcast;

/** The session's answer to a control action. */
public sealed interface ControlResult {

    /** Done; {@code message} says what happened ("new game 7f3a… on board 1"). */
    record Accepted(String message) implements ControlResult {
    }

    /**
     * Not possible now (HTTP 409): a takeback outside casual mode, a promotion choice with no pawn to promote…
     * {@code field} names the request field at fault, or is null when the game's state is.
     */
    record Rejected(String field, String message) implements ControlResult {
    }
}
