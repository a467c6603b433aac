package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link Workers#on}: back on the request's event loop, whichever thread finishes the work. */
class WorkersTest {

    private Vertx vertx;
    private Context context;
    private String eventLoop;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        context = vertx.getOrCreateContext();
        CompletableFuture<String> name = new CompletableFuture<>();
        context.runOnContext(v -> name.complete(Thread.currentThread().getName()));
        eventLoop = name.get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** A worker thread carries the context as its current one; the task must still go to the event loop. */
    @Test
    void aTaskGivenOnAWorkerThreadOfTheContextRunsOnItsEventLoop() throws Exception {
        CompletableFuture<String> ranOn = new CompletableFuture<>();
        context.executeBlocking(() -> {
            assertThat(Vertx.currentContext()).isSameAs(context);
            Workers.on(context)
                    .execute(() -> ranOn.complete(Thread.currentThread().getName()));
            return null;
        });
        assertThat(ranOn.get(10, TimeUnit.SECONDS)).isEqualTo(eventLoop);
    }

    @Test
    void aTaskGivenOnTheEventLoopItselfRunsAtOnce() throws Exception {
        CompletableFuture<Boolean> inline = new CompletableFuture<>();
        context.runOnContext(v -> {
            boolean[] ran = {false};
            Workers.on(context).execute(() -> ran[0] = true);
            inline.complete(ran[0]);
        });
        assertThat(inline.get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aTaskGivenFromAnotherThreadRunsOnTheEventLoop() throws Exception {
        CompletableFuture<String> ranOn = new CompletableFuture<>();
        Thread other = new Thread(() -> Workers.on(context)
                .execute(() -> ranOn.complete(Thread.currentThread().getName())));
        other.start();
        assertThat(ranOn.get(10, TimeUnit.SECONDS)).isEqualTo(eventLoop);
    }
}
