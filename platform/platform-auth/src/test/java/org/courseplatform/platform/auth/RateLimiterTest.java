package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private static final int PER_SECOND = 1000;
    private static final int BURST = 2;

    @Test
    void anEmptyBucketWaitsThenRefills() {
        RateLimiter.Bucket bucket = new RateLimiter.Bucket(BURST);
        long now = 1_000L;
        assertThat(bucket.take(PER_SECOND, BURST, now)).isZero();
        assertThat(bucket.take(PER_SECOND, BURST, now)).isZero();
        assertThat(bucket.take(PER_SECOND, BURST, now))
                .isPositive()
                .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
        assertThat(bucket.take(PER_SECOND, BURST, now + TimeUnit.MILLISECONDS.toNanos(1)))
                .isZero();
    }

    @Test
    void aBucketIdleForMonthsIsFullNotLockedOut() {
        RateLimiter.Bucket bucket = new RateLimiter.Bucket(BURST);
        long now = 1_000L;
        bucket.take(PER_SECOND, BURST, now);
        bucket.take(PER_SECOND, BURST, now);
        long later = now + TimeUnit.DAYS.toNanos(200);
        assertThat(bucket.take(PER_SECOND, BURST, later)).isZero();
        assertThat(bucket.take(PER_SECOND, BURST, later)).isZero();
        assertThat(bucket.take(PER_SECOND, BURST, later)).isPositive();
    }

    /**
     * Two requests on two event loops find the lease empty; the second waits on the renewal the
     * first started, which answers on the first's event loop. The second must go on on its own:
     * its connection's loop is still reading its body.
     */
    @Test
    void aRequestWaitingOnAnotherRequestsRenewalGoesOnOnItsOwnEventLoop() throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
        try {
            CompletableFuture<RateLimitStore.Grant> answer = new CompletableFuture<>();
            RateLimitStore slow = new RateLimitStore(null) {
                @Override
                public Uni<Grant> take(long workspaceId, double perSecond, double burst, int batch) {
                    return Uni.createFrom().completionStage(answer);
                }
            };
            RateLimiter limiter = limiter(1000, 100, slow);
            Context first = newContext(vertx);
            Context second = newContext(vertx);
            String firstLoop = threadOf(first);
            String secondLoop = threadOf(second);
            assertThat(firstLoop).isNotEqualTo(secondLoop);

            CompletableFuture<String> firstWentOn = new CompletableFuture<>();
            CompletableFuture<String> secondWentOn = new CompletableFuture<>();
            acquireOn(first, limiter, firstWentOn);
            acquireOn(second, limiter, secondWentOn);
            first.runOnContext(v -> answer.complete(new RateLimitStore.Grant(20, 80)));

            assertThat(firstWentOn.get(10, TimeUnit.SECONDS)).isEqualTo(firstLoop);
            assertThat(secondWentOn.get(10, TimeUnit.SECONDS)).isEqualTo(secondLoop);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    /** Subscribes on the context and waits until the subscription is made (the renewal is then in flight). */
    private static void acquireOn(Context context, RateLimiter limiter, CompletableFuture<String> wentOn)
            throws InterruptedException {
        CountDownLatch subscribed = new CountDownLatch(1);
        context.runOnContext(v -> {
            limiter.acquire(1)
                    .subscribe()
                    .with(ok -> wentOn.complete(Thread.currentThread().getName()), wentOn::completeExceptionally);
            subscribed.countDown();
        });
        assertThat(subscribed.await(10, TimeUnit.SECONDS)).isTrue();
    }

    /** A context of its own: Vert.x keeps one per outside thread, on the event loops in turn. */
    private static Context newContext(Vertx vertx) throws InterruptedException {
        Context[] made = new Context[1];
        Thread thread = new Thread(() -> made[0] = vertx.getOrCreateContext());
        thread.start();
        thread.join();
        return made[0];
    }

    private static String threadOf(Context context) throws Exception {
        CompletableFuture<String> name = new CompletableFuture<>();
        context.runOnContext(v -> name.complete(Thread.currentThread().getName()));
        return name.get(10, TimeUnit.SECONDS);
    }

    /** A limiter whose shared store cannot be reached: it limits with its own buckets. */
    private static RateLimiter limiter(int perSecond, int burst) {
        RateLimitStore unreachable = new RateLimitStore(null) {
            @Override
            public Uni<Grant> take(long workspaceId, double perSecond, double burst, int batch) {
                return Uni.createFrom().failure(new IllegalStateException("database down"));
            }
        };
        return limiter(perSecond, burst, unreachable);
    }

    private static RateLimiter limiter(int perSecond, int burst, RateLimitStore store) {
        return new RateLimiter(
                new RateLimiter.Config() {
                    @Override
                    public int perSecond() {
                        return perSecond;
                    }

                    @Override
                    public int burst() {
                        return burst;
                    }

                    @Override
                    public int batch() {
                        return 20;
                    }
                },
                store);
    }

    private static void acquire(RateLimiter limiter, long workspaceId) {
        limiter.acquire(workspaceId).await().indefinitely();
    }

    @Test
    void withTheSharedBucketUnreachableTheRequestAfterTheBurstGets429WhileOtherWorkspacesGoOn() {
        RateLimiter limiter = limiter(1, 5);
        for (int i = 0; i < 5; i++) {
            assertThatCode(() -> acquire(limiter, 42))
                    .as("request %d of the burst", i + 1)
                    .doesNotThrowAnyException();
        }
        assertThatThrownBy(() -> acquire(limiter, 42)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
            assertThat(e.headers()).containsEntry("Retry-After", "1");
            assertThat(e.getMessage()).contains("retry in 1 s");
        });
        assertThatThrownBy(() -> acquire(limiter, 42)).as("still refused").isInstanceOf(ApiException.class);
        assertThatCode(() -> acquire(limiter, 43))
                .as("another workspace has its own bucket")
                .doesNotThrowAnyException();
    }

    @Test
    void aRefusedRequestTakesNothingSoTheWaitIsTheRefillOfOneToken() {
        RateLimiter.Bucket bucket = new RateLimiter.Bucket(1);
        long now = 1_000L;
        assertThat(bucket.take(2, 1, now)).isZero();
        long wait = bucket.take(2, 1, now);
        assertThat(wait).isEqualTo(TimeUnit.MILLISECONDS.toNanos(500));
        assertThat(bucket.take(2, 1, now))
                .as("refusals do not dig the hole deeper")
                .isEqualTo(wait);
        assertThat(bucket.take(2, 1, now + wait)).isZero();
    }

    @Test
    void zeroPerSecondTurnsTheLimitOff() {
        RateLimiter off = limiter(0, 0);
        assertThatCode(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        acquire(off, 7);
                    }
                })
                .doesNotThrowAnyException();
    }
}
