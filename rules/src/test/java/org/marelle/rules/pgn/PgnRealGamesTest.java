package org.marelle.rules.pgn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Real games (Lichess, over-the-board collections, Chess960 engine games): every game replays, every move's strict
 * SAN matches the file's own text, and write → read gives back the same game. Game counts are MANIFEST.md's.
 *
 * <p>Where a file writes a move differently from strict SAN, the difference is counted by kind and asserted exactly,
 * and the cases are printed, so a change in either the data or our SAN shows.
 */
class PgnRealGamesTest {

    /**
     * @param sanDifferences kinds of difference between the file's move text and our strict SAN, with counts
     */
    record GameFile(String name, int games, Map<String, Integer> sanDifferences) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> files() {
        return Stream.of(
                new GameFile("lichess/lichess-org-database_2016-05_sample.pgn", 4798, Map.of()),
                new GameFile("lichess/chessjs_benchmark.pgn", 100, Map.of()),
                new GameFile("lichess/pgn-parser_lichess_mliebelt_2024-01-03.pgn", 8, Map.of()),
                // Morphy's games end their mates with '+', as old sources do.
                new GameFile("otb/chesslib_Morphy_UTF8.pgn", 211, Map.of("mate written as check '+'", 27)),
                // ECC 2018 writes promotions without '=' (d1Q).
                new GameFile("otb/chesslib_cup_ECC2018.pgn", 900, Map.of("promotion without '='", 61)),
                new GameFile("otb/chesslib_finalmast11.pgn", 30, Map.of()),
                // One variation move "N4e3" names the rank of a knight whose twin is pinned: SAN needs no rank.
                new GameFile("otb/chesslib_linares_2002.pgn", 42, Map.of("needless disambiguation", 1)),
                new GameFile("otb/pgn-parser_twic-01-232games.pgn", 232, Map.of()),
                new GameFile("chess960/python-chess_cutechess-fischerrandom.pgn", 4, Map.of()),
                new GameFile("syntax/kokopu/pgns_chess960.pgn", 4, Map.of())
        ).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void replaysMatchesSanAndRoundTrips(GameFile file) {
        List<PgnReader.Entry> entries = PgnTestData.read(file.name());

        assertThat(entries).hasSize(file.games());
        assertThat(entries).filteredOn(e -> e instanceof PgnReader.Failed).isEmpty();

        // Games are independent and positions immutable: check them in parallel, report in file order.
        List<GameCheck> checks = entries.parallelStream()
                .map(e -> check(e.gameNumber(), ((PgnReader.Parsed) e).game()))
                .toList();
        Map<String, Integer> differences = new TreeMap<>();
        List<String> shown = new ArrayList<>();
        List<String> roundTripFaults = new ArrayList<>();
        for (GameCheck c : checks) {
            c.differences().forEach(d -> differences.merge(d.kind(), 1, Integer::sum));
            c.differences().forEach(d -> shown.add(d.text()));
            if (c.fault() != null) {
                roundTripFaults.add(c.fault());
            }
        }
        if (!shown.isEmpty()) {
            System.out.println(file.name() + ": " + shown.size() + " moves differ from strict SAN " + differences);
            shown.stream().limit(100).forEach(s -> System.out.println("  " + s));
        }
        assertThat(differences).as("SAN differences in " + file.name()).isEqualTo(file.sanDifferences());
        assertThat(roundTripFaults).isEmpty();
    }

    /** A move whose text in the file is not our strict SAN. */
    record SanDifference(String kind, String text) {
    }

    /** What checking one game found. */
    record GameCheck(List<SanDifference> differences, String fault) {
    }

    /** Writes the game, reads it back, and compares the file's move text with the strict SAN written. */
    private static GameCheck check(int number, PgnGame game) {
        RoundTrip trip = roundTrip(game);
        if (trip.fault() != null) {
            return new GameCheck(List.of(), "game " + number + ": " + trip.fault());
        }
        // The game read back has, as its move text, the strict SAN our writer wrote: compare node by node.
        List<SanDifference> differences = new ArrayList<>();
        Deque<GameNode[]> todo = new ArrayDeque<>();
        todo.push(new GameNode[] {game.root(), trip.back().root()});
        while (!todo.isEmpty()) {
            GameNode[] pair = todo.pop();
            for (int i = 0; i < pair[0].variations().size(); i++) {
                GameNode read = pair[0].variations().get(i);
                GameNode strict = pair[1].variations().get(i);
                if (!strict.san().equals(read.san())) {
                    differences.add(new SanDifference(kind(read.san(), strict.san()), "game " + number + ": '"
                            + read.san() + "' is '" + strict.san() + "' in strict SAN ("
                            + positionBefore(game, read).fen() + ")"));
                }
                todo.push(new GameNode[] {read, strict});
            }
        }
        return new GameCheck(differences, null);
    }

