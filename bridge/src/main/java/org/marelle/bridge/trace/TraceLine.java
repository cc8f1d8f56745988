package org.marelle.bridge.trace;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of a trace parsed with Jackson's streaming parser: the object's keys with their values, each value with
 * the column it starts at. Jackson's tree (JsonNode) forgets where a value stood, and every error must name the
 * column, so the line is walked token by token. Whatever is not JSON becomes a {@link SensorTrace.TraceException}
 * in the words of this format, never Jackson's own message: the person reading it recorded a board, not a parser.
 */
final class TraceLine {

    /**
     * A value as the trace needs it: its kind (Jackson's token that starts it), its text for strings, numbers and
     * true/false/null, its number for numbers, its 1-based column, and its items when it is a list (else null).
     */
    record Value(JsonToken kind, String text, Number number, int column, List<Value> items) {

        /** The value as JSON shows it, for messages. */
        String show() {
            return switch (kind) {
                case VALUE_STRING -> "\"" + text + "\"";
                case START_ARRAY -> "a list";
                case START_OBJECT -> "an object";
                default -> text;
            };
        }
    }

    /**
     * How deep lists and objects may nest in a line. A trace line needs two levels (the object, a list of squares);
     * notes recorders add may use a few more. The bound is Jackson's to enforce, and it also bounds the recursion of
     * {@link #value()}, so that a hostile line cannot overflow the stack.
     */
    static final int MAX_DEPTH = 32;

