package org.courseplatform.courses.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The zip is produced as it is read: complete, bounded ahead of the reader, stopped by a cancel, failed by an error. */
class ZipStreamTest {

    private final ExecutorService workers = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        workers.shutdownNow();
    }

    /** Entries of incompressible bytes, counting what the writer has produced. */
    private static ZipStream.Entries random(
            int entries, int size, AtomicLong written, AtomicReference<Throwable> ended, CountDownLatch done) {
        return zip -> {
            Random random = new Random(42);
            byte[] block = new byte[size];
            try {
                zip.setLevel(0);
                for (int i = 0; i < entries; i++) {
                    random.nextBytes(block);
                    zip.putNextEntry(new ZipEntry("f" + i + ".bin"));
                    zip.write(block);
                    zip.closeEntry();
                    written.addAndGet(size);
                }
            } catch (IOException | RuntimeException e) {
                ended.set(e);
                throw e;
            } finally {
                done.countDown();
            }
        };
    }

    @Test
    void theWholeZipArrivesInChunks() throws Exception {
        AtomicLong written = new AtomicLong();
        CountDownLatch done = new CountDownLatch(1);
        AssertSubscriber<byte[]> reader = ZipStream.of(
                        random(20, 300_000, written, new AtomicReference<>(), done), workers)
                .subscribe()
                .withSubscriber(AssertSubscriber.create(Long.MAX_VALUE));
        reader.awaitCompletion(Duration.ofSeconds(20));
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] chunk : reader.getItems()) {
            assertThat(chunk.length).isLessThanOrEqualTo(ZipStream.CHUNK).isPositive();
            all.write(chunk);
        }
        int entries = 0;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(all.toByteArray()))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                assertThat(in.readAllBytes()).hasSize(300_000);
                entries++;
            }
        }
        assertThat(entries).isEqualTo(20);
    }

    @Test
    void theWriterStaysAFewChunksAheadOfASlowReaderAndStopsWhenItGoesAway() throws Exception {
        AtomicLong written = new AtomicLong();
        AtomicReference<Throwable> ended = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        // 60 MB if it were all written: the writer must wait for the reader instead.
        AssertSubscriber<byte[]> reader = ZipStream.of(random(200, 300_000, written, ended, done), workers)
                .subscribe()
                .withSubscriber(AssertSubscriber.create(1));
        reader.awaitItems(1, Duration.ofSeconds(10));
        Thread.sleep(500);
        long ahead = written.get();
        System.out.printf(
                "ZipStream measure: with one chunk read, the writer had produced %d bytes of entries%n", ahead);
        assertThat(ahead).isLessThanOrEqualTo((ZipStream.QUEUED + 2L) * ZipStream.CHUNK + 300_000);
        reader.cancel();
        assertThat(done.await(10, TimeUnit.SECONDS)).as("the writer stopped").isTrue();
        assertThat(ended.get()).isInstanceOf(IOException.class);
        assertThat(written.get()).isLessThan(200L * 300_000);
    }

    @Test
    void aWriterFailureFailsTheStream() {
        AssertSubscriber<byte[]> reader = ZipStream.of(
                        zip -> {
                            zip.putNextEntry(new ZipEntry("a.txt"));
                            zip.write(new byte[10]);
                            throw new IOException("the runtime file went missing");
                        },
                        workers)
                .subscribe()
                .withSubscriber(AssertSubscriber.create(Long.MAX_VALUE));
        reader.awaitFailure(Duration.ofSeconds(10));
        assertThat(reader.getFailure()).hasRootCauseMessage("the runtime file went missing");
    }
}
