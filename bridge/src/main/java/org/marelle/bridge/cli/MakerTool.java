package org.marelle.bridge.cli;

import com.pi4j.context.Context;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.function.Supplier;
import org.marelle.board.sim.SimConsole;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.config.ConfigException;
import org.marelle.bridge.config.ConfigLoader;
import org.marelle.bridge.output.IoReason;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.daemon.Hardware;
import org.marelle.bridge.daemon.HostDevices;

/**
 * What the maker tools ({@code sensors}, {@code calibrate}, {@code leds}) share: reading the configuration with
 * the daemon's messages and exit codes, opening its hardware, and on a simulated board a console on standard input
 * ({@code drop a1}, {@code lift a1}) so the tools can be tried without hardware.
 */
final class MakerTool {

    private MakerTool() {
    }

    /** The configuration, or null after printing why not (exit code 2, as {@code marelle run}). */
    static MarelleConfig load(Path config, PrintWriter err) {
        try {
            return ConfigLoader.load(config);
        } catch (IOException e) {
            err.println(config + ": " + IoReason.of(e, config.toString()));
        } catch (ConfigException e) {
            err.println(e.getMessage());
        }
        err.flush();
        return null;
    }

    /** Opens the hardware, or returns null after printing why not (exit code 1). */
    static Hardware open(MarelleConfig config, Supplier<Context> pi4j, InstantSource clock, PrintWriter err) {
        try {
            return Hardware.open(config, pi4j, clock);
        } catch (IOException | RuntimeException e) {
            String missing = e instanceof RuntimeException ? HostDevices.SYSTEM.explain(config) : null;
            err.println("cannot open the board: " + (missing != null ? missing + " (Pi4J: " + e.getMessage() + ")"
                    : e.getMessage()));
            err.flush();
            return null;
        }
    }

    /** A console for a simulated board, or null for real hardware. */
    static SimConsole console(Hardware hardware, InstantSource clock) {
        return hardware.sensors() instanceof SimulatedBoard sim ? new SimConsole(sim, clock) : null;
    }

    /**
     * Runs a line the person typed on the simulated board's console (when there is one).
     *
     * @return whether the person asked to quit
     */
    static boolean simulate(SimConsole console, String line, int lineNumber, PrintWriter out) {
        if (console == null) return false;
        SimConsole.Reply reply = console.execute(line, lineNumber);
        if (reply == null) return false;
        if (reply.error()) out.println(reply.text());
        out.flush();
        return reply.quit();
    }
}
