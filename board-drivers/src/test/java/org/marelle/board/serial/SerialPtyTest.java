package org.marelle.board.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.marelle.board.LedFrame;
import org.marelle.board.ManualClock;
import org.marelle.board.Occupancy;
import org.marelle.board.SensorMapping;
import org.marelle.board.SensorReading;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.marelle.board.serial.SerialBoard.Step;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The serial driver on a real serial port: jSerialComm on a pseudo-terminal made by socat. The test plays the
 * board's microcontroller through socat's stdin and stdout, pulls the cable by killing socat and plugs it back by
 * starting a new one. Time for the reconnect delay comes from a hand-moved clock; the only waiting is the
 * driver's own read timeout while bytes cross the pty.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SerialPtyTest {

    private static final int READ_TIMEOUT_MS = 50;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_000_000);
    private final List<Occupancy> frames = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void needsSocat() {
        assumeTrue(Socat.available(), "socat is not installed (apt-get install socat); skipping the pty tests");
    }

    /** Steps the driver until the condition holds; each step waits at most the read timeout. */
    private static void stepUntil(SerialBoard board, BooleanSupplier done, String what) {
        for (int i = 0; i < 400; i++) {
            if (done.getAsBoolean()) return;
            board.step();
        }
        throw new AssertionError("gave up waiting for " + what + "; stats " + board.stats());
    }

    private static String frame(int seq, int... sensors) {
        return SerialProtocol.frame(seq, 64, SensorReading.ofSensors(sensors));
    }

    @Test
    void framesInLedsOutErrorsCountedAndAReplugResumes() throws Exception {
        Path port = dir.resolve("board");
        var layout = LedLayout.perSquare(8, 8, Rotation.R0, false, false);
        var board = new SerialBoard(JSerialCommLink.opener(port.toString(), 115_200, READ_TIMEOUT_MS),
                SensorMapping.identity(8, 8), layout, clock, SerialBoard.Settings.defaults());
        board.addListener(frames::add);

        try (Socat first = Socat.start(port)) {
            assertThat(board.step()).isEqualTo(Step.CONNECTED);
            assertThat(first.readLine()).isEqualTo(SerialProtocol.hostHello());

            first.send(SerialProtocol.boardHello(1, 64, 64, "pty-board") + frame(0, 8, 9, 10, 11, 12));
            stepUntil(board, () -> frames.size() == 1, "the first frame");
            assertThat(frames.get(0).squares()).containsExactly(8, 9, 10, 11, 12);

            board.show(LedFrame.builder(8, 8).on(12, 0x00FF00).on(28, 0x00FF00).build());
            board.step();
            int[] leds = new int[64];
            leds[12] = 0x00FF00;
            leds[28] = 0x00FF00;
            assertThat(first.readLine()).isEqualTo(SerialProtocol.leds(0, leds));

            first.send("F 1 0000000000000000*0000\n");                            // bad checksum
            first.send("\u00ff\u00fe garbage \u0080\u00c3\u00a9 *ZZZZ\n");       // noise
            first.send(frame(2, 8, 9, 10, 11, 28));                              // e2-e4; frame 1 was lost
            stepUntil(board, () -> frames.size() == 2, "the frame after the noise");
            assertThat(frames.get(1).squares()).containsExactly(8, 9, 10, 11, 28);
            var stats = board.stats();
            assertThat(stats.checksumErrors()).isEqualTo(1);
            assertThat(stats.malformed()).isEqualTo(2);
            assertThat(stats.missedFrames()).isEqualTo(1);

            first.kill();
            stepUntil(board, () -> !board.stats().connected(), "the driver to notice the unplug");
            assertThat(board.stats().disconnects()).isEqualTo(1);
            assertThat(board.step()).isEqualTo(Step.WAITING);
        }

        try (Socat second = Socat.start(port)) {
            clock.advance(250);
            assertThat(board.step()).isEqualTo(Step.CONNECTED);
            assertThat(second.readLine()).isEqualTo(SerialProtocol.hostHello());
            second.send(SerialProtocol.boardHello(1, 64, 64, "pty-board") + frame(0, 8, 9, 10, 11, 28, 52));
            stepUntil(board, () -> frames.size() == 3, "a frame after the replug");
            assertThat(frames.get(2).squares()).containsExactly(8, 9, 10, 11, 28, 52);
            // The LEDs are sent again to the board that came back.
            board.step();
            int[] leds = new int[64];
            leds[12] = 0x00FF00;
            leds[28] = 0x00FF00;
            assertThat(second.readLine()).isEqualTo(SerialProtocol.leds(1, leds));
            assertThat(board.stats().connects()).isEqualTo(2);
        } finally {
            board.close();
        }
    }

    @Test
    void aPortThatIsNotThereIsRetriedNotFatal() {
        var board = new SerialBoard(JSerialCommLink.opener(dir.resolve("nothing").toString(), 115_200, READ_TIMEOUT_MS),
                SensorMapping.identity(8, 8), null, clock, SerialBoard.Settings.defaults());
        assertThat(board.step()).isEqualTo(Step.DISCONNECTED);
        assertThat(board.step()).isEqualTo(Step.WAITING);
        assertThat(board.stats().failedOpens()).isEqualTo(1);
        board.close();
    }
}
