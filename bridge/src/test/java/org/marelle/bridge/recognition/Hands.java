package org.marelle.bridge.recognition;

import java.util.ArrayList;
import java.util.List;
import org.marelle.board.LedFrame;
import org.marelle.board.Occupancy;
import org.marelle.bridge.recognition.RecognitionEvent.MoveCommitted;
import org.marelle.geometry.BoardGeometry;
import org.marelle.geometry.SquareSet;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;

/**
 * A pair of hands on a sensor board, for scenario tests that read like what a player does:
 * {@code hands.up("e2").after(300).down("e4").waitMs(1000)}. Every call that changes the board sends one frame at
 * the current time; {@code after} and {@code waitMs} move the clock on ({@code waitMs} with a tick at the end).
 */
final class Hands {

    private RecognizerState state;
    private final BoardGeometry geometry;
    private SquareSet board;
    private long now;
    private long tickEvery;
    private final List<RecognitionEvent> events = new ArrayList<>();

    private Hands(RecognizerState state) {
        this.state = state;
        this.geometry = state.position().geometry();
        this.board = state.position().occupancy();
        feed(state.accept(frame()));
    }

    static Hands at(Position p) {
        return new Hands(RecognizerState.start(p));
    }

    static Hands at(Position p, RecognizerConfig config) {
        return new Hands(RecognizerState.start(p, config));
    }

    static Hands at(String fen) {
        return at(Position.fromFen(fen));
    }

    private Occupancy frame() {
        return Occupancy.of(geometry, board, now);
    }

    private void feed(Step step) {
        state = step.state();
        events.addAll(step.events());
    }

    private int sq(String name) {
        return geometry.parseSquare(name);
    }

    /** Lifts the piece on each square, one frame for all. */
    Hands up(String... squares) {
        for (String s : squares) {
            if (!board.contains(sq(s))) throw new IllegalStateException("nothing to lift on " + s);
            board = board.without(sq(s));
        }
        feed(state.accept(frame()));
        return this;
    }

    /** Sets a piece down on each square, one frame for all. */
    Hands down(String... squares) {
        for (String s : squares) {
            if (board.contains(sq(s))) throw new IllegalStateException("square " + s + " is occupied");
            board = board.with(sq(s));
        }
        feed(state.accept(frame()));
        return this;
    }

    /** A whole frame at once (a fast hand: several changes within one scan). */
    Hands frame(String... squares) {
        SquareSet b = SquareSet.EMPTY;
        for (String s : squares) b = b.with(sq(s));
        board = b;
        feed(state.accept(frame()));
        return this;
    }

    /** The board changes: {@code -e2 +e4} style, in one frame. */
    Hands change(String changes) {
        for (String c : changes.trim().split("\\s+")) {
            int s = sq(c.substring(1));
            board = c.charAt(0) == '+' ? board.with(s) : board.without(s);
        }
        feed(state.accept(frame()));
        return this;
    }

    /** Moves the clock on without a frame (ticking on the way when {@link #ticking} asked for it). */
    Hands after(long ms) {
        long until = now + ms;
        if (tickEvery > 0) {
            while (now + tickEvery <= until) {
                now += tickEvery;
                feed(state.tick(now));
            }
        }
        now = until;
        return this;
    }

    /**
     * From now on, ticks every {@code millis} while the clock moves on, as the daemon does at each scan: windows run
     * out and the board is searched between frames, not only when the next one comes.
     */
    Hands ticking(long millis) {
        tickEvery = millis;
        return this;
    }

    /** Moves the clock on and ticks: windows may run out. */
    Hands waitMs(long ms) {
        now += ms;
        feed(state.tick(now));
        return this;
    }

    Hands choose(PieceType piece) {
        feed(state.choosePromotion(piece, now));
        return this;
    }

    Hands remote(String uci) {
        feed(state.remoteMove(state.position().parseUci(uci), now));
        return this;
    }

    /** The sides whose moves come from elsewhere (an engine, an online opponent). */
    Hands remoteSides(org.marelle.rules.Color... sides) {
        feed(state.remoteSides(java.util.Set.of(sides), now));
        return this;
    }

    /** Plays moves as if they had been recognised already (setting up a game). */
    Hands moveQuickly(String san) {
        Position p = state.position();
        var m = p.parseSan(san);
        board = p.occupancyAfter(m);
        feed(state.accept(frame()));
        now += 2_000;
        feed(state.tick(now));
        return this;
    }

    RecognizerState state() {
        return state;
    }

    long now() {
        return now;
    }

    List<RecognitionEvent> events() {
        return events;
    }

    <T extends RecognitionEvent> List<T> events(Class<T> kind) {
        return events.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    /** The committed moves so far, in SAN. */
    List<String> committed() {
        return events(MoveCommitted.class).stream().map(MoveCommitted::san).toList();
    }

    String fen() {
        return state.position().fen();
    }

    LedFrame leds() {
        return state.leds();
    }

    LedFrame.Led led(String square) {
        return state.leds().led(sq(square));
    }

    int square(String name) {
        return sq(name);
    }

    Hands clearEvents() {
        events.clear();
        return this;
    }
}
