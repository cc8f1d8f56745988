package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.marelle.bridge.output.IoReason;
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
                "Files ending in .gz are read gunzipped. Exit code 1 when any game has an error, 2 when a file "
                    + "given is not there (the others are still checked).",
                "Bytes that are not UTF-8 are read as Latin-1, with a warning naming the line.",
                "A game may hold at most 100000 moves and 16 MiB of text."
            },
            usageHelpAutoWidth = true)
    static final class Check implements Callable<Integer> {

        @Spec
        private CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "FILE", description = "PGN files (UTF-8, else Latin-1; .pgn.gz also read)")
        private List<Path> files;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            long games = 0;
            long moves = 0;
            long errors = 0;
            boolean missing = false;
            for (Path file : files) {
                // Games are read and checked one at a time, each error printed as it is found: a file of any size
                // takes the memory of one game (and one game is bounded: PgnReader.MAX_GAME_MOVES, MAX_GAME_CHARS).
                long fileGames = 0;
                long fileMoves = 0;
                long fileErrors = 0;
                try (PgnReader reader = new PgnReader(PgnInput.open(file, err), file.toString())) {
                    while (reader.hasNext()) {
                        fileGames++;
                        switch (reader.next()) {
                            case PgnReader.Parsed p -> fileMoves += p.game().mainline().size();
                            case PgnReader.Failed f -> {
                                fileErrors++;
                                out.println(f.error());
                            }
                        }
                    }
                } catch (IOException | UncheckedIOException e) {
                    // An unreadable file is an error of the run, not a reason to skip the other files; one that is
                    // not there at all was mistyped: a usage error, said by the exit code once all are checked.
                    fileErrors++;
                    if (fileGames == 0 && !java.nio.file.Files.exists(file)) missing = true;
                    out.println(file + ": cannot read" + (fileGames > 0 ? " after game " + fileGames : "") + ": "
                            + IoReason.of(e, file.toString()));
                }
                games += fileGames;
                moves += fileMoves;
                errors += fileErrors;
                out.flush();
                err.printf("%s: %s, %s, %s%n", file, count(fileGames, "game"), count(fileMoves, "move"),
                        count(fileErrors, "error"));
                err.flush();
            }
            out.printf("games: %d, moves: %d, errors: %d%n", games, moves, errors);
            out.flush();
            return missing ? 2 : errors > 0 ? 1 : 0;
        }

        /** "1 game", "3 games". */
        private static String count(long n, String noun) {
            return n + " " + noun + (n == 1 ? "" : "s");
        }
    }
}
