package org.courseplatform.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.security.AuthenticationFailedException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/**
 * The budget of failed authentications per address. It is asked only about failures (the
 * mechanism calls it once a credential has failed), so a good credential never meets it: the
 * end-to-end promise is each service's contract test.
 */
class FailedAuthenticationsTest {

    private final FailedAuthentications failures =
            new FailedAuthentications(new TestAuthConfig(null, null, List.of(), null, List.of(), 60, 3).failureLimit());

    private static final AuthenticationFailedException BAD = new AuthenticationFailedException("Unknown key");

    @Test
    void anAddressOverItsBurstGets429ForFurtherFailuresUntilItRefillsWhileOthersDoNot() {
        long now = 1_000L;
        for (int i = 0; i < 3; i++) {
            assertThat(failures.refused("203.0.113.7", BAD, now)).isSameAs(BAD);
        }
        assertThat(failures.refused("203.0.113.7", BAD, now)).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.TOO_MANY_REQUESTS);
            assertThat(e.headers()).containsEntry("Retry-After", "1");
            assertThat(e.getMessage()).startsWith("Too many failed authentications from this address");
        });
        assertThat(failures.refused("203.0.113.8", BAD, now)).isSameAs(BAD);
        // 60 per minute: one more plain failure a second later.
        assertThat(failures.refused("203.0.113.7", BAD, now + TimeUnit.SECONDS.toNanos(1)))
                .isSameAs(BAD);
    }

    @Test
    void zeroPerMinuteTurnsItOff() {
        FailedAuthentications off = new FailedAuthentications(
                new TestAuthConfig(null, null, List.of(), null, List.of(), 0, 1).failureLimit());
        for (int i = 0; i < 10; i++) {
            assertThat(off.refused("203.0.113.9", BAD, 1L)).isSameAs(BAD);
        }
    }

    @Test
    void manyAddressesStayBounded() {
        long now = 1_000L;
        for (int i = 0; i < FailedAuthentications.MAX_BUCKETS * 3; i++) {
            failures.refused("10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255), BAD, now);
        }
        assertThat(failures.refused("203.0.113.10", BAD, now)).isSameAs(BAD);
    }
}
