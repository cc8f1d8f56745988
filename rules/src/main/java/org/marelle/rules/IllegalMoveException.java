package org.marelle.rules;

/** A well-formed move that is not legal in the position. */
public class IllegalMoveException extends IllegalArgumentException {
    public IllegalMoveException(String message) {
        super(message);
    }
}
