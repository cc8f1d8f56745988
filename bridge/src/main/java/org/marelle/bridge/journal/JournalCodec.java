package org.marelle.bridge.journal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.marelle.bridge.session.SessionEvent;
import org.marelle.rules.Color;

/**
 * Session events as journal record payloads: one line of UTF-8 text, fields separated by tabs, the first field the
 * kind. Text rather than binary so that a person can read a journal ({@code strings current.journal}) when something
 * went wrong. Tabs, line ends and backslashes inside a field are escaped as {@code \t}, {@code \n},
 * {@code \r} and {@code \\}.
 *
 * <pre>
 * game        AT  ID  VARIANT  FEN  [TAG  VALUE]...
 * move        AT  PLY  UCI  SAN  [MOVED-AT  CLOCK]   (CLOCK -1: no clock; both absent in journals from before clocks)
 * takeback    AT  PLIES
 * tag         AT  NAME  [VALUE]          (no value: the tag is removed)
 * draw-offer  AT  PLY  white|black
 * result      AT  RESULT  REASON
 * </pre>
 */
public final class JournalCodec {

    private JournalCodec() {
    }

    public static byte[] encode(SessionEvent event) {
        List<String> f = new ArrayList<>();
        switch (event) {
            case SessionEvent.GameStarted g -> {
                f.add("game");
                f.add(Long.toString(g.atMillis()));
                f.add(g.gameId());
                f.add(g.variant());
                f.add(g.fen());
                for (Map.Entry<String, String> t : g.tags().entrySet()) {
                    f.add(t.getKey());
                    f.add(t.getValue());
                }
            }
            case SessionEvent.MovePlayed m -> {
                f.add("move");
                f.add(Long.toString(m.atMillis()));
                f.add(Integer.toString(m.ply()));
                f.add(m.uci());
                f.add(m.san());
                if (m.movedAtMillis() != m.atMillis() || m.hasClock()) {
                    f.add(Long.toString(m.movedAtMillis()));
                    f.add(Long.toString(m.clockMillis()));
                }
            }
            case SessionEvent.MovesTakenBack t -> {
                f.add(t.corrected() ? "correction" : "takeback");
                f.add(Long.toString(t.atMillis()));
                f.add(Integer.toString(t.plies()));
            }
            case SessionEvent.TagChanged t -> {
                f.add("tag");
                f.add(Long.toString(t.atMillis()));
                f.add(t.name());
                if (t.value() != null) f.add(t.value());
            }
            case SessionEvent.DrawOffered d -> {
                f.add("draw-offer");
                f.add(Long.toString(d.atMillis()));
                f.add(Integer.toString(d.ply()));
                f.add(d.by().name().toLowerCase(Locale.ROOT));
            }
            case SessionEvent.GameEnded e -> {
                f.add("result");
                f.add(Long.toString(e.atMillis()));
                f.add(e.result());
                f.add(e.reason());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < f.size(); i++) {
            if (i > 0) sb.append('\t');
            escape(f.get(i), sb);
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * @throws IllegalArgumentException naming the kind and the field when the payload is not an event
     */
    public static SessionEvent decode(byte[] payload) {
        String text = new String(payload, StandardCharsets.UTF_8);
        List<String> f = fields(text);
        String kind = f.get(0);
        try {
            return switch (kind) {
                case "game" -> {
                    need(f, 5);
                    if ((f.size() - 5) % 2 != 0) throw new IllegalArgumentException("a tag without a value");
                    Map<String, String> tags = new LinkedHashMap<>();
                    for (int i = 5; i < f.size(); i += 2) tags.put(f.get(i), f.get(i + 1));
                    yield new SessionEvent.GameStarted(time(f), f.get(2), f.get(3), f.get(4), tags);
                }
                case "move" -> {
                    if (f.size() != 5 && f.size() != 7) throw new IllegalArgumentException("5 or 7 fields, not " + f.size());
                    if (f.size() == 5) {
                        yield new SessionEvent.MovePlayed(time(f), Integer.parseInt(f.get(2)), f.get(3), f.get(4));
                    }
                    yield new SessionEvent.MovePlayed(time(f), Integer.parseInt(f.get(2)), f.get(3), f.get(4),
                            Long.parseLong(f.get(5)), Long.parseLong(f.get(6)));
                }
                case "takeback", "correction" -> {
                    exactly(f, 3);
                    yield new SessionEvent.MovesTakenBack(time(f), Integer.parseInt(f.get(2)), kind.equals("correction"));
                }
                case "tag" -> {
                    if (f.size() != 3 && f.size() != 4) throw new IllegalArgumentException("3 or 4 fields, not " + f.size());
                    yield new SessionEvent.TagChanged(time(f), f.get(2), f.size() == 4 ? f.get(3) : null);
                }
                case "draw-offer" -> {
                    exactly(f, 4);
                    yield new SessionEvent.DrawOffered(time(f), Integer.parseInt(f.get(2)),
                            Color.valueOf(f.get(3).toUpperCase(Locale.ROOT)));
                }
                case "result" -> {
                    exactly(f, 4);
                    yield new SessionEvent.GameEnded(time(f), f.get(2), f.get(3));
                }
                default -> throw new IllegalArgumentException("unknown kind of record");
            };
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + kind + "' record: " + e.getMessage() + ": " + shorten(text), e);
        }
    }

    private static long time(List<String> f) {
        return Long.parseLong(f.get(1));
    }

    private static void need(List<String> f, int n) {
        if (f.size() < n) throw new IllegalArgumentException("at least " + n + " fields, not " + f.size());
    }

    private static void exactly(List<String> f, int n) {
        if (f.size() != n) throw new IllegalArgumentException(n + " fields, not " + f.size());
    }

    private static String shorten(String s) {
        String t = s.replace('\t', ' ');
        return t.length() > 120 ? t.substring(0, 120) + "..." : t;
    }

    private static void escape(String s, StringBuilder sb) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
    }

    private static List<String> fields(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\t') {
                out.add(cur.toString());
                cur.setLength(0);
            } else if (c == '\\' && i + 1 < text.length()) {
                char n = text.charAt(++i);
                cur.append(switch (n) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    default -> n;
                });
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }
}
