package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.marelle.rules.Color;
import org.marelle.rules.FenException;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnGame;

/**
 * One control request, read from its JSON body and checked against the board's game: what the HTTP layer can
 * refuse by itself (a 400 naming the field) never reaches the session.
 */
sealed interface ControlAction {

    /** A body that cannot be carried out as written: HTTP 400 (413 when it asks for more than is kept) naming {@code field}. */
    final class BadRequest extends Exception {
        private final String field;
        private final int status;

        BadRequest(String field, String message) {
            this(400, field, message);
        }

        BadRequest(int status, String field, String message) {
            super(message, null, false, false);
            this.field = field;
            this.status = status;
        }

        String field() {
            return field;
        }

        int status() {
            return status;
        }
    }

    ControlResult applyTo(GameControl control, BoardId board);

    record NewGame(Position start, Map<String, String> tags) implements ControlAction {
        public ControlResult applyTo(GameControl control, BoardId board) {
            return control.newGame(board, start, tags);
        }
    }

    record SetTags(Map<String, String> tags) implements ControlAction {
        public ControlResult applyTo(GameControl control, BoardId board) {
            return control.setTags(board, tags);
        }
    }

    record SetResult(String result) implements ControlAction {
        public ControlResult applyTo(GameControl control, BoardId board) {
            return control.setResult(board, result);
        }
    }

    record OfferDraw(Color by) implements ControlAction {
        public ControlResult applyTo(GameControl control, BoardId board) {
            return control.offerDraw(board, by);
        }
    }

    record ChoosePromotion(PieceType piece) implements ControlAction {
        public ControlResult applyTo(GameControl control, BoardId board) {
            return control.choosePromotion(board, piece);
        }
    }

    record TakeBack(int plies) implements ControlAction {
        public ControlResult applyTo(GameControl control, BoardId board) {
            return control.takeBack(board, plies);
        }
    }

