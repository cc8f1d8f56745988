package org.marelle.bench;

import java.util.Collection;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link PerftBenchmark} and {@link CourierPerftBenchmark} through JMH (any JMH option may be passed, e.g. {@code -f 2 -wi 5 -i 10}), then
 * prints one line per engine and position: {@code engine position depth nodes nodes/s}.
 */
public final class NodesPerSecond {

    private NodesPerSecond() {
    }

    public static void main(String[] args) throws RunnerException, CommandLineOptionException {
        CommandLineOptions given = new CommandLineOptions(args);
        OptionsBuilder builder = new OptionsBuilder();
        builder.parent(given);
        if (given.getIncludes().isEmpty()) {
            builder.include(PerftBenchmark.class.getName());
            builder.include(CourierPerftBenchmark.class.getName());
        }
        // The table below reads the score as milliseconds per perft.
        builder.mode(Mode.AverageTime).timeUnit(TimeUnit.MILLISECONDS);
        // A wrong node count fails its trial; that must fail the run, not vanish from the table.
        builder.shouldFailOnError(true);
        Options options = builder.build();
        Collection<RunResult> results = new Runner(options).run();

        System.out.println();
        System.out.printf("%-10s %-9s %5s %10s %14s%n", "engine", "position", "depth", "nodes", "nodes/s");
        for (RunResult result : results) {
            String method = result.getParams().getBenchmark();
            String engine = method.substring(method.lastIndexOf('.') + 1);
            PerftPosition position = PerftPosition.valueOf(result.getParams().getParam("position"));
            double millis = result.getPrimaryResult().getScore();
            double nodesPerSecond = position.nodes / (millis / 1000.0);
            System.out.printf(Locale.ROOT, "%-10s %-9s %5d %10d %14.0f%n",
                    engine, position.name().toLowerCase(Locale.ROOT), position.depth, position.nodes, nodesPerSecond);
        }
    }
}
