package org.courseplatform.platform.web;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;

/**
 * Runs blocking or CPU work of unbounded size (S3, files, password hashing, parsing a client's
 * document, DNS look-ups, a blocking client's send) on a worker thread and comes back to the
 * caller's Vert.x context, so that the reactive session and the request's context stay where they
 * were. Work on the event loop stalls every request that loop serves, whichever tenant sent it.
 *
 * <p>This is the one way reactive code leaves the event loop. The only exception is a resource
 * method whose answer is a blocking stream (an S3 object's {@code InputStream}): the response is
 * written while the stream is read, so the method is {@code @Blocking} as a whole.
 */
public final class Workers {

    private Workers() {}

    /** The worker threads {@link #call} uses, for code that hands long-running blocking work to an executor. */
    public static Executor pool() {
        return Infrastructure.getDefaultWorkerPool();
    }

    public static <T> Uni<T> call(Callable<T> work) {
        Context context = Vertx.currentContext();
        Uni<T> uni = Uni.createFrom()
                .item(() -> {
                    try {
                        return work.call();
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        return context == null ? uni : uni.emitOn(task -> context.runOnContext(ignored -> task.run()));
    }
}
