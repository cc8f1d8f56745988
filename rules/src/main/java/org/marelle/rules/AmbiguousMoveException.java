package org.marelle.rules;

/** A SAN move that fits more than one legal move, e.g. {@code Nd2} when both knights can go there. */
public class AmbiguousMoveException extends IllegalArgumentException {
    public AmbiguousMoveException(String message) {
        super(message);
    }
}
