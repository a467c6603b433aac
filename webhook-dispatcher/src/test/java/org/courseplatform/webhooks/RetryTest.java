package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Answer;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCaResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The retry timeline with the schedule shortened the way WEBHOOKS_RETRY_DELAYS=1s,2s,3s,4s,5s
 * shortens it, the attempt budget, replay after failure, and slow endpoints beside healthy ones.
 */
@QuarkusTest
@TestProfile(ShortTimings.class)
class RetryTest {

    private HttpsReceiver receiver;

    @BeforeEach
    void receiver() {
        receiver = HttpsReceiver.start(TestCaResource.ca().serverContext("localhost"));
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void sixAttemptsOnTheScheduleThenFailedThenReplayedWithTheSameIdAndBody() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        receiver.answer(r -> Answer.status(500));
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/failing"), "course.created");
        Hooks.sendCourseCreated(ws, false);

        Hooks.await(Duration.ofSeconds(40), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("status").asText()).isEqualTo("failed");
            assertThat(log.get("attempts").asInt()).isEqualTo(6);
            assertThat(log.get("nextAttemptAt").isNull()).isTrue();
        });
        List<HttpsReceiver.Request> attempts = receiver.requests("/failing");
        assertThat(attempts).hasSize(6);
        // Every attempt: the same delivery id and the same body; the signature fresh for its timestamp.
        String delivery = attempts.get(0).header("X-Service-Delivery");
        for (HttpsReceiver.Request attempt : attempts) {
            assertThat(attempt.header("X-Service-Delivery")).isEqualTo(delivery);
            assertThat(attempt.body()).isEqualTo(attempts.get(0).body());
            assertThat(Hooks.signatureValid(endpoint.secret(), attempt)).isTrue();
        }
        // Gaps follow 1s, 2s, 3s, 4s, 5s within the ±10% jitter (plus a little for polling and sending).
        long[] nominal = {1000, 2000, 3000, 4000, 5000};
        for (int i = 1; i < attempts.size(); i++) {
            long gap = Duration.between(
                            attempts.get(i - 1).at(), attempts.get(i).at())
                    .toMillis();
            assertThat(gap)
                    .as("gap before attempt %d", i + 1)
                    .isBetween((long) (nominal[i - 1] * 0.9) - 50, (long) (nominal[i - 1] * 1.1) + 700);
        }
        assertThat(Db.value("select count(*) from delivery_attempt where delivery_id = '" + delivery + "'"))
                .isEqualTo(6L);

        // Manual replay: same delivery id and body, one more attempt; now the receiver is back.
        receiver.answer(r -> Answer.status(204));
        given().header("Authorization", auth)
                .post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("deliveryId")
                .equals(delivery);
        Hooks.await(
                Duration.ofSeconds(10),
                () -> assertThat(receiver.requests("/failing")).hasSize(7));
        HttpsReceiver.Request replayed = receiver.requests("/failing").get(6);
        assertThat(replayed.header("X-Service-Delivery")).isEqualTo(delivery);
        assertThat(replayed.body()).isEqualTo(attempts.get(0).body());
        assertThat(Hooks.signatureValid(endpoint.secret(), replayed)).isTrue();
        Hooks.await(Duration.ofSeconds(10), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("status").asText()).isEqualTo("succeeded");
            assertThat(log.get("attempts").asInt()).isEqualTo(7);
            assertThat(log.get("lastStatusCode").asInt()).isEqualTo(204);
        });
    }

    @Test
    void aDeliveryQueuedUnderTheOlderScheduleStopsAfterFourAttemptsAndAFailedReplayFailsAgain() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        receiver.answer(r -> Answer.status(500));
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/old"), "course.created");
        String delivery = UUID.randomUUID().toString();
        Db.execute(
                "insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts, next_attempt_at)"
                        + " values ('" + delivery + "', " + endpoint.id() + ", " + ws
                        + ", gen_random_uuid(), 'course.created', '{}', false, 4, now())");
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(Hooks.deliveries(auth, endpoint.id())
                                .get(0)
                                .get("status")
                                .asText())
                        .isEqualTo("failed"));
        assertThat(receiver.requests("/old")).hasSize(4);
        given().header("Authorization", auth)
                .post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then()
                .statusCode(202);
        Hooks.await(Duration.ofSeconds(10), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("attempts").asInt()).isEqualTo(5);
            assertThat(log.get("status").asText())
                    .as("budget spent: failed again, still replayable")
                    .isEqualTo("failed");
        });
        assertThat(receiver.requests("/old")).hasSize(5);
    }

    @Test
    void aFlakyEndpointSucceedsOnALaterAttempt() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        AtomicInteger calls = new AtomicInteger();
        receiver.answer(r -> calls.incrementAndGet() <= 2 ? Answer.status(502) : Answer.status(200));
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/flaky"), "course.created");
        Hooks.sendCourseCreated(ws, false);
        Hooks.await(Duration.ofSeconds(20), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("status").asText()).isEqualTo("succeeded");
            assertThat(log.get("attempts").asInt()).isEqualTo(3);
        });
        assertThat(receiver.requests("/flaky")).hasSize(3);
    }

    @Test
    void aSlowEndpointTimesOutWithoutHoldingUpAHealthyOne() throws InterruptedException {
        long slowWs = TestKeys.newWorkspace();
        long fastWs = TestKeys.newWorkspace();
        receiver.answer(r -> r.path().equals("/slow") ? Answer.slow(200, Duration.ofSeconds(8)) : Answer.status(200));
        Hooks.Endpoint slow = Hooks.create(TestKeys.enterprise(slowWs), receiver.url("/slow"), "course.created");
        Hooks.create(TestKeys.enterprise(fastWs), receiver.url("/fast"), "course.created");
        // Far more slow deliveries than the slots one endpoint may hold (32).
        Hooks.sendCourseCreated(slowWs, 60);
        Hooks.await(
                Duration.ofSeconds(10),
                () -> assertThat(receiver.requests("/slow")).hasSizeGreaterThanOrEqualTo(32));
        Thread.sleep(500);
        Instant first = receiver.requests("/slow").get(0).at();
        assertThat(receiver.requests("/slow").stream().filter(r -> r.at().isBefore(first.plusSeconds(4))))
                .as("at most 32 requests at once to one endpoint before the first times out")
                .hasSize(32);
        Instant sent = Instant.now();
        Hooks.sendCourseCreated(fastWs, false);
        Hooks.await(
                Duration.ofSeconds(5),
                () -> assertThat(receiver.requests("/fast")).hasSize(1));
        assertThat(Duration.between(sent, receiver.requests("/fast").get(0).at())
                        .toMillis())
                .as("healthy endpoint served while the slow one hangs")
                .isLessThan(1500);
        Hooks.await(
                Duration.ofSeconds(15),
                () -> assertThat(Hooks.deliveries(TestKeys.enterprise(slowWs), slow.id()))
                        .anySatisfy(d -> assertThat(d.get("lastError").asText()).isEqualTo("timed out after 4 s")));
    }
}
