package org.marelle.bridge.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import org.marelle.bridge.output.IoReason;
import org.marelle.bridge.recognition.RecognitionEvent;
import org.marelle.bridge.recognition.RecognizerConfig;
import org.marelle.bridge.recognition.SensorModel;
import org.marelle.bridge.recognition.RecognizerState;
import org.marelle.bridge.recognition.Step;
import org.marelle.bridge.trace.SensorTrace;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.FenException;
import org.marelle.rules.Move;
import org.marelle.rules.Position;
import org.marelle.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code marelle recognize}: replays recorded sensor data (the JSON Lines trace format of {@link SensorTrace}) through
 * the move recognizer. Prints one line per committed move, {@code t uci san} (t: the time of the frame or tick that
 * committed it), one line per other event starting with {@code #} (a correction's withdraws the last moves printed;
 * the move lines after it replace them), and finally {@code fen: ...} for the position reached.
 */
@Command(
        name = "recognize",
        mixinStandardHelpOptions = true,
        header = "Replay a recorded sensor trace (JSON Lines) through the move recognizer.",
        description = {
            "Trace lines: {\"t\": 0, \"occupied\": [\"a1\", ...]}, {\"t\": 1530, \"up\": \"e2\"}, "
                + "{\"t\": 1790, \"down\": \"e4\"}, {\"t\": 4000} (time passes). Times in milliseconds.",
            "Output: 't uci san' per committed move, '# ...' per other event, then 'fen: ...'. After the last line "
                + "the board is taken as left as it was (--no-tail: not).",
            "A '# t correction: N moves withdrawn: uci ...' line takes back the last N moves printed (the board "
                + "showed them wrong); the move lines after it replace them.",
            "The trace (UTF-8) is replayed as it is read; a bad line (not UTF-8, over 1 MiB, not a trace line) "
                + "stops it there with 'FILE:LINE:COLUMN: what is wrong' and exit code 1."
        },
        footer = {"", "Examples:", "  marelle recognize --trace game.jsonl",
            "  marelle recognize --trace game.jsonl --fen 'FEN' --mode tournament",
            "  marelle recognize --trace game.jsonl --sensors reed --scan-hz 24 --debounce 1"},
        usageHelpAutoWidth = true)
