package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;

class FailedAuthenticationsTest {

    private final FailedAuthentications failures =
            new FailedAuthentications(new TestAuthConfig(null, null, List.of(), null, List.of(), 60, 3).failureLimit());

    @Test
    void anAddressOverItsBurstGets429UntilItRefillsWhileOthersDoNot() {
        long now = 1_000L;
        for (int i = 0; i < 3; i++) {
            failures.check("203.0.113.7", now);
            failures.failed("203.0.113.7", now);
        }
        assertThatThrownBy(() -> failures.check("203.0.113.7", now))
                .isInstanceOfSatisfying(
                        ApiException.class,
                        e -> Assertions.assertThat(e.headers()).containsEntry("Retry-After", "1"));
        assertThatCode(() -> failures.check("203.0.113.8", now)).doesNotThrowAnyException();
        // 60 per minute: one more attempt a second later.
        assertThatCode(() -> failures.check("203.0.113.7", now + TimeUnit.SECONDS.toNanos(1)))
                .doesNotThrowAnyException();
    }

    @Test
    void zeroPerMinuteTurnsItOff() {
        FailedAuthentications off = new FailedAuthentications(
                new TestAuthConfig(null, null, List.of(), null, List.of(), 0, 1).failureLimit());
        for (int i = 0; i < 10; i++) {
            off.failed("203.0.113.9", 1L);
        }
        assertThatCode(() -> off.check("203.0.113.9", 1L)).doesNotThrowAnyException();
    }

    @Test
    void manyAddressesStayBounded() {
        long now = 1_000L;
        for (int i = 0; i < FailedAuthentications.MAX_BUCKETS * 3; i++) {
            failures.failed("10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255), now);
        }
        assertThatCode(() -> failures.check("203.0.113.10", now)).doesNotThrowAnyException();
    }
}
