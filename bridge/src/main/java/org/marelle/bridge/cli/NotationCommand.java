package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.marelle.bridge.output.IoReason;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import org.marelle.rules.notation.Descriptive;
import org.marelle.rules.notation.DrawOffers;
import org.marelle.rules.notation.LocalisedSan;
import org.marelle.rules.notation.MoveNotation;
import org.marelle.rules.notation.MoveText;
import org.marelle.rules.notation.Notations;
import org.marelle.rules.notation.Vandermonde;
import org.marelle.rules.pgn.PgnGame;
import org.marelle.rules.pgn.PgnReader;
import org.marelle.rules.pgn.PgnWriter;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code marelle notation}: the same moves in another notation. {@code --to FORMAT FILE.pgn...} writes each game of
 * the files as numbered moves in FORMAT, one block a game; {@code --from FORMAT [--fen FEN] MOVES...} reads moves
 * written in FORMAT and prints them as SAN. Exit code 1 when a game or a move cannot be converted, 2 for a usage
 * error (unknown format, bad FEN).
 */
@Command(
        name = "notation",
        mixinStandardHelpOptions = true,
        description = {
            "Write games in another notation, or read moves written in one.",
            "  marelle notation --to fr game.pgn",
            "  marelle notation --to descriptive-en game.pgn",
            "  marelle notation --from fr 1. e4 e5 2. Cf3 Cc6",
            "  marelle notation --from descriptive-en P-K4 P-K4 N-KB3",
            "  marelle notation --to fr --headers -o partie.txt game.pgn",
            "  marelle notation --to descriptive-fr --castling-in-words game.pgn",
            "FORMAT: san, fr, de, es, it, nl, figurine, lan, uci, iccf, vandermonde, descriptive-en, descriptive-fr."
        },
        usageHelpAutoWidth = true)
