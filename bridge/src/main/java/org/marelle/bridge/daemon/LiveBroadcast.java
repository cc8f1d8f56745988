package org.marelle.bridge.daemon;

import java.io.IOException;
import java.net.URI;
import java.time.InstantSource;
import java.util.Objects;
import org.marelle.bridge.broadcast.BoardId;
import org.marelle.bridge.broadcast.BroadcastConfig;
import org.marelle.bridge.broadcast.BroadcastHub;
import org.marelle.bridge.broadcast.BroadcastServer;
import org.marelle.bridge.broadcast.LichessPush;
import org.marelle.bridge.session.GameSession;

/**
 * Everything the daemon starts for the live broadcast of one board, in one piece: the hub, the HTTP server, the
 * Lichess push when configured, and the {@link SessionBroadcast} that feeds them from the game session.
 *
 * {@snippet :
 * LiveBroadcast live = LiveBroadcast.start(config.broadcast(), session, clock);
 * Daemon daemon = new Daemon(sensors, leds,
 *         l -> live.track(new BoardLoop(session, recognition, log, live.watching(l))), clock, log,
 *         List.of(pgn, journal, hardware, live));
 * live.attach(daemon::submit);
 * System.out.println("live at " + live.uri());
 * }
 */
public final class LiveBroadcast implements AutoCloseable {

    /** The board id a one-board daemon uses when its game has no usable {@code Board} tag. */
    public static final BoardId BOARD = BoardId.of("1");

    /**
     * The board id the broadcast gives this board: the game's {@code Board} tag ({@code game.tags.Board} in the
     * configuration, the table number of a round), so that the boards of a round keep apart; {@link #BOARD} when
     * there is none, or it is no board id (letters, digits, '.', '-', '_').
     */
    public static BoardId boardOf(java.util.Map<String, String> tags) {
        String b = tags.getOrDefault(org.marelle.bridge.session.GameTags.BOARD, "").strip();
        try {
            return b.isEmpty() || b.equals("?") ? BOARD : BoardId.of(b);
        } catch (IllegalArgumentException e) {
            return BOARD;
        }
    }

    private final BroadcastHub hub;
    private final BroadcastServer server;
    private final LichessPush push;
    private final SessionBroadcast feed;

    private LiveBroadcast(BroadcastHub hub, BroadcastServer server, LichessPush push, SessionBroadcast feed) {
        this.hub = hub;
        this.server = server;
        this.push = push;
        this.feed = feed;
    }

    /**
     * Starts serving {@code session}'s game as {@code config} says, and publishes it as it stands.
     *
     * @param clock the daemon's clock (time stamps of control commands given to the recognizer)
     * @throws IOException when the server cannot listen (the port is taken, the address is not this machine's)
     */
    public static LiveBroadcast start(BroadcastConfig config, GameSession session, InstantSource clock) throws IOException {
        Objects.requireNonNull(session, "session");
        BroadcastHub hub = BroadcastHub.create(config);
        SessionBroadcast feed = new SessionBroadcast(boardOf(session.game().tags()), hub, clock);
        hub.setControl(feed);
        BroadcastServer server;
        try {
            server = BroadcastServer.start(config, hub);
        } catch (IOException | RuntimeException e) {
            hub.close();
            throw e;
        }
        LichessPush push = config.lichess() == null ? null : LichessPush.start(config.lichess(), hub);
        session.addListener(feed);
        feed.publish(session.game());
        return new LiveBroadcast(hub, server, push, feed);
    }

    /** See {@link SessionBroadcast#track}. */
    public BoardLoop track(BoardLoop loop) {
        feed.track(loop);
        feed.recognizerChanged(loop.recognizer());
        return loop;
    }

    /**
     * Wraps the LED consumer the daemon gives the board loop: the LEDs change whenever the recognizer's view of the
     * board does (a provisional move lit, squares to fix), so each new frame also publishes that view.
     */
    public java.util.function.Consumer<org.marelle.board.LedFrame> watching(
            java.util.function.Consumer<org.marelle.board.LedFrame> leds) {
        Objects.requireNonNull(leds, "leds");
        return frame -> {
            leds.accept(frame);
            feed.boardChanged();
        };
    }

    /** See {@link SessionBroadcast#attach}. */
    public void attach(SessionBroadcast.Commands daemon) {
        feed.attach(daemon);
    }

    /** The viewer's address. */
    public URI uri() {
        return server.uri();
    }

    public BroadcastHub hub() {
        return hub;
    }

    public BroadcastServer server() {
        return server;
    }

    public SessionBroadcast feed() {
        return feed;
    }

    @Override
    public void close() {
        if (push != null) {
            push.close();
        }
        server.close();
        hub.close();
    }

    @Override
    public String toString() {
        return "live broadcast at " + server.uri();
    }
}
