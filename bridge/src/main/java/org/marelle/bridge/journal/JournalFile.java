package org.marelle.bridge.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * One append-only journal file: a header line, then records framed as {@code [length][crc][payload]} (length and
 * CRC-32C as 4-byte big-endian integers, the CRC over the length bytes and the payload).
 *
 * <p>Why the framing: a power cut in the middle of an append leaves part of a record at the end of the file (or, on
 * some file systems, a tail of zeros). Reading stops at the first frame whose length is impossible, that runs past
 * the end of the file, or whose CRC does not match; {@link #openForAppend} then cuts the file there, so the torn
 * record is dropped and the next append starts clean. A record is only promised (its append returned) after
 * {@link FileChannel#force}, so a dropped record was never seen by anyone.
 *
 * <p>Damage that is not at the end (a valid frame after a bad one: a disk error, not a cut) is reported by
 * {@link Contents#damaged()} so that the caller can keep a copy before cutting.
 */
public final class JournalFile implements AutoCloseable {

    /** The first bytes of every journal file (a version change gets a new header). */
    public static final byte[] HEADER = "MARELLE-JOURNAL 1\n".getBytes(StandardCharsets.US_ASCII);

    /** No event comes near this; a longer length is garbage. */
    public static final int MAX_RECORD = 1 << 16;

    private static final int FRAME = 8;

    /**
     * What a file holds.
     *
     * @param records     payloads of the valid records, in order
     * @param validLength bytes up to the end of the last valid record (the header alone when there is none)
     * @param fileLength  bytes in the file
     * @param damaged     whether a valid record follows the first invalid one
     */
    public record Contents(List<byte[]> records, long validLength, long fileLength, boolean damaged) {
        public long droppedBytes() {
            return fileLength - validLength;
        }
    }

    private final Path path;
    private final FileChannel channel;

    private JournalFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /**
     * Reads a journal file without changing it.
     *
     * @throws JournalException when the file does not start with the journal header (nor is a cut-off header)
     */
    public static Contents read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return parse(bytes, file.toString());
    }

    static Contents parse(byte[] bytes, String name) throws JournalException {
        if (bytes.length < HEADER.length) {
            // A file cut while its header was written holds no record.
            if (Arrays.equals(bytes, 0, bytes.length, HEADER, 0, bytes.length)) {
                return new Contents(List.of(), 0, bytes.length, false);
            }
            throw new JournalException(name + " is not a Marelle journal (it does not start with "
                    + new String(HEADER, StandardCharsets.US_ASCII).strip() + ")");
        }
        if (!Arrays.equals(bytes, 0, HEADER.length, HEADER, 0, HEADER.length)) {
            throw new JournalException(name + " is not a Marelle journal (it does not start with "
                    + new String(HEADER, StandardCharsets.US_ASCII).strip() + ")");
        }
        List<byte[]> records = new ArrayList<>();
        int at = HEADER.length;
        while (true) {
            int length = frameAt(bytes, at);
            if (length < 0) break;
            records.add(Arrays.copyOfRange(bytes, at + FRAME, at + FRAME + length));
            at += FRAME + length;
        }
        boolean damaged = false;
        for (int p = at + 1; p + FRAME < bytes.length && !damaged; p++) {
            damaged = frameAt(bytes, p) >= 0;
        }
        return new Contents(records, at, bytes.length, damaged);
    }

    /** The payload length of a valid frame at {@code at}, or -1. */
    private static int frameAt(byte[] bytes, int at) {
        if (at + FRAME > bytes.length) return -1;
        ByteBuffer b = ByteBuffer.wrap(bytes, at, FRAME).order(ByteOrder.BIG_ENDIAN);
        int length = b.getInt();
        int crc = b.getInt();
        if (length <= 0 || length > MAX_RECORD || at + FRAME + length > bytes.length) return -1;
        return crc == crc(bytes, at, length) ? length : -1;
    }

    private static int crc(byte[] bytes, int frameAt, int length) {
        CRC32C c = new CRC32C();
        c.update(bytes, frameAt, 4);
        c.update(bytes, frameAt + FRAME, length);
        return (int) c.getValue();
    }

    /** The bytes of one framed record. */
    static byte[] frame(byte[] payload) {
        if (payload.length == 0 || payload.length > MAX_RECORD) {
            throw new IllegalArgumentException("journal record of " + payload.length + " bytes (1.." + MAX_RECORD + ")");
        }
        byte[] out = new byte[FRAME + payload.length];
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.BIG_ENDIAN);
        b.putInt(payload.length);
        b.putInt(0);
        b.put(payload);
        int crc = crc(out, 0, payload.length);
        ByteBuffer.wrap(out, 4, 4).order(ByteOrder.BIG_ENDIAN).putInt(crc);
        return out;
    }

    /**
     * Writes a complete new journal file (header and records) and forces it to disk. The file must not exist: new
     * journals are written under a temporary name and renamed into place.
     */
    public static void write(Path file, List<byte[]> payloads) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            writeFully(ch, ByteBuffer.wrap(HEADER));
            for (byte[] p : payloads) writeFully(ch, ByteBuffer.wrap(frame(p)));
            ch.force(true);
        }
    }

    /**
     * Opens a journal to append to it, first cutting it to {@code validLength} (dropping a torn tail) and, if it was
     * cut off inside its header, writing the header again.
     */
    public static JournalFile openForAppend(Path file, long validLength) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            if (ch.size() != validLength) {
                ch.truncate(validLength);
                ch.force(true);
            }
            if (validLength < HEADER.length) {
                ch.truncate(0);
                ch.position(0);
                writeFully(ch, ByteBuffer.wrap(HEADER));
                ch.force(true);
            }
            ch.position(ch.size());
            return new JournalFile(file, ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Appends one record and forces it to disk; when this returns, the record survives a power cut.
     * {@code force(false)} is {@code fdatasync}: it also writes the file size, which reading the record back needs.
     */
    public void append(byte[] payload) throws IOException {
        writeFully(channel, ByteBuffer.wrap(frame(payload)));
        channel.force(false);
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) ch.write(b);
    }
}
