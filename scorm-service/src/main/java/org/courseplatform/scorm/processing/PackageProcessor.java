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
import java.util.concurrent.TimeUnit;

/**
 * Validates a downloaded package and hands its files to a sink. Every check (archive safety,
 * manifest, version, sequencing, launch files) runs before the first file is extracted, so a
 * rejected package writes nothing. Files are extracted one at a time through a temporary file
 * whose name does not derive from the entry, so no entry name ever becomes a local path.
 */
public final class PackageProcessor {

    /** Where the extracted files go; {@code path} is the checked relative path. */
    public interface FileSink {
        void put(String path, Path file, String contentType) throws IOException;
    }

    /** The outcome of a package that passed. */
    public record Result(Manifest manifest, int fileCount, long expandedBytes) {}

    private PackageProcessor() {}

    /** Runs every check without extracting: for tests and fuzzing. */
    public static Manifest validate(Path zip, String packageName, ZipLimits limits) throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            return manifest(archive, packageName, limits);
        }
    }

    /**
     * Checks, then extracts every file to a temporary file and hands it to the sink on up to
     * {@code parallelism} threads (S3 uploads are latency-bound). At most twice that many extracted
     * files, and at most {@code bufferBytes} of them (or one file, when it alone is larger), wait on
     * disk at a time; files never wait in memory. Extraction itself stays on the calling thread, one
     * entry at a time, so every check of {@link SafeArchive#copy} holds as it did. The first failure
     * stops the run.
     */
    public static Result process(
            Path zip,
            String packageName,
            ZipLimits limits,
            Path workDir,
            FileSink sink,
            int parallelism,
            long bufferBytes)
            throws Rejection, IOException {
        try (SafeArchive archive = SafeArchive.open(zip, limits)) {
            Manifest manifest = manifest(archive, packageName, limits);
            int threads = Math.max(1, parallelism);
            ExecutorService uploads = Executors.newFixedThreadPool(threads, runnable -> {
                Thread thread = new Thread(runnable, "scorm-upload");
                thread.setDaemon(true);
                return thread;
            });
            Waiting waiting = new Waiting(threads * 2, Math.max(1, bufferBytes));
            List<Future<?>> pending = new ArrayList<>();
            try {
                int count = 0;
                for (SafeArchive.Entry entry : archive.files().values()) {
                    failFast(pending);
                    long size = entry.size();
                    waiting.acquire(size);
                    Path temp = Files.createTempFile(workDir, "entry-", ".bin");
                    boolean handedOver = false;
                    try {
                        try (OutputStream out = Files.newOutputStream(temp)) {
                            archive.copy(entry, out);
                        }
                        pending.add(uploads.submit(() -> {
                            try {
                                sink.put(entry.path(), temp, ContentTypes.of(entry.path()));
                                return null;
                            } finally {
                                Files.deleteIfExists(temp);
                                waiting.release(size);
                            }
                        }));
                        handedOver = true;
                    } finally {
                        if (!handedOver) {
                            Files.deleteIfExists(temp);
                            waiting.release(size);
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

    public static Result process(
            Path zip, String packageName, ZipLimits limits, Path workDir, FileSink sink, int parallelism)
            throws Rejection, IOException {
        return process(zip, packageName, limits, workDir, sink, parallelism, DEFAULT_BUFFER_BYTES);
    }

    public static Result process(Path zip, String packageName, ZipLimits limits, Path workDir, FileSink sink)
            throws Rejection, IOException {
        return process(zip, packageName, limits, workDir, sink, 1);
    }

    /** 64 MiB: what {@code scorm.worker.upload-buffer-bytes} defaults to. */
    static final long DEFAULT_BUFFER_BYTES = 64L << 20;

    /**
     * Extracted files waiting for (or in) their upload, bounded by count and by bytes. A file larger
     * than the byte bound alone waits until nothing else does, so any package gets through.
     */
    static final class Waiting {
        private final int maxFiles;
        private final long maxBytes;
        private int files;
        private long bytes;

        Waiting(int maxFiles, long maxBytes) {
            this.maxFiles = maxFiles;
            this.maxBytes = maxBytes;
        }

        synchronized void acquire(long size) throws IOException {
            while (files >= maxFiles || (files > 0 && bytes + size > maxBytes)) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while storing package files", e);
                }
            }
            files++;
            bytes += size;
        }

        synchronized void release(long size) {
            files--;
            bytes -= size;
            notifyAll();
        }
    }

    private static void failFast(List<Future<?>> pending) throws IOException {
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

    private static Manifest manifest(SafeArchive archive, String packageName, ZipLimits limits)
            throws Rejection, IOException {
        SafeArchive.Entry entry = archive.files().get("imsmanifest.xml");
        if (entry == null) {
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "The package has no imsmanifest.xml at the root of the zip, so it is"
                            + " not a SCORM package (a manifest inside a folder does not count).");
        }
        if (entry.size() > limits.maxManifestBytes()) {
            throw new Rejection(
                    Rejection.NO_MANIFEST,
                    "imsmanifest.xml is " + SafeArchive.bytes(entry.size()) + ", more than the "
                            + SafeArchive.bytes(limits.maxManifestBytes()) + " a manifest may have.");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream((int) entry.size());
        archive.copy(entry, bytes);
        String fallback = packageName.replaceAll("(?i)\\.zip$", "");
        return ManifestParser.parse(
                bytes.toByteArray(), archive.files()::containsKey, fallback.isBlank() ? "SCORM package" : fallback);
    }
}
