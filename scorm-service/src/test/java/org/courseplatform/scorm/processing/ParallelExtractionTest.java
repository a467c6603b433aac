package org.courseplatform.scorm.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.scorm.Zips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extraction hands files to the sink on several threads: every file intact, memory bounded, failures clean. */
class ParallelExtractionTest {

    @TempDir
    Path dir;

    /** 1,500 small pages (each different), 12 files larger than what is held in memory, and some in between. */
    private static Map<String, byte[]> manyFiles() {
        Random random = new Random(42);
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < 1500; i++) {
            files.put("pages/p" + i + ".html", ("<p>page " + i + "</p>" + "x".repeat(random.nextInt(3000)))
                    .getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < 40; i++) {
            byte[] media = new byte[random.nextInt(PackageProcessor.IN_MEMORY_MAX)];
            random.nextBytes(media);
            files.put("media/m" + i + ".mp4", media);
        }
        for (int i = 0; i < 12; i++) {
            byte[] big = new byte[PackageProcessor.IN_MEMORY_MAX + 1 + random.nextInt(1 << 20)];
            random.nextBytes(big);
            files.put("video/v" + i + ".webm", big);
        }
        files.put("empty.css", new byte[0]);
        return files;
    }

    @Test
    void everyFileArrivesIntactWithItsContentTypeAndMemoryStaysBounded() throws Exception {
        Map<String, byte[]> files = manyFiles();
        Path zip = dir.resolve("many.zip");
        Files.write(zip, Zips.scorm12(files));
        Map<String, byte[]> stored = new ConcurrentHashMap<>();
        Map<String, String> types = new ConcurrentHashMap<>();
        AtomicInteger active = new AtomicInteger();
        AtomicInteger mostActive = new AtomicInteger();
        AtomicLong inMemory = new AtomicLong();
        AtomicLong mostInMemory = new AtomicLong();
        AtomicInteger largeInMemory = new AtomicInteger();
        PackageProcessor.Result result = PackageProcessor.process(zip, "many.zip", ZipLimits.DEFAULTS, dir, (path, file, type) -> {
            mostActive.accumulateAndGet(active.incrementAndGet(), Math::max);
            long held = file.bytes() != null ? file.size() : 0;
            mostInMemory.accumulateAndGet(inMemory.addAndGet(held), Math::max);
            if (file.bytes() != null && file.size() > PackageProcessor.IN_MEMORY_MAX) {
                largeInMemory.incrementAndGet();
            }
            try {
                Thread.yield();
                byte[] bytes = file.readAllBytes();
                assertThat(bytes).hasSize((int) file.size());
                assertThat(stored.put(path, bytes)).as("stored twice: " + path).isNull();
                types.put(path, type);
            } finally {
                inMemory.addAndGet(-held);
                active.decrementAndGet();
            }
        }, 6);
        assertThat(result.fileCount()).isEqualTo(files.size() + 2); // and the manifest and index.html
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            assertThat(stored.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
            assertThat(types.get(e.getKey())).as(e.getKey()).isEqualTo(ContentTypes.of(e.getKey()));
        }
        assertThat(types.get("pages/p0.html")).startsWith("text/html");
        assertThat(types.get("video/v0.webm")).isEqualTo(ContentTypes.of("video/v0.webm"));
        assertThat(stored).containsKey("imsmanifest.xml");
        assertThat(mostActive.get()).isBetween(1, 6);
        assertThat(mostInMemory.get()).isLessThanOrEqualTo(PackageProcessor.IN_MEMORY_BUDGET);
        assertThat(largeInMemory.get()).isZero();
        try (var left = Files.list(dir)) {
            assertThat(left.filter(f -> f.getFileName().toString().startsWith("entry-"))).isEmpty();
        }
    }

    @Test
    void aFailingUploadFailsTheRunAndNothingIsHandedOverAfterItReturns() throws Exception {
        Path zip = dir.resolve("many.zip");
        Files.write(zip, Zips.scorm12(manyFiles()));
        AtomicInteger active = new AtomicInteger();
        AtomicBoolean returned = new AtomicBoolean();
        AtomicInteger afterReturn = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> PackageProcessor.process(zip, "many.zip", ZipLimits.DEFAULTS, dir, (path, file, type) -> {
            if (returned.get()) {
                afterReturn.incrementAndGet();
            }
            active.incrementAndGet();
            try {
                if (calls.incrementAndGet() == 200) {
                    throw new IOException("S3 refused " + path);
                }
                file.readAllBytes();
            } finally {
                active.decrementAndGet();
            }
        }, 6)).isInstanceOf(IOException.class).hasMessageContaining("S3 refused");
        returned.set(true);
        assertThat(active.get()).as("sink calls still running after the failure was reported").isZero();
        int handed = calls.get();
        assertThat(handed).isLessThan(1500); // the run stopped well before the end
        Thread.sleep(200);
        assertThat(calls.get()).isEqualTo(handed);
        assertThat(afterReturn.get()).isZero();
        try (var left = Files.list(dir)) {
            assertThat(left.filter(f -> f.getFileName().toString().startsWith("entry-"))).isEmpty();
        }
    }

    @Test
    void anEntryLargerThanItDeclaresIsStillAZipBombWhenExtractedIntoMemory() throws Exception {
        Path zip = dir.resolve("lying.zip");
        Files.write(zip, Zips.lyingSize());
        assertThatThrownBy(() -> PackageProcessor.process(zip, "p.zip", ZipLimits.DEFAULTS, dir, (path, file, type) -> { }, 4))
                .isInstanceOfSatisfying(Rejection.class, r -> assertThat(r.code()).isEqualTo("zip_bomb"));
    }
}
