package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The round's control requests ({@link RoundControl}), read from their JSON bodies: what the HTTP layer refuses by
 * itself (a 400 naming the field) never reaches the hub.
 */
final class RoundRequests {

    /** A board's id is its own configuration (its Board tag names its topics on the broker): never set from afar. */
    static final String BOARD_TAG = "Board";
    /** PGN's date: year, month, day, each part unknown as question marks (PGN standard 8.1.1.3). */
    private static final Pattern PGN_DATE = Pattern.compile("[0-9?]{4}\\.[0-9?]{2}\\.[0-9?]{2}");
    /** More boards than a club's hall holds in one request is a mistake (or an attack), not a round. */
    static final int MAX_PAIRINGS = 500;

    private RoundRequests() {
    }

    /** {@code PUT /api/round/tags}: {@code {"tags": {"Event": "Club championship", "Round": "3", "Site": null}}}. */
    static Map<String, String> roundTags(JsonNode body) throws ControlAction.BadRequest {
        ControlAction.only(body, "tags");
        if (!body.has("tags")) {
            throw new ControlAction.BadRequest("tags", "missing: an object of tag names to values (null removes a tag)");
        }
        Map<String, String> tags = checked(ControlAction.tags(body.get("tags"), true), "tags");
        if (tags.isEmpty()) throw new ControlAction.BadRequest("tags", "names no tag");
        return tags;
    }

    /**
     * {@code PUT /api/round/pairings}: {@code {"pairings": [{"board": "1", "white": "Ada", "black": "Bert",
     * "tags": {"WhiteElo": "1850"}}]}}; {@code white}, {@code black} and {@code tags} optional, one entry per board.
     */
    static List<RoundControl.Pairing> pairings(JsonNode body) throws ControlAction.BadRequest {
        ControlAction.only(body, "pairings");
        JsonNode list = body.get("pairings");
        if (list == null || !list.isArray()) {
            throw new ControlAction.BadRequest("pairings", "missing: a list of {\"board\": \"1\", \"white\": \"…\","
                    + " \"black\": \"…\"}");
        }
        if (list.size() > MAX_PAIRINGS) {
            throw new ControlAction.BadRequest(413, "pairings", list.size() + " boards; at most " + MAX_PAIRINGS);
        }
        List<RoundControl.Pairing> out = new ArrayList<>();
        Set<BoardId> seen = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            String at = "pairings[" + i + "]";
            JsonNode p = list.get(i);
            if (!p.isObject()) throw new ControlAction.BadRequest(at, "must be an object, got " + p);
            try {
                ControlAction.only(p, "board", "white", "black", "tags");
            } catch (ControlAction.BadRequest e) {
                throw new ControlAction.BadRequest(at + "." + e.field(), e.getMessage());
            }
            String board = p.path("board").isTextual() ? p.get("board").textValue()
                    : p.path("board").isIntegralNumber() ? p.get("board").asText() : null;
            if (board == null) throw new ControlAction.BadRequest(at + ".board", "missing: the board's id, as \"1\"");
            BoardId id;
            try {
                id = BoardId.of(board);
            } catch (IllegalArgumentException e) {
                throw new ControlAction.BadRequest(at + ".board", e.getMessage());
            }
            if (!seen.add(id)) throw new ControlAction.BadRequest(at + ".board", "board " + id + " is paired twice");
            Map<String, String> tags = new LinkedHashMap<>();
            for (String side : new String[] {"white", "black"}) {
                JsonNode v = p.get(side);
                if (v == null) continue;
                String tag = side.equals("white") ? "White" : "Black";
                if (v.isNull()) tags.put(tag, null);
                else if (v.isTextual()) tags.put(tag, ControlAction.tagValue(at + "." + side, v.textValue()));
                else throw new ControlAction.BadRequest(at + "." + side, "must be a string or null, got " + v);
            }
            if (p.has("tags")) {
                try {
                    tags.putAll(checked(ControlAction.tags(p.get("tags"), true), "tags"));
                } catch (ControlAction.BadRequest e) {
                    throw new ControlAction.BadRequest(at + "." + e.field(), e.getMessage());
                }
            }
            if (tags.isEmpty()) {
                throw new ControlAction.BadRequest(at, "sets nothing for board " + id + " (white, black or tags)");
            }
            out.add(new RoundControl.Pairing(id, tags));
        }
        if (out.isEmpty()) throw new ControlAction.BadRequest("pairings", "names no board");
        return out;
    }

    /** Refuses the board's own id and a Date PGN cannot hold. */
    private static Map<String, String> checked(Map<String, String> tags, String field) throws ControlAction.BadRequest {
        if (tags.containsKey(BOARD_TAG)) {
            throw new ControlAction.BadRequest(field + "." + BOARD_TAG, "a board's id is set in its own configuration"
                    + " (its topics on the broker are named after it)");
        }
        String date = tags.get("Date");
        if (date != null && !PGN_DATE.matcher(date).matches()) {
            throw new ControlAction.BadRequest(field + ".Date", "'" + date + "' is not a PGN date (YYYY.MM.DD, ?? for"
                    + " what is unknown)");
        }
        return tags;
    }
}
