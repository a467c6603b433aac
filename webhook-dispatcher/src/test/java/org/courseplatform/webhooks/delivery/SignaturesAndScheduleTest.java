package org.courseplatform.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The signature format and the retry schedule with its jitter. */
class SignaturesAndScheduleTest {

    @Test
    void signatureIsHmacSha256OfTimestampDotBodyInHex() {
        // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
        assertThat(Signatures.sign("whsec_test", 1_700_000_000L, "{\"a\":1}"))
                .isEqualTo("sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789");
        assertThat(Signatures.sign("whsec_test", 1, "x")).isNotEqualTo(Signatures.sign("whsec_test", 2, "x"));
        assertThat(Signatures.sign("whsec_test", 1, "x")).isNotEqualTo(Signatures.sign("whsec_other", 1, "x"));
    }

    @Test
    void delaysFollowTheScheduleWithinTheJitterAndTheLastRepeats() {
        RetrySchedule schedule = new RetrySchedule(
                List.of(
                        Duration.ofMinutes(1),
                        Duration.ofMinutes(5),
                        Duration.ofMinutes(30),
                        Duration.ofHours(2),
                        Duration.ofHours(6)),
                0.1);
        long[] nominal = {60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 21_600_000};
        for (int attempt = 1; attempt <= 6; attempt++) {
            for (int i = 0; i < 200; i++) {
                assertThat(schedule.delayMillis(attempt))
                        .isBetween((long) (nominal[attempt - 1] * 0.9), (long) (nominal[attempt - 1] * 1.1));
            }
        }
        assertThat(new RetrySchedule(List.of(Duration.ofSeconds(1)), 0).delayMillis(3))
                .isEqualTo(1000);
    }
}
