package org.marelle.bridge.cli;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.marelle.board.Occupancy;
import org.marelle.board.sim.SimConsole;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.daemon.Hardware;
import org.marelle.bridge.maker.BoardDiagram;
import org.marelle.bridge.maker.MakerInput;
import org.marelle.bridge.maker.TraceRecorder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code marelle sensors}: what the sensors see, redrawn on each settled frame, optionally recorded as a trace. */
@Command(
        name = "sensors",
        mixinStandardHelpOptions = true,
        description = {
            "Show what the board's sensors see: the board redrawn on each settled frame, with the squares that changed.",
            "With --record, every frame also goes to a trace that 'marelle recognize --trace' replays.",
            "Type 'quit' (or Ctrl-C) to stop. On a simulated board (set up at start), standard input is its console: lift e2, drop e4, move g1 f3, clear, setup, show."
        },
        footer = {"", "Examples:", "  marelle sensors --config /etc/marelle/marelle.yaml",
            "  marelle sensors --config my.yaml --record game.jsonl"},
        usageHelpAutoWidth = true)
final class SensorsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-c", "--config"}, required = true, paramLabel = "FILE", description = "The YAML configuration.")
    private Path config;

    @Option(names = "--record", paramLabel = "TRACE", description = "Also write every frame to TRACE (JSON Lines).")
    private Path record;

    @Option(names = "--no-clear", description = "Print each board below the last instead of redrawing in place.")
    private boolean noClear;

    private final Reader input;
    private final InstantSource clock;
    private final Supplier<Context> pi4j;

    SensorsCommand() {
        this(new InputStreamReader(System.in, StandardCharsets.UTF_8), InstantSource.system(), Pi4J::newAutoContext);
    }

    SensorsCommand(Reader input, InstantSource clock, Supplier<Context> pi4j) {
        this.input = input;
        this.clock = clock;
        this.pi4j = pi4j;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MarelleConfig c = MakerTool.load(config, err);
        if (c == null) return 2;
        long start = clock.millis();
        TraceRecorder recorder = null;
        if (record != null) {
            try {
                Writer w = Files.newBufferedWriter(record, StandardCharsets.UTF_8);
                recorder = new TraceRecorder(w, start);
            } catch (IOException e) {
                err.println(record + ": cannot write: " + e.getMessage());
                return 1;
            }
        }
        Hardware hw = MakerTool.open(c, pi4j, clock, err);
        if (hw == null) return 1;
        // Redraw in place only on a terminal: a log or a pipe gets every board, one after the other.
        boolean clear = !noClear && System.console() != null;
        MakerInput events = new MakerInput();
        SimConsole console = MakerTool.console(hw, clock);
        // A simulated board starts with its pieces set up, as a real board is when its sensors are checked.
        if (console != null) console.setUp();
        out.println(hw.description());
        out.flush();
        try (hw) {
            hw.sensors().addListener(events);
            hw.sensors().start();
            events.readLines(new BufferedReader(input));
            Occupancy previous = null;
            int lineNo = 0;
            boolean ended = false;
            loop:
            while (true) {
                // Once a simulated board's input has ended, the frames its last lines made are shown, then we stop.
                MakerInput.Event event = ended ? events.poll() : events.take();
                if (event == null) break;
                switch (event) {
                    case MakerInput.Frame f -> {
                        Occupancy o = f.occupancy();
                        if (clear) out.print("\033[H\033[2J");
                        out.println(String.format(java.util.Locale.ROOT, "+%.3f s: %s", Math.max(0, o.atMillis() - start) / 1000.0,
                                previous == null ? "first frame, " + o.count() + " squares occupied" : BoardDiagram.changes(previous, o)));
                        out.print(BoardDiagram.render(o));
                        out.flush();
                        if (recorder != null) recorder.frame(o);
                        previous = o;
                    }
                    case MakerInput.Line l -> {
                        lineNo++;
                        if (l.text().strip().equals("quit") || MakerTool.simulate(console, l.text(), lineNo, out)) break loop;
                    }
                    // Real hardware keeps being shown after the input ends (run from a script): Ctrl-C stops it.
                    case MakerInput.End e -> {
                        ended = console != null;
                    }
                }
            }
        } finally {
            if (recorder != null) {
                recorder.tick(clock.millis());
                try {
                    recorder.close();
                } catch (IOException e) {
                    err.println(record + ": cannot write: " + e.getMessage());
                }
            }
        }
        if (record != null) out.println("recorded to " + record);
        out.flush();
        return 0;
    }
}
