package org.marelle.board.serial;

/**
 * A line that was not understood, with why and (printable, shortened) what it said, for counting and logging.
 *
 * @param reason what was wrong
 * @param detail the specifics, naming the field and column where there is one
 * @param line   the line as received, non-printable bytes shown as {@code \xNN}, cut to 80 characters
 */
public record Malformed(Reason reason, String detail, String line) {

    public enum Reason {
        /** The line's checksum does not match its contents: noise on the wire. */
        CHECKSUM,
        /** The line is longer than any valid line; the rest up to the next newline was dropped. */
        TOO_LONG,
        /** A byte outside printable ASCII. */
        NOT_ASCII,
        /** Checksum right, but the fields are wrong. */
        SYNTAX,
        /** Checksum right, but a message type this version does not know. */
        UNKNOWN
    }

    @Override
    public String toString() {
        return reason + ": " + detail + " in \"" + line + "\"";
    }
}