final class RecognizeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--trace", required = true, paramLabel = "FILE", description = "the sensor trace (JSON Lines)")
    private Path trace;

    @Option(names = "--variant", paramLabel = "V", defaultValue = "standard", converter = VariantConverter.class,
            description = "the variant (default: ${DEFAULT-VALUE})")
    private Variant variant;

    @Option(names = "--fen", paramLabel = "FEN", description = "the position the game is in (default: the variant's start)")
    private String fen;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "casual",
            description = "casual (putting pieces back takes moves back) or tournament (default: ${DEFAULT-VALUE})")
    private String mode;

    @Option(names = "--verbose", description = "also print provisional moves and their withdrawal")
    private boolean verbose;

    @Option(names = "--sensors", paramLabel = "TYPE", defaultValue = "hall",
            description = "hall or reed: how the board that recorded the trace misreads (default: ${DEFAULT-VALUE}, as board.sensorType)")
    private String sensors;

    @Option(names = "--scan-hz", paramLabel = "N", defaultValue = "50",
            description = "scans per second of the board that recorded the trace, 1 to 1000 (default: ${DEFAULT-VALUE})")
    private int scanHz;

    @Option(names = "--debounce", paramLabel = "N", defaultValue = "2",
            description = "identical scans its debouncer needed, 1 to 50 (default: ${DEFAULT-VALUE})")
    private int debounce;

    @Option(names = "--no-tail", description = "stop at the trace's last line; by default the board is then taken as "
            + "left as it was, and what a daemon left running would still decide is printed after a '# the trace ends' "
            + "line")
    private boolean noTail;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Position start;
        try {
            start = fen == null ? variant.startPosition() : Position.fromFen(variant, fen);
        } catch (FenException e) {
            throw new ParameterException(spec.commandLine(), "--fen: " + e.getMessage());
        }
        RecognizerConfig.Mode m = switch (mode.toLowerCase(Locale.ROOT)) {
            case "casual" -> RecognizerConfig.Mode.CASUAL;
            case "tournament" -> RecognizerConfig.Mode.TOURNAMENT;
            default -> throw new ParameterException(spec.commandLine(), "--mode must be casual or tournament, not '" + mode + "'");
        };
        if (scanHz < 1 || scanHz > 1000) throw new ParameterException(spec.commandLine(), "--scan-hz must be 1 to 1000, not " + scanHz);
        if (debounce < 1 || debounce > 50) throw new ParameterException(spec.commandLine(), "--debounce must be 1 to 50, not " + debounce);
        SensorModel model = switch (sensors.toLowerCase(Locale.ROOT)) {
            case "hall" -> SensorModel.hall(scanHz, debounce);
            case "reed" -> SensorModel.reed(scanHz, debounce);
            default -> throw new ParameterException(spec.commandLine(), "--sensors must be hall or reed, not '" + sensors + "'");
        };
        RecognizerState state = RecognizerState.start(start, RecognizerConfig.defaults().withMode(m).withSensors(model));
        // The trace is replayed as it is read, a line at a time: a recording of hours takes the memory of one line.
        // A bad line stops the replay there, after the moves of the lines before it.
        try (SensorTrace.Entries entries = SensorTrace.entries(Files.newInputStream(trace), start.geometry(),
                start.occupancy())) {
            for (SensorTrace.Entry entry; (entry = entries.next()) != null; ) {
                state = replay(entry, state, out, start.geometry());
            }
        } catch (SensorTrace.TraceException e) {
            out.println(trace + ":" + e.getMessage());
            out.flush();
            return 1;
        } catch (IOException | UncheckedIOException e) {
            out.println(trace + ": cannot read: " + IoReason.of(e, trace.toString()));
            out.flush();
            return Files.exists(trace) ? 1 : 2;   // a file that is not there is a usage error
        }
        if (!noTail) state = tail(state, out, start.geometry());
        out.println("fen: " + state.position().fen());
        out.flush();
        return 0;
    }

    /**
     * After the trace's last line the pieces stay where they were (a recording is stopped after the last move, the
     * daemon goes on): the recognizer is woken whenever it asks until nothing more is due, at most until the board
     * has been still for longer than a piece is held and every window has run out, as the daemon would have; what it
     * decides then is printed after a line that says the trace ended.
     */
    private RecognizerState tail(RecognizerState state, PrintWriter out, BoardGeometry g) {
        long ended = state.now();
        RecognizerConfig config = state.config();
        long until = ended + Math.max(config.longestWindow(), config.holdMillis()) + 1_000;
        java.io.StringWriter said = new java.io.StringWriter();
        PrintWriter tail = new PrintWriter(said);
        for (int guard = 0; guard < 1_000; guard++) {
            OptionalLong wake = state.wakeUpAt();
            if (wake.isEmpty() || wake.getAsLong() > until || wake.getAsLong() <= state.now()) break;
            Step woken = state.tick(wake.getAsLong());
            print(tail, woken, state.position(), g);
            state = woken.state();
        }
        tail.flush();
        if (!said.toString().isEmpty()) {
            out.println("# " + ended + " the trace ends: the board left as it was");
            out.print(said);
        }
        return state;
    }

    /** Feeds one line of the trace to the recognizer, printing what it says; returns its state after. */
    private RecognizerState replay(SensorTrace.Entry entry, RecognizerState state, PrintWriter out, BoardGeometry g) {
        // Between lines the recognizer is woken whenever it asks, as the daemon's board loop would: a move is
        // committed at the time it would be live, not at the next line of the trace.
        long at = switch (entry) {
            case SensorTrace.Frame f -> f.occupancy().atMillis();
            case SensorTrace.Tick t -> t.atMillis();
        };
        for (int guard = 0; guard < 1_000; guard++) {
            OptionalLong wake = state.wakeUpAt();
            if (wake.isEmpty() || wake.getAsLong() >= at || wake.getAsLong() <= state.now()) break;
            Step woken = state.tick(wake.getAsLong());
            print(out, woken, state.position(), g);
            state = woken.state();
        }
        Step step = switch (entry) {
            case SensorTrace.Frame f -> state.accept(f.occupancy());
            case SensorTrace.Tick t -> state.tick(t.atMillis());
        };
        print(out, step, state.position(), g);
        return step.state();
    }

    private void print(PrintWriter out, Step step, Position before, BoardGeometry g) {
        for (RecognitionEvent e : step.events()) {
            String line = describe(e, before, g);
            if (line != null) out.println(line);
        }
    }

    /** One output line for an event, or null for events not shown. {@code before}: the position before the step. */
    private String describe(RecognitionEvent e, Position before, BoardGeometry g) {
        return switch (e) {
            case RecognitionEvent.MoveCommitted c -> c.atMillis() + " " + c.uci() + " " + c.san();
            case RecognitionEvent.MoveProvisional p -> verbose ? "# " + p.atMillis() + " provisional " + p.san() : null;
            case RecognitionEvent.ProvisionalWithdrawn w -> verbose ? "# " + w.atMillis() + " withdrawn" : null;
            case RecognitionEvent.TakenBack t -> {
                // Name the moves taken back from the position they were played in.
                List<String> ucis = new ArrayList<>();
                Position p = t.position();
                for (int i = t.undone().size() - 1; i >= 0; i--) {
                    Move m = t.undone().get(i);
                    ucis.add(0, p.uci(m));
                    p = p.play(m);
                }
                yield "# " + t.atMillis() + " takeback " + t.plies() + ": " + String.join(" ", ucis);
            }
            case RecognitionEvent.Corrected c -> {
                // Name the moves withdrawn from the position they were played in; their replacements follow.
                List<String> ucis = new ArrayList<>();
                Position p = c.position();
                for (int i = c.undone().size() - 1; i >= 0; i--) {
                    Move m = c.undone().get(i);
                    ucis.add(p.uci(m));
                    p = p.play(m);
                }
                yield "# " + c.atMillis() + " correction: " + c.plies() + (c.plies() == 1 ? " move" : " moves")
                        + " withdrawn: " + String.join(" ", ucis);
            }
            case RecognitionEvent.PromotionPending p -> {
                StringJoiner choices = new StringJoiner(", ");
                for (RecognitionEvent.PromotionChoice c : p.choices()) {
                    choices.add(c.piece().name() + " " + g.squareName(c.square()));
                }
                yield "# " + p.atMillis() + " promotion pending " + g.squareName(p.move().from()) + g.squareName(p.move().to())
                        + ": " + p.defaultPiece().name() + " unless chosen" + (p.choices().isEmpty() ? "" : " (" + choices + ")");
            }
            case RecognitionEvent.PromotionChosen c -> "# " + c.atMillis() + " promotion piece " + c.piece().name()
                    + (c.onBoard() ? " (chosen on the board)" : "");
            case RecognitionEvent.BoardMismatch m -> {
                StringJoiner fixes = new StringJoiner(", ");
                for (RecognitionEvent.Fix f : m.fixes()) {
                    if (f.from() >= 0 && f.to() >= 0) fixes.add("move " + g.squareName(f.from()) + " to " + g.squareName(f.to()));
                    else if (f.to() >= 0) fixes.add("put a piece on " + g.squareName(f.to()));
                    else fixes.add("take the piece off " + g.squareName(f.from()));
                }
                yield "# " + m.atMillis() + " mismatch: " + fixes;
            }
            case RecognitionEvent.BoardAmbiguous a ->
                    "# " + a.atMillis() + " ambiguous: " + RecognitionEvent.StoryChoice.describe(a.choices(), g);
            case RecognitionEvent.BoardInSync s -> "# " + s.atMillis() + " in sync";
            case RecognitionEvent.NewGameDetected n -> "# " + n.atMillis() + " new game";
            case RecognitionEvent.ResultGesture r -> "# " + r.atMillis() + " result " + r.result();
        };
    }
}
