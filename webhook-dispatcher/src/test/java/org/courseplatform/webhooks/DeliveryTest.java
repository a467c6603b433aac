package org.courseplatform.webhooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Answer;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.webhooks.event.EventIntake;
import org.courseplatform.webhooks.security.SecretCipher;
import org.courseplatform.webhooks.support.Hooks;
import org.courseplatform.webhooks.support.TestCa;
import org.courseplatform.webhooks.support.TestCaResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * From Kafka events to signed HTTPS requests: real Kafka, PostgreSQL and an HTTPS receiver whose
 * certificate comes from the test CA, checked the way a subscriber would check them.
 */
@QuarkusTest
class DeliveryTest {

    private HttpsReceiver receiver;

    @Inject
    EventIntake intake;

    @Inject
    SecretCipher cipher;

    @BeforeEach
    void receiver() {
        receiver = HttpsReceiver.start(TestCaResource.ca().serverContext("localhost"));
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void aDeliveryIsSentInTheTraceOfTheRequestThatCausedItsEvent() {
        long ws = TestKeys.newWorkspace();
        Hooks.create(TestKeys.enterprise(ws), receiver.url("/traced"), "course.created");
        String trace = "4bf92f3577b34da6a3ce929d0e0e" + String.format("%04x", (int) (System.nanoTime() & 0xffff));
        String traceparent = "00-" + trace + "-b7ad6b7169203331-01";
        UUID eventId = UUID.randomUUID();
        TestKafka.send(
                "course-events",
                Long.toString(ws),
                Hooks.event(eventId, "course.created", ws, false, Hooks.courseData(42, "Golf"))
                        .replace(",\"data\":", ",\"traceparent\":\"" + traceparent + "\",\"data\":"));

        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/traced")).hasSize(1));
        HttpsReceiver.Request request = receiver.requests("/traced").get(0);
        UUID deliveryId = UUID.fromString(request.header("X-Service-Delivery"));
        assertThat(Db.value("select traceparent from delivery where id = '" + deliveryId + "'"))
                .as("the delivery keeps its event's trace for every attempt")
                .isEqualTo(traceparent);
        assertThat(request.header("traceparent"))
                .as("the attempt went out in that trace")
                .matches("00-" + trace + "-[0-9a-f]{16}-0[01]");
    }

    @Test
    void aCourseCreatedEventArrivesSignedWithEveryHeader() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/hook"), "course.created");
        UUID eventId = Hooks.sendCourseCreated(ws, false);

        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/hook")).hasSize(1));
        HttpsReceiver.Request request = receiver.requests("/hook").get(0);
        assertThat(request.header("Content-Type")).startsWith("application/json");
        assertThat(request.header("X-Service-Event")).isEqualTo("course.created");
        assertThat(request.header("X-Service-Test-Mode")).isEqualTo("false");
        UUID deliveryId = UUID.fromString(request.header("X-Service-Delivery"));
        long timestamp = Long.parseLong(request.header("X-Service-Timestamp"));
        assertThat(Math.abs(Instant.now().getEpochSecond() - timestamp)).isLessThan(60);
        assertThat(request.header("X-Service-Signature")).matches("sha256=[0-9a-f]{64}");
        assertThat(Hooks.signatureValid(endpoint.secret(), request))
                .as("signature over timestamp.body")
                .isTrue();
        assertThat(Hooks.signatureValid("whsec_wrong", request)).isFalse();
        // TLS was checked against the host name: the certificate names only "localhost", the socket went to 127.0.0.1.
        assertThat(request.sniNames()).containsExactly("localhost");

        JsonNode body = Hooks.body(request);
        assertThat(body.fieldNames())
                .toIterable()
                .containsExactly("id", "type", "occurredAt", "workspaceId", "testMode", "data");
        assertThat(body.get("id").asText()).isEqualTo(eventId.toString());
        assertThat(body.get("type").asText()).isEqualTo("course.created");
        assertThat(OffsetDateTime.parse(body.get("occurredAt").asText())).isNotNull();
        assertThat(body.get("workspaceId").asLong()).isEqualTo(ws);
        assertThat(body.get("testMode").asBoolean()).isFalse();
        assertThat(body.at("/data/course/title").asText()).isEqualTo("Golf");
        assertThat(body.at("/data/course/id").asLong()).isEqualTo(42);

        Hooks.await(Duration.ofSeconds(10), () -> {
            List<JsonNode> log = Hooks.deliveries(auth, endpoint.id());
            assertThat(log).hasSize(1);
            assertThat(log.get(0).get("id").asText()).isEqualTo(deliveryId.toString());
            assertThat(log.get(0).get("eventId").asText()).isEqualTo(eventId.toString());
            assertThat(log.get(0).get("type").asText()).isEqualTo("course.created");
            assertThat(log.get(0).get("status").asText()).isEqualTo("succeeded");
            assertThat(log.get(0).get("attempts").asInt()).isEqualTo(1);
            assertThat(log.get(0).get("maxAttempts").asInt()).isEqualTo(6);
            assertThat(log.get(0).get("lastStatusCode").asInt()).isEqualTo(200);
            assertThat(log.get(0).get("nextAttemptAt").isNull()).isTrue();
            assertThat(log.get(0).get("created").asText()).isNotBlank();
        });
    }