    /** PGN tag names: letters, digits and underscores, starting with a letter or digit (PGN standard 8.1.1). */
    Pattern TAG_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_]{0,63}");
    int MAX_TAG_VALUE = 255;
    /**
     * At most this many tags in a game, and this many characters in all their names and values: every event the
     * stream keeps carries the game's tags, so unbounded tags would fill the daemon's memory (two requests of 300
     * long tags did). A full roster with players' titles, ratings, teams, opening and time control fits easily.
     */
    int MAX_TAGS = 40;
    int MAX_TAG_CHARS = 4096;

    /** {@code POST /api/game/new}: {@code variant}, {@code fen}, {@code white}, {@code black}, {@code tags}, all optional. */
    static NewGame newGame(JsonNode body, GameSnapshot current) throws BadRequest {
        only(body, "variant", "fen", "white", "black", "tags");
        Variant variant = current == null ? Variant.STANDARD : current.initial().variant();
        String variantName = optionalString(body, "variant");
        if (variantName != null) {
            try {
                variant = Variant.byName(variantName);
            } catch (IllegalArgumentException e) {
                throw new BadRequest("variant", e.getMessage());
            }
        }
        Position start;
        String fen = optionalString(body, "fen");
        if (fen != null) {
            try {
                start = Position.fromFen(variant, fen);
            } catch (FenException e) {
                throw new BadRequest("fen", "not a " + variant.name() + " position: " + e.getMessage());
            }
        } else {
            start = variant.startPosition();
        }
        Map<String, String> tags = new LinkedHashMap<>();
        if (body.has("tags")) {
            tags.putAll(tags(body.get("tags"), false));
        }
        String white = optionalString(body, "white");
        if (white != null) {
            tags.put("White", tagValue("white", white));
        }
        String black = optionalString(body, "black");
        if (black != null) {
            tags.put("Black", tagValue("black", black));
        }
        withinTagLimits(Map.of(), tags);
        return new NewGame(start, tags);
    }

    /**
     * {@code PUT /api/game/tags}: {@code {"tags": {"White": "…", "Round": "3", "Annotator": null}}}; the game's tags
     * after the change must stay within {@link #MAX_TAGS} and {@link #MAX_TAG_CHARS}.
     */
    static SetTags setTags(JsonNode body, GameSnapshot current) throws BadRequest {
        only(body, "tags");
        if (!body.has("tags")) {
            throw new BadRequest("tags", "missing: an object of tag names to values (null removes a tag)");
        }
        Map<String, String> tags = tags(body.get("tags"), true);
        if (tags.isEmpty()) {
            throw new BadRequest("tags", "names no tag");
        }
        withinTagLimits(current.tags(), tags);
        return new SetTags(tags);
    }

    /** Refuses (413) changes that would leave the game with more tags, or longer ones, than are kept. */
    private static void withinTagLimits(Map<String, String> current, Map<String, String> changes) throws BadRequest {
        Map<String, String> after = new LinkedHashMap<>(current);
        GameSnapshot.DERIVED_TAGS.forEach(after::remove);
        changes.forEach((name, value) -> {
            if (value == null) after.remove(name);
            else after.put(name, value);
        });
        if (after.size() > MAX_TAGS) {
            throw new BadRequest(413, "tags", "the game would have " + after.size() + " tags; at most " + MAX_TAGS
                    + " are kept (remove some with null)");
        }
        int chars = 0;
        for (Map.Entry<String, String> t : after.entrySet()) {
            chars += t.getKey().length() + t.getValue().length();
        }
        if (chars > MAX_TAG_CHARS) {
            throw new BadRequest(413, "tags", "the game's tags would hold " + chars + " characters (names and values);"
                    + " at most " + MAX_TAG_CHARS + " are kept");
        }
    }

    /** {@code PUT /api/game/result}: {@code {"result": "1-0"}}. */
    static SetResult setResult(JsonNode body) throws BadRequest {
        only(body, "result");
        String result = requiredString(body, "result");
        if (!PgnGame.RESULTS.contains(result)) {
            throw new BadRequest("result", "'" + result + "' is not one of 1-0, 0-1, 1/2-1/2, *");
        }
        return new SetResult(result);
    }

    /** {@code POST /api/game/draw-offer}: {@code {"color": "white"}}; without it, the side that moved last. */
    static OfferDraw offerDraw(JsonNode body, GameSnapshot current) throws BadRequest {
        only(body, "color");
        String colour = optionalString(body, "color");
        if (colour == null) {
            Position p = current.initial();
            Color lastMover = current.moves().isEmpty() ? p.turn()
                    : (current.moves().size() % 2 == 1 ? p.turn() : p.turn().other());
            return new OfferDraw(lastMover);
        }
        return switch (colour.toLowerCase(Locale.ROOT)) {
            case "white", "w" -> new OfferDraw(Color.WHITE);
            case "black", "b" -> new OfferDraw(Color.BLACK);
            default -> throw new BadRequest("color", "'" + colour + "' is not white or black");
        };
    }

    /** {@code PUT /api/game/promotion}: {@code {"piece": "knight"}} or {@code "N"}; one the variant promotes to. */
    static ChoosePromotion choosePromotion(JsonNode body, GameSnapshot current) throws BadRequest {
        only(body, "piece");
        String piece = requiredString(body, "piece");
        Variant variant = current.initial().variant();
        for (PieceType t : variant.promotions()) {
            if (t.name().equalsIgnoreCase(piece) || (piece.length() == 1 && Character.toUpperCase(piece.charAt(0)) == t.letter())) {
                return new ChoosePromotion(t);
            }
        }
        List<String> allowed = new ArrayList<>();
        for (PieceType t : variant.promotions()) {
            allowed.add(t.name() + " (" + t.letter() + ")");
        }
        throw new BadRequest("piece", "'" + piece + "' is not a piece " + variant.name() + " promotes to: "
                + String.join(", ", allowed));
    }

    /** {@code POST /api/game/takeback}: {@code {"plies": 1}} (the default), at most the moves played. */
    static TakeBack takeBack(JsonNode body, GameSnapshot current) throws BadRequest {
        only(body, "plies");
        int plies = 1;
        if (body.has("plies")) {
            JsonNode n = body.get("plies");
            if (!n.isIntegralNumber() || !n.canConvertToInt()) {
                throw new BadRequest("plies", "must be a whole number, got " + n);
            }
            plies = n.intValue();
        }
        if (plies < 1 || plies > current.moves().size()) {
            throw new BadRequest("plies", plies + " is outside 1.." + current.moves().size()
                    + " (the moves played)");
        }
        return new TakeBack(plies);
    }

    static void only(JsonNode body, String... fields) throws BadRequest {
        Set<String> known = Set.of(fields);
        for (Map.Entry<String, JsonNode> e : body.properties()) {
            String name = e.getKey();
            if (!known.contains(name)) {
                throw new BadRequest(name, "unknown field (known: " + String.join(", ", fields) + ")");
            }
        }
    }

    static String optionalString(JsonNode body, String field) throws BadRequest {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isTextual()) {
            throw new BadRequest(field, "must be a string, got " + n);
        }
        return n.textValue();
    }

    private static String requiredString(JsonNode body, String field) throws BadRequest {
        String s = optionalString(body, field);
        if (s == null) {
            throw new BadRequest(field, "missing");
        }
        return s;
    }

    static Map<String, String> tags(JsonNode node, boolean nullRemoves) throws BadRequest {
        if (!node.isObject()) {
            throw new BadRequest("tags", "must be an object of tag names to values, got " + node);
        }
        Map<String, String> tags = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String name = e.getKey();
            String where = "tags." + name;
            if (!TAG_NAME.matcher(name).matches()) {
                throw new BadRequest(where, "'" + name + "' is not a PGN tag name (letters, digits, underscore)");
            }
            if (GameSnapshot.DERIVED_TAGS.contains(name)) {
                throw new BadRequest(where, name + " is set by the game itself"
                        + (name.equals("Result") ? " (use PUT /api/game/result)" : ""));
            }
            JsonNode v = e.getValue();
            if (v.isNull() && nullRemoves) {
                tags.put(name, null);
            } else if (v.isTextual()) {
                tags.put(name, tagValue(where, v.textValue()));
            } else {
                throw new BadRequest(where, "must be a string" + (nullRemoves ? " or null" : "") + ", got " + v);
            }
        }
        return tags;
    }

    static String tagValue(String field, String value) throws BadRequest {
        if (value.length() > MAX_TAG_VALUE) {
            throw new BadRequest(field, "longer than " + MAX_TAG_VALUE + " characters");
        }
        if (value.chars().anyMatch(c -> c < ' ')) {
            throw new BadRequest(field, "must be one line without control characters");
        }
        return value;
    }
}
