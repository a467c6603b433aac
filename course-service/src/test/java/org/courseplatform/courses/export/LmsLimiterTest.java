package org.courseplatform.courses.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/** The bounds of the public LMS exchange: per address with a burst, and per instance. */
class LmsLimiterTest {

    record Config(int perAddressPerMinute, int perAddressBurst, int perSecond) implements ExportConfig.Lms {
    }

    @Test
    void anAddressGetsItsBurstThenWaitsForTheRateWhileOthersStillGetIn() {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        LmsLimiter limiter = new LmsLimiter(new Config(60, 3, 0), now::get);
        for (int i = 0; i < 3; i++) {
            limiter.acquire("10.0.0.1");
        }
        assertThatThrownBy(() -> limiter.acquire("10.0.0.1")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
            assertThat(e.headers()).containsEntry("Retry-After", "1");
        });
        limiter.acquire("10.0.0.2");
        now.addAndGet(1_000_000_000L);
        limiter.acquire("10.0.0.1");
        assertThatThrownBy(() -> limiter.acquire("10.0.0.1")).isInstanceOf(ApiException.class);
    }

    @Test
    void theInstanceBoundHoldsASpreadFlood() {
        AtomicLong now = new AtomicLong(0);
        LmsLimiter limiter = new LmsLimiter(new Config(0, 1, 2), now::get);
        for (int i = 0; i < 4; i++) {
            limiter.acquire("10.0.1." + i);
        }
        assertThatThrownBy(() -> limiter.acquire("10.0.2.1")).isInstanceOf(ApiException.class);
    }
}
