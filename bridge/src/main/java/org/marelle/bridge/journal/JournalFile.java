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
 * One append-only journal file: a header line, then records framed as {@code [length][crc][sequence][payload]}
 * (4-byte big-endian integers; the CRC-32C covers the length, the sequence number and the payload). Version 1 files
 * (header {@code MARELLE-JOURNAL 1}) have no sequence number; they are still read, and appended to in their own
 * framing, their records numbered by their place in the file.
 *
 * <p>Why the framing: a power cut in the middle of an append leaves part of a record at the end of the file (or, on
 * some file systems, a tail of zeros), and a disk can flip or zero bytes anywhere. Reading checks each frame (a
 * possible length, inside the file, the CRC right) and, where a frame is bad, looks byte by byte for the next good
 * one: every intact record is read, wherever the damage is. The sequence number tells a record written twice from a
 * new one, puts records back in order and counts the records a damaged stretch held.
 *
 * <p>A record is only promised (its append returned) after {@link FileChannel#force}. An append the disk refuses
 * (full, read-only, an I/O error) is cut back off the file before the error is thrown, so that no part of it is left
 * for later records to be appended after; if even the cut fails, the next append cuts first.
 */
public final class JournalFile implements AutoCloseable {

    /** The header of the files written now. */
    public static final byte[] HEADER = "MARELLE-JOURNAL 2\n".getBytes(StandardCharsets.US_ASCII);
    /** The header of the first version, without sequence numbers. */
    public static final byte[] HEADER_V1 = "MARELLE-JOURNAL 1\n".getBytes(StandardCharsets.US_ASCII);

    /** Bytes before each payload: length, CRC and sequence number. */
    public static final int FRAME = 12;

    /** No event comes near this; a longer length is garbage. */
    public static final int MAX_RECORD = 1 << 16;

    /**
     * One intact record.
     *
     * @param sequence its number (from 1): written in version 2 files, its place in the file in version 1
     * @param payload  the event, as {@link JournalCodec} wrote it
     * @param offset   where its frame starts in the file
     */
    public record Frame(long sequence, byte[] payload, long offset) {
    }

    /** Bytes that hold no intact record, between two that do. */
    public record Stretch(long offset, long length) {
    }

    /**
     * What a file holds.
     *
     * @param version       1 or 2: the header's, or when the header is damaged the framing the records were found in
     * @param headerDamaged the file does not start with a journal header, but intact records were found in it
     * @param frames        the intact records, in file order
     * @param damage        stretches of bytes without an intact record between intact ones
     * @param validLength   bytes up to the end of the last intact record (the header alone when there is none)
     * @param fileLength    bytes in the file
     */
    public record Contents(int version, boolean headerDamaged, List<Frame> frames, List<Stretch> damage,
                           long validLength, long fileLength) {
        public Contents {
            frames = List.copyOf(frames);
            damage = List.copyOf(damage);
        }

        /** The payloads of the intact records, in file order. */
        public List<byte[]> records() {
            return frames.stream().map(Frame::payload).toList();
        }

        /** Bytes after the last intact record (a torn record, a tail of zeros). */
        public long droppedBytes() {
            return fileLength - validLength;
        }

        /** Whether anything but the end is damaged: bytes lost between intact records, or the header. */
        public boolean damaged() {
            return headerDamaged || !damage.isEmpty();
        }
    }

    private final Path path;
    private final FileChannel channel;
    private final int version;
    private long length;
    private long nextSequence;

    private JournalFile(Path path, FileChannel channel, int version, long length, long nextSequence) {
        this.path = path;
        this.channel = channel;
        this.version = version;
        this.length = length;
        this.nextSequence = nextSequence;
    }

    /**
     * Reads a journal file without changing it.
     *
     * @throws JournalException when the file neither starts with a journal header (nor a cut-off one) nor holds any
     *                          intact record
     */
    public static Contents read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        return parse(bytes, file.toString());
    }

    static Contents parse(byte[] bytes, String name) throws JournalException {
        for (int version = 2; version >= 1; version--) {
            byte[] header = header(version);
            if (bytes.length < header.length && Arrays.equals(bytes, 0, bytes.length, header, 0, bytes.length)) {
                // A file cut while its header was written holds no record.
                return new Contents(2, false, List.of(), List.of(), 0, bytes.length);
            }
            if (bytes.length >= header.length && Arrays.equals(bytes, 0, header.length, header, 0, header.length)) {
                return scan(bytes, version, header.length, false);
            }
        }
        // The header is damaged: the records may not be. Whichever framing finds more of them is the file's.
        Contents v2 = scan(bytes, 2, 0, true);
        Contents v1 = scan(bytes, 1, 0, true);
        Contents best = v1.frames().size() > v2.frames().size() ? v1 : v2;
        if (best.frames().isEmpty()) {
            throw new JournalException(name + " is not a Marelle journal (it does not start with "
                    + new String(HEADER, StandardCharsets.US_ASCII).strip() + " and holds no record)");
        }
        return best;
    }

    private static Contents scan(byte[] bytes, int version, int start, boolean headerDamaged) {
        List<Frame> frames = new ArrayList<>();
        List<Stretch> damage = new ArrayList<>();
        int at = start;
        int validEnd = start;
        int fileOrder = 0;
        while (at < bytes.length) {
            int length = frameAt(bytes, at, version);
            if (length >= 0) {
                int size = frameSize(version);
                long sequence = version == 2 ? Integer.toUnsignedLong(intAt(bytes, at + 8)) : ++fileOrder;
                if (version == 2) fileOrder++;
                frames.add(new Frame(sequence, Arrays.copyOfRange(bytes, at + size, at + size + length), at));
                at += size + length;
                validEnd = at;
                continue;
            }
            int next = at + 1;
            while (next < bytes.length && frameAt(bytes, next, version) < 0) next++;
            if (next >= bytes.length) break;   // nothing intact after: a torn end
            damage.add(new Stretch(at, next - at));
            at = next;
        }
        return new Contents(version, headerDamaged, frames, damage, validEnd, bytes.length);
    }

    private static byte[] header(int version) {
        return version == 2 ? HEADER : HEADER_V1;
    }

    private static int frameSize(int version) {
        return version == 2 ? FRAME : 8;
    }

    private static int intAt(byte[] bytes, int at) {
        return ByteBuffer.wrap(bytes, at, 4).order(ByteOrder.BIG_ENDIAN).getInt();
    }

    /** The payload length of a valid frame at {@code at}, or -1. */
    private static int frameAt(byte[] bytes, int at, int version) {
        int size = frameSize(version);
        if (at + size > bytes.length) return -1;
        int length = intAt(bytes, at);
        if (length <= 0 || length > MAX_RECORD || at + size + length > bytes.length) return -1;
        return intAt(bytes, at + 4) == crc(bytes, at, length, version) ? length : -1;
    }

    private static int crc(byte[] bytes, int frameAt, int length, int version) {
        CRC32C c = new CRC32C();
        c.update(bytes, frameAt, 4);
        if (version == 2) c.update(bytes, frameAt + 8, 4);
        c.update(bytes, frameAt + frameSize(version), length);
        return (int) c.getValue();
    }

    /** The bytes of one framed record. */
    static byte[] frame(byte[] payload, long sequence, int version) {
        if (payload.length == 0 || payload.length > MAX_RECORD) {
            throw new IllegalArgumentException("journal record of " + payload.length + " bytes (1.." + MAX_RECORD + ")");
        }
        int size = frameSize(version);
        byte[] out = new byte[size + payload.length];
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.BIG_ENDIAN);
        b.putInt(payload.length);
        b.putInt(0);
        if (version == 2) b.putInt((int) sequence);
        b.put(payload);
        int crc = crc(out, 0, payload.length, version);
        ByteBuffer.wrap(out, 4, 4).order(ByteOrder.BIG_ENDIAN).putInt(crc);
        return out;
    }

    /**
     * Writes a complete new journal file (header and records numbered from 1) and forces it to disk. The file must not
     * exist: new journals are written under another name and renamed into place.
     */
    public static void write(Path file, List<byte[]> payloads) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            writeFully(ch, ByteBuffer.wrap(HEADER));
            long sequence = 1;
            for (byte[] p : payloads) writeFully(ch, ByteBuffer.wrap(frame(p, sequence++, 2)));
            ch.force(true);
        }
    }

    /**
     * Opens a journal to append to it, first cutting it to {@code validLength} (dropping a torn tail) and, if it was
     * cut off inside its header, writing the header again. The file must hold no damage before that length (a
     * damaged file is rewritten, not appended to).
     */
    public static JournalFile openForAppend(Path file, long validLength) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            if (ch.size() != validLength) {
                ch.truncate(validLength);
                ch.force(true);
            }
            int version = 2;
            long records = 0;
            if (validLength < HEADER.length) {
                ch.truncate(0);
                ch.position(0);
                writeFully(ch, ByteBuffer.wrap(HEADER));
                ch.force(true);
            } else {
                ByteBuffer all = ByteBuffer.allocate((int) validLength);
                ch.position(0);
                while (all.hasRemaining() && ch.read(all) >= 0) {
                    // reads the whole valid part: at most a game's records
                }
                Contents c = parse(all.array(), file.toString());
                version = c.version();
                records = c.frames().isEmpty() ? 0 : c.frames().getLast().sequence();
            }
            return new JournalFile(file, ch, version, ch.size(), records + 1);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Appends one record and forces it to disk; when this returns, the record survives a power cut.
     * {@code force(false)} is {@code fdatasync}: it also writes the file size, which reading the record back needs.
     *
     * @throws IOException when the disk refuses it; the file then holds no part of it (or, when not even the cut
     *                     could be made, the next append makes it first)
     */
    public void append(byte[] payload) throws IOException {
        byte[] frame = frame(payload, nextSequence, version);
        try {
            if (channel.size() != length) channel.truncate(length);   // what an earlier refused append left
            channel.position(length);
            writeFully(channel, ByteBuffer.wrap(frame));
            channel.force(false);
        } catch (IOException e) {
            try {
                channel.truncate(length);
                channel.force(false);
            } catch (IOException cutRefused) {
                e.addSuppressed(cutRefused);
            }
            throw e;
        }
        length += frame.length;
        nextSequence++;
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
