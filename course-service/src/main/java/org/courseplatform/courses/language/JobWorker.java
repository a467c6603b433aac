package org.courseplatform.courses.language;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.courseplatform.platform.web.ApiException;

/**
 * Runs queued translation, narration and generation jobs. Jobs are claimed with
 * {@code FOR UPDATE SKIP LOCKED} in turn between workspaces (none beyond
 * {@code language.worker.max-running-per-workspace} at once, see {@link JobRepository}) under a
 * lease that a heartbeat and each progress report renew, so replicas share the work and a job
 * whose instance died (a restart, a crash) is claimed again once its lease has ended. Each job
 * runs on its own Vert.x context (its own reactive session); provider calls, synthesis and S3 run
 * on worker threads, never on the event loop or a request thread.
 */
@ApplicationScoped
public class JobWorker {

    private final JobRepository jobs;
    private final LanguageConfig config;
    private final Vertx vertx;
    private final Map<String, JobHandler> handlers = new HashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private final List<EndListener> listeners = new CopyOnWriteArrayList<>();

    public JobWorker(JobRepository jobs, LanguageConfig config, Vertx vertx, Instance<JobHandler> handlers) {
        this.jobs = jobs;
        this.config = config;
        this.vertx = vertx;
        handlers.forEach(h -> this.handlers.put(h.type(), h));
    }

    @Scheduled(every = "${language.worker.poll-interval:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> poll() {
        if (!config.worker().enabled()) {
            return Uni.createFrom().voidItem();
        }
        return claimWhileFree()
                .onFailure()
                .invoke(e -> Log.warnf("Language job worker: %s", e.getMessage()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /**
     * Claims jobs while this instance has a free slot, starting each on its own context. The slot
     * is taken before the claim, so the poll and a wake running at once never exceed the
     * concurrency.
     */
    private Uni<Void> claimWhileFree() {
        int taken = running.incrementAndGet();
        if (taken > config.worker().concurrency()) {
            running.decrementAndGet();
            return Uni.createFrom().voidItem();
        }
        return jobs.claim(config.worker().lease(), config.worker().maxRunningPerWorkspace())
                .onFailure()
                .invoke(running::decrementAndGet)
                .chain(job -> {
                    if (job == null) {
                        running.decrementAndGet();
                        return Uni.createFrom().voidItem();
                    }
                    start(job);
                    return claimWhileFree();
                });
    }

    /**
     * Looks for queued jobs now rather than at the next poll (a request that just queued one and
     * waits for it). Bounded by the same free slots as the poll; never fails.
     */
    public void wake() {
        if (!config.worker().enabled()) {
            return;
        }
        claimWhileFree()
                .subscribe()
                .with(ignored -> {}, e -> Log.debugf("Language job worker (woken): %s", e.getMessage()));
    }

    /**
     * Claims and starts one queued job at once, whatever the free slots: for jobs that are cheap
     * and that a request waits for (offline generation). The job runs as any other (lease,
     * heartbeat, takeover); when another instance claimed it first, nothing happens.
     */
    public Uni<Boolean> runNow(long id) {
        if (!config.worker().enabled()) {
            return Uni.createFrom().item(false);
        }
        return jobs.claim(id, config.worker().lease()).map(job -> {
            if (job == null) {
                return false;
            }
            running.incrementAndGet();
            start(job);
            return true;
        });
    }

    /**
     * Starts a claimed job, whose slot is already counted in {@code running}, on its own context,
     * with a heartbeat that renews its lease while it runs.
     */
    private void start(JobRepository.Claimed job) {
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        // The job's own context, used by nothing else: safe for its reactive session.
        VertxContextSafetyToggle.setContextSafe(context, true);
        // A heartbeat renews the lease while the job runs, however long one provider call takes;
        // when this instance stops, the heartbeat stops and the lease runs out.
        long heartbeat = vertx.setPeriodic(
                Math.max(1000, config.worker().lease().toMillis() / 3),
                tick -> jobs.renew(job, config.worker().lease())
                        .subscribe()
                        .with(
                                held -> {},
                                e -> Log.debugf(
                                        "Language job %s: lease not renewed: %s",
                                        String.valueOf(job.id()), e.getMessage())));
        context.runOnContext(ignored -> run(job).subscribe().with(done -> ended(job, heartbeat), failure -> {
            Log.warnf("Language job %d: %s", job.id(), failure.toString());
            ended(job, heartbeat);
        }));
    }

    /**
     * A job's end frees its slot and its workspace's: the next job is claimed now, not at the next
     * poll, so a queue drains at the pace of its jobs rather than one job per poll interval.
     */
    private void ended(JobRepository.Claimed job, long heartbeat) {
        vertx.cancelTimer(heartbeat);
        running.decrementAndGet();
        listeners.forEach(l -> l.ended(job.id()));
        wake();
    }

    /** Told when a job this instance ran has ended (succeeded, failed, requeued or dropped). */
    public interface EndListener {
        void ended(long jobId);
    }

    public void onEnd(EndListener listener) {
        listeners.add(listener);
    }

    /** Runs one claimed job to its end: succeeded, failed, or back in the queue after an unexpected error. */
    Uni<Void> run(JobRepository.Claimed job) {
        JobHandler handler = handlers.get(job.type());
        if (handler == null) {
            return jobs.fail(job, "UNKNOWN_TYPE", "No worker runs jobs of type " + job.type())
                    .replaceWithVoid();
        }
        if (job.attempts() > config.worker().maxAttempts()) {
            return jobs.fail(
                            job,
                            "INTERRUPTED",
                            "The job was interrupted " + (job.attempts() - 1)
                                    + " times (its instance stopped while running it); ask again")
                    .replaceWithVoid();
        }
        Log.debugf(
                "Language job %s (%s) of course %s claimed, attempt %s",
                String.valueOf(job.id()), job.type(), String.valueOf(job.courseId()), String.valueOf(job.attempts()));
        JobHandler.JobProgress progress =
                (done, total) -> jobs.progress(job, done, total, config.worker().lease())
                        .invoke(held -> {
                            if (!held) {
                                throw new JobRepository.LeaseLost(job.id());
                            }
                        })
                        .replaceWithVoid();
        return handler.run(job, progress).onFailure().recoverWithUni(failure -> {
            Throwable cause = unwrap(failure);
            if (cause instanceof JobRepository.LeaseLost) {
                Log.debugf("Language job %s: %s", String.valueOf(job.id()), cause.getMessage());
                return Uni.createFrom().voidItem();
            }
            if (cause instanceof ApiException a) {
                // The course's own rules refused the change (deleted meanwhile, too large, ...).
                return jobs.fail(job, a.code().name(), a.getMessage()).replaceWithVoid();
            }
            if (cause instanceof JobFailure f) {
                Log.debugf("Language job %s failed: %s %s", String.valueOf(job.id()), f.code(), f.getMessage());
                return jobs.fail(job, f.code(), f.getMessage()).replaceWithVoid();
            }
            Log.warnf(
                    "Language job %d failed unexpectedly (attempt %d): %s", job.id(), job.attempts(), cause.toString());
            if (job.attempts() >= config.worker().maxAttempts()) {
                return jobs.fail(job, "INTERNAL", "The job failed: " + cause.getMessage())
                        .replaceWithVoid();
            }
            return jobs.requeue(job, String.valueOf(cause.getMessage())).replaceWithVoid();
        });
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException
                        || cause.getClass() == RuntimeException.class
                        || cause instanceof IllegalStateException && cause.getCause() instanceof JobFailure)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
