package org.courseplatform.migrations.batch;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.courseplatform.migrations.course.CourseMigrator;
import org.courseplatform.migrations.course.CourseScope;
import org.courseplatform.platform.events.JobLoop;

/**
 * Works through batch items. Items are claimed with {@code FOR UPDATE SKIP LOCKED} under a lease,
 * so replicas share a batch and an item whose worker died (a restart mid-batch) is taken over
 * when its lease ends. Each course is migrated by course-service in its own transaction (rule
 * 5); the item's result, the batch state and the events then commit together
 * ({@link BatchService#finish}).
 *
 * <p>Each instance runs up to {@code migrations.worker.concurrency} loops, each on its own Vert.x
 * context so that no two share a Hibernate session. A loop goes on until nothing is left to
 * claim; the scheduler and every new batch start loops.
 */
@ApplicationScoped
public class BatchWorker {

    /**
     * One claimed item: what the worker needs to migrate it (the course and the scope of the
     * request that made the batch) and to prove the claim is still its own.
     */
    public record Claim(long jobId, UUID batchId, long courseId, UUID requestId, int attempts, CourseScope scope) {}

    private final BatchRepository repository;
    private final Vertx vertx;
    private final BatchService batches;
    private final CourseMigrator migrator;
    private final WorkerConfig config;
    private final JobLoop<Claim> loop = new JobLoop<>("Migration worker", this::claim, this::work);

    public BatchWorker(
            BatchRepository repository,
            Vertx vertx,
            BatchService batches,
            CourseMigrator migrator,
            WorkerConfig config) {
        this.repository = repository;
        this.vertx = vertx;
        this.batches = batches;
        this.migrator = migrator;
        this.config = config;
    }

    @Scheduled(
            every = "${migrations.worker.poll-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        wake();
    }

    /** Starts loops up to the configured concurrency; a no-op when they all run already. */
    public void wake() {
        if (!config.worker().enabled()) {
            return;
        }
        loop.wake(vertx, config.worker().concurrency());
    }

    private Uni<Claim> claim() {
        return repository.claim(config.worker().lease());
    }

    private Uni<Void> work(Claim claim) {
        int max = config.worker().maxAttempts();
        if (claim.attempts() > max) {
            // Every earlier attempt ended without an answer (its worker died or hung past the lease).
            return batches.finish(
                    claim, ItemResult.failed("unavailable", "Gave up after " + max + " attempts that did not finish"));
        }
        return migrator.migrate(claim.scope(), claim.courseId(), claim.requestId())
                .map(ItemResult::of)
                .onFailure(CourseMigrator.DefinitiveFailure.class)
                .recoverWithItem(e -> rejected((CourseMigrator.DefinitiveFailure) e))
                .onFailure()
                .recoverWithUni(e -> retryLater(claim, e))
                .chain(result -> result == null ? Uni.createFrom().voidItem() : batches.finish(claim, result))
                .onFailure()
                .recoverWithUni(e -> {
                    // The result could not be recorded (database trouble): the lease brings the item back.
                    Log.warnf("Migration item %d: could not record the result: %s", claim.jobId(), e.toString());
                    return Uni.createFrom().voidItem();
                });
    }

    /** A transient failure: the item goes back to pending with a back-off, or fails once attempts are spent. */
    private Uni<ItemResult> retryLater(Claim claim, Throwable e) {
        String problem = e instanceof TimeoutException
                ? "course-service did not answer in time"
                : "course-service could not be reached: " + e.getMessage();
        Log.warnf(
                "Migration item %d (course %d), attempt %d: %s",
                claim.jobId(), claim.courseId(), claim.attempts(), problem);
        if (claim.attempts() >= config.worker().maxAttempts()) {
            return Uni.createFrom().item(ItemResult.failed("unavailable", problem));
        }
        long delay = JobLoop.retryDelaySeconds(config.worker().retryDelay(), claim.attempts());
        return repository.release(claim, problem, delay).replaceWith((ItemResult) null);
    }

    private static ItemResult rejected(CourseMigrator.DefinitiveFailure e) {
        String reason = switch (e.status()) {
            case 404 -> "not_found";
            case 409 -> "conflict";
            case 413 -> "too_large";
            case 422 -> "unprocessable";
            default -> "rejected";
        };
        return ItemResult.failed(reason, e.getMessage());
    }
}
