package org.courseplatform.scorm.storage;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.apache.commons.compress.compressors.deflate64.Deflate64CompressorInputStream;

/**
 * A checked file of a package, as it lies in the package's zip: its bytes start at {@code
 * dataOffset}, {@code storedBytes} of them, and expand to {@code size} bytes by {@code method}
 * (0 stored, 8 deflated, 9 deflate64). Processing read every file this way once and checked what
 * it expanded to, so the player serves the same bytes by reading the same range of the same,
 * immutable object.
 */
public record PackageFile(String path, long dataOffset, long storedBytes, long size, int method) {

    public static final int STORED = 0;
    public static final int DEFLATED = 8;
    public static final int DEFLATE64 = 9;

    public PackageFile {
        if (method != STORED && method != DEFLATED && method != DEFLATE64) {
            throw new IllegalArgumentException("compression method " + method);
        }
    }

    /** The last byte of the file's stored range in the zip (inclusive); only for a non-empty range. */
    public long lastByte() {
        return dataOffset + storedBytes - 1;
    }

    /**
     * The bytes of the zip to read for the file's bytes {@code first} to {@code last}: a stored
     * file's own bytes, else (they cannot be found without decoding) all its stored bytes.
     */
    public long zipFirst(long first) {
        return dataOffset + (method == STORED ? first : 0);
    }

    /** The last byte of the zip to read for the file's bytes up to {@code last}; see {@link #zipFirst}. */
    public long zipLast(long last) {
        return method == STORED ? dataOffset + last : lastByte();
    }

    /**
     * The file's content from its stored bytes, never more than {@link #size()} bytes: a decoder
     * that would yield more (which processing ruled out) is cut at the size the file declared.
     */
    public InputStream decode(InputStream stored) throws IOException {
        InputStream expanded = switch (method) {
            case STORED -> stored;
            // A raw deflate stream needs one byte past its end to finish (Inflater's contract
            // with nowrap), as the zip libraries give it.
            case DEFLATED ->
                new InflaterInputStream(
                        new SequenceInputStream(stored, new ByteArrayInputStream(new byte[1])),
                        new Inflater(true),
                        64 * 1024) {
                    @Override
                    public void close() throws IOException {
                        try {
                            super.close();
                        } finally {
                            inf.end();
                        }
                    }
                };
            default -> new Deflate64CompressorInputStream(stored);
        };
        return new Bounded(expanded, size);
    }

    /**
     * Bytes {@code first} to {@code first + length - 1} of the file, from the zip's bytes {@link
     * #zipFirst} to {@link #zipLast}: a stored file's are those bytes; a compressed file's are
     * decoded from the start and the bytes before the range skipped.
     */
    public InputStream decode(InputStream stored, long first, long length) throws IOException {
        if (method == STORED) {
            return new Bounded(stored, length);
        }
        InputStream whole = decode(stored);
        whole.skipNBytes(first);
        return new Bounded(whole, length);
    }

    /** Reads at most {@code left} bytes of {@code in}. */
    private static final class Bounded extends FilterInputStream {

        private long left;

        Bounded(InputStream in, long left) {
            super(in);
            this.left = left;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = in.skip(Math.min(n, left));
            left -= skipped;
            return skipped;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(in.available(), left);
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
