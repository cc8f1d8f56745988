package org.marelle.bridge.broadcast;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.marelle.rules.notation.Notations;

/**
 * How the live broadcast is served: where the HTTP server listens, the bearer token of the control API, the delay
 * applied to everything public, the notation of the viewer's move list, the language of the viewer page, and the
 * optional Lichess push.
 *
 * <p>The daemon's YAML file maps onto this record (section {@code broadcast}); errors name the YAML path
 * ({@code broadcast.port}, {@code broadcast.lichess.round}) so a wrong file is fixed at once.
 *
 * @param bindAddress      the address to listen on; {@code 127.0.0.1} (the default) serves this machine only,
 *                         {@code 0.0.0.0} the club's LAN too
 * @param port             the TCP port; 0 picks a free one (tests)
 * @param token            the bearer token the control API requires, or null to switch the control API off
 * @param delay            how long every public view (page, PGN, JSON, events, Lichess) lags behind the board,
 *                         for anti-cheating; zero for none
 * @param notation         the registry name of the move-list notation ({@code san}, {@code fr}, {@code figurine}…);
 *                         PGN stays standard SAN
 * @param language         the viewer page's language: {@code auto} (the default: the one the browser asks for, else
 *                         English) or one of {@link #VIEWER_LANGUAGES}; the move list keeps {@code notation}
 * @param keepAlive        how often an idle event stream gets a comment line, so proxies and browsers keep it open
 * @param eventLogCapacity how many events are kept for clients that reconnect with {@code Last-Event-ID}; one
 *                         that missed more gets the whole state again
 * @param lichess          the Lichess broadcast round to push to, or null for none
 * @param limits           what the HTTP server allows its clients (connections, time to send a request or take a
 *                         write), so that its memory stays bounded
 */
