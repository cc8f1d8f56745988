package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.GZIPInputStream;
import org.marelle.rules.pgn.PgnCheck;
import org.marelle.rules.pgn.PgnError;
import org.marelle.rules.pgn.PgnReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code marelle pgn}: work with PGN files. */
@Command(
        name = "pgn",
        mixinStandardHelpOptions = true,
        description = "Read PGN game files.",
        subcommands = PgnCommand.Check.class,
        usageHelpAutoWidth = true)
final class PgnCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing a command: check");
    }

    /**
     * {@code marelle pgn check FILE...}: replays every game of every file and lists each game that does not replay
     * (file, game number, line:column, what is wrong), then the totals on the last line.
     */
    @Command(
            name = "check",
            mixinStandardHelpOptions = true,
            description = {
                "Replay every game, report the ones that do not replay, end with the totals.",
                "Files ending in .gz are read gunzipped. Exit code 1 when any game has an error."
            },
            usageHelpAutoWidth = true)
    static final class Check implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "PGN files (UTF-8; .pgn.gz also read)")
        private List<Path> files;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            long games = 0;
            long moves = 0;
            long errors = 0;
            for (Path file : files) {
                PgnCheck.Report report;
                try (Reader in = open(file)) {
                    report = PgnCheck.check(in, file.toString());
                } catch (IOException | UncheckedIOException e) {
                    // An unreadable file is an error of the run, not a reason to skip the other files.
                    errors++;
                    out.println(file + ": cannot read: " + describe(e));
                    continue;
                }
                for (PgnError error : report.errors()) {
                    out.println(error);
                }
                games += report.games();
                moves += report.moves();
                errors += report.errors().size();
                err.printf("%s: %d games, %d moves, %d errors%n",
                        file, report.games(), report.moves(), report.errors().size());
                err.flush();
            }
            out.printf("games: %d, moves: %d, errors: %d%n", games, moves, errors);
            out.flush();
            return errors > 0 ? 1 : 0;
        }

        private static String describe(Exception e) {
            return switch (e instanceof UncheckedIOException u ? u.getCause() : e) {
                case NoSuchFileException missing -> "no such file";
                case AccessDeniedException denied -> "permission denied";
                case Exception other -> other.getMessage();
            };
        }

        /** Reads as UTF-8, falling back to Latin-1 for bytes that are not (old files keep their names readable). */
        private static Reader open(Path file) throws IOException {
            InputStream bytes = Files.newInputStream(file);
            try {
                if (file.getFileName().toString().endsWith(".gz")) {
                    bytes = new GZIPInputStream(bytes, 1 << 16);
                }
            } catch (IOException e) {
                bytes.close();
                throw e;
            }
            return PgnReader.decode(new java.io.BufferedInputStream(bytes, 1 << 16));
        }
    }
}
