package org.marelle.bridge.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/** One in-process run of the {@code marelle} command, with what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = MarelleCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exitCode = cli.execute(args);
        return new CliRun(exitCode, out.toString(), err.toString());
    }

    List<String> outLines() {
        return out.lines().toList();
    }

    String lastOutLine() {
        List<String> lines = outLines();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
}
