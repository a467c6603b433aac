package org.courseplatform.platform.web;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;

/**
 * Runs blocking or CPU work of unbounded size (S3, files, password hashing, parsing a client's
 * document) on a worker thread and comes back to the caller's Vert.x context, so that the
 * reactive session and the request's context stay where they were. Work on the event loop
 * stalls every request that loop serves, whichever tenant sent it.
 */
public final class Workers {

    private Workers() {
    }

    public static <T> Uni<T> call(Callable<T> work) {
        Context context = Vertx.currentContext();
        Uni<T> uni = Uni.createFrom().item(() -> {
            try {
                return work.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        return context == null ? uni : uni.emitOn(task -> context.runOnContext(ignored -> task.run()));
    }
}
