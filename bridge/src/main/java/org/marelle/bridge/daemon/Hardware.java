package org.marelle.bridge.daemon;

import com.pi4j.context.Context;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.marelle.board.Delay;
import org.marelle.board.LedBoard;
import org.marelle.board.ScanningSensorBoard;
import org.marelle.board.SensorBoard;
import org.marelle.board.SensorMapping;
import org.marelle.board.SensorScanner;
import org.marelle.board.gpio.MatrixScanner;
import org.marelle.board.i2c.Mcp23017Scanner;
import org.marelle.board.layout.GridOrder;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.marelle.board.led.Max7219Matrix;
import org.marelle.board.led.PixelLedBoard;
import org.marelle.board.led.PixelStrip;
import org.marelle.board.led.Ws2812Strip;
import org.marelle.board.serial.JSerialCommLink;
import org.marelle.board.serial.SerialBoard;
import org.marelle.board.shift.Hc165Scanner;
import org.marelle.board.sim.SimSocketServer;
import org.marelle.board.sim.SimulatedBoard;
import org.marelle.bridge.config.BoardConfig;
import org.marelle.bridge.config.DriverConfig;
import org.marelle.bridge.config.LedConfig;
import org.marelle.bridge.config.LedLayoutConfig;
import org.marelle.bridge.config.MarelleConfig;
import org.marelle.bridge.config.SensorsConfig;
import org.marelle.geometry.BoardGeometry;
import org.marelle.rules.Variant;

/**
 * The board's hardware, built from a checked configuration: the sensor board, the LEDs, and what has to be closed
 * with them (the Pi4J context, the simulator's console). Pi4J is asked for a context only when a driver needs
 * GPIO, I²C or SPI; tests hand in the mock platform's.
 *
 * @param description one line for the log: what was opened
 */
