package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
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
        assertThat(bucket.take(PER_SECOND, BURST, now)).isPositive().isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
        assertThat(bucket.take(PER_SECOND, BURST, now + TimeUnit.MILLISECONDS.toNanos(1))).isZero();
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
}
