package org.marelle.bridge.mqtt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.marelle.bridge.broadcast.ClockState;
import org.marelle.bridge.session.GameRecord;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Move;
import org.marelle.rules.Position;

/**
 * The JSON a board publishes (docs/mqtt.md): the game as it stands, and each session event as the journal records
 * it, both with the game's id and the event's sequence number, so that a receiver keeps a game whole from either and
 * drops what it already has.
 */
final class GameMessages {

    static final ObjectMapper JSON = new ObjectMapper();

    private GameMessages() {
    }

    /** The snapshot after event {@code seq} of the game. */
    static byte[] game(BoardTopics topics, GameRecord g, long seq) {
        ObjectNode o = head(topics, g.gameId(), seq);
        o.put("variant", g.variant().name());
        o.put("initialFen", g.initial().fen());
        o.set("tags", JSON.valueToTree(g.tags()));
        ArrayNode moves = o.putArray("moves");
        Position p = g.initial();
        List<Move> ms = g.moves();
        List<Long> clocks = g.clocks();
        for (int i = 0; i < ms.size(); i++) {
            ObjectNode m = moves.addObject();
            m.put("ply", i + 1);
            m.put("san", g.sans().get(i));
            m.put("uci", p.uci(ms.get(i)));
            long clock = i < clocks.size() ? clocks.get(i) : SessionEvent.MovePlayed.NO_CLOCK;
            if (clock != SessionEvent.MovePlayed.NO_CLOCK) m.put("clockMillis", clock);
            p = p.play(ms.get(i));
        }
        ArrayNode offers = o.putArray("drawOffers");
        g.drawOffers().keySet().forEach(offers::add);
        o.put("fen", g.position().fen());
        ClockState clock = ClockState.of(g);
        if (clock != null) {
            ObjectNode c = o.putObject("clock");
            if (clock.white() != null) c.put("whiteMillis", clock.white().toMillis());
            if (clock.black() != null) c.put("blackMillis", clock.black().toMillis());
            if (clock.running() != null) {
                c.put("running", clock.running().name().toLowerCase(java.util.Locale.ROOT));
                c.put("asOfMillis", clock.asOf().toEpochMilli());
            }
        }
        o.put("result", g.result());
        if (g.isOver()) o.put("reason", g.reason());
        return bytes(o);
    }

    /** Event {@code seq} of the game, its fields as the journal has them and its {@code type}. */
    static byte[] event(BoardTopics topics, String gameId, long seq, SessionEvent e) {
        ObjectNode o = head(topics, gameId, seq);
        o.put("type", e.getClass().getSimpleName());
        o.set("event", JSON.valueToTree(e));
        return bytes(o);
    }

    private static ObjectNode head(BoardTopics topics, String gameId, long seq) {
        ObjectNode o = JSON.createObjectNode();
        o.put("round", topics.round());
        o.put("board", topics.board());
        o.put("gameId", gameId);
        o.put("seq", seq);
        return o;
    }

    private static byte[] bytes(ObjectNode o) {
        try {
            return JSON.writeValueAsString(o).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a game message does not serialise", e);
        }
    }
}
