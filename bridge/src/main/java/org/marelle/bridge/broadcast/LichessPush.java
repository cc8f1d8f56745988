package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Pushes the round's PGN to a Lichess broadcast round after every public change (a committed move, a result, a
 * tag): {@code POST <base>/api/broadcast/round/<roundId>/push} with the PGN as {@code text/plain} and
 * {@code Authorization: Bearer <token>} (Lichess API, operation {@code broadcastPush}; the token needs the
 * {@code study:write} scope, and the round must have no source URL). Lichess cannot poll a board on a home network,
 * so Marelle pushes.
 *
 * <p>Never blocks the board: {@link #roundChanged} only notes the newest PGN and wakes the pusher's own virtual
 * thread. The latest PGN wins: PGNs that were overtaken while a push ran or waited are never sent, since each push
 * carries the whole round anyway. When the network is down or Lichess answers 5xx, the pusher waits
 * {@code initialBackoff}, doubling after each failure up to {@code maxBackoff}, then pushes the newest PGN; after
 * a 429 it waits a full minute, as Lichess asks. A PGN that Lichess refuses (400, 401, 403, 404) is not sent again:
 * retrying cannot help, and the next change tries anew; the reason is logged.
 */
public final class LichessPush implements BroadcastHub.RoundListener, AutoCloseable {

    /** Waits between two attempts; production sleeps, tests record the waits and return at once. */
    @FunctionalInterface
    public interface Pause {
        void pause(Duration d) throws InterruptedException;

        Pause SLEEP = d -> Thread.sleep(d);
    }

    /** What the pusher has done so far, for logs and tests. */
    public record Status(long pushedVersion, long attempts, long failures, int lastStatus, String lastError,
            Instant lastSuccess) {
    }

    /** Lichess asks API clients to wait a full minute after a 429. */
    static final Duration RATE_LIMIT_PAUSE = Duration.ofMinutes(1);

    private static final System.Logger LOG = System.getLogger(LichessPush.class.getName());

    private final LichessConfig config;
    private final HttpClient client;
    private final Pause pause;
    private final String userAgent;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Condition progressed = lock.newCondition();
    private BroadcastHub.RoundPgn newest;
    private long doneVersion;
    private long attempts;
    private long failures;
    private int lastStatus;
    private String lastError;
    private Instant lastSuccess;
    private boolean closed;
    private Thread worker;

    LichessPush(LichessConfig config, HttpClient client, Pause pause) {
        this.config = Objects.requireNonNull(config, "config");
        this.client = Objects.requireNonNull(client, "client");
        this.pause = Objects.requireNonNull(pause, "pause");
        String version = LichessPush.class.getPackage().getImplementationVersion();
        this.userAgent = "marelle/" + (version == null ? "dev" : version) + " (sensor chessboard broadcast)";
    }

    /** Pushes {@code hub}'s round to the configured Lichess round from now on, until {@link #close()}. */
    public static LichessPush start(LichessConfig config, BroadcastHub hub) {
        return start(config, hub, HttpClient.newBuilder().connectTimeout(config.timeout()).build(), Pause.SLEEP);
    }

    static LichessPush start(LichessConfig config, BroadcastHub hub, HttpClient client, Pause pause) {
        LichessPush push = new LichessPush(config, client, pause);
        push.worker = Thread.ofVirtual().name("lichess-push-" + config.roundId()).start(push::run);
        hub.addRoundListener(push);
        BroadcastHub.RoundPgn now = hub.publicState().round();
        if (!now.pgn().isEmpty()) {
            push.roundChanged(now);
        }
        return push;
    }

    /** Notes the newest PGN and returns at once. */
    @Override
    public void roundChanged(BroadcastHub.RoundPgn round) {
        lock.lock();
        try {
            if (newest == null || round.version() > newest.version()) {
                newest = round;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    public Status status() {
        lock.lock();
        try {
            return new Status(doneVersion, attempts, failures, lastStatus, lastError, lastSuccess);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the round PGN of {@code version} or a newer one is done with (pushed, or refused by Lichess), at
     * most {@code timeout}; true when it is. For tests and for a clean shutdown.
     */
    public boolean awaitDone(long version, Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        lock.lock();
        try {
            while (doneVersion < version) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = progressed.awaitNanos(nanos);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void run() {
        Duration backoff = config.initialBackoff();
        try {
            while (true) {
                BroadcastHub.RoundPgn round;
                lock.lock();
                try {
                    while (!closed && (newest == null || newest.version() <= doneVersion)) {
                        changed.await();
                    }
                    if (closed) {
                        return;
                    }
                    round = newest;
                    attempts++;
                } finally {
                    lock.unlock();
                }
                Duration wait = push(round, backoff);
                if (wait == null) {
                    backoff = config.initialBackoff();
                } else {
                    pause.pause(wait);
                    Duration doubled = backoff.multipliedBy(2);
                    backoff = doubled.compareTo(config.maxBackoff()) > 0 ? config.maxBackoff() : doubled;
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    /** One attempt; null when done with this PGN (pushed or refused for good), else how long to wait. */
    private Duration push(BroadcastHub.RoundPgn round, Duration backoff) {
        HttpRequest request = HttpRequest.newBuilder(config.pushUri())
                .timeout(config.timeout())
                .header("Authorization", "Bearer " + config.token())
                .header("Content-Type", "text/plain; charset=utf-8")
                .header("Accept", "application/json")
                .header("User-Agent", userAgent)
                .POST(HttpRequest.BodyPublishers.ofString(round.pgn(), StandardCharsets.UTF_8))
                .build();
        int status;
        String body;
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            status = response.statusCode();
            body = response.body();
        } catch (IOException e) {
            failed(0, "network: " + e);
            LOG.log(System.Logger.Level.WARNING, "Lichess push to round {0} failed ({1}); retrying in {2} s",
                    config.roundId(), e.toString(), backoff.toSeconds());
            return backoff;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return backoff;
        }
        if (status == 200) {
            lock.lock();
            try {
                lastStatus = status;
                lastError = gameErrors(body);
                lastSuccess = Instant.now();
                done(round.version());
            } finally {
                lock.unlock();
            }
            if (lastError != null) {
                LOG.log(System.Logger.Level.WARNING, "Lichess took the push to round {0} but not every game: {1}",
                        config.roundId(), lastError);
            }
            return null;
        }
        if (status == 429) {
            failed(status, "rate limited (429)");
            LOG.log(System.Logger.Level.WARNING, "Lichess rate-limits pushes to round {0}; waiting a minute", config.roundId());
            return RATE_LIMIT_PAUSE.compareTo(backoff) > 0 ? RATE_LIMIT_PAUSE : backoff;
        }
        if (status >= 500 || status == 408) {
            failed(status, "HTTP " + status);
            LOG.log(System.Logger.Level.WARNING, "Lichess answered {0} to the push to round {1}; retrying in {2} s",
                    status, config.roundId(), backoff.toSeconds());
            return backoff;
        }
        String why = switch (status) {
            case 401 -> "the token is not valid (401)";
            case 403 -> "the token may not push to this round: it needs the study:write scope and the account must be "
                    + "a contributor of the broadcast (403)";
            case 404 -> "no round " + config.roundId() + " on " + config.baseUrl() + " (404)";
            default -> "HTTP " + status + ": " + errorOf(body);
        };
        lock.lock();
        try {
            failures++;
            lastStatus = status;
            lastError = why;
            done(round.version());
        } finally {
            lock.unlock();
        }
        LOG.log(System.Logger.Level.ERROR, "Lichess refused the push to round {0}: {1}", config.roundId(), why);
        return null;
    }

    private void failed(int status, String error) {
        lock.lock();
        try {
            failures++;
            lastStatus = status;
            lastError = error;
        } finally {
            lock.unlock();
        }
    }

    /** Under the lock. */
    private void done(long version) {
        doneVersion = Math.max(doneVersion, version);
        progressed.signalAll();
    }

    /** The per-game errors of a 200 answer ({@code {"games":[{"tags":…,"error":"…"}]}}), or null when none. */
    private static String gameErrors(String body) {
        try {
            JsonNode games = GameRenderer.JSON.readTree(body).path("games");
            StringBuilder errors = new StringBuilder();
            for (JsonNode g : games) {
                if (g.hasNonNull("error")) {
                    if (!errors.isEmpty()) errors.append("; ");
                    errors.append(g.path("tags").path("White").asText("?")).append(" - ")
                            .append(g.path("tags").path("Black").asText("?")).append(": ").append(g.get("error").asText());
                }
            }
            return errors.isEmpty() ? null : errors.toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String errorOf(String body) {
        try {
            JsonNode n = GameRenderer.JSON.readTree(body);
            if (n != null && n.hasNonNull("error")) {
                return n.get("error").asText();
            }
        } catch (IOException | RuntimeException e) {
            // not JSON
        }
        return body == null ? "" : body.length() > 200 ? body.substring(0, 200) + "…" : body;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (worker != null) {
            worker.interrupt();
        }
    }
}