    @Test
    void aRereadRecordMakesNoSecondDelivery() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/once"), "course.created");
        UUID id = UUID.randomUUID();
        String event = Hooks.event(id, "course.created", ws, false, Hooks.courseData(7, "Twice"));
        TestKafka.send("course-events", Long.toString(ws), event);
        TestKafka.send("course-events", Long.toString(ws), event);
        UUID marker = Hooks.sendCourseCreated(ws, false);
        // One partition keeps order: once the later event is delivered, both copies were handled.
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/once").stream()
                                .map(r -> Hooks.body(r).get("id").asText()))
                        .contains(marker.toString()));
        Hooks.await(
                Duration.ofSeconds(5),
                () -> assertThat(Hooks.deliveries(auth, endpoint.id())).hasSize(2));
        assertThat(receiver.requests("/once").stream()
                        .filter(r -> Hooks.body(r).get("id").asText().equals(id.toString())))
                .hasSize(1);
        assertThat(Db.value("select count(*) from delivery where event_id = '" + id + "'"))
                .isEqualTo(1L);
    }

    @Test
    void onlySubscribedTypesOfTheEndpointsOwnWorkspaceAreDelivered() {
        long ws = TestKeys.newWorkspace();
        long otherWs = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint courses = Hooks.create(auth, receiver.url("/courses"), "course.created");
        Hooks.Endpoint migrations =
                Hooks.create(auth, receiver.url("/migrations"), "migration.completed", "migration.progress");
        Hooks.Endpoint disabled = Hooks.create(auth, receiver.url("/disabled"), "course.created");
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"enabled\":false}")
                .patch("/v1/headless/webhooks/" + disabled.id())
                .then()
                .statusCode(200);
        Hooks.Endpoint stranger =
                Hooks.create(TestKeys.enterprise(otherWs), receiver.url("/stranger"), "course.created");

        // Internal types are never delivered, whatever the topic.
        TestKafka.send(
                "course-events",
                Long.toString(ws),
                Hooks.event(UUID.randomUUID(), "course.updated", ws, false, Hooks.courseData(1, "x")));
        TestKafka.send(
                "member-events",
                Long.toString(ws),
                Hooks.event(UUID.randomUUID(), "member.created", ws, false, "{\"member\":{\"id\":1}}"));
        UUID course = Hooks.sendCourseCreated(ws, false);
        UUID migration = UUID.randomUUID();
        TestKafka.send(
                "migration-events",
                Long.toString(ws),
                Hooks.event(
                        migration,
                        "migration.completed",
                        ws,
                        false,
                        "{\"id\":\"b\",\"status\":\"completed\",\"counts\":{\"total\":2},\"items\":[]}"));
        UUID scorm = UUID.randomUUID();
        TestKafka.send(
                "scorm-events",
                Long.toString(ws),
                Hooks.event(scorm, "course.created", ws, false, Hooks.courseData(9, "SCORM")));

        Hooks.await(Duration.ofSeconds(30), () -> {
            assertThat(receiver.requests("/courses")).hasSize(2);
            assertThat(receiver.requests("/migrations")).hasSize(1);
        });
        assertThat(receiver.requests("/courses").stream()
                        .map(r -> Hooks.body(r).get("id").asText()))
                .containsExactlyInAnyOrder(course.toString(), scorm.toString());
        assertThat(Hooks.body(receiver.requests("/migrations").get(0))
                        .at("/data/counts/total")
                        .asInt())
                .isEqualTo(2);
        assertThat(receiver.requests("/migrations").get(0).header("X-Service-Event"))
                .isEqualTo("migration.completed");
        assertThat(receiver.requests("/disabled")).isEmpty();
        assertThat(receiver.requests("/stranger")).isEmpty();
        assertThat(Hooks.deliveries(TestKeys.enterprise(otherWs), stranger.id()))
                .isEmpty();
        assertThat(Hooks.deliveries(auth, courses.id())).hasSize(2);
        assertThat(Hooks.deliveries(auth, migrations.id())).hasSize(1);
    }

    @Test
    void aWorkspaceBelowBuildGetsNoDeliveries() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.create(auth, receiver.url("/downgraded"), "course.created");
        TestKafka.send(
                "member-events",
                Long.toString(ws),
                "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                        + "\",\"source\":\"/members-service\",\"type\":\"workspace.updated\",\"subject\":\"" + ws
                        + "\",\"time\":\""
                        + Instant.now() + "\",\"workspaceid\":" + ws
                        + ",\"testmode\":false,\"data\":{\"workspace\":{\"id\":" + ws
                        + ",\"name\":\"Acme\",\"plan\":\"starter\",\"addons\":[],\"features\":[],\"userLimit\":null}}}");
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(Db.value("select plan from workspace where id = " + ws))
                        .isEqualTo("starter"));
        Hooks.sendCourseCreated(ws, false);
        // A later event of a Build workspace on the same partition shows the first one was handled.
        long buildWs = TestKeys.newWorkspace();
        Hooks.create(TestKeys.enterprise(buildWs), receiver.url("/build"), "course.created");
        Hooks.sendCourseCreated(buildWs, false);
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/build")).hasSize(1));
        assertThat(receiver.requests("/downgraded")).isEmpty();
    }

    @Test
    void testModeFollowsTheEventAndManualTestsAreAlwaysTestMode() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/modes"), "course.created", "quiz.failed");
        UUID test = Hooks.sendCourseCreated(ws, true);
        UUID unset = Hooks.sendCourseCreated(ws, null);
        String manual = given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"event\":\"quiz.failed\"}")
                .post("/v1/headless/webhooks/" + endpoint.id() + "/test")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("deliveryId");
        String bare = given().header("Authorization", auth)
                .post("/v1/headless/webhooks/" + endpoint.id() + "/test")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("deliveryId");

        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/modes")).hasSize(4));
        for (HttpsReceiver.Request request : receiver.requests("/modes")) {
            JsonNode body = Hooks.body(request);
            assertThat(request.header("X-Service-Test-Mode"))
                    .isEqualTo(body.get("testMode").asText());
            assertThat(Hooks.signatureValid(endpoint.secret(), request)).isTrue();
            String delivery = request.header("X-Service-Delivery");
            String id = body.get("id").asText();
            if (id.equals(test.toString())) {
                assertThat(body.get("testMode").asBoolean()).isTrue();
            } else if (id.equals(unset.toString())) {
                assertThat(body.get("testMode").asBoolean())
                        .as("rule 1: a new event always carries testMode")
                        .isFalse();
            } else if (delivery.equals(manual)) {
                assertThat(body.get("type").asText()).isEqualTo("quiz.failed");
                assertThat(body.get("testMode").asBoolean()).isTrue();
                assertThat(body.at("/data/test").asBoolean()).isTrue();
                assertThat(body.get("workspaceId").asLong()).isEqualTo(ws);
            } else {
                assertThat(delivery).isEqualTo(bare);
                assertThat(body.get("type").asText())
                        .as("default: the endpoint's first event")
                        .isEqualTo("course.created");
                assertThat(body.get("testMode").asBoolean()).isTrue();
                assertThat(body.at("/data/test").asBoolean()).isTrue();
            }
        }
    }

    @Test
    void aDeliveryQueuedBeforeTestModeExistedKeepsItsBodyAndHasNoHeader() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/legacy"), "course.completed");
        UUID delivery = UUID.randomUUID();
        UUID event = UUID.randomUUID();
        String legacyBody =
                "{\"id\":\"" + event + "\",\"type\":\"course.completed\",\"occurredAt\":\"2025-01-01T00:00:00Z\","
                        + "\"workspaceId\":" + ws + ",\"data\":{\"course\":{\"id\":1}}}";
        Db.execute(
                "insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts, next_attempt_at)"
                        + " values ('" + delivery + "', " + endpoint.id() + ", " + ws + ", '" + event
                        + "', 'course.completed', '"
                        + legacyBody + "', null, 4, now())");
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/legacy")).hasSize(1));
        HttpsReceiver.Request request = receiver.requests("/legacy").get(0);
        assertThat(request.body()).isEqualTo(legacyBody);
        assertThat(request.header("X-Service-Test-Mode")).isNull();
        assertThat(request.header("X-Service-Delivery")).isEqualTo(delivery.toString());
        assertThat(Hooks.signatureValid(endpoint.secret(), request)).isTrue();
        Hooks.await(Duration.ofSeconds(10), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("status").asText()).isEqualTo("succeeded");
            assertThat(log.get("maxAttempts").asInt()).isEqualTo(4);
            assertThat(log.get("testMode").isNull()).isTrue();
        });
    }

    @Test
    void aFailedAttemptIsRetriedAboutAMinuteLaterByDefault() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        receiver.answer(r -> Answer.status(503));
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/down"), "course.created");
        Hooks.sendCourseCreated(ws, false);
        Hooks.await(Duration.ofSeconds(30), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("attempts").asInt()).isEqualTo(1);
            assertThat(log.get("status").asText()).isEqualTo("pending");
            assertThat(log.get("lastStatusCode").asInt()).isEqualTo(503);
            assertThat(log.get("lastError").asText()).isEqualTo("HTTP 503");
            long wait = Duration.between(
                            Instant.now(),
                            OffsetDateTime.parse(log.get("nextAttemptAt").asText()))
                    .toSeconds();
            assertThat(wait).as("1 minute ± 10%% jitter").isBetween(50L, 66L);
        });
        assertThat(receiver.requests("/down")).hasSize(1);
    }

    @Test
    void redirectsAreFailuresAndAreNotFollowed() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        receiver.answer(r -> r.path().equals("/moved") ? Answer.redirect(receiver.url("/target")) : Answer.status(200));
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/moved"), "course.created");
        Hooks.sendCourseCreated(ws, false);
        Hooks.await(Duration.ofSeconds(30), () -> {
            JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
            assertThat(log.get("attempts").asInt()).isEqualTo(1);
            assertThat(log.get("status").asText()).isEqualTo("pending");
            assertThat(log.get("lastStatusCode").asInt()).isEqualTo(302);
            assertThat(log.get("lastError").asText()).contains("redirect");
        });
        assertThat(receiver.requests("/target")).isEmpty();
    }

    @Test
    void anEndpointWhoseCertificateIsNotTrustedFails() {
        // A receiver whose certificate comes from a CA the dispatcher does not trust.
        try (HttpsReceiver untrusted =
                HttpsReceiver.start(TestCa.create("Rogue CA").serverContext("localhost"))) {
            long ws = TestKeys.newWorkspace();
            String auth = TestKeys.enterprise(ws);
            Hooks.Endpoint endpoint = Hooks.create(auth, untrusted.url("/rogue"), "course.created");
            Hooks.sendCourseCreated(ws, false);
            Hooks.await(Duration.ofSeconds(30), () -> {
                JsonNode log = Hooks.deliveries(auth, endpoint.id()).get(0);
                assertThat(log.get("attempts").asInt()).isEqualTo(1);
                assertThat(log.get("lastError").asText()).startsWith("TLS failed");
            });
            assertThat(untrusted.requests()).isEmpty();
        }
    }

    @Test
    void aDisabledEndpointsPendingDeliveriesWaitAndGoOutWhenItIsEnabled() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/paused"), "course.created");
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"enabled\":false}")
                .patch("/v1/headless/webhooks/" + endpoint.id())
                .then()
                .statusCode(200);
        // Queued while enabled (a legacy-style insert stands for a delivery queued just before the switch).
        UUID delivery = UUID.randomUUID();
        Db.execute(
                "insert into delivery (id, endpoint_id, workspace_id, event_id, type, body, test_mode, max_attempts, next_attempt_at)"
                        + " values ('" + delivery + "', " + endpoint.id() + ", " + ws + ", '" + UUID.randomUUID()
                        + "', 'course.created', '{}', false, 6, now())");
        Hooks.await(
                Duration.ofSeconds(10),
                () -> assertThat(Db.value("select next_attempt_at is null from delivery where id = '" + delivery + "'"))
                        .as("held by the sender")
                        .isEqualTo(true));
        assertThat(receiver.requests("/paused")).isEmpty();
        given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"enabled\":true}")
                .patch("/v1/headless/webhooks/" + endpoint.id())
                .then()
                .statusCode(200);
        Hooks.await(
                Duration.ofSeconds(10),
                () -> assertThat(receiver.requests("/paused")).hasSize(1));
        assertThat(receiver.requests("/paused").get(0).header("X-Service-Delivery"))
                .isEqualTo(delivery.toString());
    }

    /**
     * One intake batch (one transaction, one multi-row insert) that carries an event twice, as a
     * producer's retry can put it in one Kafka poll, queues and sends it once.
     */
    @Test
    void aBatchCarryingAnEventTwiceDeliversItOnce() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/batch-twice"), "course.created");
        UUID twice = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        String event = Hooks.event(twice, "course.created", ws, false, Hooks.courseData(1, "Twice"));
        intake.accept(
                        "webhook-deliveries",
                        List.of(
                                event,
                                event,
                                Hooks.event(other, "course.created", ws, false, Hooks.courseData(2, "Once"))))
                .await()
                .atMost(Duration.ofSeconds(30));
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/batch-twice")).hasSize(2));
        assertThat(receiver.requests("/batch-twice").stream()
                        .map(r -> Hooks.body(r).get("id").asText()))
                .containsExactlyInAnyOrder(twice.toString(), other.toString());
        assertThat(Db.value("select count(*) from delivery where endpoint_id = " + endpoint.id()))
                .isEqualTo(2L);
        // Read again (Kafka redelivers after a crash): nothing new.
        intake.accept("webhook-deliveries", List.of(event)).await().atMost(Duration.ofSeconds(30));
        assertThat(Db.value("select count(*) from delivery where endpoint_id = " + endpoint.id()))
                .isEqualTo(2L);
    }

    /**
     * The sender keeps each endpoint's decrypted key, but a changed stored secret (a new one, or
     * the same one re-encrypted) signs the very next delivery: the key is checked against the
     * stored value on every send.
     */
    @Test
    void aChangedSecretSignsTheNextDeliveryWithTheNewSecret() {
        long ws = TestKeys.newWorkspace();
        String auth = TestKeys.enterprise(ws);
        Hooks.Endpoint endpoint = Hooks.create(auth, receiver.url("/rotated"), "course.created");
        Hooks.sendCourseCreated(ws, false);
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/rotated")).hasSize(1));
        assertThat(Hooks.signatureValid(
                        endpoint.secret(), receiver.requests("/rotated").get(0)))
                .isTrue();

        String rotated = SecretCipher.newSecret();
        Db.execute("update webhook_endpoint set secret_encrypted = decode('"
                + HexFormat.of().formatHex(cipher.encrypt(rotated, ws)) + "', 'hex') where id = " + endpoint.id());
        Hooks.sendCourseCreated(ws, false);
        Hooks.await(
                Duration.ofSeconds(30),
                () -> assertThat(receiver.requests("/rotated")).hasSize(2));
        HttpsReceiver.Request second = receiver.requests("/rotated").get(1);
        assertThat(Hooks.signatureValid(rotated, second))
                .as("signed with the new secret")
                .isTrue();
        assertThat(Hooks.signatureValid(endpoint.secret(), second))
                .as("not with the old one")
                .isFalse();
    }
}
