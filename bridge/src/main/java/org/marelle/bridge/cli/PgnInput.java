package org.marelle.bridge.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.marelle.rules.pgn.PgnReader;

/**
 * Opens a PGN file for the commands that read them ({@code pgn check}, {@code notation --to}, {@code scoresheet}):
 * gunzipped when its name ends in {@code .gz}, decoded as UTF-8. PGN's own character set is Latin-1 and many old
 * files use it, so a byte that is not UTF-8 is read as Latin-1 rather than refused, with one warning naming the file
 * and the line of the first such byte: a UTF-8 file with a broken byte is then not misread without a word.
 */
final class PgnInput {

    /**
     * How many times its own size a gzipped file may grow to. PGN gzips 2 to 10 times smaller (the test files: 2 to
     * 9); a gzip bomb, thousands of times. Files whose text stays under {@link #GUNZIP_FLOOR} are never stopped.
     */
    static final long GUNZIP_RATIO = 100;
    static final long GUNZIP_FLOOR = 64L << 20;

    private PgnInput() {
    }

    /** The file's text; the warning about bytes that are not UTF-8 goes to {@code warnings}. */
    static Reader open(Path file, PrintWriter warnings) throws IOException {
        InputStream bytes = Files.newInputStream(file);
        try {
            if (file.getFileName().toString().endsWith(".gz")) {
                long limit = Math.max(GUNZIP_FLOOR, GUNZIP_RATIO * Files.size(file));
                bytes = new Bounded(new GZIPInputStream(bytes, 1 << 16), limit);
            }
        } catch (IOException e) {
            bytes.close();
            throw e;
        }
        return PgnReader.decode(bytes, line -> {
            warnings.println(file + ": line " + line + ": not valid UTF-8; its bytes that are not are read as Latin-1"
                    + " (ISO-8859-1)");
            warnings.flush();
        });
    }

    /** The gunzipped bytes, refused past a limit: an archive that grows without end is a bomb, not games. */
    private static final class Bounded extends FilterInputStream {
        private final long limit;
        private long count;

        Bounded(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) counted(1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) counted(n);
            return n;
        }

        private void counted(int n) throws IOException {
            count += n;
            if (count > limit) {
                throw new IOException("the gunzipped text grows past " + limit + " bytes (" + GUNZIP_RATIO
                        + " times the file's size, or 64 MiB): not a PGN archive, perhaps a gzip bomb");
            }
        }
    }
}
