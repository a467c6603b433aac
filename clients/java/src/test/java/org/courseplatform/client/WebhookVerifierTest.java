package org.courseplatform.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.courseplatform.client.WebhookVerifier.Problem;
import org.junit.jupiter.api.Test;

class WebhookVerifierTest {

    // The vector webhook-dispatcher's SignaturesAndScheduleTest holds the platform's signer to
    // (computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test).
    static final String SECRET = "whsec_test";
    static final byte[] BODY = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
    static final String SIGNATURE = "sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789";
    static final Map<String, String> HEADERS =
            Map.of("X-Service-Signature", SIGNATURE, "X-Service-Timestamp", "1700000000");

    static WebhookVerifier at(long epochSecond) {
        return new WebhookVerifier(
                SECRET,
                WebhookVerifier.DEFAULT_TOLERANCE,
                Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC));
    }

    @Test
    void signsAsThePlatformDoes() {
        assertThat(at(1_700_000_000L).sign("1700000000", BODY)).isEqualTo(SIGNATURE);
    }

    @Test
    void aGenuineDeliveryPassesWhateverTheHeadersCase() {
        assertThat(at(1_700_000_042L).verify(BODY, HEADERS)).isEmpty();
        Map<String, String> lower = Map.of("x-service-signature", SIGNATURE, "x-service-timestamp", "1700000000");
        assertThat(at(1_700_000_042L).verify(BODY, lower)).isEmpty();
    }

    @Test
    void aChangedBodyOrAnotherSecretFails() {
        assertThat(at(1_700_000_042L).verify("{\"a\":2}".getBytes(StandardCharsets.UTF_8), HEADERS))
                .contains(Problem.BAD_SIGNATURE);
        WebhookVerifier other = new WebhookVerifier(
                "whsec_other",
                Duration.ofMinutes(5),
                Clock.fixed(Instant.ofEpochSecond(1_700_000_042L), ZoneOffset.UTC));
        assertThat(other.verify(BODY, HEADERS)).contains(Problem.BAD_SIGNATURE);
    }

    @Test
    void aTimestampOutsideTheToleranceEitherWayFailsAndAReDatedOneFailsItsSignature() {
        assertThat(at(1_700_000_301L).verify(BODY, HEADERS)).contains(Problem.STALE_TIMESTAMP);
        assertThat(at(1_699_999_699L).verify(BODY, HEADERS)).contains(Problem.STALE_TIMESTAMP);
        assertThat(at(1_700_000_300L).verify(BODY, HEADERS)).isEmpty();
        Map<String, String> moved = Map.of("X-Service-Signature", SIGNATURE, "X-Service-Timestamp", "1700000001");
        assertThat(at(1_700_000_042L).verify(BODY, moved)).contains(Problem.BAD_SIGNATURE);
    }

    @Test
    void missingOrMalformedHeadersAreNamed() {
        assertThat(at(1_700_000_042L).verify(BODY, Map.of("X-Service-Timestamp", "1700000000")))
                .contains(Problem.MISSING_SIGNATURE);
        assertThat(at(1_700_000_042L).verify(BODY, Map.of("X-Service-Signature", SIGNATURE)))
                .contains(Problem.MISSING_TIMESTAMP);
        assertThat(at(1_700_000_042L)
                        .verify(BODY, Map.of("X-Service-Signature", SIGNATURE, "X-Service-Timestamp", "12e9")))
                .contains(Problem.BAD_TIMESTAMP);
        assertThat(at(1_700_000_042L)
                        .verify(BODY, Map.of("X-Service-Signature", "sha256=abc", "X-Service-Timestamp", "1700000000")))
                .contains(Problem.BAD_SIGNATURE);
    }
}
