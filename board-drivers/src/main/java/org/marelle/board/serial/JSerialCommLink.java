package org.marelle.board.serial;

import com.fazecast.jSerialComm.SerialPort;
import com.fazecast.jSerialComm.SerialPortInvalidPortException;
import java.io.IOException;

/**
 * A {@link SerialLink} on a real serial port through jSerialComm: 8 data bits, no parity, one stop bit, no flow
 * control; semi-blocking reads (return as soon as anything arrived, or after the timeout with nothing). A read
 * error, such as the device vanishing from USB, returns -1.
 */
public final class JSerialCommLink implements SerialLink {

    private final SerialPort port;

    private JSerialCommLink(SerialPort port) {
        this.port = port;
    }

    /**
     * An opener for the port at {@code path} (e.g. {@code /dev/ttyACM0}, or a stable
     * {@code /dev/serial/by-id/...} link). Each open resolves the path anew, so a board that comes back under
     * another device name behind the same link is found again.
     */
    public static SerialLink.Opener opener(String path, int baud, int readTimeoutMillis) {
        if (baud <= 0) throw new IllegalArgumentException("baud rate " + baud);
        if (readTimeoutMillis <= 0) throw new IllegalArgumentException("read timeout " + readTimeoutMillis + " ms");
        return () -> open(path, baud, readTimeoutMillis);
    }

    private static SerialLink open(String path, int baud, int readTimeoutMillis) throws IOException {
        SerialPort port;
        try {
            port = SerialPort.getCommPort(path);
        } catch (SerialPortInvalidPortException e) {
            throw new IOException("no serial port at " + path, e);
        }
        port.setComPortParameters(baud, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
        port.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
        port.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING | SerialPort.TIMEOUT_WRITE_BLOCKING,
                readTimeoutMillis, 1000);
        // No "safety sleep" after opening: the driver's own hello retries cover a board that is still booting.
        if (!port.openPort(0)) {
            throw new IOException("cannot open serial port " + path + " (error " + port.getLastErrorCode() + ")");
        }
        return new JSerialCommLink(port);
    }

    @Override
    public int read(byte[] buffer) {
        int n = port.readBytes(buffer, buffer.length);
        return n < 0 ? -1 : n;
    }

    @Override
    public void write(byte[] bytes) throws IOException {
        int n = port.writeBytes(bytes, bytes.length);
        if (n != bytes.length) {
            throw new IOException("wrote " + Math.max(n, 0) + " of " + bytes.length + " bytes to "
                    + port.getSystemPortPath() + " (error " + port.getLastErrorCode() + ")");
        }
    }

    /** The longest a close waits for what was written to leave: a full LED line at 9600 baud takes 0.4 s. */
    private static final long DRAIN_NANOS = 1_000_000_000L;

    /**
     * Closes the port once what was written has left it (at most {@link #DRAIN_NANOS}): closing discards what the
     * system still holds, such as the line that turns the LEDs off as Marelle stops.
     */
    @Override
    public void close() {
        long until = System.nanoTime() + DRAIN_NANOS;
        while (port.bytesAwaitingWrite() > 0 && System.nanoTime() < until) {
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
        port.closePort();
    }

    @Override
    public String toString() {
        return "serial port " + port.getSystemPortPath();
    }
}
