package org.marelle.board.serial;

import org.marelle.board.SensorReading;

/** A well-formed line from the board's microcontroller (see docs/serial-protocol.md). */
public sealed interface SerialMessage {

    /**
     * The board introduces itself: {@code HELLO <version> <sensors> <leds> <firmware>}.
     *
     * @param version  protocol version the board speaks
     * @param sensors  how many sensors each frame carries (1–128)
     * @param leds     how many LEDs the board drives (0 for none)
     * @param firmware the firmware's own name and version, for logs
     */
    record Hello(int version, int sensors, int leds, String firmware) implements SerialMessage {
    }

    /**
     * A full occupancy frame: {@code F <seq> <occupied hex> [<white hex>]}.
     *
     * @param seq      sequence number 0–65535, one more than the previous frame's, wrapping
     * @param digits   hex digits in the occupied field (4 sensors each)
     * @param reading  the sensors that are on, and their polarity if the board sent it
     */
    record Frame(int seq, int digits, SensorReading reading) implements SerialMessage {
    }

    /** The board reports a problem: {@code E <code> <text>}. */
    record BoardError(String code, String text) implements SerialMessage {
    }
}
