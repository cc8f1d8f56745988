package org.marelle.bridge.engine;

/** An engine that could not be started, died, hung, or said something unexpected; the message says which. */
public final class EngineException extends RuntimeException {

    public EngineException(String message) {
        super(message);
    }

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