final class NotationCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Direction direction;

    static final class Direction {
        @Option(names = "--to", paramLabel = "FORMAT", required = true,
                description = "write the games of the PGN files in this notation")
        String to;

        @Option(names = "--from", paramLabel = "FORMAT", required = true,
                description = "read the moves given in this notation, print them as SAN")
        String from;
    }

    @Option(names = "--fen", paramLabel = "FEN", description = "with --from: the position before the first move")
    private String fen;

    @Option(names = "--variant", paramLabel = "VARIANT", defaultValue = "standard", converter = VariantConverter.class,
            description = "with --from: standard, chess960, courier, courier-jumps or courier-modern (default: ${DEFAULT-VALUE})")
    private Variant variant;

    @Option(names = "--headers", description = "with --to: keep each game's PGN tag pairs above its moves (instead of "
            + "a one-line heading)")
    private boolean headers;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE (UTF-8) instead of the "
            + "standard output")
    private Path output;

    @Option(names = "--ep", description = "algebraic formats (san, fr, de, es, it, nl, figurine): write en passant "
            + "captures with the mark e.p. (exd6 e.p.)")
    private boolean enPassantMark;

    @Option(names = "--raised", description = "vandermonde: write the ordonnée raised, as Vandermonde did (5⁷-5⁵)")
    private boolean raised;

    @Option(names = "--castling-in-words", description = "descriptive-en, descriptive-fr: write castling in words "
            + "(Castles, Castles QR; petit roque, grand roque)")
    private boolean castlingInWords;

    @Parameters(arity = "1..*", paramLabel = "FILE.pgn | MOVE",
            description = "with --to: PGN files (.pgn.gz also read); with --from: the moves (move numbers skipped)")
    private List<String> arguments;

    @Override
    public Integer call() {
        if (direction.to == null && (headers || enPassantMark || raised || castlingInWords)) {
            throw new ParameterException(spec.commandLine(), "--headers, --ep, --raised and --castling-in-words go "
                    + "with --to: they say how to write");
        }
        PrintWriter out;
        if (output == null) {
            out = spec.commandLine().getOut();
        } else {
            try {
                out = new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8));
            } catch (IOException e) {
                spec.commandLine().getErr().println("-o " + output + ": cannot write: " + IoReason.of(e, output.toString()));
                spec.commandLine().getErr().flush();
                return 1;
            }
        }
        try {
            return direction.to != null ? writeGames(written(notation(direction.to)), out)
                    : readMoves(notation(direction.from), out);
        } finally {
            out.flush();
            if (output != null) out.close();
        }
    }

    private MoveNotation notation(String name) {
        try {
            return Notations.byName(name);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The notation to write, with the marks asked for; a mark the notation does not have is a usage error. */
    private MoveNotation written(MoveNotation n) {
        if (enPassantMark) {
            if (!(n instanceof LocalisedSan san)) throw notFor("--ep", n, "san, fr, de, es, it, nl or figurine");
            n = san.withEnPassantMark();
        }
        if (raised) {
            if (!(n instanceof Vandermonde)) throw notFor("--raised", n, "vandermonde");
            n = new Vandermonde(true);
        }
        if (castlingInWords) {
            if (!(n instanceof Descriptive d)) throw notFor("--castling-in-words", n, "descriptive-en or descriptive-fr");
            n = d.withCastlingInWords();
        }
        return n;
    }

    private ParameterException notFor(String option, MoveNotation n, String formats) {
        return new ParameterException(spec.commandLine(), option + " is for " + formats + ", not " + n.name());
    }

    private int writeGames(MoveNotation notation, PrintWriter out) {
        if (fen != null) {
            throw new ParameterException(spec.commandLine(), "--fen goes with --from; a PGN game has its own FEN tag");
        }
        PrintWriter err = spec.commandLine().getErr();
        int problems = 0;
        boolean first = true, missing = false;
        for (String name : arguments) {
            Path file = Path.of(name);
            try (PgnReader games = new PgnReader(PgnInput.open(file, err), name)) {
                while (games.hasNext()) {
                    switch (games.next()) {
                        case PgnReader.Failed f -> {
                            err.println(f.error());
                            problems++;
                        }
                        case PgnReader.Parsed p -> {
                            PgnGame game = p.game();
                            String text;
                            try {
                                text = MoveText.write(game.initial(), game.mainline(), notation, game.result(),
                                        DrawOffers.in(game));
                            } catch (IllegalArgumentException e) {
                                err.println(name + ": game " + p.gameNumber() + ": " + e.getMessage());
                                problems++;
                                continue;
                            }
                            if (!first) {
                                out.print("\n");
                            }
                            first = false;
                            if (headers) out.print(PgnWriter.tags(game));
                            else out.print(heading(p.gameNumber(), game.tags()) + "\n");
                            if (headers) out.print("\n");
                            out.print(text + "\n");
                        }
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                err.println(name + ": cannot read: " + IoReason.of(e, name));
                problems++;
                if (!Files.exists(file)) missing = true;
            }
        }
        out.flush();
        err.flush();
        // (A file that is not there is a usage error, as for every command; the others were still written.)
        return missing ? 2 : problems > 0 ? 1 : 0;
    }

    /** "Game 3: Morphy, Paul - Duke Karl / Count Isouard (Paris, 1858.??.??)". */
    static String heading(int number, Map<String, String> tags) {
        StringBuilder h = new StringBuilder("Game ").append(number).append(": ")
                .append(tags.getOrDefault("White", "?")).append(" - ").append(tags.getOrDefault("Black", "?"));
        String event = tags.getOrDefault("Event", "?");
        String date = tags.getOrDefault("Date", "????.??.??");
        boolean hasEvent = !event.isBlank() && !event.equals("?");
        boolean hasDate = !date.startsWith("????");
        if (hasEvent || hasDate) {
            h.append(" (").append(hasEvent ? event : "").append(hasEvent && hasDate ? ", " : "")
                    .append(hasDate ? date : "").append(')');
        }
        return h.toString();
    }

    private int readMoves(MoveNotation notation, PrintWriter out) {
        Position start;
        try {
            start = fen == null ? Position.start(variant) : Position.fromFen(variant, fen);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--fen: " + e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        try {
            MoveText.Read read = MoveText.read(start, String.join(" ", arguments), notation);
            out.print(MoveText.write(start, read.moves(), Notations.san(), read.result(), read.drawOffers()) + "\n");
            out.flush();
            return 0;
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.flush();
            return 1;
        }
    }
}
