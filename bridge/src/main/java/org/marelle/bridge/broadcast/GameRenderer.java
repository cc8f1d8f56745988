package org.marelle.bridge.broadcast;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Color;
import org.marelle.rules.Move;
import org.marelle.rules.Piece;
import org.marelle.rules.PieceType;
import org.marelle.rules.Position;
import org.marelle.rules.notation.MoveNotation;
import org.marelle.rules.notation.Notations;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnWriter;

/**
 * Turns a {@link GameSnapshot} into the public {@link BoardView}: PGN (standard SAN, {@code GameId} tag,
 * {@code [%clk]} comments where the clock is known) and the JSON model. Replaying the game checks it: an illegal
 * move is the session's bug and fails here, before anything is published.
 */
final class GameRenderer {

    /** One mapper for the whole broadcast: thread-safe once configured. */
    static final ObjectMapper JSON = new ObjectMapper();

    private final MoveNotation notation;

    GameRenderer(String notationName) {
        this.notation = Notations.byName(notationName);
    }

    /**
     * A game replayed once: the position before each move and after the last, SAN, and the configured notation's
     * text (null when the notation cannot write this game, e.g. ICCF digits on 12x8). The next snapshot of the same
     * game reuses it for the moves they share, so a move costs one replayed move, not a replayed game.
     */
    private record Replay(String gameId, Position initial, List<Move> moves, List<Position> positions, List<String> sans,
            List<String> texts) {
    }

    private final Map<BoardId, Replay> replays = new ConcurrentHashMap<>();

    private Replay replay(BoardId board, GameSnapshot g) {
        Replay old = replays.get(board);
        List<Move> moves = g.moves();
        int shared = 0;
        if (old != null && old.gameId().equals(g.gameId()) && old.initial().equals(g.initial())) {
            int limit = Math.min(old.moves().size(), moves.size());
            while (shared < limit && old.moves().get(shared).equals(moves.get(shared))) {
                shared++;
            }
        }
        List<Position> positions = new ArrayList<>(moves.size() + 1);
        List<String> sans = new ArrayList<>(moves.size());
        List<String> texts = new ArrayList<>(moves.size());
        if (shared > 0) {
            positions.addAll(old.positions().subList(0, shared + 1));
            sans.addAll(old.sans().subList(0, shared));
            texts = old.texts() == null ? null : new ArrayList<>(old.texts().subList(0, shared));
        } else {
            positions.add(g.initial());
        }
        Position p = positions.get(positions.size() - 1);
        for (int i = shared; i < moves.size(); i++) {
            Move m = moves.get(i);
            if (!p.isLegal(m)) {
                throw new IllegalArgumentException("board " + board + ", game " + g.gameId() + ": move " + (i + 1)
                        + " (" + describe(p, m) + ") is not legal in " + p.fen());
            }
            sans.add(p.san(m));
            if (texts != null) {
                try {
                    texts.add(notation.write(p, m));
                } catch (IllegalArgumentException e) {
                    texts = null; // this notation has no meaning here: the whole list falls back to SAN
                }
            }
            p = p.play(m);
            positions.add(p);
        }
        Replay r = new Replay(g.gameId(), g.initial(), moves, List.copyOf(positions), List.copyOf(sans),
                texts == null ? null : List.copyOf(texts));
        replays.put(board, r);
        return r;
    }

