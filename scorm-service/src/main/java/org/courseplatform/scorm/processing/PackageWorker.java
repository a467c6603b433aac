package org.courseplatform.scorm.processing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.courseplatform.platform.events.JobLoop;
import org.courseplatform.platform.web.Workers;
import org.courseplatform.scorm.config.ScormConfig;
import org.courseplatform.scorm.courses.Courses;
import org.courseplatform.scorm.processing.ProcessingRepository.Job;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * Processes uploaded packages: {@code uploaded} → {@code processing} → {@code ready} or
 * {@code failed}. The package row is the job: it is claimed with {@code FOR UPDATE SKIP LOCKED}
 * under a lease, so replicas share the work and a package whose worker died is taken over when
 * the lease ends. A heartbeat renews the lease every third of it while the package is processed,
 * so the lease can be short (a killed worker's package comes back within it) however long a
 * large package takes. Download and checks run on a worker thread, never on the event loop; the zip
 * goes to a temporary file, never whole into memory.
 */
@ApplicationScoped
public class PackageWorker {

    /** Rejections are terminal; infrastructure failures retry and end with this code. */
    public static final String PROCESSING_ERROR = "processing_error";

    private final ProcessingRepository packages;
    private final PackageStore store;
    private final Courses courses;
    private final ScormConfig config;
    private final ObjectMapper mapper;
    private final Vertx vertx;
    private final ProcessingMetrics metrics;
    private final JobLoop<Job> loop = new JobLoop<>("SCORM worker", this::claim, this::beating, this::retryOrFail);

    public PackageWorker(
            ProcessingRepository packages,
            Vertx vertx,
            PackageStore store,
            Courses courses,
            ScormConfig config,
            ObjectMapper mapper,
            ProcessingMetrics metrics) {
        this.packages = packages;
        this.metrics = metrics;
        this.vertx = vertx;
        this.store = store;
        this.courses = courses;
        this.config = config;
        this.mapper = mapper;
    }

    @Scheduled(every = "${scorm.worker.poll-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> poll() {
        if (!config.worker().enabled()) {
            return Uni.createFrom().voidItem();
        }
        return loop.poll();
    }

    private Uni<Job> claim() {
        return packages.claim(config.worker().lease());
    }

    /** Processes the package with a heartbeat that renews its lease until the processing ends. */
    private Uni<Void> beating(Job job) {
        long heartbeat = vertx.setPeriodic(
                Math.max(1000, config.worker().lease().toMillis() / 3),
                tick -> renew(job.courseId())
                        .subscribe()
                        .with(
                                held -> {},
                                e -> Log.debugf(
                                        "SCORM package %d: lease not renewed: %s", job.courseId(), e.getMessage())));
        return process(job).eventually(() -> vertx.cancelTimer(heartbeat));
    }

    /** Extends the lease of a package being processed; false when it is no longer processing. */
    public Uni<Boolean> renew(long courseId) {
        return packages.renew(courseId, config.worker().lease());
    }

    private Uni<Void> process(Job job) {
        long courseId = job.courseId();
        return Workers.call(() -> run(job))
                .chain(outcome -> outcome.rejection() != null
                        ? fail(
                                courseId,
                                outcome.rejection().getMessage(),
                                outcome.rejection().code())
                        : courses.setTitle(
                                        courseId,
                                        job.workspaceId(),
                                        outcome.result().manifest().title())
                                .chain(() -> ready(courseId, job.objectKey(), outcome.result())));
    }

    private record Outcome(PackageProcessor.Result result, Rejection rejection) {}

    /**
     * Blocking: download, then check and read every file. Nothing is written to S3: the files are
     * served from the original the package already has, so a rejection leaves nothing behind.
     */
    private Outcome run(Job job) {
        long started = System.nanoTime();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("scorm-" + job.courseId() + "-");
            Path zip = dir.resolve("package.zip");
            long cap = Math.min(job.size(), config.upload().maxBytes());
            if (!store.download(job.objectKey(), zip, cap)) {
                return new Outcome(
                        null,
                        new Rejection(
                                Rejection.ZIP_BOMB,
                                "The uploaded file is larger than the " + job.size() + " bytes that were announced."));
            }
            PackageProcessor.Result result = PackageProcessor.process(zip, job.name(), limits());
            Log.debugf(
                    "SCORM package of course %d: %d files, %d bytes expanded, in %d ms",
                    job.courseId(),
                    result.fileCount(),
                    result.expandedBytes(),
                    (System.nanoTime() - started) / 1_000_000);
            return new Outcome(result, null);
        } catch (Rejection rejection) {
            Log.debugf(
                    "SCORM package of course %d rejected: %s (%s)",
                    job.courseId(), rejection.code(), rejection.getMessage());
            return new Outcome(null, rejection);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deleteQuietly(dir);
        }
    }

    public ZipLimits limits() {
        ScormConfig.Limits l = config.limits();
        return new ZipLimits(
                l.maxEntries(), l.maxExpandedBytes(), l.maxRatio(), l.ratioEntryThreshold(), l.maxManifestBytes());
    }

    private Uni<Void> ready(long courseId, String zipKey, PackageProcessor.Result result) {
        ObjectNode launch = mapper.createObjectNode();
        ArrayNode scos = launch.putArray("scos");
        for (Manifest.Sco sco : result.manifest().scos()) {
            scos.addObject()
                    .put("identifier", sco.identifier())
                    .put("title", sco.title())
                    .put("href", sco.href());
        }
        return packages.ready(
                        courseId,
                        result.manifest().title(),
                        result.manifest().version(),
                        launch.toString(),
                        result.files(),
                        result.expandedBytes(),
                        zipKey)
                .invoke(changed -> {
                    if (changed) {
                        metrics.ready();
                    }
                    Log.debugf("SCORM package of course %d is ready", courseId);
                })
                .replaceWithVoid();
    }

    private Uni<Void> fail(long courseId, String error, String code) {
        return packages.fail(courseId, error, code)
                .invoke(changed -> {
                    if (changed) {
                        if (PROCESSING_ERROR.equals(code)) {
                            metrics.error();
                        } else {
                            metrics.rejected();
                        }
                    }
                })
                .replaceWithVoid();
    }

    private Uni<Void> retryOrFail(Job job, Throwable e) {
        long courseId = job.courseId();
        int attempts = job.attempts();
        Log.warnf(
                "Processing the SCORM package of course %d failed (attempt %d): %s", courseId, attempts, e.toString());
        metrics.attemptFailed();
        if (attempts >= config.worker().maxAttempts()) {
            return fail(
                    courseId,
                    "The package could not be processed after " + attempts + " attempts because of an internal"
                            + " error; upload it again, and contact support if this repeats.",
                    PROCESSING_ERROR);
        }
        return packages.retry(courseId, retryDelaySeconds(attempts));
    }

    /**
     * Seconds before the next attempt after {@code attempts} failed ones: 5, 20, 80, then 300. A
     * failure here is the infrastructure's (S3, course-service), and an outage of a minute or
     * two (a restart) must not use up the attempts of a good package, as 5 s × attempts did.
     */
    static int retryDelaySeconds(int attempts) {
        return (int) JobLoop.retryDelaySeconds(Duration.ofSeconds(5), attempts);
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            Log.debugf("Could not remove %s: %s", dir, e.getMessage());
        }
    }
}
