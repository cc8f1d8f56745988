package org.marelle.board.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The example lines in docs/serial-protocol.md carry correct checksums, so makers can test against them. */
class ProtocolDocTest {

    private static final Pattern LINE = Pattern.compile("\\b((?:HELLO|F|E|L) [ -)+-~]*?)\\*([0-9A-F]{4})\\b");

    @Test
    void everyExampleChecksumIsRight() throws Exception {
        Path doc = Path.of("..", "docs", "serial-protocol.md");
        String text = Files.readString(doc);
        Matcher m = LINE.matcher(text);
        int examples = 0;
        while (m.find()) {
            examples++;
            assertThat(String.format("%04X", SerialProtocol.crc16(m.group(1))))
                    .as("checksum of '%s' in %s", m.group(1), doc).isEqualTo(m.group(2));
        }
        assertThat(examples).isGreaterThanOrEqualTo(12);
        assertThat(text).contains(SerialProtocol.hostHello().trim());
    }
}
