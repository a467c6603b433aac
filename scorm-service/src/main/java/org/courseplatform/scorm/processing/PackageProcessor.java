package org.courseplatform.scorm.processing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Validates a downloaded package and hands its files to a sink. Every check (archive safety,
 * manifest, version, sequencing, launch files) runs before the first file is extracted, so a
 * rejected package writes nothing. Files are extracted one at a time, into memory when small or
 * through a temporary file whose name does not derive from the entry, so no entry name ever
 * becomes a local path.
 */
public final class PackageProcessor {

    /** Where the extracted files go; {@code path} is the checked relative path. Called on several threads at once. */
    public interface FileSink {
        void put(String path, Extracted file, String contentType) throws IOException;
    }

    /** The outcome of a package that passed. */
    public record Result(Manifest manifest, int fileCount, long expandedBytes) {
    }

    /** Files up to this size are extracted into memory, larger ones into a temporary file. */
    static final int IN_MEMORY_MAX = 2 << 20;

    /** At most this many bytes of extracted files wait in memory for the sink at a time. */
    static final int IN_MEMORY_BUDGET = 16 << 20;

    private PackageProcessor() {
    }

    /** Runs every check without extracting: for tests and fuzzing. */
    public static Manifest validate(Path zip, String packageName, ZipLimits limits) throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            return manifest(archive, packageName, limits);
        }
    }

    /**
     * Checks, then extracts every file and hands it to the sink on up to {@code parallelism}
     * threads (S3 uploads are latency-bound). Files of at most {@link #IN_MEMORY_MAX} bytes are
     * inflated into an array of their declared size, larger ones into a temporary file; at most
     * {@link #IN_MEMORY_BUDGET} bytes in memory and twice {@code parallelism} files wait for the
     * sink at a time, so memory stays bounded whatever the package. The first failure stops the
     * run: no file is handed over after it, and every sink call has returned when this returns.
     */
    public static Result process(Path zip, String packageName, ZipLimits limits, Path workDir, FileSink sink, int parallelism)
            throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            Manifest manifest = manifest(archive, packageName, limits);
            int threads = Math.max(1, parallelism);
            ExecutorService uploads = Executors.newFixedThreadPool(threads, runnable -> {
                Thread thread = new Thread(runnable, "scorm-upload");
                thread.setDaemon(true);
                return thread;
            });
            Semaphore waiting = new Semaphore(threads * 2);
            Semaphore memory = new Semaphore(IN_MEMORY_BUDGET);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Future<?>> pending = new ArrayList<>();
            try {
                int count = 0;
                for (SafeArchive.Entry entry : archive.files().values()) {
                    failFast(pending, failure);
                    waiting.acquireUninterruptibly();
                    boolean inMemory = entry.size() <= IN_MEMORY_MAX;
                    int reserved = inMemory ? (int) entry.size() : 0;
                    memory.acquireUninterruptibly(reserved);
                    Path temp = null;
                    boolean handedOver = false;
                    try {
                        Extracted extracted;
                        if (inMemory) {
                            byte[] bytes = new byte[reserved];
                            archive.copy(entry, new FixedArrayOutputStream(bytes));
                            extracted = Extracted.inMemory(bytes);
                        } else {
                            temp = Files.createTempFile(workDir, "entry-", ".bin");
                            try (OutputStream out = Files.newOutputStream(temp)) {
                                archive.copy(entry, out);
                            }
                            extracted = Extracted.onDisk(temp, entry.size());
                        }
                        Path file = temp;
                        pending.add(uploads.submit(() -> {
                            try {
                                if (failure.get() == null) {
                                    sink.put(entry.path(), extracted, ContentTypes.of(entry.path()));
                                }
                                return null;
                            } catch (Throwable e) {
                                failure.compareAndSet(null, e);
                                throw e;
                            } finally {
                                if (file != null) {
                                    Files.deleteIfExists(file);
                                }
                                memory.release(reserved);
                                waiting.release();
                            }
                        }));
                        handedOver = true;
                    } finally {
                        if (!handedOver) {
                            if (temp != null) {
                                Files.deleteIfExists(temp);
                            }
                            memory.release(reserved);
                            waiting.release();
                        }
                    }
                    count++;
                }
                for (Future<?> upload : pending) {
                    await(upload);
                }
                return new Result(manifest, count, archive.expandedBytes());
            } finally {
                uploads.shutdownNow();
                try {
                    uploads.awaitTermination(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    public static Result process(Path zip, String packageName, ZipLimits limits, Path workDir, FileSink sink)
            throws Rejection, IOException {
        return process(zip, packageName, limits, workDir, sink, 1);
    }

    /** Writes into an array of the declared size; {@link SafeArchive#copy} never writes past it. */
    private static final class FixedArrayOutputStream extends OutputStream {
        private final byte[] target;
        private int position;

        FixedArrayOutputStream(byte[] target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            System.arraycopy(b, off, target, position, len);
            position += len;
        }
    }

    private static void failFast(List<Future<?>> pending, AtomicReference<Throwable> failure) throws IOException {
        if (failure.get() != null) {
            for (Future<?> upload : pending) {
                await(upload);
            }
        }
        for (Future<?> upload : pending) {
            if (upload.isDone()) {
                await(upload);
            }
        }
        pending.removeIf(Future::isDone);
    }

    private static void await(Future<?> upload) throws IOException {
        try {
            upload.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while storing package files", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IOException(cause);
        }
    }

    private static Manifest manifest(SafeArchive archive, String packageName, ZipLimits limits) throws Rejection, IOException {
        SafeArchive.Entry entry = archive.files().get("imsmanifest.xml");
        if (entry == null) {
            throw new Rejection(Rejection.NO_MANIFEST, "The package has no imsmanifest.xml at the root of the zip, so it is"
                    + " not a SCORM package (a manifest inside a folder does not count).");
        }
        if (entry.size() > limits.maxManifestBytes()) {
            throw new Rejection(Rejection.NO_MANIFEST, "imsmanifest.xml is " + SafeArchive.bytes(entry.size())
                    + ", more than the " + SafeArchive.bytes(limits.maxManifestBytes()) + " a manifest may have.");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) entry.size());
        archive.copy(entry, bytes);
        String fallback = packageName.replaceAll("(?i)\\.zip$", "");
        return ManifestParser.parse(bytes.toByteArray(), archive.files()::containsKey, fallback.isBlank() ? "SCORM package" : fallback);
    }
}
