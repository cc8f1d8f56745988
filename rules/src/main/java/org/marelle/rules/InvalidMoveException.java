package org.marelle.rules;

/** A move text that is not a move at all in the notation asked for (syntax), e.g. {@code "Nz9"}. */
public class InvalidMoveException extends IllegalArgumentException {
    public InvalidMoveException(String message) {
        super(message);
    }
}
