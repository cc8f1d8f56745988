package org.marelle.board.sim;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Serves the {@link SimConsole} on a local TCP port, so a person can play on the simulated board from another
 * terminal ({@code nc localhost PORT}, then {@code lift e2}, {@code drop e4}). It listens on the loopback address
 * only: the simulator is not something to expose on a network. Each connection gets its own console on the same
 * board.
 */
public final class SimSocketServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(SimSocketServer.class.getName());

    private final ServerSocket server;
    private final SimulatedBoard board;
    private final InstantSource clock;
    private final Set<Socket> clients = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;

    private SimSocketServer(ServerSocket server, SimulatedBoard board, InstantSource clock) {
        this.server = server;
        this.board = board;
        this.clock = clock;
        this.acceptor = Thread.ofPlatform().daemon().name("marelle-sim-accept").start(this::accept);
    }

    /**
     * Starts listening on {@code 127.0.0.1:port}; port 0 picks a free one ({@link #port()} tells which).
     */
    public static SimSocketServer start(SimulatedBoard board, InstantSource clock, int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return new SimSocketServer(s, board, clock);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The address listened on: always a loopback address. */
    public InetAddress address() {
        return server.getInetAddress();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                clients.add(client);
                Thread.ofVirtual().name("marelle-sim-client").start(() -> serve(client));
            } catch (IOException e) {
                if (!server.isClosed()) LOG.log(Level.WARNING, "simulator socket accept failed", e);
            }
        }
    }

    private void serve(Socket client) {
        try (client;
             var in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
             Writer out = new OutputStreamWriter(client.getOutputStream(), StandardCharsets.UTF_8)) {
            new SimConsole(board, clock).run(in, out);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "simulator client went away", e);
        } finally {
            clients.remove(client);
        }
    }

    /** Stops listening and hangs up on every client. */
    @Override
    public void close() throws IOException {
        server.close();
        for (Socket c : clients) {
            try {
                c.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        try {
            acceptor.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
