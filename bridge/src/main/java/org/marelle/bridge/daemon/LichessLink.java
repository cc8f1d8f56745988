package org.marelle.bridge.daemon;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.marelle.bridge.play.LichessOpponent;
import org.marelle.bridge.play.Notices;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.GameSession;
import org.marelle.bridge.session.GameTags;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Brings the board's game in line with the Lichess game, on the daemon's thread: a new game when one begins, the
 * opponent's moves played as moves made elsewhere (with the clocks the server gives), the person's moves the server
 * lacks sent again, a refused move taken back, the server's result recorded. The server is the authority: where the
 * two differ, the session follows it.
 */
final class LichessLink implements LichessOpponent.Board, Notices {

    private final EngineLink.Commands daemon;
    private final DaemonClock clock;
    private final EventLog log;
    private LichessOpponent opponent;
    /** The notes on the viewer and the LEDs while Lichess fails. */
    final OpponentNotes notes;

    LichessLink(EngineLink.Commands daemon, DaemonClock clock, EventLog log) {
        this.daemon = daemon;
        this.clock = clock;
        this.log = log;
        this.notes = new OpponentNotes(daemon);
    }

    void connect(LichessOpponent o) {
        this.opponent = o;
    }

    @Override
    public void info(String line) {
        log.info(line);
    }

    @Override
    public void error(String line) {
        log.error(line);
        notes.set(line);
    }

    @Override
    public void begin(LichessOpponent.Game g) {
        daemon.submit(loop -> {
            GameSession session = loop.session();
            if (!opponent.isThisGame(session.game(), g)) {
                Variant board = session.game().variant();
                if (!g.variant().equals(board.name()) && !(g.variant().equals("fromPosition") && board == Variant.STANDARD)) {
                    log.error("Lichess game " + g.id() + " is " + g.variant() + " but this board plays " + board.name()
                            + ": it is not followed");
                    return null;
                }
                Position start = g.initialFen().equals("startpos") ? board.startPosition() : Position.fromFen(board, g.initialFen());
                loop.newGame(start, clock.millis());
                session.setTag("Site", opponent.site(g));
                session.setTag(GameTags.EVENT, (g.rated() ? "Rated" : "Casual") + " game on Lichess");
                session.setTag(GameTags.WHITE, g.white());
                session.setTag(GameTags.BLACK, g.black());
                if (g.clockInitial() != null) {
                    session.setTag(GameTags.TIME_CONTROL, g.clockInitial() / 1000 + "+" + (g.clockIncrement() == null ? 0 : g.clockIncrement() / 1000));
                }
                log.info("Lichess game " + opponent.site(g) + ": " + g.white() + " - " + g.black() + ", the person plays "
                        + g.ours().name().toLowerCase(java.util.Locale.ROOT));
            }
            loop.remoteSides(Set.of(g.ours().other()), clock.millis());
            return null;
        });
    }

    @Override
    public void state(LichessOpponent.Game g, LichessOpponent.State s) {
        notes.set(null);   // Lichess answers
        daemon.submit(loop -> {
            sync(loop, g, s);
            return null;
        });
    }

    private void sync(BoardLoop loop, LichessOpponent.Game g, LichessOpponent.State s) {
        GameSession session = loop.session();
        GameRecord rec = session.game();
        if (!opponent.isThisGame(rec, g)) return;
        List<String> ours = ucis(rec);
        int common = 0;
        while (common < ours.size() && common < s.moves().size() && ours.get(common).equals(s.moves().get(common))) common++;
        if (common < ours.size()) {
            if (common == s.moves().size()) {
                // Moves of the person the server does not have: sent again (a restart between the move and its send).
                for (int i = common; i < ours.size(); i++) {
                    if (moverOf(rec, i) == g.ours()) opponent.resend(g, i + 1, ours.get(i));
                }
                return;
            }
            // The server's game went another way (a move it refused): it is the game.
            log.warning("Lichess game " + g.id() + " differs from the board's after ply " + common + ": following the server");
            if (rec.isOver()) session.setResult("*", "lichess: the game goes on");
            loop.undo(rec.plies() - common, clock.millis());
            rec = session.game();
        }
        if (rec.isOver() && s.started() && s.moves().size() > rec.plies()) {
            session.setResult("*", "lichess: the game goes on");   // a draw offered by gesture that was not taken
            rec = session.game();
        }
        for (int i = rec.plies(); i < s.moves().size() && !session.game().isOver(); i++) {
            Position p = session.game().position();
            Move m;
            try {
                m = p.parseUci(s.moves().get(i));
            } catch (RuntimeException e) {
                log.error("Lichess sent " + s.moves().get(i) + ", not a legal move in " + p.fen() + ": the game is not followed further");
                return;
            }
            boolean last = i == s.moves().size() - 1;
            long left = !last ? SessionEvent.MovePlayed.NO_CLOCK : p.turn() == Color.WHITE ? s.wtime() : s.btime();
            loop.remoteMove(m, left < 0 ? SessionEvent.MovePlayed.NO_CLOCK : left, clock.millis());
        }
        if (!s.started() && !session.game().isOver()) {
            String result = s.winner() == null ? (s.status().equals("aborted") || s.status().equals("noStart") ? null : "1/2-1/2")
                    : s.winner().equals("white") ? "1-0" : "0-1";
            if (result == null) {
                log.info("Lichess game " + g.id() + " was " + s.status());
            } else {
                session.setResult(result, "lichess: " + s.status());
            }
        }
    }

    private static List<String> ucis(GameRecord rec) {
        List<String> out = new ArrayList<>(rec.plies());
        Position p = rec.initial();
        for (Move m : rec.moves()) {
            out.add(p.uci(m));
            p = p.play(m);
        }
        return out;
    }

    private static Color moverOf(GameRecord rec, int index) {
        return (index % 2 == 0) == (rec.initial().turn() == Color.WHITE) ? Color.WHITE : Color.BLACK;
    }

    @Override
    public void refused(LichessOpponent.Game g, int ply, String reason) {
        daemon.submit(loop -> {
            GameRecord rec = loop.session().game();
            if (opponent.isThisGame(rec, g) && rec.plies() >= ply && !rec.isOver()) {
                log.error("Lichess refused ply " + ply + " (" + reason + "): taken back; put the pieces back as the LEDs show");
                loop.undo(rec.plies() - ply + 1, clock.millis());
            }
            return null;
        });
    }
}
