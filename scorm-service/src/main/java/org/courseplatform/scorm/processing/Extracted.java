package org.courseplatform.scorm.processing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checked bytes of one extracted file, handed to a {@link PackageProcessor.FileSink}: held in
 * memory when small ({@link #bytes()} non-null), else in a temporary file ({@link #file()}
 * non-null) whose name never derives from the entry. Valid only during the sink's call.
 */
public final class Extracted {

    private final byte[] bytes;
    private final Path file;
    private final long size;

    private Extracted(byte[] bytes, Path file, long size) {
        this.bytes = bytes;
        this.file = file;
        this.size = size;
    }

    static Extracted inMemory(byte[] bytes) {
        return new Extracted(bytes, null, bytes.length);
    }

    static Extracted onDisk(Path file, long size) {
        return new Extracted(null, file, size);
    }

    public long size() {
        return size;
    }

    /** The content when it is held in memory (exactly {@link #size()} bytes), else null. */
    public byte[] bytes() {
        return bytes;
    }

    /** The temporary file holding the content when it is not in memory, else null. */
    public Path file() {
        return file;
    }

    public InputStream open() throws IOException {
        return bytes != null ? new ByteArrayInputStream(bytes) : Files.newInputStream(file);
    }

    /** The whole content (for tests and small files). */
    public byte[] readAllBytes() throws IOException {
        return bytes != null ? bytes.clone() : Files.readAllBytes(file);
    }
}
