package org.marelle.rules.courier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Color;
import org.marelle.rules.IllegalMoveException;
import org.marelle.rules.Move;
import org.marelle.rules.Outcome;
import org.marelle.rules.Perft;
import org.marelle.rules.Position;
import org.marelle.rules.Termination;
import org.marelle.rules.Variant;

/** Courier games, results and the opening ceremony. */
class CourierGameTest {

    record Game(int number, String startFen, List<String> moves, String end, String finalFen) {
        @Override
        public String toString() {
            return "self-play game " + number + " (" + moves.size() + " plies, " + end + ")";
        }
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\\s*(\"([^\"]*)\"|(\\d+))").matcher(json);
        if (!m.find()) throw new IllegalStateException("no field " + name + " in " + json);
        return m.group(2) != null ? m.group(2) : m.group(3);
    }

    static List<Game> games() throws IOException {
        List<Game> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(CourierPerftTest.resource("fsf11_courier_selfplay_games.jsonl"))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank()) continue;
                out.add(new Game(Integer.parseInt(field(line, "game")), field(line, "start_fen"),
                        List.of(field(line, "moves_uci").split(" ")), field(line, "end"), field(line, "final_fen")));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("games")
    void selfPlayGamesReplayAndTheirSanRoundTrips(Game g) {
        Position p = Position.fromFen(Variant.COURIER, g.startFen());
        for (String uci : g.moves()) {
            Move m = p.parseUci(uci);
            assertThat(p.uci(m)).isEqualTo(uci);
            String san = p.san(m);
            assertThat(p.parseSan(san)).as("SAN %s in %s", san, p.fen()).isEqualTo(m);
            p = p.play(m);
        }
        assertThat(p.fen()).isEqualTo(g.finalFen());
        if (g.end().equals("no_legal_moves")) {
            assertThat(p.legalMoves()).isEmpty();
            assertThat(p.outcome()).isPresent();
        }
    }

