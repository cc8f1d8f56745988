package org.marelle.bridge.simulation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.pgn.PgnReader;

/**
 * Games to play on the simulated board, read from PGN files ({@code .pgn}, {@code .pgn.gz}) or from JSON Lines game
 * files ({@code .jsonl}, {@code .jsonl.gz}: one object a line with {@code "variant"}, {@code "start_fen"} and {@code "moves_uci"}, as
 * the Courier self-play games are stored). A game that cannot be read or played on a board (a null move) is
 * reported, not played.
 */
public final class GameFiles {

    /** A game to play: where it comes from (file and 1-based number), its start and its moves. */
    public record Game(String source, int number, Position initial, List<Move> moves) {
        public Variant variant() {
            return initial.variant();
        }
    }

    /** A game of the file that is not played, and why. */
    public record Skipped(String source, int number, String reason) {
        @Override
        public String toString() {
            return source + " game " + number + ": " + reason;
        }
    }

    /** What a file held. */
    public record Contents(List<Game> games, List<Skipped> skipped) {
    }

    private GameFiles() {
    }

    public static Contents read(Path file) throws IOException {
        String name = file.getFileName().toString();
        return name.endsWith(".jsonl") || name.endsWith(".jsonl.gz") ? readJsonLines(file) : readPgn(file);
    }

    private static InputStream open(Path file) throws IOException {
        InputStream bytes = Files.newInputStream(file);
        if (!file.getFileName().toString().endsWith(".gz")) return bytes;
        try {
            return new GZIPInputStream(bytes, 1 << 16);
        } catch (IOException e) {
            bytes.close();
            throw e;
        }
    }

    private static Contents readPgn(Path file) throws IOException {
        List<Game> games = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        try (Reader in = PgnReader.decode(open(file)); PgnReader reader = new PgnReader(in, file.toString())) {
            while (reader.hasNext()) {
                switch (reader.next()) {
                    case PgnReader.Parsed p -> {
                        List<Move> moves = p.game().mainline();
                        if (moves.stream().anyMatch(m -> m instanceof Move.Null)) {
                            skipped.add(new Skipped(file.toString(), p.gameNumber(), "a null move cannot be played on a board"));
                        } else {
                            games.add(new Game(file.toString(), p.gameNumber(), p.game().initial(), moves));
                        }
                    }
                    case PgnReader.Failed f -> skipped.add(new Skipped(file.toString(), f.gameNumber(), f.error().toString()));
                }
            }
        }
        return new Contents(games, skipped);
    }

    private static Contents readJsonLines(Path file) throws IOException {
        List<Game> games = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(open(file), StandardCharsets.UTF_8))) {
            int lineNo = 0, number = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) continue;
                number++;
                try {
                    JsonNode obj = object(line);
                    Variant variant = obj.has("variant") ? Variant.byName(text(obj, "variant")) : Variant.STANDARD;
                    Position p = obj.has("start_fen") ? Position.fromFen(variant, text(obj, "start_fen")) : variant.startPosition();
                    Position initial = p;
                    List<Move> moves = new ArrayList<>();
                    String uci = obj.has("moves_uci") ? text(obj, "moves_uci") : "";
                    for (String u : uci.trim().split("\\s+")) {
                        if (u.isEmpty()) continue;
                        Move m = p.parseUci(u);
                        moves.add(m);
                        p = p.play(m);
                    }
                    games.add(new Game(file.toString(), number, initial, moves));
                } catch (IllegalArgumentException e) {
                    skipped.add(new Skipped(file.toString(), number, "line " + lineNo + ": " + e.getMessage()));
                }
            }
        }
        return new Contents(games, skipped);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One line of a JSON Lines game file, as an object; errors name the column. */
    private static JsonNode object(String line) {
        JsonNode obj;
        try {
            obj = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("column " + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        }
        if (obj == null || !obj.isObject()) throw new IllegalArgumentException("a game must be a JSON object, not " + obj);
        return obj;
    }

    private static String text(JsonNode obj, String key) {
        JsonNode v = obj.get(key);
        if (!v.isTextual()) throw new IllegalArgumentException("\"" + key + "\" must be a string, not " + v);
        return v.asText();
    }
}