public record BroadcastConfig(String bindAddress, int port, String token, Duration delay, String notation,
        String language, Duration keepAlive, int eventLogCapacity, LichessConfig lichess, HttpLimits limits) {

    /** With the default {@link HttpLimits}. */
    public BroadcastConfig(String bindAddress, int port, String token, Duration delay, String notation,
            String language, Duration keepAlive, int eventLogCapacity, LichessConfig lichess) {
        this(bindAddress, port, token, delay, notation, language, keepAlive, eventLogCapacity, lichess,
                HttpLimits.defaults());
    }

    /** With the viewer in the browser's language and the default {@link HttpLimits}. */
    public BroadcastConfig(String bindAddress, int port, String token, Duration delay, String notation,
            Duration keepAlive, int eventLogCapacity, LichessConfig lichess) {
        this(bindAddress, port, token, delay, notation, AUTO_LANGUAGE, keepAlive, eventLogCapacity, lichess);
    }

    public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    /** Lichess allows broadcast delays up to an hour; more is surely a typo (seconds meant as minutes…). */
    public static final Duration MAX_DELAY = Duration.ofHours(1);
    /** A control token shorter than this is guessable; {@code openssl rand -hex 16} gives 32 characters. */
    public static final int MIN_TOKEN_LENGTH = 16;
    /** The viewer follows the browser's languages ({@code navigator.languages}); English when it has none of them. */
    public static final String AUTO_LANGUAGE = "auto";
    /**
     * The languages the viewer page is written in: those of the move notations Marelle has. {@code viewer.html} holds
     * a table of texts for each; a language added here needs its table there.
     */
    public static final List<String> VIEWER_LANGUAGES = List.of("en", "fr", "de", "es", "it", "nl");

    public BroadcastConfig {
        if (bindAddress == null || bindAddress.isBlank()) {
            throw new IllegalArgumentException("broadcast.bind: an address is needed, e.g. 127.0.0.1 or 0.0.0.0");
        }
        bindAddress = bindAddress.strip();
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("broadcast.port: " + port + " is outside 0..65535");
        }
        if (token != null) {
            if (token.length() < MIN_TOKEN_LENGTH || token.chars().anyMatch(c -> c <= ' ' || c > '~')) {
                throw new IllegalArgumentException("broadcast.token: needs at least " + MIN_TOKEN_LENGTH
                        + " printable ASCII characters without spaces (e.g. from 'openssl rand -hex 16'), got "
                        + token.length() + " characters");
            }
        }
        Objects.requireNonNull(delay, "broadcast.delay");
        if (delay.isNegative() || delay.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("broadcast.delay: " + delay.toSeconds() + " s is outside 0..3600 s");
        }
        if (notation == null) {
            notation = "san";
        }
        try {
            notation = Notations.byName(notation).name();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("broadcast.notation: " + e.getMessage(), e);
        }
        language = viewerLanguage(language);
        Objects.requireNonNull(keepAlive, "broadcast.keepAlive");
        if (keepAlive.isNegative() || keepAlive.isZero()) {
            throw new IllegalArgumentException("broadcast.keepAlive: must be positive, got " + keepAlive);
        }
        if (eventLogCapacity < 16 || eventLogCapacity > 1_000_000) {
            throw new IllegalArgumentException("broadcast.eventLog: " + eventLogCapacity + " is outside 16..1000000");
        }
        Objects.requireNonNull(limits, "broadcast limits");
    }

    /** {@code auto} for null; a known language in lower case; else the error names the key and the known values. */
    private static String viewerLanguage(String name) {
        if (name == null) {
            return AUTO_LANGUAGE;
        }
        String key = name.strip().toLowerCase(Locale.ROOT);
        if (key.equals(AUTO_LANGUAGE) || VIEWER_LANGUAGES.contains(key)) {
            return key;
        }
        throw new IllegalArgumentException("broadcast.language: unknown language '" + name + "' (known: "
                + AUTO_LANGUAGE + ", " + String.join(", ", VIEWER_LANGUAGES) + ")");
    }

    /**
     * Loopback, port 8080, no control token, no delay, SAN, the viewer in the browser's language, keep-alive every
     * 15 s, 1000 events kept, no Lichess.
     */
    public static BroadcastConfig defaults() {
        return new BroadcastConfig(DEFAULT_BIND_ADDRESS, DEFAULT_PORT, null, Duration.ZERO, "san", AUTO_LANGUAGE,
                Duration.ofSeconds(15), 1000, null);
    }

    public BroadcastConfig withBindAddress(String address) {
        return new BroadcastConfig(address, port, token, delay, notation, language, keepAlive,
                eventLogCapacity, lichess, limits);
    }

    public BroadcastConfig withPort(int p) {
        return new BroadcastConfig(bindAddress, p, token, delay, notation, language, keepAlive,
                eventLogCapacity, lichess, limits);
    }

    public BroadcastConfig withToken(String t) {
        return new BroadcastConfig(bindAddress, port, t, delay, notation, language, keepAlive,
                eventLogCapacity, lichess, limits);
    }

    public BroadcastConfig withDelay(Duration d) {
        return new BroadcastConfig(bindAddress, port, token, d, notation, language, keepAlive,
                eventLogCapacity, lichess, limits);
    }

    public BroadcastConfig withNotation(String n) {
        return new BroadcastConfig(bindAddress, port, token, delay, n, language, keepAlive,
                eventLogCapacity, lichess, limits);
    }

    public BroadcastConfig withLanguage(String l) {
        return new BroadcastConfig(bindAddress, port, token, delay, notation, l, keepAlive, eventLogCapacity, lichess,
                limits);
    }

    public BroadcastConfig withKeepAlive(Duration k) {
        return new BroadcastConfig(bindAddress, port, token, delay, notation, language, k,
                eventLogCapacity, lichess, limits);
    }

    public BroadcastConfig withEventLogCapacity(int c) {
        return new BroadcastConfig(bindAddress, port, token, delay, notation, language, keepAlive, c, lichess, limits);
    }

    public BroadcastConfig withLimits(HttpLimits l) {
        return new BroadcastConfig(bindAddress, port, token, delay, notation, language, keepAlive,
                eventLogCapacity, lichess, l);
    }

    public BroadcastConfig withLichess(LichessConfig l) {
        return new BroadcastConfig(bindAddress, port, token, delay, notation, language, keepAlive,
                eventLogCapacity, l, limits);
    }

    /** Whether the control API is on (a token is configured). */
    public boolean controlEnabled() {
        return token != null;
    }

    @Override
    public String toString() {
        // Never print the token (logs, error messages).
        return "BroadcastConfig[" + bindAddress + ":" + port + ", control " + (token == null ? "off" : "on")
                + ", delay " + delay.toSeconds() + " s, notation " + notation + ", viewer language " + language
                + ", keep-alive " + keepAlive
                + ", " + eventLogCapacity + " events kept, lichess " + lichess + ", " + limits + "]";
    }
}