    @Test
    void bareKingResultsAsCuteChessHasThem() throws IOException {
        try (BufferedReader r = new BufferedReader(CourierPerftTest.resource("courier_results_cutechess.tsv"))) {
            r.readLine();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split("\t");
                Position p = Position.fromFen(Variant.byName(f[1]), f[2]);
                String result = p.outcome().map(Outcome::result).orElse("*");
                assertThat(result).as(f[0]).isEqualTo(f[3]);
            }
        }
    }

    @Test
    void stalemateLosesAndTwoBareKingsPlayOn() {
        // Black's king is shut in by its own blocked pawn: stalemated, and in Courier that loses.
        Position stale = Position.fromFen(Variant.COURIER, "k11/p1K9/P11/12/12/12/12/12 b - - 0 1");
        assertThat(stale.legalMoves()).isEmpty();
        assertThat(stale.isStalemate()).isTrue();
        assertThat(stale.outcome()).contains(new Outcome(Termination.STALEMATE, Color.WHITE));
        Position kings = Position.fromFen(Variant.COURIER, "12/12/12/3k8/12/12/8K3/12 w - - 0 1");
        assertThat(kings.outcome()).isEmpty();
        assertThat(kings.legalMoves()).hasSize(8);
        // A bare king facing king and rook may take the rook if it can ...
        Position grace = Position.fromFen(Variant.COURIER, "12/12/12/12/12/3k8/3R8/6K5 b - - 0 1");
        assertThat(grace.outcome()).isEmpty();
        Position levelled = grace.playSan("Kxd2");
        assertThat(levelled.outcome()).isEmpty();
        // ... and loses when it cannot.
        Position lost = grace.playSan("Kc4");
        assertThat(lost.legalMoves()).isEmpty();
        assertThat(lost.outcome()).contains(new Outcome(Termination.VARIANT, Color.WHITE));
    }

    @Test
    void pawnsPromoteToTheFerzOnly() {
        Position p = Position.fromFen(Variant.COURIER, "r11/1P10/10k1/12/12/12/12/5K6 w - - 0 1");
        List<String> sans = p.legalMoves().stream().map(p::san).toList();
        assertThat(sans).contains("b8=F", "bxa8=F").noneMatch(s -> s.contains("=Q") || s.contains("=R"));
        Move m = p.parseSan("bxa8=F");
        assertThat(p.uci(m)).isEqualTo("b7a8f");
        assertThat(p.parseUci("b7a8f")).isEqualTo(m);
    }

    @Test
    void sanOnTwelveFiles() {
        // Two rooks on the first rank, far apart on a 12-file board (a black pawn keeps the game from being over).
        Position p = Position.fromFen(Variant.COURIER, "5k6/p11/12/12/12/12/5K6/R10R w - - 0 1");
        BoardGeometry g = p.geometry();
        Move m = new Move.Normal(g.parseSquare("l1"), g.parseSquare("g1"));
        assertThat(p.san(m)).isEqualTo("Rlg1");
        assertThat(p.parseSan("Rlg1")).isEqualTo(m);
        assertThat(p.fen()).isEqualTo("5k6/p11/12/12/12/12/5K6/R10R w - - 0 1");
    }

    // ---- the ceremony ------------------------------------------------------------------------------------------

    private static final List<String> WHITE_JUMPS = List.of("a2a4", "g2g4", "l2l4", "g1g3");
    private static final List<String> BLACK_JUMPS = List.of("a7a5", "g7g5", "l7l5", "g8g6");

    @Test
    void theCeremonyInEveryOrderReachesTheCourierStart() {
        List<List<String>> whiteOrders = legalOrders(WHITE_JUMPS), blackOrders = legalOrders(BLACK_JUMPS);
        // The ferz jump needs the g-pawn gone: 4!/2 = 12 orders per side.
        assertThat(whiteOrders).hasSize(12);
        String courierStart = Variant.COURIER.startFen().replace(" 0 1", "");
        for (List<String> w : whiteOrders) {
            for (List<String> b : blackOrders) {
                Position p = Variant.COURIER_JUMPS.startPosition();
                for (int i = 0; i < 4; i++) {
                    p = p.playUci(w.get(i));
                    p = p.playUci(b.get(i));
                }
                assertThat(p.fen()).startsWith(courierStart);
                assertThat(p.legalMoves()).hasSize(26);
            }
        }
    }

    @Test
    void nothingElseIsLegalDuringTheCeremony() {
        Position p = Variant.COURIER_JUMPS.startPosition();
        assertThat(p.legalMoves().stream().map(p::uci)).containsExactlyInAnyOrder("a2a4", "g2g4", "l2l4");
        assertThatThrownBy(() -> Variant.COURIER_JUMPS.startPosition().playUci("b2b3")).isInstanceOf(IllegalMoveException.class);
        Position afterPawns = p.playUci("g2g4").playUci("a7a5").playUci("a2a4").playUci("g7g5");
        assertThat(afterPawns.legalMoves().stream().map(afterPawns::uci)).containsExactlyInAnyOrder("l2l4", "g1g3");
        // Every ply of the ceremony offers only jumps: the perft of its eight plies counts the orders exactly.
        assertThat(Perft.perft(Variant.COURIER_JUMPS.startPosition(), 8)).isEqualTo(12L * 12);
    }

    private static List<List<String>> legalOrders(List<String> jumps) {
        List<List<String>> out = new ArrayList<>();
        permute(new ArrayList<>(jumps), 0, out);
        // The ferz's jump (last in the list) must come after the g-pawn's (second).
        out.removeIf(order -> order.indexOf(jumps.get(3)) < order.indexOf(jumps.get(1)));
        return out;
    }

    private static void permute(List<String> items, int k, List<List<String>> out) {
        if (k == items.size()) {
            out.add(List.copyOf(items));
            return;
        }
        for (int i = k; i < items.size(); i++) {
            Collections.swap(items, k, i);
            permute(items, k + 1, out);
            Collections.swap(items, k, i);
        }
    }

    @Test
    void randomCourierGamesKeepFenAndSanRoundTrips() {
        Random rnd = new Random(1821);
        for (int game = 0; game < 20; game++) {
            Position p = Variant.COURIER.startPosition();
            for (int ply = 0; ply < 200 && !p.legalMoves().isEmpty(); ply++) {
                assertThat(Position.fromFen(Variant.COURIER, p.fen()).fen()).isEqualTo(p.fen());
                List<Move> moves = p.legalMoves();
                for (Move m : moves) {
                    assertThat(p.parseSan(p.san(m))).isEqualTo(m);
                    assertThat(p.occupancyAfter(m)).isEqualTo(p.play(m).occupancy());
                }
                p = p.play(moves.get(rnd.nextInt(moves.size())));
            }
        }
    }
}
