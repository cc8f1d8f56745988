package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.marelle.bridge.output.IoReason;
import org.marelle.bridge.scoresheet.HtmlScoreSheet;
import org.marelle.bridge.scoresheet.Labels;
import org.marelle.bridge.scoresheet.ScoreSheet;
import org.marelle.bridge.scoresheet.TextScoreSheet;
import org.marelle.rules.pgn.PgnReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code marelle scoresheet FILE.pgn}: the FFE score sheet of each game of a PGN file, as HTML to print (A4, one page
 * up to 60 moves) or as text for a terminal. Written to standard output, or to {@code --output FILE}.
 */
@Command(
        name = "scoresheet",
        mixinStandardHelpOptions = true,
        description = {
            "Print the score sheet of each game of a PGN file (the FFE's feuille de notation).",
            "  marelle scoresheet game.pgn --format html --output sheet.html",
            "  marelle scoresheet game.pgn --lang en --format text"
        },
        usageHelpAutoWidth = true)
final class ScoresheetCommand implements Callable<Integer> {

    enum Format { html, text }

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.pgn", description = "the games (UTF-8; .pgn.gz also read)")
    private Path file;

    @Option(names = "--lang", paramLabel = "fr|en", defaultValue = "fr",
            description = "the sheet's language and piece letters (default: ${DEFAULT-VALUE})")
    private String lang;

    @Option(names = "--format", paramLabel = "html|text", defaultValue = "text",
            description = "html to print, text for a terminal (default: ${DEFAULT-VALUE})")
    private Format format;

    @Option(names = "--game", paramLabel = "N", description = "only the N-th game of the file (1 = first)")
    private Integer game;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE instead of standard output")
    private Path output;

    @Override
    public Integer call() {
        Labels labels;
        try {
            labels = Labels.byCode(lang);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--lang: " + e.getMessage());
        }
        if (game != null && game < 1) {
            throw new ParameterException(spec.commandLine(), "--game must be 1 or more, got " + game);
        }
        PrintWriter err = spec.commandLine().getErr();
        List<ScoreSheet> sheets = new ArrayList<>();
        int problems = 0;
        try (PgnReader games = new PgnReader(PgnInput.open(file, err), file.toString())) {
            while (games.hasNext()) {
                PgnReader.Entry entry = games.next();
                if (game != null && entry.gameNumber() != game) {
                    continue;
                }
                switch (entry) {
                    case PgnReader.Failed f -> {
                        err.println(f.error());
                        problems++;
                    }
                    case PgnReader.Parsed p -> {
                        try {
                            sheets.add(ScoreSheet.of(p.game(), labels));
                        } catch (IllegalArgumentException e) {
                            err.println(file + ": game " + p.gameNumber() + ": " + e.getMessage());
                            problems++;
                        }
                    }
                }
                if (game != null) {
                    break;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            err.println(file + ": cannot read: " + IoReason.of(e, file.toString()));
            err.flush();
            return Files.exists(file) ? 1 : 2;   // a file that is not there is a usage error
        }
        if (sheets.isEmpty()) {
            err.println(file + ": " + (game != null ? "no game " + game : "no game") + " to print");
            err.flush();
            return 1;
        }
        String text = format == Format.html ? HtmlScoreSheet.render(sheets) : TextScoreSheet.render(sheets);
        if (output != null) {
            try {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                err.println(output + ": cannot write: " + IoReason.of(e, output.toString()));
                err.flush();
                return 1;
            }
        } else {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
        }
        err.flush();
        return problems > 0 ? 1 : 0;
    }
}
