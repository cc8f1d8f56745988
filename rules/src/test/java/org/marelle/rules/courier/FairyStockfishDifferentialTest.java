package org.marelle.rules.courier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Random Courier games, position by position: our legal moves against Debian's {@code fairy-stockfish} (11.1, the
 * only engine that implements Courier), asked over UCI with {@code go perft 1}. CI installs the package; on a
 * developer machine without it the test is skipped, except when {@code CI} is set, where a missing engine fails.
 */
class FairyStockfishDifferentialTest {

    private static final List<String> CANDIDATES = List.of("/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish");

    @Test
    void legalMovesMatchFairyStockfishOverThousandsOfPositions() throws Exception {
        String engine = CANDIDATES.stream().filter(p -> Files.isExecutable(Path.of(p))).findFirst().orElse(null);
        if (System.getenv("CI") != null) {
            assertThat(engine).as("fairy-stockfish must be installed in CI (.ci/run installs it)").isNotNull();
        }
        assumeTrue(engine != null, "fairy-stockfish is not installed (apt-get install fairy-stockfish)");

        Process p = new ProcessBuilder(engine).redirectErrorStream(true).start();
        try (Writer out = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.US_ASCII);
             BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            send(out, "uci");
            readUntil(in, "uciok");
            send(out, "setoption name UCI_Variant value courier");
            send(out, "isready");
            readUntil(in, "readyok");

            Random rnd = new Random(20260501);
            int positions = 0, finished = 0;
            for (int game = 0; game < 30; game++) {
                Position pos = Variant.COURIER.startPosition();
                for (int ply = 0; ply < 400; ply++) {
                    Set<String> ours = pos.legalMoves().stream().map(pos::uci).collect(Collectors.toCollection(TreeSet::new));
                    Set<String> theirs = perft1(out, in, pos.fen());
                    assertThat(ours).as("legal moves in %s", pos.fen()).isEqualTo(theirs);
                    positions++;
                    if (ours.isEmpty()) {
                        finished++;
                        break;
                    }
                    List<Move> moves = pos.legalMoves();
                    // Prefer captures now and then, so that games reach sparse endgames and the bare-king rule.
                    Move pick = moves.get(rnd.nextInt(moves.size()));
                    if (rnd.nextInt(3) == 0) {
                        Position before = pos;
                        List<Move> captures = moves.stream().filter(m -> before.pieceAt(m.to()) != null).toList();
                        if (!captures.isEmpty()) pick = captures.get(rnd.nextInt(captures.size()));
                    }
                    pos = pos.play(pick);
                }
            }
            assertThat(positions).isGreaterThan(2000);
            assertThat(finished).isPositive();
            send(out, "quit");
        } finally {
            if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly();
        }
    }

    private static Set<String> perft1(Writer out, BufferedReader in, String fen) throws IOException {
        send(out, "position fen " + fen);
        send(out, "go perft 1");
        Set<String> moves = new TreeSet<>();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.startsWith("Nodes searched")) return moves;
            int colon = line.indexOf(": ");
            if (colon > 0 && !line.startsWith("info")) moves.add(line.substring(0, colon).trim());
        }
        throw new IOException("fairy-stockfish closed its output");
    }

    private static void send(Writer out, String command) throws IOException {
        out.write(command + "\n");
        out.flush();
    }

    private static void readUntil(BufferedReader in, String token) throws IOException {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.startsWith(token)) return;
        }
        throw new IOException("fairy-stockfish closed its output before '" + token + "'");
    }
}
