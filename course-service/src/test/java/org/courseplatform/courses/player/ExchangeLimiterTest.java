package org.courseplatform.courses.player;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/** The bounds of the public exchanges (share links, dynamic SCORM launches): refusals per address with a burst, good codes per instance. */
class ExchangeLimiterTest {

    record Limits(int perAddressPerMinute, int perAddressBurst, int perSecond) implements ExchangeLimits {}

    @Test
    void anAddressGetsItsBurstOfRefusalsThenWaitsForTheRateWhileOthersDoNot() {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        ExchangeLimiter limiter = new ExchangeLimiter(new Limits(60, 3, 0), now::get, "Too many launches from here");
        ApiException invalid = ApiException.forbidden("not a package token");
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.refused("10.0.0.1", invalid)).isSameAs(invalid);
        }
        assertThat(limiter.refused("10.0.0.1", invalid)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
            assertThat(e.headers()).containsEntry("Retry-After", "1");
            assertThat(e.getMessage()).isEqualTo("Too many refused attempts from this address; try again in 1 s");
        });
        assertThat(limiter.refused("10.0.0.2", invalid)).isSameAs(invalid);
        now.addAndGet(1_000_000_000L); // one per second refills one refusal
        assertThat(limiter.refused("10.0.0.1", invalid)).isSameAs(invalid);
        assertThat(limiter.refused("10.0.0.1", invalid))
                .isInstanceOf(ApiException.class)
                .isNotSameAs(invalid);
    }

    @Test
    void theInstanceBoundHoldsAFloodOfGoodCodes() {
        AtomicLong now = new AtomicLong(0);
        ExchangeLimiter limiter = new ExchangeLimiter(new Limits(0, 1, 2), now::get, "Busy");
        for (int i = 0; i < 4; i++) {
            limiter.admit();
        }
        assertThatThrownBy(limiter::admit)
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.getMessage()).isEqualTo("Busy; try again in 1 s"));
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
