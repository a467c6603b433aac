package org.courseplatform.courses.export;

import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipOutputStream;
import org.courseplatform.platform.web.Workers;

/**
 * A zip written on a worker thread while the response sends it: the writer fills chunks of
 * {@value #CHUNK} bytes into a queue of {@value #QUEUED} and waits while it is full, the
 * response takes one chunk per demand on a worker (never blocking the event loop). At most a few
 * hundred KiB of the zip are in memory at once whatever its size, and a client that goes away
 * stops the writer.
 */
final class ZipStream {

    /** What writes the entries; the stream finishes the zip. */
    @FunctionalInterface
    interface Entries {
        void write(ZipOutputStream zip) throws IOException;
    }

    static final int CHUNK = 64 * 1024;
    static final int QUEUED = 4;
    /** How long either side waits for the other before giving up (a stalled client or writer). */
    private static final long PATIENCE_SECONDS = 120;

    private static final byte[] END = new byte[0];

    private ZipStream() {}

    /** The zip's bytes as chunks; nothing is written before the first request. */
    static Multi<byte[]> of(Entries entries) {
        return of(entries, Workers.pool());
    }

    static Multi<byte[]> of(Entries entries, Executor workers) {
        return Multi.createFrom().deferred(() -> {
            Pipe pipe = new Pipe();
            workers.execute(() -> pipe.fill(entries));
            return Multi.createBy()
                    .repeating()
                    .uni(() -> Uni.createFrom().item(pipe::take).runSubscriptionOn(workers))
                    .until(chunk -> chunk == END)
                    .onCancellation()
                    .invoke(pipe::cancel)
                    .onFailure()
                    .invoke(pipe::cancel);
        });
    }

    /** The queue between the writer and the response, and the writer's side as an OutputStream. */
    private static final class Pipe extends OutputStream {

        private final BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(QUEUED);
        private final byte[] buffer = new byte[CHUNK];
        private int filled;
        private volatile boolean cancelled;
        private volatile Throwable failure;

        void fill(Entries entries) {
            try (ZipOutputStream zip = new ZipOutputStream(this)) {
                entries.write(zip);
                zip.finish();
                flushChunk();
                put(END);
            } catch (Throwable e) {
                failure = e;
                if (!cancelled) {
                    Log.errorf(e, "A SCORM package could not be written");
                }
                // Only this thread puts: with the queue emptied END always fits, and a half-made zip is worthless.
                queue.clear();
                queue.offer(END);
            }
        }

        byte[] take() {
            try {
                byte[] chunk = queue.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
                if (chunk == null) {
                    cancel();
                    throw new IllegalStateException("the SCORM package writer stalled");
                }
                if (chunk == END && failure != null) {
                    throw new IllegalStateException("the SCORM package could not be written", failure);
                }
                return chunk;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel();
                throw new IllegalStateException(e);
            }
        }

        void cancel() {
            cancelled = true;
            queue.clear();
        }

        @Override
        public void write(int b) throws IOException {
            if (filled == CHUNK) {
                flushChunk();
            }
            buffer[filled++] = (byte) b;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            while (length > 0) {
                if (filled == CHUNK) {
                    flushChunk();
                }
                int n = Math.min(length, CHUNK - filled);
                System.arraycopy(bytes, offset, buffer, filled, n);
                filled += n;
                offset += n;
                length -= n;
            }
        }

        private void flushChunk() throws IOException {
            if (filled > 0) {
                put(Arrays.copyOf(buffer, filled));
                filled = 0;
            }
        }

        private void put(byte[] chunk) throws IOException {
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
                while (!queue.offer(chunk, 1, TimeUnit.SECONDS)) {
                    if (cancelled) {
                        throw new IOException("the download was cancelled");
                    }
                    if (System.nanoTime() > deadline) {
                        throw new IOException("the client stopped reading the download");
                    }
                }
                if (cancelled) {
                    queue.clear();
                    throw new IOException("the download was cancelled");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }
    }
}
