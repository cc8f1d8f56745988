package org.marelle.bridge.broadcast;

import java.nio.charset.StandardCharsets;

/**
 * One public event as the event stream sends it: a global, increasing id (what {@code Last-Event-ID} names), the
 * board it is about, its type ({@code move}, {@code takeback}, {@code newgame}, {@code result}, {@code tags},
 * {@code drawoffer}, {@code mismatch}, {@code insync}, {@code status}, {@code clock}, {@code state}) and its JSON
 * data. The whole Server-Sent-Events frame is encoded once and written as it is to every client; only the frame is
 * kept (the log holds a thousand of them).
 */
public record BroadcastEvent(long id, BoardId board, String type, byte[] frame) {

    static BroadcastEvent of(long id, BoardId board, String type, String json) {
        return new BroadcastEvent(id, board, type, frame(id, type, json));
    }

    /** The event's JSON data, read back from the frame. */
    public String json() {
        String f = new String(frame, StandardCharsets.UTF_8);
        int start = f.indexOf("\ndata: ") + 7;
        return f.substring(start, f.length() - 2);
    }

    /** {@code id: …}, {@code event: …}, {@code data: …} and the blank line. The JSON is one line (no raw line ends). */
    static byte[] frame(long id, String type, String json) {
        if (json.indexOf('\n') >= 0 || json.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("event data must be one line");
        }
        return ("id: " + id + "\nevent: " + type + "\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "BroadcastEvent[" + id + " " + type + " board " + board + "]";
    }
}
