package org.marelle.board.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.marelle.board.LedFrame;
import org.marelle.board.ManualClock;
import org.marelle.board.Occupancy;
import org.marelle.board.SensorMapping;
import org.marelle.board.SensorReading;
import org.marelle.board.layout.LedLayout;
import org.marelle.board.layout.Rotation;
import org.marelle.board.serial.SerialBoard.Step;
import org.junit.jupiter.api.Test;
import org.marelle.geometry.SquareSet;

/** The serial board's state machine driven step by step over scripted links and a hand-moved clock. */
class SerialBoardTest {

    private final ManualClock clock = new ManualClock(10_000);
    private final Deque<Object> opens = new ArrayDeque<>();   // FakeLink to hand out, or IOException to throw
    private final List<Occupancy> frames = new ArrayList<>();
    private final LedLayout layout = LedLayout.perSquare(8, 8, Rotation.R0, false, false);

    private SerialBoard board(LedLayout leds) {
        SerialLink.Opener opener = () -> {
            Object next = opens.poll();
            if (next == null) throw new IOException("no such port");
            if (next instanceof IOException e) throw e;
            return (FakeLink) next;
        };
        var board = new SerialBoard(opener, SensorMapping.identity(8, 8), leds, clock, SerialBoard.Settings.defaults());
        board.addListener(frames::add);
        return board;
    }

    private static String hello() {
        return SerialProtocol.boardHello(1, 64, 64, "test-fw");
    }

    private static String frame(int seq, int... sensors) {
        return SerialProtocol.frame(seq, 64, SensorReading.ofSensors(sensors));
    }

    @Test
    void greetsTheBoardAndReportsItsFrames() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(null);

