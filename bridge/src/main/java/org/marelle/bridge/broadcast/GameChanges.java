package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * What changed between two public views of a board, as the events the stream sends: the session only publishes
 * whole snapshots, and the events are read off the difference, so a viewer that follows the events and one that
 * reloads the page can never disagree.
 */
final class GameChanges {

    /** An event before it has an id: its type and JSON data. */
    record Draft(String type, String json) {
    }

    private GameChanges() {
    }

    /** The events that lead from {@code before} (null: the board is new) to {@code after}; empty when nothing did. */
    static List<Draft> between(BoardView before, BoardView after) {
        List<Draft> out = new ArrayList<>();
        GameSnapshot a = after.snapshot();
        if (before == null || !before.snapshot().gameId().equals(a.gameId())
                || !before.snapshot().initial().equals(a.initial())) {
            out.add(whole("newgame", after));
            return out;
        }
        GameSnapshot b = before.snapshot();
        int common = 0;
        int limit = Math.min(b.moves().size(), a.moves().size());
        while (common < limit && b.moves().get(common).equals(a.moves().get(common))) {
            common++;
        }
        if (common < b.moves().size()) {
            ObjectNode f = fields();
            f.put("plies", b.moves().size() - common);
            List<String> undone = new ArrayList<>();
            for (int i = b.moves().size() - 1; i >= common; i--) {
                undone.add(before.view().moves().get(i).san());
            }
            f.putPOJO("undone", undone);
            out.add(draft("takeback", after, f));
        }
        if (common < a.moves().size()) {
            Position p = null;
            for (int i = common; i < a.moves().size(); i++) {
                GameView.MoveView mv = after.view().moves().get(i);
                String fen;
                if (i == a.moves().size() - 1) {
                    fen = after.view().fen();
                } else {
                    if (p == null) {
                        p = a.initial();
                        for (Move m : a.moves().subList(0, i + 1)) {
                            p = p.play(m);
                        }
                    } else {
                        p = p.play(a.moves().get(i));
                    }
                    fen = p.fen();
                }
                ObjectNode f = fields();
                f.put("moveIndex", i);
                f.putPOJO("move", mv);
                f.put("fen", fen);
                out.add(draft("move", after, f));
            }
        }
        if (!b.result().equals(a.result())) {
            ObjectNode f = fields();
            f.put("result", a.result());
            f.put("previous", b.result());
            out.add(draft("result", after, f));
        }
        if (!b.tags().equals(a.tags())) {
            ObjectNode f = fields();
            f.putPOJO("tags", after.view().tags());
            out.add(draft("tags", after, f));
        }
        for (int i : a.drawOffers()) {
            if (!b.drawOffers().contains(i)) {
                ObjectNode f = fields();
                f.put("moveIndex", i);
                f.put("color", after.view().moves().get(i).color());
                out.add(draft("drawoffer", after, f));
            }
        }
        BoardStatus sb = b.status();
        BoardStatus sa = a.status();
        if (sa.mismatch() && (!sb.mismatch() || !sb.toFill().equals(sa.toFill()) || !sb.toClear().equals(sa.toClear()))) {
            ObjectNode f = fields();
            f.putPOJO("toFill", sa.toFill());
            f.putPOJO("toClear", sa.toClear());
            out.add(draft("mismatch", after, f));
        } else if (sb.mismatch() && !sa.mismatch()) {
            out.add(draft("insync", after, null));
        } else if (!sb.equals(sa) && out.isEmpty()) {
            out.add(draft("status", after, null));
        }
        if (out.isEmpty() && !Objects.equals(b.clock(), a.clock())) {
            out.add(draft("clock", after, null));
        }
        if (out.isEmpty() && !b.equals(a)) {
            out.add(draft("state", after, null));
        }
        return out;
    }

    /** The data of a {@code state} event: the whole game. */
    static String state(BoardView view) {
        return whole("state", view).json();
    }

    /** An event whose {@code game} has the move list: a viewer starts afresh from it. */
    private static Draft whole(String type, BoardView view) {
        return draft(type, view, null, view.json());
    }

    private static ObjectNode fields() {
        return GameRenderer.JSON.createObjectNode();
    }

    /**
     * An event whose {@code game} is the view without the move list ({@link GameView#head()}): a viewer that follows
     * the stream keeps the list itself (the stream has no gaps), which keeps each event small however long the game.
     */
    private static Draft draft(String type, BoardView view, ObjectNode extra) {
        return draft(type, view, extra, view.headJson());
    }

    private static Draft draft(String type, BoardView view, ObjectNode extra, String gameJson) {
        ObjectNode data = GameRenderer.JSON.createObjectNode();
        data.put("type", type);
        data.put("board", view.board().value());
        data.put("gameId", view.snapshot().gameId());
        data.put("ply", view.snapshot().moves().size());
        if (extra != null) {
            data.setAll(extra);
        }
        data.putRawValue("game", new RawValue(gameJson));
        try {
            return new Draft(type, GameRenderer.JSON.writeValueAsString(data));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(type + " event of board " + view.board() + " does not serialise", e);
        }
    }
}
