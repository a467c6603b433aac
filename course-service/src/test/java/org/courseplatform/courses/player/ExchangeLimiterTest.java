package org.courseplatform.courses.player;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/** The bounds of the public exchanges (share links, dynamic SCORM launches): per address with a burst, and per instance. */
class ExchangeLimiterTest {

    record Limits(int perAddressPerMinute, int perAddressBurst, int perSecond) implements ExchangeLimits {}

    @Test
    void anAddressGetsItsBurstThenWaitsForTheRateWhileOthersStillGetIn() {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        ExchangeLimiter limiter = new ExchangeLimiter(new Limits(60, 3, 0), now::get, "Too many launches from here");
        for (int i = 0; i < 3; i++) {
            limiter.acquire("10.0.0.1");
        }
        assertThatThrownBy(() -> limiter.acquire("10.0.0.1")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
            assertThat(e.headers()).containsEntry("Retry-After", "1");
            assertThat(e.getMessage()).isEqualTo("Too many launches from here; try again in 1 s");
        });
        limiter.acquire("10.0.0.2");
        now.addAndGet(1_000_000_000L); // one per second refills one exchange
        limiter.acquire("10.0.0.1");
        assertThatThrownBy(() -> limiter.acquire("10.0.0.1")).isInstanceOf(ApiException.class);
    }

    @Test
    void theInstanceBoundHoldsASpreadFlood() {
        AtomicLong now = new AtomicLong(0);
        ExchangeLimiter limiter = new ExchangeLimiter(new Limits(0, 1, 2), now::get, "Busy");
        for (int i = 0; i < 4; i++) {
            limiter.acquire("10.0.1." + i);
        }
        assertThatThrownBy(() -> limiter.acquire("10.0.2.1")).isInstanceOf(ApiException.class);
    }

    @Test
    void refusalsCountPerAddressAndGoodCodesOnlyAgainstTheInstance() {
        AtomicLong now = new AtomicLong(0);
        ExchangeLimiter limiter = new ExchangeLimiter(new Limits(1, 2, 1), now::get, "Busy");
        ApiException unknown = ApiException.notFound("no such link");
        assertThat(limiter.refused("10.0.3.1", unknown)).isSameAs(unknown);
        assertThat(limiter.refused("10.0.3.1", unknown)).isSameAs(unknown);
        assertThat(limiter.refused("10.0.3.1", unknown)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
            assertThat(e.getMessage()).startsWith("Too many refused attempts from this address");
        });
        assertThat(limiter.refused("10.0.3.2", unknown)).isSameAs(unknown);
        // A good code from the refused address is admitted: only the instance's bound applies.
        limiter.admit();
        limiter.admit();
        assertThatThrownBy(limiter::admit).isInstanceOf(ApiException.class);
    }

    @Test
    void refusalsNeverTakeFromTheInstanceBound() {
        AtomicLong now = new AtomicLong(0);
        ExchangeLimiter limiter = new ExchangeLimiter(new Limits(60, 1, 1), now::get, "Busy");
        for (int i = 0; i < 1000; i++) {
            limiter.refused("10.0.4." + (i & 255), ApiException.notFound("no such link"));
        }
        limiter.admit();
    }
}
