package org.courseplatform.scorm.pkg;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;

/** Runs blocking work (S3, files) on a worker thread and comes back to the caller's Vert.x context. */
public final class Blocking {

    private Blocking() {
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
