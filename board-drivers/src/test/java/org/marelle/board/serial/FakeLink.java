package org.marelle.board.serial;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A scripted serial link: reads hand out queued chunks (nothing queued: 0, as after a read timeout), then -1 once
 * {@link #unplug()} is called; writes are recorded as text.
 */
final class FakeLink implements SerialLink {
    final Deque<byte[]> incoming = new ArrayDeque<>();
    final List<String> written = new ArrayList<>();
    boolean gone;
    boolean failWrites;
    boolean closed;

    FakeLink send(String text) {
        incoming.add(text.getBytes(StandardCharsets.ISO_8859_1));
        return this;
    }

    void unplug() {
        gone = true;
    }

    /** Lines written since the last call. */
    List<String> takeWritten() {
        List<String> out = new ArrayList<>(written);
        written.clear();
        return out;
    }

    @Override
    public int read(byte[] buffer) {
        if (gone) return -1;
        byte[] next = incoming.poll();
        if (next == null) return 0;
        if (next.length > buffer.length) {
            incoming.addFirst(java.util.Arrays.copyOfRange(next, buffer.length, next.length));
            next = java.util.Arrays.copyOf(next, buffer.length);
        }
        System.arraycopy(next, 0, buffer, 0, next.length);
        return next.length;
    }

    @Override
    public void write(byte[] bytes) throws IOException {
        if (failWrites || gone) throw new IOException("device not configured");
        written.add(new String(bytes, StandardCharsets.US_ASCII));
    }

    @Override
    public void close() {
        closed = true;
    }
}
