package org.marelle.bridge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarelleCommandTest {

    @Test
    void helpListsTheCommands() {
        CliRun run = CliRun.of("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: marelle").contains("perft");
    }

    /**
     * Issue #17: descriptions written as lines pre-broken for a wide terminal were broken again at 80 columns
     * ("clean (lift, drop, settle)," alone, then "human (any capture..."). Each command's help, at 80 columns: no line
     * of its description is cut short before a line that goes on with the same sentence.
     */
    @Test
    void everyHelpReadsAsParagraphsAt80Columns() {
        picocli.CommandLine root = MarelleCommand.commandLine();
        java.util.Map<String, picocli.CommandLine> all = new java.util.LinkedHashMap<>(root.getSubcommands());
        all.put("(alone)", root);
        for (var e : all.entrySet()) {
            if (e.getKey().equals("help")) continue;
            picocli.CommandLine c = e.getValue();
            c.getCommandSpec().usageMessage().autoWidth(false).width(80);
            String[] lines = c.getUsageMessage(picocli.CommandLine.Help.Ansi.OFF).split("\\R");
            for (int i = 0; i + 1 < lines.length; i++) {
                String line = lines[i], next = lines[i + 1];
                boolean continues = !next.isEmpty() && Character.isLowerCase(next.charAt(0));
                assertThat(line.length() >= 45 || !continues || line.isBlank() || line.startsWith(" "))
                        .as("marelle " + e.getKey() + " --help, line " + (i + 1) + " cut short: '" + line + "' / '"
                                + next + "'").isTrue();
                // An indented example too long for the width goes on at the left margin.
                assertThat(line.startsWith("  ") && continues)
                        .as("marelle " + e.getKey() + " --help, line " + (i + 2) + " an example broken: '" + line
                                + "' / '" + next + "'").isFalse();
            }
        }
    }

    /** Issue #17: a file that is not there is a usage error (exit 2) for every command, named in the message. */
    @Test
    void aFileThatIsNotThereIsExit2ForEveryCommand(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String missing = dir.resolve("nope.pgn").toString();
        String[][] commands = {{"pgn", "check", missing}, {"notation", "--to", "fr", missing}, {"scoresheet", missing},
            {"recognize", "--trace", missing}, {"simulate", "--pgn", missing}, {"run", "--config", missing}};
        for (String[] c : commands) {
            CliRun run = CliRun.of(c);
            assertThat(run.exitCode()).as(String.join(" ", c) + ": " + run.out() + run.err()).isEqualTo(2);
            assertThat(run.out() + run.err()).as(String.join(" ", c)).contains(missing);
        }
    }

    @Test
    void versionNamesMarelleAndTheJava() {
        CliRun run = CliRun.of("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.outLines()).hasSize(2);
        assertThat(run.outLines().get(0)).startsWith("marelle ");
        assertThat(run.outLines().get(1)).startsWith("Java " + Runtime.version().feature());
    }

    @Test
    void noCommandIsAUsageError() {
        CliRun run = CliRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Missing a command: one of perft, pgn, notation, scoresheet, run, demo,")
                .contains("(try marelle demo)").contains("Usage: marelle");
    }

    @Test
    void anUnknownCommandIsAUsageError() {
        CliRun run = CliRun.of("perfect");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("Unmatched argument").contains("perfect");
    }

    /** What a command did not catch is one line without a Java name or a stack trace (issue #14), exit code 1. */
    @Test
    void whatNoCommandCaughtIsOneLine() {
        @picocli.CommandLine.Command(name = "broken")
        class Broken implements java.util.concurrent.Callable<Integer> {
            @Override
            public Integer call() throws Exception {
                throw new java.nio.file.NoSuchFileException("games/x.pgn");
            }
        }
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine cli = new picocli.CommandLine(new Broken())
                .setExecutionExceptionHandler(MarelleCommand::failure);
        cli.setErr(new java.io.PrintWriter(err, true));

        assertThat(cli.execute()).isEqualTo(1);
        assertThat(err.toString()).isEqualTo("broken: cannot read or write: games/x.pgn: no such file or directory"
                + System.lineSeparator());
    }
}
