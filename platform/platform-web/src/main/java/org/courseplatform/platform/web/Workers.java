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
        return context == null ? uni : uni.emitOn(on(context));
    }

    /**
     * Runs each task on {@code context}: at once when the calling thread is that context's event
     * loop already, else as a task of that context; at once when there is none. For a {@code Uni}
     * that another context may complete (a worker, or a result several requests wait on), so that
     * each caller goes on where its request lives: its connection's event loop reads the body and
     * writes the answer, and its reactive session refuses any other thread. A worker thread can
     * carry the request's context too (Quarkus propagates it), so the context alone does not say
     * the thread is the right one.
     */
    public static Executor on(Context context) {
        return task -> {
            if (context == null || Context.isOnEventLoopThread() && Vertx.currentContext() == context) {
                task.run();
            } else {
                context.runOnContext(ignored -> task.run());
            }
        };
    }
}
