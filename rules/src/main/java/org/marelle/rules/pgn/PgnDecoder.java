package org.marelle.rules.pgn;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.function.IntConsumer;

/**
 * Decodes PGN bytes as UTF-8, reading any byte that does not start a valid UTF-8 sequence as ISO-8859-1. PGN is
 * officially Latin-1 and many old files are; newer ones are UTF-8; some mix both. This reads all of them without
 * failing and without losing the UTF-8 text. The first byte read as Latin-1 is told, with its line, to whoever
 * opened the source, so that a file meant as UTF-8 with a broken byte is not read wrongly without a word.
 */
final class PgnDecoder extends Reader {

    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private int start;
    private int end;
    private boolean eof;
    private int pendingLow = -1; // low surrogate waiting to be returned
    private final IntConsumer notUtf8;
    private int line = 1;         // the line of the next byte (LF, CRLF and a lone CR end a line, as for the lexer)
    private boolean afterCr;
    private boolean told;

    PgnDecoder(InputStream in, IntConsumer notUtf8) {
        this.in = in;
        this.notUtf8 = notUtf8;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        int n = 0;
        while (n < len) {
            if (pendingLow >= 0) {
                cbuf[off + n++] = (char) pendingLow;
                pendingLow = -1;
                continue;
            }
            if (end - start < 4 && !eof) {
                if (n > 0) {
                    break; // return what we have rather than block for more
                }
                fill();
            }
            if (start == end) {
                break;
            }
            int b = buf[start] & 0xFF;
            if (b < 0x80) {
                cbuf[off + n++] = (char) b;
                start++;
                if (b == '\r' || (b == '\n' && !afterCr)) {
                    line++;
                }
                afterCr = b == '\r';
                continue;
            }
            afterCr = false;
            int cp = utf8(b);
            if (cp < 0) {
                cbuf[off + n++] = (char) b; // ISO-8859-1
                start++;
                if (!told) {
                    told = true;
                    notUtf8.accept(line);
                }
            } else if (cp > 0xFFFF) {
                cbuf[off + n++] = Character.highSurrogate(cp);
                pendingLow = Character.lowSurrogate(cp);
            } else {
                cbuf[off + n++] = (char) cp;
            }
        }
        return n == 0 ? -1 : n;
    }

    /** Decodes the UTF-8 sequence at start and consumes it; -1 (nothing consumed) when it is not valid UTF-8. */
    private int utf8(int lead) {
        int count;
        int cp;
        int min2 = 0x80;
        int max2 = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            count = 1;
            cp = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            count = 2;
            cp = lead & 0x0F;
            if (lead == 0xE0) {
                min2 = 0xA0; // no overlong forms
            } else if (lead == 0xED) {
                max2 = 0x9F; // no surrogates
            }
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            count = 3;
            cp = lead & 0x07;
            if (lead == 0xF0) {
                min2 = 0x90;
            } else if (lead == 0xF4) {
                max2 = 0x8F;
            }
        } else {
            return -1;
        }
        if (end - start < count + 1) {
            return -1;
        }
        for (int i = 1; i <= count; i++) {
            int c = buf[start + i] & 0xFF;
            int lo = i == 1 ? min2 : 0x80;
            int hi = i == 1 ? max2 : 0xBF;
            if (c < lo || c > hi) {
                return -1;
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        start += count + 1;
        return cp;
    }

    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        while (end < buf.length && !eof) {
            int r = in.read(buf, end, buf.length - end);
            if (r < 0) {
                eof = true;
            } else if (r == 0) {
                break;
            } else {
                end += r;
                if (end - start >= 4) {
                    break;
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
