package org.marelle.board.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.marelle.board.SensorReading;
import org.junit.jupiter.api.Test;

class LineParserTest {

    @Test
    void crcIsCcittFalse() {
        // The catalogued check value of CRC-16/CCITT-FALSE (a.k.a. CRC-16/IBM-3740) for "123456789".
        assertThat(SerialProtocol.crc16("123456789")).isEqualTo(0x29B1);
        assertThat(SerialProtocol.crc16("")).isEqualTo(0xFFFF);
    }

    @Test
    void linesCarryTheirChecksum() {
        assertThat(SerialProtocol.line("123456789")).isEqualTo("123456789*29B1\n");
        assertThat(SerialProtocol.hostHello()).startsWith("HELLO 1 marelle*").endsWith("\n");
        assertThat(SerialProtocol.leds(7, new int[]{0xFF0000, 0x00010A})).startsWith("L 7 FF000000010A*");
    }

    @Test
    void framesPackFourSensorsPerDigitLowestFirst() {
        // Sensors 0, 5, 7 and 65 of 66: digits "1" (0), "A" (5 and 7), then zeros, "2" (65) in digit 16.
        String line = SerialProtocol.frame(42, 66, SensorReading.ofSensors(0, 5, 7, 65));
        assertThat(line).startsWith("F 42 1A000000000000002*");
        Lines l = Lines.parse(line);
        assertThat(l.malformed).isEmpty();
        assertThat(l.messages).containsExactly(new SerialMessage.Frame(42, 17, SensorReading.ofSensors(0, 5, 7, 65)));
    }

    @Test
    void parsesHelloFramesWithPolarityAndErrors() {
        var white = new SensorReading(0b1001, 0, 0b0001, 0, true);
        Lines l = Lines.parse(SerialProtocol.boardHello(1, 64, 81, "uno-reed v0.3")
                + SerialProtocol.frame(65535, 64, white)
                + SerialProtocol.line("E BADCRC line 12 had a bad checksum"));
        assertThat(l.malformed).isEmpty();
        assertThat(l.messages).containsExactly(
                new SerialMessage.Hello(1, 64, 81, "uno-reed v0.3"),
                new SerialMessage.Frame(65535, 16, white),
                new SerialMessage.BoardError("BADCRC", "line 12 had a bad checksum"));
    }

    @Test
    void acceptsCrLfAndLowerCaseChecksumsAndIgnoresEmptyLines() {
        String line = SerialProtocol.frame(1, 8, SensorReading.ofSensors(3)).replace("\n", "");
        String lower = line.substring(0, line.length() - 4) + line.substring(line.length() - 4).toLowerCase();
        Lines l = Lines.parse("\n\r\n" + line + "\r\n" + lower + "\n");
        assertThat(l.malformed).isEmpty();
        assertThat(l.frames()).hasSize(2);
    }

    @Test
    void aHelloOfAnotherVersionKeepsOnlyTheVersion() {
        Lines l = Lines.parse(SerialProtocol.line("HELLO 2 something new"));
        assertThat(l.messages).containsExactly(new SerialMessage.Hello(2, 0, 0, "something new"));
    }

    @Test
    void reportsWhatIsWrongAndWhere() {
        Lines l = Lines.parse(
                "F 1 00*0000\n"                                          // wrong checksum
                        + "F 1 00\n"                                      // no checksum
                        + "F 1 0\u00030*1234\n"                           // control byte
                        + SerialProtocol.line("X 1 2")                    // unknown type
                        + SerialProtocol.line("F 70000 00")               // seq out of range
                        + SerialProtocol.line("F 1 0G")                   // not hex
                        + SerialProtocol.line("F 1  00")                  // empty field
                        + SerialProtocol.line("HELLO 1 200 0 x")          // too many sensors
                        + SerialProtocol.line("F 1 00 000"));             // white digits differ
        assertThat(l.messages).isEmpty();
        assertThat(l.malformed).extracting(Malformed::reason).containsExactly(
                Malformed.Reason.CHECKSUM, Malformed.Reason.SYNTAX, Malformed.Reason.NOT_ASCII,
                Malformed.Reason.UNKNOWN, Malformed.Reason.SYNTAX, Malformed.Reason.SYNTAX, Malformed.Reason.SYNTAX,
                Malformed.Reason.SYNTAX, Malformed.Reason.SYNTAX);
        assertThat(l.malformed.get(0).detail()).contains("checksum 0000");
        assertThat(l.malformed.get(2).detail()).isEqualTo("byte 0x03 at column 6");
        assertThat(l.malformed.get(2).line()).isEqualTo("F 1 0\\x030*1234");
        assertThat(l.malformed.get(3).detail()).contains("'X'");
        assertThat(l.malformed.get(4).detail()).isEqualTo("seq '70000' is not 0..65535 at column 3");
        assertThat(l.malformed.get(5).detail()).contains("'0G'").contains("column 5");
        assertThat(l.malformed.get(6).detail()).contains("empty field at column 5");
        assertThat(l.malformed.get(7).detail()).contains("sensors '200'");
        assertThat(l.malformed.get(8).detail()).contains("white has 3 digits");
    }

    @Test
    void anOverlongLineIsDroppedAndTheNextOneParses() {
        String good = SerialProtocol.frame(9, 8, SensorReading.ofSensors(1));
        Lines l = Lines.parse("F".repeat(10_000) + "\n" + good);
        assertThat(l.malformed).singleElement().satisfies(m -> {
            assertThat(m.reason()).isEqualTo(Malformed.Reason.TOO_LONG);
            assertThat(m.line()).hasSize(80).endsWith("...");
        });
        assertThat(l.frames()).extracting(SerialMessage.Frame::seq).containsExactly(9);
    }

    @Test
    void linesMayArriveAByteAtATime() {
        byte[] b = (SerialProtocol.frame(3, 64, SensorReading.ofSensors(63)) + SerialProtocol.frame(4, 64,
                SensorReading.NONE)).getBytes(StandardCharsets.US_ASCII);
        var parser = new LineParser();
        var lines = new Lines();
        for (int i = 0; i < b.length; i++) parser.feed(b, i, 1, lines);
        assertThat(lines.frames()).extracting(SerialMessage.Frame::seq).containsExactly(3, 4);
        assertThat(lines.frames().get(0).reading().sensors()).containsExactly(63);
    }

    @Test
    void resetDropsAPartialLine() {
        var parser = new LineParser();
        var lines = new Lines();
        byte[] half = "F 1 0".getBytes(StandardCharsets.US_ASCII);
        parser.feed(half, 0, half.length, lines);
        parser.reset();
        byte[] good = SerialProtocol.frame(2, 4, SensorReading.NONE).getBytes(StandardCharsets.US_ASCII);
        parser.feed(good, 0, good.length, lines);
        assertThat(lines.malformed).isEmpty();
        assertThat(lines.frames()).hasSize(1);
    }
}
