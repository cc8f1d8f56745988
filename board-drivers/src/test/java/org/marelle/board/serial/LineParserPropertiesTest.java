package org.marelle.board.serial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.marelle.board.SensorReading;

/**
 * The parser against hostile input. Two claims: nothing makes it throw, and it never reports a frame nobody
 * sent. Corruption is limited to what the checksum is guaranteed to catch (at most three flipped bits inside a
 * line's body: CRC-16/CCITT has Hamming distance 4 at these lengths) plus whole lines of random bytes; with that,
 * the frames reported are exactly the intact frames sent, in order.
 */
class LineParserPropertiesTest {

    /** One piece of the byte stream: a sent frame (intact or corrupted) or a run of garbage ending in a newline. */
    record Piece(SerialMessage.Frame frame, boolean intact, byte[] bytes) {
    }

    @Property(tries = 300)
    void randomBytesNeverThrowAndNeverMakeAFrame(@ForAll @Size(max = 2000) byte[] noise,
                                                 @ForAll @IntRange(min = 1, max = 64) int chunk) {
        var parser = new LineParser();
        var lines = new Lines();
        for (int i = 0; i < noise.length; i += chunk) parser.feed(noise, i, Math.min(chunk, noise.length - i), lines);
        byte[] end = {'\n'};
        parser.feed(end, 0, 1, lines);
        assertThat(lines.frames()).isEmpty();
        assertThat(lines.messages).isEmpty();
    }

    @Property(tries = 300)
    void onlyIntactFramesComeOut(@ForAll("streams") List<Piece> pieces, @ForAll @IntRange(min = 1, max = 97) int chunk) {
        var out = new ByteArrayOutputStream();
        List<SerialMessage.Frame> intact = new ArrayList<>();
        for (Piece p : pieces) {
            out.writeBytes(p.bytes());
            if (p.intact()) intact.add(p.frame());
        }
        byte[] stream = out.toByteArray();
        var parser = new LineParser();
        var lines = new Lines();
        for (int i = 0; i < stream.length; i += chunk) parser.feed(stream, i, Math.min(chunk, stream.length - i), lines);

        assertThat(lines.frames()).containsExactlyElementsOf(intact);
        long corrupted = pieces.stream().filter(p -> p.frame() != null && !p.intact()).count();
        assertThat(lines.malformed.size()).isGreaterThanOrEqualTo((int) corrupted);
    }

    @Provide
    Arbitrary<List<Piece>> streams() {
        return Arbitraries.oneOf(intactFrames(), corruptedFrames(), garbage()).list().ofMaxSize(30);
    }

    private Arbitrary<SerialMessage.Frame> frames() {
        Arbitrary<Integer> sensors = Arbitraries.of(64, 96, 66, 8);
        return Combinators.combine(Arbitraries.integers().between(0, 65535), sensors, Arbitraries.longs(),
                Arbitraries.longs(), Arbitraries.longs(), Arbitraries.of(true, false)).as((seq, n, a, b, w, pol) -> {
            long lo = n >= 64 ? a : a & ((1L << n) - 1);
            long hi = n > 64 ? b & ((1L << (n - 64)) - 1) : 0;
            long wLo = pol ? lo & w : 0;
            long wHi = pol ? hi & ~w : 0;
            return new SerialMessage.Frame(seq, (n + 3) / 4, new SensorReading(lo, hi, wLo, wHi, pol));
        });
    }

    private static byte[] line(SerialMessage.Frame f) {
        return SerialProtocol.frame(f.seq(), f.digits() * 4, f.reading()).getBytes(StandardCharsets.US_ASCII);
    }

    private Arbitrary<Piece> intactFrames() {
        return frames().map(f -> new Piece(f, true, line(f)));
    }

    private Arbitrary<Piece> corruptedFrames() {
        Arbitrary<List<Integer>> flips = Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(3);
        return Combinators.combine(frames(), flips).as((f, positions) -> {
            byte[] b = line(f);
            int bodyBits = (b.length - 6) * 8;          // body only: not the '*', the checksum or the newline
            var used = new java.util.HashSet<Integer>();
            for (int p : positions) {
                int bit = p % bodyBits;
                if (!used.add(bit)) continue;           // flipping a bit twice would undo it
                b[bit / 8] ^= (byte) (1 << (bit % 8));
            }
            return new Piece(f, false, b);
        });
    }

    private Arbitrary<Piece> garbage() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(300).map(g -> {
            byte[] b = java.util.Arrays.copyOf(g, g.length + 1);
            b[g.length] = '\n';
            return new Piece(null, false, b);
        });
    }
}
