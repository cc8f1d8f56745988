package org.marelle.bridge.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Reads the daemon's YAML configuration into {@link MarelleConfig} and checks it. Unknown keys, values of the wrong
 * kind and values out of range are all errors, reported together, each naming the key path and the line:
 * {@code board.driver.rows[3]: GPIO 40 does not exist (the 40-pin header has GPIO 0 to 27) (line 12)}.
 */
public final class ConfigLoader {

    private static final YAMLFactory YAML = (YAMLFactory) new YAMLFactory()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private static final ObjectMapper MAPPER = new ObjectMapper(YAML)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);

    private ConfigLoader() {
    }

    /**
     * Reads and checks a configuration file.
     *
     * @throws ConfigException naming every problem found, with key paths and lines
     * @throws IOException     when the file cannot be read
     */
    public static MarelleConfig load(Path file) throws IOException, ConfigException {
        return parse(text(file), file.toString(), false);
    }

    /**
     * Reads and checks a hub's configuration ({@code marelle hub --config}): only a {@code broadcast} section (how the
     * round is served: port, token, language, delay, the Lichess round) and a {@code publish} section (the broker);
     * any other section is a board's, and named as a problem.
     *
     * @throws ConfigException naming every problem found, with key paths and lines
     * @throws IOException     when the file cannot be read
     */
    public static MarelleConfig loadHub(Path file) throws IOException, ConfigException {
        return parse(text(file), file.toString(), true);
    }

    private static String text(Path file) throws IOException, ConfigException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer text = CharBuffer.allocate(bytes.length);
        // Strict UTF-8 (a decoder's default is to report, not replace), with the line of the first bad byte: Java's
        // own message for it is "Input length = 1".
        CoderResult r = StandardCharsets.UTF_8.newDecoder().decode(in, text, true);
        if (r.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) if (bytes[i] == '\n') line++;
            throw new ConfigException(file.toString(), List.of(new ConfigException.Problem("",
                    "not valid UTF-8 (the file must be UTF-8)", line)));
        }
        return text.flip().toString();
    }

    /** Reads and checks configuration text; {@code source} names it in errors. */
    public static MarelleConfig parse(String yaml, String source) throws ConfigException {
        return parse(yaml, source, false);
    }

    /** Reads and checks a hub's configuration text (see {@link #loadHub}). */
    public static MarelleConfig parseHub(String yaml, String source) throws ConfigException {
        return parse(yaml, source, true);
    }

    private static MarelleConfig parse(String yaml, String source, boolean hub) throws ConfigException {
        Map<String, Integer> lines = new HashMap<>();
        try {
            lines = lines(yaml);
        } catch (JsonProcessingException e) {
            throw new ConfigException(source, List.of(new ConfigException.Problem("", "not valid YAML: "
                    + e.getOriginalMessage(), line(e.getLocation()))));
        } catch (IOException e) {
            throw new ConfigException(source, List.of(new ConfigException.Problem("", e.getMessage(), 0)));
        }
        JsonNode tree;
        try {
            tree = MAPPER.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw new ConfigException(source, List.of(new ConfigException.Problem("", "not valid YAML: "
                    + e.getOriginalMessage(), line(e.getLocation()))));
        }
        List<ConfigException.Problem> problems = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        if (hub && tree instanceof ObjectNode top) {
            for (String section : List.copyOf(iterable(top.fieldNames()))) {
                if (section.equals("broadcast") || section.equals("publish")) continue;
                problems.add(new ConfigException.Problem(section, "not a hub's setting: the hub reads only broadcast"
                        + " and publish (this section is a board's)", lineOf(section, lines)));
                top.remove(section);
            }
        }
        MarelleConfig config = tree == null || tree.isMissingNode() || tree.isNull() ? null
                : bind(tree, source, lines, problems, dropped);
        List<ConfigException.Problem> checked = new ArrayList<>();
        if (hub) ConfigCheck.checkHub(config, checked, lines);
        else ConfigCheck.check(config, checked, lines);
        // A value dropped for its type is reported once, by its type: not again as missing by the checks.
        for (ConfigException.Problem p : checked) {
            if (dropped.stream().noneMatch(d -> within(p.path(), d))) problems.add(p);
        }
        if (!problems.isEmpty()) throw new ConfigException(source, problems);
        return config;
    }

    /**
     * Binds the tree, reporting every value Jackson refuses, not only the first: each refused value (an unknown key,
     * text for a number, ...) becomes a problem and is dropped from the tree, and the binding is tried again, so that
     * the checks still see the rest of the section and the other sections. {@code dropped} gets the paths dropped.
     */
    private static MarelleConfig bind(JsonNode tree, String source,
                                      Map<String, Integer> lines, List<ConfigException.Problem> problems,
                                      List<String> dropped) throws ConfigException {
        while (true) {
            try {
                return MAPPER.treeToValue(tree, MarelleConfig.class);
            } catch (JsonMappingException e) {
                problems.add(problem(e, lines));
                String at = drop(tree, e.getPath());
                if (at == null || dropped.contains(at)) throw new ConfigException(source, problems);
                dropped.add(at);
            } catch (JsonProcessingException e) {
                problems.add(new ConfigException.Problem("", "not valid YAML: " + e.getOriginalMessage(),
                        line(e.getLocation())));
                throw new ConfigException(source, problems);
            }
        }
    }

    /**
     * Removes the key of the object nearest to {@code refs}' end (for a list element, the whole list: dropping one
     * element would shift the others' numbers); returns its path, or null when there is no key to remove.
     */
    private static String drop(JsonNode tree, List<JsonMappingException.Reference> refs) {
        int last = refs.size() - 1;
        while (last >= 0 && refs.get(last).getFieldName() == null) last--;
        if (last < 0) return null;
        JsonNode parent = tree;
        for (int i = 0; i < last && parent != null; i++) {
            JsonMappingException.Reference r = refs.get(i);
            parent = r.getFieldName() != null ? parent.get(r.getFieldName()) : parent.get(r.getIndex());
        }
        if (!(parent instanceof ObjectNode object)) return null;
        if (object.remove(refs.get(last).getFieldName()) == null) return null;
        return path(refs.subList(0, last + 1));
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    /** Whether {@code path} is {@code top} or a key or element under it. */
    private static boolean within(String path, String top) {
        return path.equals(top) || path.startsWith(top + ".") || path.startsWith(top + "[");
    }

    /** The line of every key and list element, by key path ({@code board.driver.rows[3]}). */
    static Map<String, Integer> lines(String yaml) throws IOException {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser p = YAML.createParser(yaml)) {
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                JsonStreamContext ctx = p.getParsingContext();
                boolean element = ctx.inArray() && t != JsonToken.END_ARRAY && t != JsonToken.END_OBJECT;
                if (t == JsonToken.FIELD_NAME || element) {
                    lines.putIfAbsent(path(ctx), p.currentTokenLocation().getLineNr());
                }
            }
        }
        return lines;
    }

    private static String path(JsonStreamContext ctx) {
        List<String> parts = new ArrayList<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) parts.add("[" + c.getCurrentIndex() + "]");
            else if (c.inObject() && c.getCurrentName() != null) parts.add("." + c.getCurrentName());
        }
        StringBuilder sb = new StringBuilder();
        for (int i = parts.size() - 1; i >= 0; i--) sb.append(parts.get(i));
        return sb.length() > 0 && sb.charAt(0) == '.' ? sb.substring(1) : sb.toString();
    }

    /** The line of a key path, or of the nearest enclosing key the file has; 0 when none. */
    static int lineOf(String path, Map<String, Integer> lines) {
        for (String p = path; !p.isEmpty(); ) {
            Integer l = lines.get(p);
            if (l != null) return l;
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) return 0;
            p = p.substring(0, cut);
        }
        return 0;
    }

    private static int line(JsonLocation location) {
        return location == null ? 0 : Math.max(location.getLineNr(), 0);
    }

    /** A binding error as a problem in the file's terms. */
    private static ConfigException.Problem problem(JsonMappingException e, Map<String, Integer> lines) {
        String path = path(e.getPath());
        String message = switch (e) {
            case UnrecognizedPropertyException u -> "unknown key" + suggestion(u.getPropertyName(), u.getKnownPropertyIds());
            case InvalidTypeIdException t -> {
                List<String> known = t.getBaseType() != null && t.getBaseType().getRawClass() == LedConfig.class
                        ? LedConfig.TYPES : DriverConfig.TYPES;
                path = path.isEmpty() ? "type" : path + ".type";
                yield t.getTypeId() == null ? "missing: one of " + String.join(", ", known)
                        : "unknown type '" + t.getTypeId() + "' (known: " + String.join(", ", known) + ")";
            }
            case InvalidFormatException f -> "'" + f.getValue() + "' is not " + kind(f.getTargetType());
            case MismatchedInputException m -> "expected " + kind(m.getTargetType());
            default -> e.getOriginalMessage();
        };
        // The parser's location is where it stopped, often past the key; the key's own line is better.
        int line = lineOf(path, lines);
        return new ConfigException.Problem(path, message, line > 0 ? line : line(e.getLocation()));
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                if (!sb.isEmpty()) sb.append('.');
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String kind(Class<?> type) {
        if (type == null) return "a value of another kind";
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) return "a whole number";
        if (type == Boolean.class || type == boolean.class) return "true or false";
        if (type == String.class) return "a text value";
        if (List.class.isAssignableFrom(type) || Collection.class.isAssignableFrom(type)) return "a list";
        if (Map.class.isAssignableFrom(type) || type.isRecord() || type.isInterface()) return "a section of keys";
        return "a " + type.getSimpleName();
    }

    private static String suggestion(String key, Collection<Object> known) {
        TreeSet<String> names = new TreeSet<>();
        for (Object k : known) names.add(k.toString());
        names.remove("type");
        String best = null;
        int bestDistance = 3;
        for (String n : names) {
            int d = distance(key.toLowerCase(), n.toLowerCase());
            if (d < bestDistance) {
                bestDistance = d;
                best = n;
            }
        }
        String list = names.isEmpty() ? "" : " (known: " + String.join(", ", names) + ")";
        return best != null ? "; did you mean " + best + "?" + list : list;
    }

    /** Edit distance, for "did you mean". */
    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
