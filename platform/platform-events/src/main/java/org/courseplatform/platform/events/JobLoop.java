package org.courseplatform.platform.events;

import io.quarkus.logging.Log;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The loop of a jobs-table worker: claim one job (a repository's {@code FOR UPDATE SKIP LOCKED}
 * under a lease), run it, and on failure let the worker put it back for a retry or fail it; then
 * claim the next, until nothing is left. The lease makes a job whose worker died come back, so
 * replicas share the work and a restart loses none.
 *
 * <p>{@link #poll()} runs one loop (for a {@code @Scheduled} method that skips while the last run
 * goes on); {@link #wake(int)} keeps up to that many loops running, each on its own Vert.x context
 * so that no two share a Hibernate session.
 *
 * @param <J> a claimed job; the claim answers {@code null} when nothing is due
 */
public final class JobLoop<J> {

    private final String name;
    private final Supplier<Uni<J>> claim;
    private final Function<J, Uni<Void>> work;
    private final BiFunction<J, Throwable, Uni<Void>> failed;
    private final AtomicInteger loops = new AtomicInteger();

    /**
     * @param name   names the worker in logs
     * @param claim  claims the next job, or answers {@code null}
     * @param work   runs a job to its end, recording its outcome
     * @param failed records a job whose work failed (a retry with back-off, or a failure once
     *               attempts are spent)
     */
    public JobLoop(
            String name,
            Supplier<Uni<J>> claim,
            Function<J, Uni<Void>> work,
            BiFunction<J, Throwable, Uni<Void>> failed) {
        this.name = name;
        this.claim = claim;
        this.work = work;
        this.failed = failed;
    }

    /** A loop whose work records every outcome itself, failures included. */
    public JobLoop(String name, Supplier<Uni<J>> claim, Function<J, Uni<Void>> work) {
        this(name, claim, work, (job, e) -> Uni.createFrom().failure(e));
    }

    /**
     * Seconds before the next attempt of a job whose run failed on the infrastructure, after
     * {@code attempts} failed ones: {@code first}, then four times longer each time, at most 5
     * minutes (5 s first: 5, 20, 80, 300, 300). A restart of a service or of S3 takes a minute or
     * two, and must not use up the attempts of good work.
     */
    public static long retryDelaySeconds(Duration first, int attempts) {
        return (long) Math.min(300, first.toSeconds() * Math.pow(4, Math.max(0, attempts - 1)));
    }

    /** Claims and runs jobs until none is left to claim. */
    public Uni<Void> drain() {
        return claim.get()
                .chain(job -> job == null
                        ? Uni.createFrom().voidItem()
                        : Uni.createFrom()
                                .deferred(() -> work.apply(job))
                                .onFailure()
                                .recoverWithUni(e -> failed.apply(job, e))
                                .chain(this::drain));
    }

    /** One loop; a failure (the database unreachable) is logged and the next poll tries again. */
    public Uni<Void> poll() {
        return drain().onFailure()
                .invoke(e -> Log.warnf("%s: %s", name, e.getMessage()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Starts loops up to {@code concurrency}; a no-op when they all run already. */
    public void wake(Vertx vertx, int concurrency) {
        while (true) {
            int running = loops.get();
            if (running >= concurrency) {
                return;
            }
            if (loops.compareAndSet(running, running + 1)) {
                Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
                VertxContextSafetyToggle.setContextSafe(context, true);
                context.runOnContext(ignored -> drain().subscribe().with(done -> loops.decrementAndGet(), e -> {
                    loops.decrementAndGet();
                    Log.warnf("%s: %s", name, e.toString());
                }));
            }
        }
    }
}