    // Jackson's defaults are already JSON's rules (no comments, trailing commas, leading zeros, NaN or single quotes);
    // duplicate keys are found here rather than by Jackson, which reports them after the key instead of at it.
    private static final JsonFactory JSON = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build()).build())
            .build().getFactory();

    private final String text;
    private final int line;
    private final JsonParser parser;

    private TraceLine(String text, int line, JsonParser parser) {
        this.text = text;
        this.line = line;
        this.parser = parser;
    }

    /** The object on this line, by key in the order written. */
    static Map<String, Value> parse(String text, int line) {
        try (JsonParser parser = JSON.createParser(text)) {
            TraceLine reader = new TraceLine(text, line, parser);
            try {
                return reader.object();
            } catch (JacksonException e) {
                throw reader.error(reader.where(e), describe(e));
            }
        } catch (IOException e) {
            // Only Jackson's refusals (handled above) can come from a parser over a String: it reads no file.
            throw new UncheckedIOException(e);
        }
    }

    private Map<String, Value> object() throws IOException {
        JsonToken first;
        try {
            first = parser.nextToken();
        } catch (JacksonException e) {
            first = null;
        }
        if (first != JsonToken.START_OBJECT) throw error(firstNonSpace(0), "a JSON object \"{...}\" expected");
        Map<String, Value> obj = new LinkedHashMap<>();
        members(obj);
        int after = firstNonSpace(parser.currentLocation().getColumnNr() - 1);
        if (after <= text.length()) {
            throw error(after, text.startsWith("/", after - 1) ? "comments are not JSON" : "text after the object");
        }
        return obj;
    }

    /** Reads an object's members up to its closing brace (the opening one read), into {@code into} when not null. */
    private void members(Map<String, Value> into) throws IOException {
        Set<String> keys = new HashSet<>();
        while (next() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int column = column();
            if (!keys.add(key)) throw error(column, "key \"" + key + "\" appears twice");
            next();
            Value v = value();
            if (into != null) into.put(key, v);
        }
    }

    /** The value whose first token is the current one, read to its end. */
    private Value value() throws IOException {
        int column = column();
        JsonToken kind = parser.currentToken();
        return switch (kind) {
            case START_ARRAY -> {
                List<Value> items = new ArrayList<>();
                while (next() != JsonToken.END_ARRAY) items.add(value());
                yield new Value(kind, null, null, column, List.copyOf(items));
            }
            case START_OBJECT -> {
                members(null);
                yield new Value(kind, null, null, column, null);
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new Value(kind, parser.getText(), parser.getNumberValue(), column, null);
            default -> new Value(kind, parser.getText(), null, column, null);
        };
    }

    private JsonToken next() throws IOException {
        return parser.nextToken();
    }

    /** The column Jackson names for what it refused (a limit it enforces names none: then where it stopped). */
    private int where(JacksonException e) {
        JsonLocation at = e.getLocation() != null ? e.getLocation() : parser.currentLocation();
        return Math.min(at.getColumnNr(), text.length() + 1);
    }

    private static final Pattern CHARACTER = Pattern.compile("\\(code (\\d+)\\)|close marker '(.)'");
    private static final Pattern TOKEN = Pattern.compile("^(?:Unrecognized|Non-standard) token '([^']*)'");

    /**
     * What is wrong, in this format's words. Jackson says which rule was broken only in its message, so the message
     * is matched against the phrases Jackson uses; SensorTraceTest holds one case of each, so that a Jackson release
     * that words them differently fails a test instead of quietly falling through to a vaguer message.
     */
    private static String describe(JacksonException e) {
        String m = e.getOriginalMessage();
        if (e instanceof JsonEOFException eof) {
            JsonToken in = eof.getTokenBeingDecoded();
            if (in == JsonToken.VALUE_STRING || in == JsonToken.FIELD_NAME) return "the string is not closed";
            if (m.contains("close marker for Object")) return "',' or '}' expected";
            if (m.contains("close marker for Array")) return "',' or ']' expected";
            return "the line ends too early";
        }
        if (e instanceof StreamConstraintsException) {
            return m.contains("depth") ? "lists and objects nested more than " + MAX_DEPTH + " deep"
                    : "too long or nested too deeply for a trace line";
        }
        Matcher c = CHARACTER.matcher(m);
        int code = !c.find() ? -1 : c.group(1) != null ? Integer.parseInt(c.group(1)) : c.group(2).charAt(0);
        Matcher token = TOKEN.matcher(m);
        if (token.find()) return "'" + token.group(1) + "' is not a JSON value";
        if (m.contains("comment")) return "comments are not JSON";
        if (m.contains("to start field name")) return "a key in double quotes expected, not " + character(code);
        if (m.contains("separate Object entries")) return "',' or '}' expected, not " + character(code);
        if (m.contains("separate Array entries")) return "',' or ']' expected, not " + character(code);
        if (m.contains("colon to separate")) return "':' expected, not " + character(code);
        if (m.contains("Leading zeroes")) return "a number must not start with 0 (unless it is 0)";
        if (m.contains("plus sign")) return "a number must not start with '+'";
        if (m.contains("in numeric value")) return "a digit expected in the number, not " + character(code);
        if (m.contains("hex-digit")) return "a \\u escape needs four hex digits";
        if (m.contains("character escape")) return "unknown escape '\\" + (char) code + "'";
        if (m.contains("unquoted character")) return "a control character in a string must be written as an escape";
        if (m.contains("valid value")) return "a value expected, not " + character(code);
        if (code >= 0) return "unexpected " + character(code);
        return "not valid JSON";
    }

    /** A character as messages show it: quoted, or by its code when it cannot be seen. */
    private static String character(int code) {
        if (code == '\'') return "\"'\"";
        return code > ' ' && code < 0x7f ? "'" + (char) code + "'" : "character " + code;
    }

    /** The column of the current token. */
    private int column() {
        return parser.currentTokenLocation().getColumnNr();
    }

    /** The 1-based column of the first character at or after index {@code from} that is not JSON whitespace. */
    private int firstNonSpace(int from) {
        int i = from;
        while (i < text.length() && " \t\r\n".indexOf(text.charAt(i)) >= 0) i++;
        return i + 1;
    }

    private SensorTrace.TraceException error(int column, String message) {
        return new SensorTrace.TraceException(line, column, message);
    }
}
