package org.marelle.bridge.cli;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.marelle.bridge.config.ConfigException;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.daemon.DaemonClock;
import org.marelle.bridge.daemon.EventLog;
import org.marelle.bridge.daemon.HostDevices;
import org.marelle.bridge.daemon.Launcher;
import org.marelle.bridge.output.IoReason;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code marelle run --config FILE}: the daemon. Runs until stopped (SIGTERM, Ctrl-C), then turns the LEDs off
 * and closes its files. Exit codes: 0 stopped cleanly, 1 could not start (journal, hardware), 2 bad configuration.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run the daemon: the board's sensors to recognized moves to the journal and PGN files.",
            "Logs one line per event on standard output. Stops cleanly on SIGTERM or Ctrl-C.",
            "Exit codes: 143 stopped by SIGTERM (130 after Ctrl-C; the journal and PGN are complete), 1 could not "
                + "start, 2 the configuration has errors (each names its key and line), 70 an essential thread died "
                + "(the service manager starts it again)."
        },
        footer = {"", "Examples:", "  marelle run --config /etc/marelle/marelle.yaml",
            "  marelle run --config config/simulated.yaml       (then: nc localhost 7777)",
            "  marelle run --config my.yaml --check             (check the file and exit)"},
        usageHelpAutoWidth = true)
final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-c", "--config"}, required = true, paramLabel = "FILE", description = "The YAML configuration.")
    private Path config;

    @Option(names = "--check", description = "Check the configuration and exit (0 when it is good).")
    private boolean check;

    @Option(names = "--verbose", description = "Also log provisional moves and promotion prompts, and Pi4J's own log "
            + "(GPIO, I2C, SPI) on standard error.")
    private boolean verbose;

    private final Supplier<Context> pi4j;
    private final HostDevices host;

    RunCommand() {
        this(Pi4J::newAutoContext, HostDevices.SYSTEM);
    }

    /** With another Pi4J platform and device folder (tests). */
    RunCommand(Supplier<Context> pi4j, HostDevices host) {
        this.pi4j = pi4j;
        this.host = host;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MarelleConfig c;
        try {
            c = ConfigLoader.load(config);
        } catch (IOException e) {
            err.println(config + ": " + IoReason.of(e, config.toString()));
            return 2;
        } catch (ConfigException e) {
            err.println(e.getMessage());
            return 2;
        }
        if (check) {
            out.println(config + ": configuration OK (" + c.board().variant() + ", "
                    + c.board().driver().getClass().getSimpleName() + " board)");
            return 0;
        }
        EventLog log = EventLog.to(out, verbose);
        // (Read by SLF4J's simple provider when Pi4J first logs: the property wins over simplelogger.properties.)
        if (verbose) System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
        Launcher.Running running;
        try {
            running = Launcher.start(c, pi4j, DaemonClock.system(), log);
        } catch (IOException | RuntimeException e) {
            // The launcher's messages name the key and the reason; one without a message is a fault of Marelle's.
            // Pi4J's words for a device this machine lacks are put as a maker needs them (HostDevices).
            String missing = e instanceof RuntimeException ? host.explain(c) : null;
            String why = e.getMessage() != null ? e.getMessage() : "an internal error of Marelle's; please report it";
            log.error("cannot start: " + (missing != null ? missing + " (Pi4J: " + why + ")" : why));
            return 1;
        }
        Thread hook = Thread.ofPlatform().unstarted(running.daemon()::stop);
        Runtime.getRuntime().addShutdownHook(hook);
        long sinceJvmStart = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        log.info("ready in " + sinceJvmStart + " ms: game " + running.session().game().gameId() + " at ply "
                + running.session().game().plies());
        running.daemon().awaitStop();
        return 0;
    }
}
