package org.marelle.board.serial;

import java.nio.charset.StandardCharsets;
import org.marelle.board.SensorReading;

/**
 * Marelle's serial line protocol, version {@value #VERSION}: the checksum and the lines both sides send. The
 * specification for makers is docs/serial-protocol.md; this class is its reference implementation.
 *
 * <p>Every line is printable ASCII, {@code <body>*<CRC>} and a newline, where CRC is the CRC-16/CCITT-FALSE of
 * the body's bytes (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR; check value 0x29B1 for
 * "123456789") in four upper-case hex digits. It detects every error of up to three flipped bits in a line, and
 * every burst up to 16 bits long.
 */
public final class SerialProtocol {

    public static final int VERSION = 1;
    /** Longest line the host accepts from a board, newline excluded; frames and hellos are far shorter. */
    public static final int MAX_BOARD_LINE = 256;
    /** Most LEDs an LED command may carry. */
    public static final int MAX_LEDS = 1024;

    private SerialProtocol() {
    }

    /** CRC-16/CCITT-FALSE of {@code len} bytes from {@code off}. */
    public static int crc16(byte[] data, int off, int len) {
        int crc = 0xFFFF;
        for (int i = off; i < off + len; i++) {
            crc ^= (data[i] & 0xFF) << 8;
            for (int b = 0; b < 8; b++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
        }
        return crc & 0xFFFF;
    }

    public static int crc16(String ascii) {
        byte[] b = ascii.getBytes(StandardCharsets.US_ASCII);
        return crc16(b, 0, b.length);
    }

    /** A complete line: the body, its checksum and the newline. */
    public static String line(String body) {
        return body + '*' + hex4(crc16(body)) + '\n';
    }

    /** The host's greeting, sent on connecting and every second until the board answers. */
    public static String hostHello() {
        return line("HELLO " + VERSION + " marelle");
    }

    /** An LED command: {@code L <seq> <RRGGBB per LED>}. */
    public static String leds(int seq, int[] rgb) {
        StringBuilder sb = new StringBuilder(8 + rgb.length * 6).append("L ").append(seq & 0xFFFF).append(' ');
        for (int c : rgb) {
            for (int shift = 20; shift >= 0; shift -= 4) sb.append(HEX[c >>> shift & 0xF]);
        }
        return line(sb.toString());
    }

    /** What a board sends to introduce itself (for simulators and tests of the host side). */
    public static String boardHello(int version, int sensors, int leds, String firmware) {
        return line("HELLO " + version + " " + sensors + " " + leds + " " + firmware);
    }

    /** A board's occupancy frame (for simulators and tests of the host side); polarity too when the reading has it. */
    public static String frame(int seq, int sensors, SensorReading reading) {
        StringBuilder sb = new StringBuilder("F ").append(seq & 0xFFFF).append(' ');
        appendBits(sb, sensors, reading.lo(), reading.hi());
        if (reading.polarity()) {
            sb.append(' ');
            appendBits(sb, sensors, reading.whiteLo(), reading.whiteHi());
        }
        return line(sb.toString());
    }

    /** Hex digits for {@code sensors} bits: digit k holds sensors 4k..4k+3, sensor 4k in its lowest bit. */
    static void appendBits(StringBuilder sb, int sensors, long lo, long hi) {
        int digits = (sensors + 3) / 4;
        for (int k = 0; k < digits; k++) {
            int s = 4 * k;
            long word = s < 64 ? lo >>> s : hi >>> (s - 64);
            sb.append(HEX[(int) (word & 0xF)]);
        }
    }

    static String hex4(int v) {
        return "" + HEX[v >>> 12 & 0xF] + HEX[v >>> 8 & 0xF] + HEX[v >>> 4 & 0xF] + HEX[v & 0xF];
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
}
