package org.marelle.board.shift;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import java.util.Objects;
import org.marelle.board.Delay;
import org.marelle.board.SensorReading;
import org.marelle.board.SensorScanner;
import org.marelle.board.gpio.GpioPins;

/**
 * A chain of 74HC165 parallel-in/serial-out shift registers read over three GPIO pins: load (SH/LD, active low),
 * clock (CLK, rising edge shifts; CLK INH tied low) and data (QH of the chip nearest the Pi). A scan pulses load
 * low to latch all inputs at once, then reads QH and clocks once per remaining bit.
 *
 * <p>Sensor numbering follows the bit order on the wire: chip 0 is the one whose QH goes to the Pi, and its input
 * H comes out first. So sensor {@code 8 * chip + k} is input H, G, F, … A for k = 0, 1, 2, … 7. The chip after
 * chip 0 in the chain (its QH into chip 0's SER) is chip 1. The {@link org.marelle.board.SensorMapping} places
 * sensors on squares.
 *
 * <p>Timing (74HC165 datasheet, 2 V–6 V): load pulse width and clock pulse width at least 20 ns at 4.5 V and about
 * 100 ns at 2 V; the pin calls themselves take microseconds, so {@code pulseNanos} may be 0 on a Pi.
 */
public final class Hc165Scanner implements SensorScanner {

    /**
     * @param load       BCM pin to SH/LD of every chip
     * @param clock      BCM pin to CLK of every chip
     * @param data       BCM pin from QH of chip 0
     * @param chips      chips in the chain (8 inputs each)
     * @param activeLow  whether a closed switch reads 0 (switch to ground, pull-up resistor on the input)
     * @param pulseNanos extra wait after each edge
     */
    public record Wiring(int load, int clock, int data, int chips, boolean activeLow, long pulseNanos) {
        public Wiring {
            if (chips < 1 || chips > 16) throw new IllegalArgumentException(chips + " chips: a chain has 1..16 (128 sensors)");
            if (load == clock || load == data || clock == data) {
                throw new IllegalArgumentException("load, clock and data need three different pins");
            }
            if (pulseNanos < 0) throw new IllegalArgumentException("pulse time " + pulseNanos + " ns");
        }
    }

    private final DigitalOutput load;
    private final DigitalOutput clock;
    private final DigitalInput data;
    private final int bits;
    private final DigitalState occupied;
    private final long pulseNanos;
    private final Delay delay;

    public Hc165Scanner(DigitalOutput load, DigitalOutput clock, DigitalInput data, int chips, boolean activeLow,
                        long pulseNanos, Delay delay) {
        this.load = Objects.requireNonNull(load, "load");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.data = Objects.requireNonNull(data, "data");
        if (chips < 1 || chips > 16) throw new IllegalArgumentException(chips + " chips: a chain has 1..16 (128 sensors)");
        this.bits = chips * 8;
        this.occupied = activeLow ? DigitalState.LOW : DigitalState.HIGH;
        this.pulseNanos = pulseNanos;
        this.delay = Objects.requireNonNull(delay, "delay");
        load.state(DigitalState.HIGH);
        clock.state(DigitalState.LOW);
    }

    /** Creates the pins (ids {@code hc165-load}, {@code hc165-clock}, {@code hc165-data}) and the scanner. */
    public static Hc165Scanner open(Context pi4j, Wiring w, Delay delay) {
        DigitalOutput load = GpioPins.output(pi4j, "hc165-load", w.load(), DigitalState.HIGH);
        DigitalOutput clock = GpioPins.output(pi4j, "hc165-clock", w.clock(), DigitalState.LOW);
        // QH is driven by the chip: no pull resistor.
        DigitalInput data = GpioPins.input(pi4j, "hc165-data", w.data(), PullResistance.OFF);
        return new Hc165Scanner(load, clock, data, w.chips(), w.activeLow(), w.pulseNanos(), delay);
    }

    @Override
    public int sensorCount() {
        return bits;
    }

    @Override
    public SensorReading scan() {
        load.state(DigitalState.LOW);
        delay.pause(pulseNanos);
        load.state(DigitalState.HIGH);
        delay.pause(pulseNanos);
        long lo = 0, hi = 0;
        for (int i = 0; i < bits; i++) {
            if (data.state() == occupied) {
                if (i < 64) lo |= 1L << i; else hi |= 1L << (i - 64);
            }
            if (i + 1 < bits) {
                clock.state(DigitalState.HIGH);
                delay.pause(pulseNanos);
                clock.state(DigitalState.LOW);
                delay.pause(pulseNanos);
            }
        }
        return SensorReading.of(lo, hi);
    }

    @Override
    public void close() {
        clock.state(DigitalState.LOW);
        load.state(DigitalState.HIGH);
    }
}
