package org.marelle.bridge.cli;

import com.pi4j.Pi4J;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.marelle.bridge.config.ConfigException;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.daemon.DaemonClock;
import org.marelle.bridge.daemon.EventLog;
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
            "Exit codes: 0 stopped, 1 could not start, 2 the configuration has errors (each names its key and line)."
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

    @Option(names = "--verbose", description = "Also log provisional moves and promotion prompts.")
    private boolean verbose;

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
        Launcher.Running running;
        try {
            running = Launcher.start(c, Pi4J::newAutoContext, DaemonClock.system(), log);
        } catch (IOException | RuntimeException e) {
            // The launcher's messages name the key and the reason; one without a message is a fault of Marelle's.
            log.error("cannot start: " + (e.getMessage() != null ? e.getMessage()
                    : "an internal error of Marelle's; please report it"));
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
