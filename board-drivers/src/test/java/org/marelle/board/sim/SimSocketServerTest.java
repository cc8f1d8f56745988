package org.marelle.board.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.marelle.board.ManualClock;
import org.marelle.board.Occupancy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.marelle.geometry.SquareSet;

/** A person on a local socket: each reply is read before checking, so the command has run; nothing sleeps. */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SimSocketServerTest {

    @Test
    void playsOverALocalSocket() throws Exception {
        var board = new SimulatedBoard(8, 8);
        List<Occupancy> frames = new CopyOnWriteArrayList<>();
        board.addListener(frames::add);
        board.start();
        try (var server = SimSocketServer.start(board, new ManualClock(42), 0);
             var socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(10_000);
            var in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            Writer out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
            assertThat(in.readLine()).startsWith("marelle simulated board 8x8");

            out.write("drop e2\n");
            out.flush();
            assertThat(in.readLine()).isEqualTo("ok");
            out.write("move e2 e4\nlift e9\n");
            out.flush();
            assertThat(in.readLine()).isEqualTo("ok");
            assertThat(in.readLine()).isEqualTo("error: line 3, column 6: 'e9' is not a square of a 8x8 board (a1..h8)");
            out.write("quit\n");
            out.flush();
            assertThat(in.readLine()).isEqualTo("bye");
            assertThat(in.readLine()).isNull();     // the server hung up
        }
        assertThat(frames).extracting(Occupancy::squares)
                .containsExactly(SquareSet.EMPTY, SquareSet.of(12), SquareSet.EMPTY, SquareSet.of(28));
        assertThat(frames).extracting(Occupancy::atMillis).containsOnly(0L, 42L);
    }

    @Test
    void listensOnLoopbackOnly() throws Exception {
        try (var server = SimSocketServer.start(new SimulatedBoard(8, 8), new ManualClock(0), 0)) {
            assertThat(server.port()).isPositive();
            assertThat(server.address().isLoopbackAddress()).isTrue();
        }
    }
}
