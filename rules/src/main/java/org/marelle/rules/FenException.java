package org.marelle.rules;

/** A FEN that cannot be read. The message names the field and quotes the text, e.g. "rank 3 has 9 squares". */
public class FenException extends IllegalArgumentException {
    public FenException(String message) {
        super(message);
    }
}
