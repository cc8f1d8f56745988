package org.marelle.bridge.journal;

import java.io.IOException;

/** A journal that cannot be used as it is (not a journal, or records that do not replay); the message says where. */
public final class JournalException extends IOException {

    public JournalException(String message) {
        super(message);
    }

    public JournalException(String message, Throwable cause) {
        super(message, cause);
    }
}
