package org.marelle.bridge.broadcast;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The Lichess broadcast round Marelle pushes its PGN to (section {@code broadcast.lichess} of the YAML file).
 *
 * @param baseUrl        Lichess's address, {@code https://lichess.org} unless testing against another server
 * @param roundId        the round's 8-character id, as in {@code https://lichess.org/broadcast/…/…/<roundId>}
 * @param token          a Lichess personal token with the {@code study:write} scope, of an account that may
 *                       contribute to the broadcast
 * @param initialBackoff the wait after a first failed push; it doubles after each further failure…
 * @param maxBackoff     …up to this
 * @param timeout        how long one push may take before it counts as failed
 */
public record LichessConfig(URI baseUrl, String roundId, String token, Duration initialBackoff, Duration maxBackoff,
        Duration timeout) {

    public static final URI LICHESS = URI.create("https://lichess.org");
    private static final Pattern ROUND_ID = Pattern.compile("[A-Za-z0-9]{8}");

    public LichessConfig {
        if (baseUrl == null) {
            baseUrl = LICHESS;
        }
        String scheme = baseUrl.getScheme();
        if (scheme == null || !(scheme.equals("https") || scheme.equals("http")) || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("broadcast.lichess.url: '" + baseUrl + "' is not an http(s) address");
        }
        if (roundId == null || !ROUND_ID.matcher(roundId).matches()) {
            throw new IllegalArgumentException("broadcast.lichess.round: '" + roundId
                    + "' is not a round id (8 letters or digits, the last part of the round's address)");
        }
        if (token == null || token.isBlank() || token.chars().anyMatch(c -> c <= ' ' || c > '~')) {
            throw new IllegalArgumentException(
                    "broadcast.lichess.token: a Lichess token with the study:write scope is needed (no spaces)");
        }
        Objects.requireNonNull(initialBackoff, "broadcast.lichess.initialBackoff");
        Objects.requireNonNull(maxBackoff, "broadcast.lichess.maxBackoff");
        Objects.requireNonNull(timeout, "broadcast.lichess.timeout");
        if (initialBackoff.isNegative() || initialBackoff.isZero()) {
            throw new IllegalArgumentException("broadcast.lichess.initialBackoff: must be positive, got " + initialBackoff);
        }
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("broadcast.lichess.maxBackoff: " + maxBackoff
                    + " is shorter than the initial backoff " + initialBackoff);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("broadcast.lichess.timeout: must be positive, got " + timeout);
        }
    }

    /** The round on lichess.org, retrying after 1 s, 2 s, 4 s… up to a minute, 20 s per push. */
    public static LichessConfig of(String roundId, String token) {
        return new LichessConfig(LICHESS, roundId, token, Duration.ofSeconds(1), Duration.ofMinutes(1),
                Duration.ofSeconds(20));
    }

    public LichessConfig withBaseUrl(URI url) {
        return new LichessConfig(url, roundId, token, initialBackoff, maxBackoff, timeout);
    }

    public LichessConfig withBackoff(Duration initial, Duration max) {
        return new LichessConfig(baseUrl, roundId, token, initial, max, timeout);
    }

    /** {@code <base>/api/broadcast/round/<roundId>/push} */
    public URI pushUri() {
        String base = baseUrl.toString();
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base + "/api/broadcast/round/" + roundId + "/push");
    }

    @Override
    public String toString() {
        // Never print the token (logs, error messages).
        return "LichessConfig[" + baseUrl + ", round " + roundId + ", backoff " + initialBackoff + ".." + maxBackoff + "]";
    }
}
