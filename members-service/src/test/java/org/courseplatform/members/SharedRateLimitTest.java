package org.courseplatform.members;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.courseplatform.platform.auth.RateLimitStore;
import org.courseplatform.platform.auth.RateLimiter;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;

/**
 * The workspace limit holds across replicas: two limiters with buckets of their own, as two
 * instances of the service have, draw from one budget in the database, so together they admit
 * no more than one would.
 */
@QuarkusTest
class SharedRateLimitTest {

    private static final int PER_SECOND = 40;
    private static final int BURST = 40;

    @Inject
    RateLimitStore store;

    @Test
    void twoReplicasTogetherAdmitNoMoreThanTheLimit() {
        List<RateLimiter> replicas = List.of(limiter(), limiter());
        long workspace = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        long start = System.nanoTime();
        int admitted = 0;
        int refused = 0;
        for (int i = 0; i < 600; i++) {
            try {
                replicas.get(i % 2).acquire(workspace).await().indefinitely();
                admitted++;
            } catch (ApiException e) {
                assertThat(e.headers()).containsKey("Retry-After");
                refused++;
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double allowed = BURST + PER_SECOND * seconds;
        assertThat(admitted)
                .as(
                        "admitted in %.2f s by two replicas (limit %d/s, burst %d: at most %.0f)",
                        seconds, PER_SECOND, BURST, allowed)
                .isLessThanOrEqualTo((int) Math.ceil(allowed))
                .as("the burst is usable")
                .isGreaterThanOrEqualTo(BURST - 2 * 5);
        assertThat(refused).isPositive();
    }

    private RateLimiter limiter() {
        return new RateLimiter(
                new RateLimiter.Config() {
                    @Override
                    public int perSecond() {
                        return PER_SECOND;
                    }

                    @Override
                    public int burst() {
                        return BURST;
                    }

                    @Override
                    public int batch() {
                        return 5;
                    }
                },
                store);
    }
}
