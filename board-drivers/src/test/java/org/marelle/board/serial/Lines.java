package org.marelle.board.serial;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Collects what a parser reports, for assertions. */
final class Lines implements LineParser.Sink {
    final List<SerialMessage> messages = new ArrayList<>();
    final List<Malformed> malformed = new ArrayList<>();

    @Override
    public void message(SerialMessage message) {
        messages.add(message);
    }

    @Override
    public void malformed(Malformed m) {
        malformed.add(m);
    }

    static Lines parse(String text) {
        Lines l = new Lines();
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        new LineParser().feed(b, 0, b.length, l);
        return l;
    }

    List<SerialMessage.Frame> frames() {
        return messages.stream().filter(m -> m instanceof SerialMessage.Frame).map(m -> (SerialMessage.Frame) m).toList();
    }
}