        assertThat(board.step()).isEqualTo(Step.CONNECTED);
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.hostHello());
        link.send(hello()).send(frame(0, 0, 1, 62, 63));
        clock.advance(5);
        assertThat(board.step()).isEqualTo(Step.READ);
        assertThat(board.step()).isEqualTo(Step.READ);

        assertThat(frames).singleElement().satisfies(o -> {
            assertThat(o.squares()).containsExactly(0, 1, 62, 63);
            assertThat(o.atMillis()).isEqualTo(10_005);
        });
        var stats = board.stats();
        assertThat(stats.connected()).isTrue();
        assertThat(stats.hello()).isEqualTo(new SerialMessage.Hello(1, 64, 64, "test-fw"));
        assertThat(stats.frames()).isEqualTo(1);
        assertThat(stats.lines()).isEqualTo(2);
    }

    @Test
    void framesBeforeTheHelloOrOfAnotherVersionAreIgnored() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(null);
        board.step();
        link.send(frame(0, 5));
        board.step();
        link.send(SerialProtocol.boardHello(2, 64, 0, "future"));
        board.step();
        link.send(frame(1, 6));
        board.step();
        assertThat(frames).isEmpty();
        assertThat(board.stats().ignoredFrames()).isEqualTo(2);
        link.send(hello()).send(frame(2, 7));
        board.step();
        board.step();
        assertThat(frames).extracting(Occupancy::squares).containsExactly(SquareSet.of(7));
    }

    @Test
    void repeatsTheHelloEverySecondUntilAnswered() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(null);
        board.step();
        link.takeWritten();
        clock.advance(999);
        board.step();
        assertThat(link.takeWritten()).isEmpty();
        clock.advance(1);
        board.step();
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.hostHello());
        link.send(hello());
        board.step();
        clock.advance(3_000);
        link.send(frame(0));
        board.step();
        assertThat(link.takeWritten()).isEmpty();
    }

    @Test
    void malformedLinesAreCountedAndTheStreamGoesOn() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(null);
        board.step();
        link.send(hello())
                .send("F 1 0000000000000000*0000\n")                         // checksum error
                .send("\u0000\u00ff\u0013garbage \n")                        // garbage
                .send(SerialProtocol.frame(2, 8, SensorReading.ofSensors(1))) // wrong width for 64 sensors
                .send(SerialProtocol.line("F 3 0000000000000000 000000000000000")) // width mismatch
                .send(frame(5, 9));                                          // seq 3 and 4 missing
        for (int i = 0; i < 6; i++) board.step();
        var stats = board.stats();
        assertThat(stats.malformed()).isEqualTo(4);
        assertThat(stats.checksumErrors()).isEqualTo(1);
        assertThat(stats.frames()).isEqualTo(1);
        assertThat(frames).extracting(Occupancy::squares).containsExactly(SquareSet.of(9));
        link.send(frame(8, 9));
        board.step();
        assertThat(board.stats().missedFrames()).isEqualTo(2);
    }

    @Test
    void unplugClosesAndReconnectsWithDoublingBackoff() {
        var first = new FakeLink();
        opens.add(first);
        var board = board(null);
        board.step();
        first.send(hello()).send(frame(0, 4));
        board.step();
        board.step();

        first.unplug();
        assertThat(board.step()).isEqualTo(Step.DISCONNECTED);
        assertThat(first.closed).isTrue();
        assertThat(board.stats().connected()).isFalse();
        assertThat(board.nextAttemptMillis()).isEqualTo(10_250);

        // The port is not back yet: each failed open doubles the wait.
        clock.set(10_249);
        assertThat(board.step()).isEqualTo(Step.WAITING);
        clock.set(10_250);
        assertThat(board.step()).isEqualTo(Step.DISCONNECTED);      // open fails
        assertThat(board.nextAttemptMillis()).isEqualTo(10_750);
        clock.set(10_750);
        board.step();
        assertThat(board.nextAttemptMillis()).isEqualTo(11_750);
        clock.set(11_750);
        board.step();
        assertThat(board.nextAttemptMillis()).isEqualTo(13_750);
        assertThat(board.stats().failedOpens()).isEqualTo(3);

        var second = new FakeLink();
        opens.add(second);
        clock.set(13_750);
        assertThat(board.step()).isEqualTo(Step.CONNECTED);
        assertThat(second.takeWritten()).containsExactly(SerialProtocol.hostHello());
        second.send(hello()).send(frame(0, 4, 5));
        board.step();
        board.step();
        assertThat(frames).extracting(Occupancy::squares).containsExactly(SquareSet.of(4), SquareSet.of(4, 5));

        // A good hello reset the backoff: the next outage waits the first delay again.
        second.unplug();
        board.step();
        assertThat(board.nextAttemptMillis()).isEqualTo(clock.millis() + 250);
        assertThat(board.stats().disconnects()).isEqualTo(2);
    }

    @Test
    void anUnpluggedBoardTellsItsListenersThatItWasNotRead() {
        // The recognizer must know: moves may be made before the board is read again.
        var first = new FakeLink();
        opens.add(first);
        var board = board(null);
        List<Long> lost = new ArrayList<>();
        board.addListener(new org.marelle.board.OccupancyListener() {
            @Override
            public void onOccupancy(Occupancy occupancy) {
            }

            @Override
            public void onReadingLost(long atMillis) {
                lost.add(atMillis);
            }
        });
        board.step();
        first.send(hello()).send(frame(0, 4));
        board.step();
        board.step();
        clock.set(10_100);
        first.unplug();
        board.step();
        assertThat(lost).containsExactly(10_100L);

        // Read again: the same squares are reported again (the settled state was forgotten).
        var second = new FakeLink();
        opens.add(second);
        clock.set(10_350);
        board.step();
        second.send(hello()).send(frame(0, 4));
        board.step();
        board.step();
        assertThat(frames).extracting(Occupancy::squares).containsExactly(SquareSet.of(4), SquareSet.of(4));
    }

    @Test
    void theBackoffStopsGrowingAtTheMaximum() {
        var board = board(null);
        long previousGap = 0;
        for (int i = 0; i < 12; i++) {
            clock.set(Math.max(clock.millis(), board.nextAttemptMillis()));
            board.step();
            previousGap = board.nextAttemptMillis() - clock.millis();
        }
        assertThat(previousGap).isEqualTo(10_000);
    }

    @Test
    void aSilentBoardIsReconnected() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(null);
        board.step();
        link.send(hello());
        board.step();
        clock.advance(4_999);
        assertThat(board.step()).isEqualTo(Step.READ);
        clock.advance(1);
        assertThat(board.step()).isEqualTo(Step.DISCONNECTED);
        assertThat(link.closed).isTrue();
    }

    @Test
    void ledFramesGoOutOnceAndAgainWhenTheyChange() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(layout);
        board.step();
        link.send(hello());
        board.step();
        link.takeWritten();

        board.show(LedFrame.builder(8, 8).on(0, 0x00FF00).build());
        board.step();
        List<String> sent = link.takeWritten();
        int[] expected = new int[64];
        expected[0] = 0x00FF00;
        assertThat(sent).containsExactly(SerialProtocol.leds(0, expected));

        board.step();
        assertThat(link.takeWritten()).isEmpty();

        // Blinking: the command goes out again at each half period.
        board.show(LedFrame.builder(8, 8).blink(63, 0x0000FF).build());
        clock.set(10_400);                 // 10400 / 400 is even: lit
        board.step();
        int[] lit = new int[64];
        lit[63] = 0x0000FF;
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.leds(1, lit));
        clock.set(10_800);
        board.step();
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.leds(2, new int[64]));

        // A board error makes the host repeat its last command.
        link.send(SerialProtocol.line("E BADCRC bad checksum"));
        board.step();
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.leds(3, new int[64]));
        assertThat(board.stats().boardErrors()).isEqualTo(1);
        assertThat(board.stats().ledCommands()).isEqualTo(4);

        // Closing darkens the LEDs and the port.
        board.show(LedFrame.builder(8, 8).on(5, 0xFFFFFF).build());
        board.step();
        link.takeWritten();
        board.close();
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.leds(5, new int[64]));
        assertThat(link.closed).isTrue();
        assertThat(board.stats().connected()).isFalse();
    }

    @Test
    void aFrameShownJustBeforeTheBoardStopsGoesOutBeforeThePortCloses() {
        // (As the daemon stops: it turns the LEDs off, then stops the board, whose thread may not have sent it yet.)
        var link = new FakeLink();
        opens.add(link);
        var board = board(layout);
        board.step();
        link.send(hello());
        board.step();
        board.show(LedFrame.builder(8, 8).on(0, 0x00FF00).build());
        board.step();
        link.takeWritten();
        board.show(LedFrame.off(8, 8));
        board.stop();
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.leds(1, new int[64]));
        assertThat(link.closed).isTrue();
    }

    @Test
    void ledsAreResentAfterAReconnect() {
        var first = new FakeLink();
        var second = new FakeLink();
        opens.add(first);
        opens.add(second);
        var board = board(layout);
        board.show(LedFrame.builder(8, 8).on(9, 0x123456).build());
        board.step();
        first.send(hello());
        board.step();
        assertThat(first.takeWritten()).hasSize(2);   // hello, LEDs
        first.failWrites = true;
        first.unplug();
        board.step();
        clock.advance(250);
        board.step();
        second.send(hello());
        board.step();
        int[] expected = new int[64];
        expected[9] = 0x123456;
        assertThat(second.takeWritten()).containsExactly(SerialProtocol.hostHello(), SerialProtocol.leds(1, expected));
    }

    @Test
    void aBoardWithFewerLedsThanTheLayoutGetsNone() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(layout);
        board.show(LedFrame.builder(8, 8).on(9, 0x123456).build());
        board.step();
        link.send(SerialProtocol.boardHello(1, 64, 10, "small"));
        board.step();
        board.step();
        assertThat(link.takeWritten()).containsExactly(SerialProtocol.hostHello());
    }

    @Test
    void aFailingWriteDisconnects() {
        var link = new FakeLink();
        link.failWrites = true;
        opens.add(link);
        var board = board(null);
        assertThat(board.step()).isEqualTo(Step.DISCONNECTED);
        assertThat(link.closed).isTrue();
        assertThat(board.nextAttemptMillis()).isEqualTo(clock.millis() + 250);
    }

    @Test
    void tooFewSensorsForTheMappingIgnoresFrames() {
        var link = new FakeLink();
        opens.add(link);
        var board = board(null);
        board.step();
        link.send(SerialProtocol.boardHello(1, 32, 0, "half")).send(SerialProtocol.frame(0, 32, SensorReading.NONE));
        board.step();
        board.step();
        assertThat(frames).isEmpty();
        assertThat(board.stats().ignoredFrames()).isEqualTo(1);
    }

    @Test
    void settingsAreChecked() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SerialBoard.Settings(1, Duration.ofSeconds(2),
                Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ZERO, Duration.ofMillis(800)))
                .hasMessageContaining("retry delays");
    }
}
