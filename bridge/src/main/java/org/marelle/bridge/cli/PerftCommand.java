package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import org.marelle.bridge.output.IoReason;
import org.marelle.rules.Move;
import org.marelle.rules.Perft;
import org.marelle.rules.PerftSuite;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code marelle perft}: counts the leaf nodes of the move tree, to check the move generator against published
 * numbers. Either one position ({@code --fen}, default the start position) to {@code --depth}, or a whole suite
 * ({@code --epd FILE}). Results go to standard output, timing and progress to standard error, so the node count
 * (or the suite summary) is always the last line of the output.
 */
@Command(
        name = "perft",
        mixinStandardHelpOptions = true,
        description = {
            "Count leaf nodes of the legal-move tree (perft).",
            "  marelle perft --depth 5",
            "  marelle perft --fen 'FEN' --depth 3 --divide",
            "  marelle perft --epd suite.epd --max-depth 4"
        },
        usageHelpAutoWidth = true)
final class PerftCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--variant", paramLabel = "VARIANT", defaultValue = "standard",
            converter = VariantConverter.class,
            description = "standard, chess960, courier, courier-jumps or courier-modern (default: ${DEFAULT-VALUE})")
    private Variant variant;

    @ArgGroup(exclusive = true)
    private Source source;

    static final class Source {
        @Option(names = "--fen", paramLabel = "FEN", description = "the position (default: the variant's start)")
        String fen;

        @Option(names = "--epd", paramLabel = "FILE",
                description = "a perft suite: 'FEN ;D1 n ;D2 n ...' lines, or python-chess's id/epd/perft lines")
        Path suite;
    }

    @Option(names = "--depth", paramLabel = "N", description = "depth to count (with --fen or the start position)")
    private Integer depth;

    @Option(names = "--divide", description = "print the count below each legal move first")
    private boolean divide;

    @Option(names = "--max-depth", paramLabel = "D",
            description = "with --epd: check depths up to D only (default: every depth the suite gives)")
    private Integer maxDepth;

    @Override
    public Integer call() throws IOException {
        if (source != null && source.suite != null) {
            if (depth != null || divide) {
                throw usage("--depth and --divide are for one position; with --epd use --max-depth");
            }
            if (maxDepth != null && maxDepth < 1) {
                throw usage("--max-depth must be at least 1, got " + maxDepth);
            }
            return checkSuite(source.suite);
        }
        if (maxDepth != null) {
            throw usage("--max-depth goes with --epd; for one position use --depth");
        }
        if (depth == null) {
            throw usage("Missing --depth (or give a suite with --epd)");
        }
        if (depth < 0 || (divide && depth < 1)) {
            throw usage("--depth must be at least " + (divide ? 1 : 0) + ", got " + depth);
        }
        return countOne(position());
    }

    private Position position() {
        if (source == null || source.fen == null) {
            return variant.startPosition();
        }
        try {
            return Position.fromFen(variant, source.fen);
        } catch (IllegalArgumentException e) {
            throw usage("Invalid value for option '--fen': " + e.getMessage());
        }
    }

    private int countOne(Position position) {
        PrintWriter out = spec.commandLine().getOut();
        long started = System.nanoTime();
        long total;
        if (divide) {
            total = 0;
            for (Map.Entry<Move, Long> entry : Perft.divide(position, depth).entrySet()) {
                out.println(position.uci(entry.getKey()) + ": " + entry.getValue());
                total += entry.getValue();
            }
            out.println();
        } else {
            total = Perft.perft(position, depth);
        }
        out.println(total);
        out.flush();
        reportSpeed(total, System.nanoTime() - started);
        return 0;
    }

    private void reportSpeed(long nodes, long nanos) {
        double seconds = nanos / 1e9;
        spec.commandLine().getErr().printf("depth %d: %d nodes in %.3f s (%.2f M nodes/s)%n",
                depth, nodes, seconds, seconds > 0 ? nodes / seconds / 1e6 : 0.0);
    }

    /** Checks every position of a suite; a wrong count or an unreadable FEN is a failure, never a crash. */
    private int checkSuite(Path file) throws IOException {
        List<PerftSuite.Case> cases;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            cases = PerftSuite.parse(in);
        } catch (PerftSuite.FormatException e) {
            spec.commandLine().getErr().println(file + ": " + e.getMessage());
            return 1;
        } catch (IOException e) {
            throw usage("Cannot read --epd " + file + ": " + IoReason.of(e, file.toString()));
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long checks = 0;
        long failed = 0;
        int done = 0;
        for (PerftSuite.Case c : cases) {
            done++;
            Position position;
            try {
                position = Position.fromFen(variant, c.fen());
            } catch (IllegalArgumentException e) {
                failed++;
                out.printf("line %d: bad FEN: %s: %s%n", c.line(), e.getMessage(), c.fen());
                continue;
            }
            SortedMap<Integer, Long> wanted = maxDepth == null ? c.counts() : c.counts().headMap(maxDepth + 1);
            for (Map.Entry<Integer, Long> expected : wanted.entrySet()) {
                checks++;
                long got = Perft.perft(position, expected.getKey());
                if (got != expected.getValue()) {
                    failed++;
                    out.printf("line %d: depth %d: expected %d, got %d: %s%n",
                            c.line(), expected.getKey(), expected.getValue(), got, c.fen());
                    out.flush();
                    break; // deeper counts of a wrong tree are wrong too, and cost the most
                }
            }
            err.printf("[%d/%d] line %d done%n", done, cases.size(), c.line());
            err.flush();
        }
        out.printf("positions: %d, checks: %d, failed: %d%n", cases.size(), checks, failed);
        out.flush();
        return failed > 0 ? 1 : 0;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
