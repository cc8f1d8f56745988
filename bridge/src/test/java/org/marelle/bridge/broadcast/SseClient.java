package org.marelle.bridge.broadcast;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A Server-Sent-Events client on a plain socket, as small as a test can read: HTTP/1.1 GET, chunked transfer
 * decoding, SSE frames. Every read is bounded by a socket timeout, so a test that waits for an event that never
 * comes fails instead of hanging. Light enough to open hundreds at once.
 */
final class SseClient implements AutoCloseable {

    /** One SSE block: an event (id, type, data), or a comment line (keep-alive). */
    record Frame(String id, String event, String data, String comment) {
        boolean isComment() {
            return comment != null;
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final int status;
    private final Map<String, String> headers;
    private int chunkLeft;
    private boolean chunked;

    private SseClient(Socket socket, InputStream in, int status, Map<String, String> headers) {
        this.socket = socket;
        this.in = in;
        this.status = status;
        this.headers = headers;
        this.chunked = "chunked".equalsIgnoreCase(headers.get("transfer-encoding"));
    }

    static SseClient open(URI base, String pathAndQuery, String lastEventId, Duration timeout) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), (int) timeout.toMillis());
        socket.setSoTimeout((int) timeout.toMillis());
        OutputStream out = socket.getOutputStream();
        StringBuilder request = new StringBuilder("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + base.getHost() + ":"
                + base.getPort() + "\r\nAccept: text/event-stream\r\n");
        if (lastEventId != null) {
            request.append("Last-Event-ID: ").append(lastEventId).append("\r\n");
        }
        request.append("\r\n");
        out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        String statusLine = rawLine(in);
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = rawLine(in); !line.isEmpty(); line = rawLine(in)) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
        }
        return new SseClient(socket, in, status, headers);
    }

    int status() {
        return status;
    }

    String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The next event or comment; a {@link SocketTimeoutException} when none comes in the timeout. */
    Frame next() throws IOException {
        String id = null, event = null, comment = null;
        StringBuilder data = null;
        while (true) {
            String line = line();
            if (line.isEmpty()) {
                if (data != null || comment != null) {
                    return new Frame(id, event == null ? "message" : event, data == null ? null : data.toString(), comment);
                }
                continue; // e.g. a "retry:" block
            }
            if (line.startsWith(":")) {
                comment = line.substring(1).strip();
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "id" -> id = value;
                case "event" -> event = value;
                case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                default -> { }
            }
        }
    }

    /** The next event, skipping comments. */
    Frame nextEvent() throws IOException {
        Frame f;
        do {
            f = next();
        } while (f.isComment());
        return f;
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(256);
        while (true) {
            int c = body();
            if (c == '\n') {
                return b.toString(StandardCharsets.UTF_8);
            }
            b.write(c);
        }
    }

    /** One byte of the body, through the chunked encoding. */
    private int body() throws IOException {
        if (!chunked) {
            return byteOf(in);
        }
        if (chunkLeft == 0) {
            String size = rawLine(in);
            if (size.isEmpty()) {
                size = rawLine(in); // the CRLF after the previous chunk's data
            }
            int semicolon = size.indexOf(';');
            chunkLeft = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).strip(), 16);
            if (chunkLeft == 0) {
                throw new EOFException("the stream ended");
            }
        }
        chunkLeft--;
        return byteOf(in);
    }

    private static int byteOf(InputStream in) throws IOException {
        int c = in.read();
        if (c < 0) {
            throw new EOFException("the connection closed");
        }
        return c;
    }

    /** A CRLF-terminated line of the HTTP framing. */
    private static String rawLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(64);
        while (true) {
            int c = byteOf(in);
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