    BoardView render(BoardId board, GameSnapshot g) {
        Position initial = g.initial();
        BoardGeometry geometry = initial.geometry();
        List<Move> moves = g.moves();
        Replay replay = replay(board, g);
        List<String> sans = replay.sans();
        MoveNotation textNotation = replay.texts() == null ? Notations.san() : notation;
        List<String> texts = replay.texts() == null ? sans : replay.texts();
        List<Position> befores = replay.positions();
        Position now = befores.get(moves.size());

        Map<String, String> tags = new LinkedHashMap<>(g.tags());
        tags.put("GameId", g.gameId());
        String pgn = pgn(tags, g, befores, sans);
        Map<String, String> allTags = new LinkedHashMap<>();
        for (String line : pgn.lines().takeWhile(l -> l.startsWith("[")).toList()) {
            int space = line.indexOf(' ');
            allTags.put(line.substring(1, space), unquote(line.substring(space + 1, line.length() - 1)));
        }

        List<GameView.MoveView> moveViews = new ArrayList<>(moves.size());
        for (int i = 0; i < moves.size(); i++) {
            Position before = befores.get(i);
            Move m = moves.get(i);
            Duration clock = i < g.clocks().size() ? g.clocks().get(i) : null;
            moveViews.add(new GameView.MoveView(i + 1, before.fullmoveNumber(), colour(before.turn()), sans.get(i),
                    texts.get(i), before.uci(m), squareName(geometry, m.from()), squareName(geometry, m.to()),
                    clock == null ? null : clock.toMillis(), g.drawOffers().contains(i)));
        }
        List<GameView.SquarePiece> squares = new ArrayList<>();
        for (int sq = 0; sq < geometry.squareCount(); sq++) {
            Piece piece = now.pieceAt(sq);
            if (piece != null) {
                squares.add(new GameView.SquarePiece(geometry.squareName(sq), String.valueOf(piece.type().letter()),
                        colour(piece.color()), piece.type().name()));
            }
        }
        List<GameView.PieceKind> kinds = new ArrayList<>();
        for (PieceType t : initial.variant().pieces()) {
            kinds.add(new GameView.PieceKind(String.valueOf(t.letter()), t.name()));
        }
        GameView.LastMove last = null;
        if (!moves.isEmpty()) {
            Move m = moves.get(moves.size() - 1);
            if (m.from() >= 0) {
                last = new GameView.LastMove(geometry.squareName(m.from()), geometry.squareName(m.to()));
            }
        }
        GameView.ClockView clock = null;
        ClockState c = g.clock();
        if (c != null) {
            clock = new GameView.ClockView(c.white() == null ? null : c.white().toMillis(),
                    c.black() == null ? null : c.black().toMillis(), c.running() == null ? null : colour(c.running()),
                    c.asOf() == null ? null : c.asOf().toEpochMilli());
        }
        String outcome = now.outcome().map(o -> o.termination().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .orElse(null);
        GameView view = new GameView(board.value(), g.gameId(), initial.variant().name(), geometry.files(),
                geometry.ranks(), kinds, initial.fen(), now.fen(), colour(now.turn()), moves.size(),
                allTags.getOrDefault("White", "?"), allTags.getOrDefault("Black", "?"), allTags, g.result(), outcome,
                g.ending() == null ? null : g.ending().id(), now.isCheck(), textNotation.name(), moveViews, squares, last, clock, g.status(), g.casual());
        String json;
        String head;
        try {
            head = JSON.writeValueAsString(view.head());
            json = withMoves(board, head, moveViews);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("game view of board " + board + " does not serialise", e);
        }
        return new BoardView(board, g, view, json, head, pgn, etag(pgn.getBytes(StandardCharsets.UTF_8)));
    }

    /** Each move's JSON as last written, per board: a move is written once, not once per later move. */
    private record MoveJson(GameView.MoveView move, String json) {
    }

    private final Map<BoardId, List<MoveJson>> moveJsons = new ConcurrentHashMap<>();

    /** The head's JSON with the {@code moves} array added at its end. */
    private String withMoves(BoardId board, String head, List<GameView.MoveView> moves) throws JsonProcessingException {
        List<MoveJson> old = moveJsons.getOrDefault(board, List.of());
        List<MoveJson> now = new ArrayList<>(moves.size());
        StringBuilder sb = new StringBuilder(head.length() + moves.size() * 120 + 16);
        sb.append(head, 0, head.length() - 1).append(",\"moves\":[");
        for (int i = 0; i < moves.size(); i++) {
            GameView.MoveView m = moves.get(i);
            MoveJson mj = i < old.size() && old.get(i).move().equals(m) ? old.get(i) : new MoveJson(m, JSON.writeValueAsString(m));
            now.add(mj);
            if (i > 0) {
                sb.append(',');
            }
            sb.append(mj.json());
        }
        moveJsons.put(board, List.copyOf(now));
        return sb.append("]}").toString();
    }

    /**
     * The game in PGN export format: the tag section as {@link PgnGame#toPgn()} writes it (the seven tag roster
     * first, then Variant, SetUp and FEN where needed, then the other tags), then the movetext from the SANs already
     * known, with a {@code [%clk H:MM:SS]} comment after each move whose clock is known and {@code (=)} after each
     * move a draw was offered with. Lines are at most 80 characters, broken between words but never inside a
     * comment, so a relay's {@code %clk} parser always finds the command on one line.
     */
    private static String pgn(Map<String, String> tags, GameSnapshot g, List<Position> befores, List<String> sans) {
        String header = PgnGame.of(tags, g.initial(), List.of(), g.result()).toPgn();
        StringBuilder sb = new StringBuilder(header.length() + sans.size() * 12 + 64);
        sb.append(header, 0, header.indexOf("\n\n") + 2);
        int column = 0;
        boolean numberNext = true;
        List<String> words = new ArrayList<>(4);
        for (int i = 0; i < sans.size(); i++) {
            Position before = befores.get(i);
            words.clear();
            if (before.turn() == Color.WHITE) {
                words.add(before.fullmoveNumber() + ".");
            } else if (numberNext) {
                words.add(before.fullmoveNumber() + "...");
            }
            words.add(sans.get(i));
            numberNext = false;
            Duration clock = i < g.clocks().size() ? g.clocks().get(i) : null;
            if (clock != null) {
                words.add("{[%clk " + clk(clock) + "]}");
                numberNext = true;
            }
            if (g.drawOffers().contains(i)) {
                words.add("{(=)}");
                numberNext = true;
            }
            for (String w : words) {
                column = word(sb, column, w);
            }
        }
        word(sb, column, g.result());
        return sb.append('\n').toString();
    }

    private static int word(StringBuilder sb, int column, String word) {
        if (column > 0 && column + 1 + word.length() > PgnWriter.LINE_WIDTH) {
            sb.append('\n');
            column = 0;
        }
        if (column > 0) {
            sb.append(' ');
            column++;
        }
        sb.append(word);
        return column + word.length();
    }

    /** The PGN clock format of the {@code %clk} command: H:MM:SS, whole seconds (rounded down). */
    static String clk(Duration d) {
        long s = d.toSeconds();
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    /** A strong entity tag: the first 128 bits of the SHA-256 of the bytes, in hex, quoted. */
    static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    static String colour(Color c) {
        return c == Color.WHITE ? "white" : "black";
    }

    private static String squareName(BoardGeometry g, int sq) {
        return sq < 0 ? null : g.squareName(sq);
    }

    private static String describe(Position p, Move m) {
        try {
            return p.uci(m);
        } catch (RuntimeException e) {
            return String.valueOf(m);
        }
    }

    private static String unquote(String quoted) {
        String s = quoted.substring(1, quoted.length() - 1);
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length()) {
                ch = s.charAt(++i);
            }
            out.append(ch);
        }
        return out.toString();
    }
}
