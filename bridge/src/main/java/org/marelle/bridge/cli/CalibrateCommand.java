package org.marelle.bridge.cli;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.marelle.board.LedFrame;
import org.marelle.board.sim.SimConsole;
import org.marelle.bridge.config.BoardConfig;
import org.marelle.bridge.config.ConfigException;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.SensorsConfig;
import org.marelle.bridge.daemon.Hardware;
import org.marelle.bridge.maker.Calibration;
import org.marelle.bridge.maker.MakerInput;
import org.marelle.bridge.maker.SensorTableWriter;
import org.marelle.bridge.output.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code marelle calibrate}: finds which sensor watches which square by asking for a piece on each square in turn,
 * reports stuck and dead sensors, and writes the table into the configuration ({@link SensorTableWriter}).
 */
@Command(
        name = "calibrate",
        mixinStandardHelpOptions = true,
        header = "Map the board's sensors to squares, guided, and find stuck or dead sensors.",
        description = {
            "Put a piece on each square it asks for (a1, b1, ... lit on the "
                + "LEDs where the board has them) and lift it again. Type 'skip' when nothing happens, 'quit' to give "
                + "up. Then reports stuck sensors (always on) and dead ones (never on) and writes board.sensors.table "
                + "into the configuration, leaving the rest of the file as it is. On a simulated board standard input "
                + "is its console.",
            "Exit codes: 0 every square mapped, 1 problems found (the table is still written) or calibration "
                + "abandoned, 2 the configuration has errors."
        },
        footer = {"", "Examples:", "  marelle calibrate --config /etc/marelle/marelle.yaml",
            "  marelle calibrate --config my.yaml --output calibrated.yaml"},
        usageHelpAutoWidth = true)
final class CalibrateCommand implements Callable<Integer> {

    private static final int PLACE_COLOUR = 0x00FF00;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-c", "--config"}, required = true, paramLabel = "FILE", description = "The YAML configuration.")
    private Path config;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the calibrated configuration here (default: back into --config).")
    private Path output;

    private final Reader input;
    private final InstantSource clock;
    private final Supplier<Context> pi4j;

    CalibrateCommand() {
        this(new InputStreamReader(System.in, StandardCharsets.UTF_8), InstantSource.system(), Pi4J::newAutoContext);
    }

    CalibrateCommand(Reader input, InstantSource clock, Supplier<Context> pi4j) {
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
        // Read through the identity mapping, so a frame's square i is sensor i whatever the file maps it to now.
        BoardConfig b = c.board();
        MarelleConfig raw = new MarelleConfig(new BoardConfig(b.variant(), b.files(), b.ranks(), b.driver(),
                SensorsConfig.DEFAULTS, b.debounceScans(), b.scanHz(), b.sensorType()), c.leds(), c.recognition(), c.game(), c.output(),
                c.broadcast());
        Hardware hw = MakerTool.open(raw, pi4j, clock, err);
        if (hw == null) return 1;
        Calibration cal = Calibration.start(hw.sensors().files(), hw.sensors().ranks());
        MakerInput events = new MakerInput();
        SimConsole console = MakerTool.console(hw, clock);
        out.println(hw.description());
        try (hw) {
            prompt(cal, hw, out);
            hw.sensors().addListener(events);
            hw.sensors().start();
            events.readLines(new BufferedReader(input));
            int lineNo = 0;
            boolean ended = false;
            while (!cal.done()) {
                Calibration next = cal;
                // Once a simulated board's input has ended, the frames its last lines made still count.
                MakerInput.Event event = ended ? events.poll() : events.take();
                if (event == null) {
                    out.println("input ended before calibration was done; " + config + " is unchanged");
                    out.flush();
                    return 1;
                }
                switch (event) {
                    case MakerInput.Frame f -> next = cal.accept(f.occupancy());
                    case MakerInput.Line l -> {
                        lineNo++;
                        String text = l.text().strip();
                        if (text.equals("skip")) next = cal.skip();
                        else if (text.equals("quit") || MakerTool.simulate(console, l.text(), lineNo, out)) {
                            out.println("calibration abandoned; " + config + " is unchanged");
                            out.flush();
                            return 1;
                        }
                    }
                    case MakerInput.End e -> {
                        // Real hardware can go on without a keyboard; a simulated board without its console cannot.
                        ended = console != null;
                    }
                }
                if (!next.prompt().equals(cal.prompt()) || next.phase() != cal.phase()) prompt(next, hw, out);
                cal = next;
            }
            hw.leds().show(LedFrame.off(hw.sensors().files(), hw.sensors().ranks()));
        }
        out.print(cal.report());
        Calibration.Result r = cal.result();
        Path target = output != null ? output : config;
        try {
            String text = SensorTableWriter.withTable(Files.readString(config, StandardCharsets.UTF_8), r.mapping());
            ConfigLoader.parse(text, target.toString());   // never write a file the daemon would refuse
            AtomicFiles.write(target, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            err.println(target + ": cannot write the sensor table: " + e.getMessage());
            return 1;
        } catch (ConfigException e) {
            err.println("the calibrated configuration would not load, so it was not written: " + e.getMessage());
            return 1;
        }
        out.println("sensor table written to " + target + " (board.sensors.table)");
        out.flush();
        boolean clean = r.stuckSensors().isEmpty() && r.deadSensors().isEmpty() && r.unmappedSquares().isEmpty();
        return clean ? 0 : 1;
    }

    private static void prompt(Calibration cal, Hardware hw, PrintWriter out) {
        out.println(cal.prompt());
        out.flush();
        LedFrame.Builder frame = LedFrame.builder(hw.sensors().files(), hw.sensors().ranks());
        cal.litSquare().ifPresent(sq -> {
            if (cal.phase() == Calibration.Phase.PLACE) frame.blink(sq, PLACE_COLOUR);
            else frame.on(sq, PLACE_COLOUR);
        });
        hw.leds().show(frame.build());
    }
}
