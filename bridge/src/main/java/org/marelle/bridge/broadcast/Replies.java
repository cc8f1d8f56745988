package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Writing HTTP responses: bodies with their length, JSON errors that name the field at fault. */
final class Replies {

    static final String JSON_TYPE = "application/json; charset=utf-8";

    private Replies() {
    }

    /** A response with a body (none for HEAD, as HTTP wants: the headers are the same). */
    static void send(HttpExchange ex, int status, String contentType, byte[] body) throws IOException {
        if (contentType != null) {
            ex.getResponseHeaders().set("Content-Type", contentType);
        }
        boolean head = ex.getRequestMethod().equals("HEAD");
        // A client that does not take the answer is dropped after the send timeout (see ConnectionGuard).
        try (var sending = ConnectionGuard.sending()) {
            if (head || status == 304 || status == 204) {
                ex.sendResponseHeaders(status, -1);
            } else {
                ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
            ex.close();
        }
    }

    static void text(HttpExchange ex, int status, String contentType, String body) throws IOException {
        send(ex, status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    static void json(HttpExchange ex, int status, Object value) throws IOException {
        try {
            send(ex, status, JSON_TYPE, GameRenderer.JSON.writeValueAsBytes(value));
        } catch (JsonProcessingException e) {
            throw new IOException("response does not serialise", e);
        }
    }

    /** {@code {"error": message, "field": field}}, the field left out when null. */
    static void error(HttpExchange ex, int status, String field, String message) throws IOException {
        ObjectNode body = GameRenderer.JSON.createObjectNode();
        body.put("error", message);
        if (field != null) {
            body.put("field", field);
        }
        body.put("status", status);
        json(ex, status, body);
    }
}
