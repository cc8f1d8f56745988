package org.marelle.rules.courier;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.marelle.rules.Perft;
import org.marelle.rules.PerftSuite;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;

/**
 * Courier perft against Fairy-Stockfish's numbers, to the node. Checks up to {@value #FAST_NODES} nodes run in every
 * build; the deeper ones (up to the start position's 11.7 billion at depth 7) run with {@code -Pslow}.
 */
class CourierPerftTest {

    static final long FAST_NODES = 3_000_000;

    record Check(String source, int line, String fen, int depth, long nodes) {
        @Override
        public String toString() {
            return source + ":" + line + " d" + depth + " " + fen;
        }
    }

    static Reader resource(String name) {
        InputStream in = CourierPerftTest.class.getResourceAsStream("/courier/" + name);
        if (in == null) throw new IllegalStateException("missing test resource /courier/" + name);
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }

    static List<Check> all() throws IOException {
        List<Check> out = new ArrayList<>();
        try (Reader r = resource("courier_perft.epd")) {
            for (PerftSuite.Case c : PerftSuite.parse(r)) {
                for (Map.Entry<Integer, Long> e : c.counts().entrySet()) {
                    out.add(new Check("courier_perft.epd", c.line(), c.fen(), e.getKey(), e.getValue()));
                }
            }
        }
        for (String file : List.of("courier_perft_startpositions.tsv", "fsf11_courier_perft_midgame.tsv")) {
            try (var lines = new java.io.BufferedReader(resource(file))) {
                String header = lines.readLine();
                List<String> columns = List.of(header.split("\t"));
                int fen = columns.indexOf("fen"), depth = columns.indexOf("depth"), nodes = columns.indexOf("nodes");
                int no = 1;
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    no++;
                    if (line.isBlank()) continue;
                    String[] f = line.split("\t");
                    out.add(new Check(file, no, f[fen], Integer.parseInt(f[depth]), Long.parseLong(f[nodes])));
                }
            }
        }
        return out;
    }

    static Stream<Arguments> fast() throws IOException {
        return all().stream().filter(c -> c.nodes() <= FAST_NODES).map(Arguments::of);
    }

    static Stream<Arguments> slow() throws IOException {
        return all().stream().filter(c -> c.nodes() > FAST_NODES).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fast")
    void matchesFairyStockfish(Check c) {
        assertThat(Perft.perft(Position.fromFen(Variant.COURIER, c.fen()), c.depth())).isEqualTo(c.nodes());
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("slow")
    void matchesFairyStockfishDeep(Check c) {
        assertThat(Perft.perft(Position.fromFen(Variant.COURIER, c.fen()), c.depth())).isEqualTo(c.nodes());
    }
}
