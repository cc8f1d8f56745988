package org.marelle.bridge.config;

import java.net.URI;
import java.time.Duration;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.broadcast.LichessConfig;

/**
 * {@code broadcast}: the live broadcast (viewer page, PGN, JSON, event stream, control API, Lichess push; see
 * {@code docs/broadcast.md}). The section's presence switches it on; every key in it is optional and takes
 * {@link BroadcastConfig#defaults()}'s value. Times are whole seconds.
 *
 * @param bind      the address to listen on (default 127.0.0.1; 0.0.0.0 serves the LAN)
 * @param port      the TCP port (default 8080; 0 picks a free one)
 * @param token     the control API's bearer token; none switches the control API off
 * @param delay     seconds every public view lags behind the board (default 0)
 * @param notation  the viewer's move-list notation (default san)
 * @param language  the viewer page's language: auto (the default: the browser's), en, fr, de, es, it or nl
 * @param keepAlive seconds between keep-alive comments on an idle event stream (default 15)
 * @param eventLog  events kept for reconnecting clients (default 1000)
 * @param lichess   the Lichess round to push to; none for no push
 */
public record BroadcastSettings(String bind, Integer port, String token, Integer delay, String notation,
                                String language, Integer keepAlive, Integer eventLog, Lichess lichess) {

    /**
     * {@code broadcast.lichess}: see {@link LichessConfig}.
     *
     * @param round          the round's 8-character id (required)
     * @param token          a Lichess token with the study:write scope (required)
     * @param url            Lichess's address (default https://lichess.org)
     * @param initialBackoff seconds to wait after a first failed push (default 1)
     * @param maxBackoff     the longest wait between retries, seconds (default 60)
     * @param timeout        seconds one push may take (default 20)
     */
    public record Lichess(String round, String token, String url, Integer initialBackoff, Integer maxBackoff,
                          Integer timeout) {

        /** The push's configuration; throws IllegalArgumentException whose message starts with the key path. */
        public LichessConfig toLichessConfig() {
            LichessConfig d = LichessConfig.of("AAAAAAAA", "x");
            URI base;
            try {
                base = url == null ? LichessConfig.LICHESS : new URI(url.strip());
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException("broadcast.lichess.url: '" + url + "' is not an address");
            }
            return new LichessConfig(base, round, token,
                    initialBackoff == null ? d.initialBackoff() : Duration.ofSeconds(initialBackoff),
                    maxBackoff == null ? d.maxBackoff() : Duration.ofSeconds(maxBackoff),
                    timeout == null ? d.timeout() : Duration.ofSeconds(timeout));
        }
    }

    /** The broadcast's configuration; throws IllegalArgumentException whose message starts with the key path. */
    public BroadcastConfig toBroadcastConfig() {
        BroadcastConfig d = BroadcastConfig.defaults();
        return new BroadcastConfig(bind == null ? d.bindAddress() : bind, port == null ? d.port() : port, token,
                delay == null ? d.delay() : Duration.ofSeconds(delay), notation == null ? d.notation() : notation,
                language == null ? d.language() : language,
                keepAlive == null ? d.keepAlive() : Duration.ofSeconds(keepAlive),
                eventLog == null ? d.eventLogCapacity() : eventLog,
                lichess == null ? null : lichess.toLichessConfig());
    }
}
