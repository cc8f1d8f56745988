package org.marelle.board.shift;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutput;
import org.marelle.board.Delay;
import org.marelle.board.MockPi4j;
import org.marelle.board.SensorReading;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the 74HC165 scanner against Pi4J's mock platform, with a simulated chain behind the pins: load low latches
 * every chip's inputs A..H, each rising clock edge shifts the chain one place towards QH of chip 0.
 */
class Hc165ScannerTest {

    private final Context pi4j = MockPi4j.context();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    /** A chain of 74HC165 chips; {@code closed[chip][input]} with input 0 = A … 7 = H. */
    static final class SimulatedChain {
        final boolean[][] closed;
        final boolean activeLow;
        final MockDigitalInput data;
        boolean[] shift;
        int position;
        int risingEdges;
        int loads;

        SimulatedChain(Context pi4j, int chips, boolean activeLow) {
            this.closed = new boolean[chips][8];
            this.activeLow = activeLow;
            this.data = pi4j.io("hc165-data", MockDigitalInput.class);
            MockDigitalOutput load = pi4j.io("hc165-load", MockDigitalOutput.class);
            MockDigitalOutput clock = pi4j.io("hc165-clock", MockDigitalOutput.class);
            load.addListener(e -> {
                if (e.state() == DigitalState.LOW) latch();
            });
            clock.addListener(e -> {
                if (e.state() == DigitalState.HIGH && load.state() == DigitalState.HIGH) {
                    risingEdges++;
                    position++;
                    present();
                }
            });
        }

        private void latch() {
            loads++;
            // Serial order out of QH of chip 0: chip 0 H, G, … A, then chip 1 H, … (chip 1's QH feeds chip 0's SER).
            shift = new boolean[closed.length * 8];
            for (int chip = 0; chip < closed.length; chip++) {
                for (int k = 0; k < 8; k++) shift[chip * 8 + k] = closed[chip][7 - k];
            }
            position = 0;
            present();
        }

        private void present() {
            // Past the end of the chain, SER of the last chip is tied low.
            boolean on = position < shift.length && shift[position];
            boolean high = activeLow != on;
            data.mockState(high ? DigitalState.HIGH : DigitalState.LOW);
        }
    }

    @Test
    void readsAChainOfEightInWireOrder() {
        var scanner = Hc165Scanner.open(pi4j, new Hc165Scanner.Wiring(25, 24, 23, 8, true, 0), Delay.NONE);
        var chain = new SimulatedChain(pi4j, 8, true);
        chain.closed[0][7] = true;   // chip 0 input H: sensor 0
        chain.closed[0][0] = true;   // chip 0 input A: sensor 7
        chain.closed[1][7] = true;   // chip 1 input H: sensor 8
        chain.closed[7][0] = true;   // chip 7 input A: sensor 63

        SensorReading r = scanner.scan();

        assertThat(r.sensors()).containsExactly(0, 7, 8, 63);
        assertThat(chain.loads).isEqualTo(1);
        assertThat(chain.risingEdges).as("clock edges for 64 bits").isEqualTo(63);
        assertThat(pi4j.io("hc165-load", MockDigitalOutput.class).state()).isEqualTo(DigitalState.HIGH);
        assertThat(pi4j.io("hc165-clock", MockDigitalOutput.class).state()).isEqualTo(DigitalState.LOW);
    }

    @Test
    void eachScanLatchesAfresh() {
        var scanner = Hc165Scanner.open(pi4j, new Hc165Scanner.Wiring(25, 24, 23, 2, true, 0), Delay.NONE);
        var chain = new SimulatedChain(pi4j, 2, true);
        chain.closed[1][3] = true;   // chip 1 input D: sensor 8 + 4
        assertThat(scanner.scan().sensors()).containsExactly(12);
        chain.closed[1][3] = false;
        chain.closed[0][6] = true;   // chip 0 input G: sensor 1
        assertThat(scanner.scan().sensors()).containsExactly(1);
        assertThat(chain.loads).isEqualTo(2);
    }

    @Test
    void activeHighTwelveChipsFillTheHighWord() {
        var scanner = Hc165Scanner.open(pi4j, new Hc165Scanner.Wiring(25, 24, 23, 12, false, 0), Delay.NONE);
        var chain = new SimulatedChain(pi4j, 12, false);
        chain.closed[11][0] = true;  // sensor 95
        chain.closed[8][7] = true;   // sensor 64
        assertThat(scanner.sensorCount()).isEqualTo(96);
        assertThat(scanner.scan().sensors()).containsExactly(64, 95);
        assertThat(pi4j.io("hc165-data", DigitalInput.class).config().pull()).isEqualTo(PullResistance.OFF);
    }
}