    /** Chess960 games start from their FEN's array and castle Chess960-style. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("chess960Files")
    void chess960GamesAreChess960(String name) {
        for (PgnReader.Entry e : PgnTestData.read(name)) {
            PgnGame game = ((PgnReader.Parsed) e).game();
            assertThat(game.initial().variant()).isSameAs(Variant.CHESS960);
            assertThat(game.initial().fen()).isEqualTo(Position.fromFen(Variant.CHESS960, game.tags().get("FEN")).fen());
        }
        long castles = PgnTestData.read(name).stream()
                .flatMap(e -> ((PgnReader.Parsed) e).game().mainline().stream())
                .filter(m -> m instanceof Move.Castle)
                .count();
        assertThat(castles).isPositive();
    }

    static Stream<String> chess960Files() {
        return Stream.of("chess960/python-chess_cutechess-fischerrandom.pgn", "syntax/kokopu/pgns_chess960.pgn");
    }

    private static String kind(String read, String strict) {
        String readBody = read.replaceAll("[+#]+$", "");
        String strictBody = strict.replaceAll("[+#]+$", "");
        if (readBody.equals(strictBody)) {
            if (read.endsWith("+") && strict.endsWith("#")) {
                return "mate written as check '+'";
            }
            return strict.endsWith("+") || strict.endsWith("#") ? "check mark missing" : "check mark where none is";
        }
        if (readBody.equals(strictBody.replace("=", ""))) {
            return "promotion without '='";
        }
        if (readBody.replace("0", "O").equals(strictBody)) {
            return "castling with zeros";
        }
        if (readBody.length() > strictBody.length() && readBody.charAt(0) == strictBody.charAt(0)
                && readBody.endsWith(strictBody.substring(1))) {
            return "needless disambiguation";
        }
        return "other";
    }

    /** The game read back from what the writer wrote, or what did not come back. */
    record RoundTrip(PgnGame back, String fault) {
    }

    /** Writes the game and reads it back. */
    static RoundTrip roundTrip(PgnGame game) {
        String text = game.toPgn();
        for (String line : text.split("\n")) {
            if (!line.startsWith("[") && line.length() > PgnWriter.LINE_WIDTH) {
                return new RoundTrip(null, "movetext line longer than " + PgnWriter.LINE_WIDTH + ": " + line);
            }
        }
        List<PgnReader.Entry> again = PgnReader.readAll(text);
        if (again.size() != 1 || !(again.get(0) instanceof PgnReader.Parsed p)) {
            return new RoundTrip(null, "written game does not read back: " + again + "\n" + text);
        }
        PgnGame back = p.game();
        return new RoundTrip(back, difference(game, back, text));
    }

    private static String difference(PgnGame game, PgnGame back, String text) {
        if (!back.initial().equals(game.initial())) {
            return "initial position " + back.initial().fen() + " instead of " + game.initial().fen();
        }
        if (!back.result().equals(game.result())) {
            return "result " + back.result() + " instead of " + game.result();
        }
        Set<String> added = Set.of("Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN",
                "Variant");
        for (Map.Entry<String, String> t : game.tags().entrySet()) {
            String value = t.getValue().replace('\n', ' ').replace('\r', ' ');
            if (!value.equals(back.tags().get(t.getKey()))) {
                return "tag " + t.getKey() + " '" + back.tags().get(t.getKey()) + "' instead of '" + value + "'";
            }
        }
        for (String name : back.tags().keySet()) {
            if (!game.tags().containsKey(name) && !added.contains(name)) {
                return "tag " + name + " appeared";
            }
        }
        if (!PgnTestData.shape(back).equals(PgnTestData.shape(game))) {
            return "moves, annotations or comments differ:\n" + text;
        }
        return null;
    }

    private static Position positionBefore(PgnGame game, GameNode node) {
        Deque<Move> path = new ArrayDeque<>();
        for (GameNode n = node.parent(); !n.isRoot(); n = n.parent()) {
            path.push(n.move());
        }
        Position p = game.initial();
        for (Move m : path) {
            p = p.play(m);
        }
        return p;
    }
}
