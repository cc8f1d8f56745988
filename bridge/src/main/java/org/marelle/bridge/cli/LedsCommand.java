package org.marelle.bridge.cli;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.marelle.board.LedFrame;
import org.marelle.board.layout.GridOrder;
import org.marelle.board.layout.LedLayout;
import org.marelle.bridge.config.LedConfig;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.daemon.Hardware;
import org.marelle.bridge.maker.LedWalk;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code marelle leds}: lights every square in turn, then every corner on a corner layout. */
@Command(
        name = "leds",
        mixinStandardHelpOptions = true,
        header = "Walk the board's LEDs: every square, then every corner LED.",
        description = {
            "Light the board's LEDs one square at a time (a1, b1, ..., then every corner on a corner layout), "
                + "naming each step, so wrong wiring, rotation or mirroring shows at once. Without LEDs the walk is "
                + "drawn as text."
        },
        footer = {"", "Examples:", "  marelle leds --config /etc/marelle/marelle.yaml",
            "  marelle leds --config my.yaml --step-millis 100 --rounds 3"},
        usageHelpAutoWidth = true)
final class LedsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-c", "--config"}, required = true, paramLabel = "FILE", description = "The YAML configuration.")
    private Path config;

    @Option(names = "--step-millis", paramLabel = "MS", defaultValue = "400", description = "How long each step is lit (default: ${DEFAULT-VALUE}).")
    private long stepMillis;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "1", description = "How many times to walk the board (default: ${DEFAULT-VALUE}).")
    private int rounds;

    private final InstantSource clock;
    private final Supplier<Context> pi4j;

    LedsCommand() {
        this(InstantSource.system(), Pi4J::newAutoContext);
    }

    LedsCommand(InstantSource clock, Supplier<Context> pi4j) {
        this.clock = clock;
        this.pi4j = pi4j;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MarelleConfig c = MakerTool.load(config, err);
        if (c == null) return 2;
        BoardGeometry g = Variant.byName(c.board().variant()).geometry();
        boolean text = c.leds() instanceof LedConfig.None;
        LedLayout layout = switch (c.leds()) {
            case LedConfig.Ws2812 w -> Hardware.layout(w.layout(), g);
            case LedConfig.Max7219 m -> Hardware.layout(m.layout(), g);
            case LedConfig.Board b -> Hardware.layout(b.layout(), g);
            case LedConfig.None n -> new LedLayout.PerSquare(g.files(), g.ranks(), GridOrder.rowMajor(g.files(), g.ranks()));
        };
        if (text) out.println("no LEDs configured: the walk is drawn as text");
        List<LedWalk.Step> steps = LedWalk.steps(layout);
        Hardware hw = MakerTool.open(c, pi4j, clock, err);
        if (hw == null) return 1;
        out.println(hw.description() + "; " + steps.size() + " steps");
        out.flush();
        try (hw) {
            for (int round = 0; round < rounds; round++) {
                for (LedWalk.Step step : steps) {
                    out.println(step.label());
                    if (text) out.print(step.frame());
                    out.flush();
                    if (step.pixels() == null || !hw.leds().showPixels(step.pixels())) hw.leds().show(step.frame());
                    // Pacing is the point of a walk a person watches; the steps themselves are computed without time.
                    Thread.sleep(Duration.ofMillis(stepMillis));
                }
            }
            hw.leds().show(LedFrame.off(g.files(), g.ranks()));
        }
        return 0;
    }
}
