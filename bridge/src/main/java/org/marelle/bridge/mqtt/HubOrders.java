package org.marelle.bridge.mqtt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.marelle.bridge.session.GameTags;

/**
 * What the hub asks of one board (docs/mqtt.md), retained on {@code PREFIX/ROUND/BOARD/control}: the tags the round's
 * control set for every board ({@code round}: Event, Site, Round, Date…) and for this board alone ({@code board}: who
 * plays there). A null value removes a tag. The board sets them on its game unless it is over, and on every game it
 * starts after; they stand until the hub changes them.
 *
 * <pre>{@code
 * {"issued": 1764662400000, "round": {"Event": "Club championship", "Round": "3"}, "board": {"White": "Ada"}}
 * }</pre>
 *
 * @param issued when the hub last changed them (epoch ms): a hub started again takes the newest back from the broker
 * @param round  the round's tags, in order (values may be null: removed)
 * @param board  this board's own tags, which win over the round's
 */
public record HubOrders(long issued, Map<String, String> round, Map<String, String> board) {

    /** The most tags either part holds (a game keeps 40 at most). */
    static final int MAX_TAGS = 40;

    public HubOrders {
        round = Collections.unmodifiableMap(new LinkedHashMap<>(round));
        board = Collections.unmodifiableMap(new LinkedHashMap<>(board));
    }

    /** The tags to set, the board's over the round's (null: remove). */
    public Map<String, String> tags() {
        Map<String, String> all = new LinkedHashMap<>(round);
        all.putAll(board);
        return all;
    }

    /** Whether they set nothing. */
    public boolean isEmpty() {
        return round.isEmpty() && board.isEmpty();
    }

    /** Whether they ask the same as {@code other}, whenever each was issued. */
    public boolean asksSameAs(HubOrders other) {
        return other != null && round.equals(other.round) && board.equals(other.board);
    }

    byte[] json() {
        ObjectNode o = GameMessages.JSON.createObjectNode();
        o.put("issued", issued);
        o.set("round", GameMessages.JSON.valueToTree(round));
        o.set("board", GameMessages.JSON.valueToTree(board));
        try {
            return GameMessages.JSON.writeValueAsBytes(o);
        } catch (IOException e) {
            throw new IllegalStateException("a map of strings always writes", e);
        }
    }

    /**
     * Reads a control message.
     *
     * @throws IllegalArgumentException saying what is wrong (not JSON, a tag PGN cannot hold, the board's own id)
     */
    static HubOrders parse(byte[] payload) {
        JsonNode j;
        try {
            j = GameMessages.JSON.readTree(payload);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
        }
        if (j == null || !j.isObject()) throw new IllegalArgumentException("not a JSON object");
        if (!j.path("issued").canConvertToLong()) throw new IllegalArgumentException("no 'issued' time");
        return new HubOrders(j.get("issued").asLong(), tags(j, "round"), tags(j, "board"));
    }

    private static Map<String, String> tags(JsonNode j, String part) {
        JsonNode n = j.get(part);
        Map<String, String> tags = new LinkedHashMap<>();
        if (n == null || n.isNull()) return tags;
        if (!n.isObject()) throw new IllegalArgumentException("'" + part + "' is not an object of tags");
        if (n.size() > MAX_TAGS) throw new IllegalArgumentException("'" + part + "' holds more than " + MAX_TAGS + " tags");
        for (Map.Entry<String, JsonNode> e : n.properties()) {
            String name = e.getKey();
            if (name.equals("Board")) throw new IllegalArgumentException("a board's id is its own configuration, not the hub's");
            if (name.equals("GameId")) throw new IllegalArgumentException("a game's id is the board's");
            GameTags.checkName(name);
            JsonNode v = e.getValue();
            if (v.isNull()) {
                tags.put(name, null);
            } else if (v.isTextual()) {
                GameTags.checkValue(name, v.textValue());
                tags.put(name, v.textValue());
            } else {
                throw new IllegalArgumentException("tag " + name + " is not a string");
            }
        }
        return tags;
    }
}
