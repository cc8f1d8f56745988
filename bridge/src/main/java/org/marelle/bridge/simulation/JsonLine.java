package org.marelle.bridge.simulation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one line of JSON (as JSON Lines files hold): an object whose values are strings, numbers, lists, objects,
 * true, false or null, each remembered with the column it starts at so that errors can say where. Small on purpose:
 * the game files the simulator reads are this simple, and errors must name line and column. (Sensor traces are read
 * with Jackson instead, see {@code org.marelle.bridge.trace.SensorTrace}.)
 */
public final class JsonLine {

    /** A JSON value with the 1-based column it starts at: String, Long or Double, List of Value, Map, or a literal. */
    public record Value(Object value, int column) {

        /** The value as a list of values, or an error naming the key. */
        @SuppressWarnings("unchecked")
        public List<Value> asList(String key) {
            if (!(value instanceof List<?> l)) throw new JsonException(-1, column, "\"" + key + "\" must be a list, not " + show());
            return (List<Value>) l;
        }

        /** A string or a list, as a list. */
        public List<Value> asStringOrList(String key) {
            if (value instanceof String) return List.of(this);
            if (value instanceof List<?>) return asList(key);
            throw new JsonException(-1, column, "\"" + key + "\" must be a string or a list, not " + show());
        }

        /** The value as a string, or an error naming the key. */
        public String asString(String key) {
            if (!(value instanceof String s)) throw new JsonException(-1, column, "\"" + key + "\" must be a string, not " + show());
            return s;
        }

        /** The value as JSON shows it, for messages. */
        public String show() {
            return value instanceof String s ? "\"" + s + "\"" : value instanceof List<?> ? "a list" : value instanceof Map<?, ?> ? "an object" : String.valueOf(value);
        }
    }

    /** A line that is not the JSON expected; the message starts with line:column (line -1: the caller knows it). */
    public static final class JsonException extends IllegalArgumentException {
        private final int line;
        private final int column;
        private final String reason;

        public JsonException(int line, int column, String reason) {
            super((line >= 0 ? line + ":" : "") + column + ": " + reason);
            this.line = line;
            this.column = column;
            this.reason = reason;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }

        public String reason() {
            return reason;
        }
    }

    private final String text;
    private final int line;
    private int pos;

    private JsonLine(String text, int line) {
        this.text = text;
        this.line = line;
    }

    /** The object on this line; {@link JsonException} (with {@code lineNumber}) when it is not one. */
    public static Map<String, Value> parse(String text, int lineNumber) {
        return new JsonLine(text, lineNumber).object();
    }

    private Map<String, Value> object() {
        skipSpace();
        if (peek() != '{') throw error("a JSON object \"{...}\" expected");
        @SuppressWarnings("unchecked")
        Map<String, Value> obj = (Map<String, Value>) value().value();
        skipSpace();
        if (pos < text.length()) throw error("text after the object");
        return obj;
    }

    private Value value() {
        skipSpace();
        int column = pos + 1;
        char c = peek();
        switch (c) {
            case '{' -> {
                pos++;
                Map<String, Value> obj = new LinkedHashMap<>();
                skipSpace();
                if (peek() == '}') {
                    pos++;
                    return new Value(obj, column);
                }
                while (true) {
                    skipSpace();
                    if (peek() != '"') throw error("a key in double quotes expected");
                    int keyColumn = pos + 1;
                    String key = string();
                    skipSpace();
                    expect(':');
                    Value v = value();
                    if (obj.put(key, v) != null) throw new JsonException(line, keyColumn, "key \"" + key + "\" appears twice");
                    skipSpace();
                    if (peek() == ',') {
                        pos++;
                    } else if (peek() == '}') {
                        pos++;
                        return new Value(obj, column);
                    } else {
                        throw error("',' or '}' expected");
                    }
                }
            }
            case '[' -> {
                pos++;
                List<Value> list = new ArrayList<>();
                skipSpace();
                if (peek() == ']') {
                    pos++;
                    return new Value(list, column);
                }
                while (true) {
                    list.add(value());
                    skipSpace();
                    if (peek() == ',') {
                        pos++;
                    } else if (peek() == ']') {
                        pos++;
                        return new Value(list, column);
                    } else {
                        throw error("',' or ']' expected");
                    }
                }
            }
            case '"' -> {
                return new Value(string(), column);
            }
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) return new Value(number(), column);
                for (String literal : new String[] {"true", "false", "null"}) {
                    if (text.startsWith(literal, pos)) {
                        pos += literal.length();
                        return new Value(literal, column);
                    }
                }
                throw error(pos >= text.length() ? "the line ends too early" : "unexpected '" + c + "'");
            }
        }
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) throw error("the string is not closed");
            char c = text.charAt(pos++);
            if (c == '"') return sb.toString();
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) throw error("the string is not closed");
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) throw error("a \\u escape needs four hex digits");
                    try {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("a \\u escape needs four hex digits");
                    }
                    pos += 4;
                }
                default -> throw error("unknown escape '\\" + e + "'");
            }
        }
    }

    private Number number() {
        int start = pos;
        if (peek() == '-') pos++;
        while (pos < text.length() && "0123456789.eE+-".indexOf(text.charAt(pos)) >= 0) pos++;
        String s = text.substring(start, pos);
        try {
            if (s.matches("-?\\d+")) return Long.parseLong(s);
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            pos = start;
            throw error("'" + s + "' is not a number");
        }
    }

    private void expect(char c) {
        if (peek() != c) throw error("'" + c + "' expected");
        pos++;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    private JsonException error(String message) {
        return new JsonException(line, pos + 1, message);
    }
}
