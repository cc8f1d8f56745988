package org.marelle.bridge.broadcast;

import java.time.Duration;
import java.util.Objects;

/**
 * What the HTTP server allows each client, so that its memory stays bounded whatever arrives (the daemon runs with a
 * 64 MiB heap, and anyone on the LAN can connect when it serves the LAN). The defaults fit that heap with room to
 * spare; see docs/broadcast.md, "Limits", for the figures behind them.
 *
 * @param maxConnections        requests served at once, event streams included; a connection over it is closed at
 *                              once, unanswered
 * @param maxConnectionsPerAddress requests served at once for one client address; over it, 429
 * @param requestTimeout        how long a client may take to send a request's line, headers and body, counted from its
 *                              first byte; then the connection is closed (a slow sender holds no thread for long)
 * @param sendTimeout           how long one write to a client may wait for the client to take it; then the connection
 *                              is closed (an event stream nobody reads is dropped)
 */
public record HttpLimits(int maxConnections, int maxConnectionsPerAddress, Duration requestTimeout,
        Duration sendTimeout) {

    public HttpLimits {
        if (maxConnections < 1 || maxConnections > 100_000) {
            throw new IllegalArgumentException("HTTP limits: maxConnections " + maxConnections + " is outside 1..100000");
        }
        if (maxConnectionsPerAddress < 1 || maxConnectionsPerAddress > maxConnections) {
            throw new IllegalArgumentException("HTTP limits: maxConnectionsPerAddress " + maxConnectionsPerAddress
                    + " is outside 1.." + maxConnections + " (maxConnections)");
        }
        Objects.requireNonNull(requestTimeout, "HTTP limits: requestTimeout");
        Objects.requireNonNull(sendTimeout, "HTTP limits: sendTimeout");
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("HTTP limits: requestTimeout must be positive, got " + requestTimeout);
        }
        if (sendTimeout.isNegative() || sendTimeout.isZero()) {
            throw new IllegalArgumentException("HTTP limits: sendTimeout must be positive, got " + sendTimeout);
        }
    }

    /** 256 requests at once, 32 per address, 10 s to send a request, 30 s for a client to take a write. */
    public static HttpLimits defaults() {
        return new HttpLimits(256, 32, Duration.ofSeconds(10), Duration.ofSeconds(30));
    }

    public HttpLimits withMaxConnections(int max, int perAddress) {
        return new HttpLimits(max, perAddress, requestTimeout, sendTimeout);
    }

    public HttpLimits withTimeouts(Duration request, Duration send) {
        return new HttpLimits(maxConnections, maxConnectionsPerAddress, request, send);
    }
}