public record Hardware(SensorBoard sensors, LedBoard leds, List<AutoCloseable> resources, String description)
        implements AutoCloseable {

    /** How long a serial read waits for bytes before the board's loop looks at its timers again. */
    private static final int SERIAL_READ_TIMEOUT_MILLIS = 100;

    /**
     * Opens the hardware the configuration describes.
     *
     * @param pi4j  gives the Pi4J context (called at most once, only when needed)
     * @param clock stamps sensor frames and times blinking LEDs
     * @throws IOException              when a simulator console cannot listen on its port
     * @throws IllegalArgumentException when the hardware refuses the configuration (Pi4J's message names the pin)
     */
    public static Hardware open(MarelleConfig config, Supplier<Context> pi4j, InstantSource clock) throws IOException {
        BoardConfig b = config.board();
        BoardGeometry g = Variant.byName(b.variant()).geometry();
        List<AutoCloseable> resources = new ArrayList<>();
        Context[] context = new Context[1];
        Supplier<Context> ctx = () -> {
            if (context[0] == null) {
                context[0] = pi4j.get();
                resources.add(() -> context[0].shutdown());
            }
            return context[0];
        };
        try {
            SensorMapping mapping = mapping(b.sensors(), g);
            LedLayout layout = switch (config.leds()) {
                case LedConfig.Ws2812 w -> layout(w.layout(), g);
                case LedConfig.Max7219 m -> layout(m.layout(), g);
                case LedConfig.Board bl -> layout(bl.layout(), g);
                case LedConfig.None n -> null;
            };
            SensorBoard sensors;
            String what;
            Duration period = Duration.ofNanos(1_000_000_000L / b.scanHz());
            switch (b.driver()) {
                case DriverConfig.GpioMatrix m -> {
                    SensorScanner s = MatrixScanner.open(ctx.get(), new MatrixScanner.Wiring(m.rows(), m.columns(),
                            m.activeLow(), m.settleMicros() * 1000L), Delay.BUSY);
                    sensors = new ScanningSensorBoard(s, mapping, b.debounceScans(), clock, period);
                    what = m.rows().size() + "x" + m.columns().size() + " GPIO matrix";
                }
                case DriverConfig.Mcp23017 m -> {
                    SensorScanner s = Mcp23017Scanner.open(ctx.get(), new Mcp23017Scanner.Wiring(m.bus(), m.addresses(),
                            m.pullUps(), m.activeLow()));
                    sensors = new ScanningSensorBoard(s, mapping, b.debounceScans(), clock, period);
                    what = m.addresses().size() + " MCP23017 on I2C bus " + m.bus();
                }
                case DriverConfig.Hc165 h -> {
                    int chips = h.chips() != null ? h.chips() : (g.squareCount() + 7) / 8;
                    SensorScanner s = Hc165Scanner.open(ctx.get(), new Hc165Scanner.Wiring(h.load(), h.clock(), h.data(),
                            chips, h.activeLow(), h.pulseMicros() * 1000L), Delay.BUSY);
                    sensors = new ScanningSensorBoard(s, mapping, b.debounceScans(), clock, period);
                    what = chips + " 74HC165 shift registers";
                }
                case DriverConfig.Serial s -> {
                    SerialBoard.Settings d = SerialBoard.Settings.defaults();
                    Duration blink = config.leds() instanceof LedConfig.Board bl ? Duration.ofMillis(bl.blinkMillis())
                            : d.blinkPeriod();
                    SerialBoard sb = new SerialBoard(JSerialCommLink.opener(s.port(), s.baud(), SERIAL_READ_TIMEOUT_MILLIS),
                            mapping, config.leds() instanceof LedConfig.Board ? layout : null, clock,
                            new SerialBoard.Settings(b.debounceScans(), d.firstRetry(), d.maxRetry(), d.helloRetry(),
                                    d.silence(), blink));
                    sensors = sb;
                    what = "serial board on " + s.port() + " at " + s.baud() + " baud";
                }
                case DriverConfig.Simulated s -> {
                    SimulatedBoard sim = new SimulatedBoard(g.files(), g.ranks());
                    sensors = sim;
                    what = "simulated board";
                    if (s.listen() != null) {
                        SimSocketServer server = SimSocketServer.start(sim, clock, s.listen());
                        resources.add(server);
                        what += ", console on " + server.address().getHostAddress() + ":" + server.port();
                    }
                }
            }
            LedBoard leds;
            switch (config.leds()) {
                case LedConfig.None n -> leds = LedBoard.none();
                case LedConfig.Ws2812 w -> {
                    PixelStrip strip = Ws2812Strip.open(ctx.get(), w.spiBus(), w.spiChannel(), layout.ledCount(),
                            w.brightness(), w.maxMilliamps());
                    PixelLedBoard p = new PixelLedBoard(layout, strip, clock, Duration.ofMillis(w.blinkMillis()));
                    p.start();
                    leds = p;
                    what += "; " + layout.ledCount() + " WS2812 LEDs on SPI " + w.spiBus();
                }
                case LedConfig.Max7219 m -> {
                    PixelStrip strip = Max7219Matrix.open(ctx.get(), m.spiBus(), m.spiChannel(), m.intensity());
                    PixelLedBoard p = new PixelLedBoard(layout, strip, clock, Duration.ofMillis(m.blinkMillis()));
                    p.start();
                    leds = p;
                    what += "; MAX7219 LED matrix on SPI " + m.spiBus();
                }
                case LedConfig.Board bl -> {
                    leds = (LedBoard) sensors;
                    what += "; the board's own LEDs";
                }
            }
            return new Hardware(sensors, leds, resources, what);
        } catch (RuntimeException | IOException e) {
            closeAll(resources.reversed());
            throw e;
        }
    }

    public static SensorMapping mapping(SensorsConfig s, BoardGeometry g) {
        if (s.table() != null) return SensorMapping.parse(g.files(), g.ranks(), s.table());
        return SensorMapping.grid(g.files(), g.ranks(),
                new GridOrder(g.files(), g.ranks(), Rotation.ofDegrees(s.rotation()), s.mirrored(), s.serpentine()));
    }

    public static LedLayout layout(LedLayoutConfig l, BoardGeometry g) {
        Rotation r = Rotation.ofDegrees(l.rotation());
        return l.placement().equals(LedLayoutConfig.CORNERS)
                ? new LedLayout.Corners(g.files(), g.ranks(), new GridOrder(g.files() + 1, g.ranks() + 1, r, l.mirrored(), l.serpentine()))
                : new LedLayout.PerSquare(g.files(), g.ranks(), new GridOrder(g.files(), g.ranks(), r, l.mirrored(), l.serpentine()));
    }

    /** Closes the LEDs (when they are not the sensor board itself), the sensor board, then the other resources. */
    @Override
    public void close() {
        List<AutoCloseable> all = new ArrayList<>();
        if (leds != sensors) all.add(leds);
        all.add(sensors);
        all.addAll(resources.reversed());   // opened last, closed first; the Pi4J context was opened first
        closeAll(all);
    }

    /** Closes in the order given; one failure does not keep the others open. */
    private static void closeAll(List<AutoCloseable> resources) {
        for (AutoCloseable r : resources) {
            try {
                r.close();
            } catch (Exception e) {
                System.getLogger(Hardware.class.getName()).log(System.Logger.Level.WARNING, "closing " + r, e);
            }
        }
    }
}
