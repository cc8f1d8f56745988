package org.marelle.bridge.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code marelle} command line. Each subcommand is a small class; this one only groups them.
 *
 * <p>Exit codes: 0 when all went well, 1 when the command ran and found problems (a perft count that differs, a
 * PGN game that does not replay), 2 for a usage error (bad option, unknown variant, bad FEN argument).
 */
@Command(
        name = "marelle",
        mixinStandardHelpOptions = true,
        versionProvider = MarelleVersion.class,
        description = "Marelle: sensor chessboards to legal moves to live notation.",
        subcommands = {PerftCommand.class, PgnCommand.class, NotationCommand.class, ScoresheetCommand.class, RunCommand.class,
            DemoCommand.class, SimulateCommand.class, RecognizeCommand.class, SensorsCommand.class, CalibrateCommand.class, LedsCommand.class,
            HubCommand.class},
        footer = {
            "",
            "Examples:",
            "  marelle demo --speed 10                      (a game on a simulated board)",
            "  marelle demo --engine stockfish --speed 10   (against Stockfish)",
            "  marelle run --config /etc/marelle/marelle.yaml",
            "  marelle perft --depth 5",
            "  marelle pgn check games.pgn more-games.pgn.gz",
            "Each command has its own --help. Exit codes: 0 all good, 1 problems found in the input, 2 usage error."
        },
        usageHelpAutoWidth = true)
public final class MarelleCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    /** Without a subcommand there is nothing to do: say which there are (usage error, exit 2). */
    @Override
    public void run() {
        String names = String.join(", ", spec.subcommands().keySet());
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing a command: one of " + names
                + " (try marelle demo)");
    }

    /** The command line as {@link #main} runs it; tests execute this one in-process. */
    public static CommandLine commandLine() {
        return new CommandLine(new MarelleCommand()).setParameterExceptionHandler(MarelleCommand::usageError)
                .setExecutionExceptionHandler(MarelleCommand::failure);
    }

    /**
     * What no command caught: one line, never a stack trace. A file that failed while being read or written is said
     * in words; anything else is a fault of Marelle's, said so, with its message. Exit code 1.
     */
    static int failure(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        if (e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException) {
            err.println(name + ": cannot read or write: " + org.marelle.bridge.output.IoReason.of(e, null));
        } else {
            err.println(name + ": internal error" + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")")
                    + "; please report it, with the command line");
        }
        err.flush();
        return 1;
    }

    /**
     * A usage error: what was wrong, picocli's guesses for a mistyped option, then the usage of the command that
     * was being run. (Picocli's own handler leaves the usage out whenever it has a guess.)
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        command.usage(err);
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    public static void main(String[] args) {
        // The drivers log through java.util.logging; its default is two lines a record (date and class, then the
        // message). One line, as the daemon's own log: "warning: cannot open the board's serial port (...)".
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "%4$s: %5$s%6$s%n");
        }
        int exitCode;
        try {
            exitCode = commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            // Every input is read in bounded pieces, so this should not happen; if it does, one line, not a trace.
            System.err.println("marelle: out of memory; give Java more (java -Xmx...) or report the input that did it");
            exitCode = 1;
        }
        System.exit(exitCode);
    }
}
