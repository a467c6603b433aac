package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Request;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhooks end to end through the ingress: an HTTPS receiver on this machine with a certificate
 * issued (with openssl, as the README shows) from the suite's local CA subscribes, then a member,
 * a test delivery and courses made with a live and a test key turn into signed deliveries that
 * are checked the way a receiver checks them.
 */
class WebhooksIT {

    private static HttpsReceiver receiver;

    @BeforeAll
    static void startReceiver() throws Exception {
        receiver = Suite.receiver();
    }

    @AfterAll
    static void stop() {
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void membersTestsAndCoursesBecomeSignedDeliveries() throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];
        String test = Suite.key(ws, "test")[1];
        String path = "/hooks/" + ws;
        String url = receiver.url(path);
        JsonPath endpoint = Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"url\":\"" + url
                        + "\",\"events\":[\"course.created\",\"course.completed\"],\"description\":\"IT\"}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201)
                .body("url", equalTo(url))
                .extract()
                .jsonPath();
        long endpointId = endpoint.getLong("id");
        String secret = endpoint.getString("secret");

        // A member: member.created is internal, never delivered. A manual test delivery is.
        Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"email\":\"hooked-" + System.nanoTime() + "@example.com\",\"active\":true}")
                .post("/api/v1/members")
                .then()
                .statusCode(200);
        String testDelivery = Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"event\":\"course.completed\"}")
                .post("/v1/headless/webhooks/" + endpointId + "/test")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("deliveryId");
        long liveCourse = Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Hooked on golf\",\"identifier\":\"author-1\",\"clientIdentifier\":\"tenant-9\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        long testCourse = Suite.ingress()
                .header("Authorization", test)
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Sandbox course\",\"identifier\":\"author-2\"}")
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");

        List<Request> got = receiver.await(path, 3, Duration.ofSeconds(60));
        assertThat(got).hasSize(3);
        for (Request r : got) {
            assertThat(r.header("Content-Type")).startsWith("application/json");
            assertThat(r.signedWith(secret))
                    .as("signature of %s", r.header("X-Service-Delivery"))
                    .isTrue();
            assertThat(Math.abs(Instant.now().getEpochSecond() - Long.parseLong(r.header("X-Service-Timestamp"))))
                    .isLessThan(120);
            JsonNode body = r.json();
            assertThat(r.header("X-Service-Event")).isEqualTo(body.get("type").asText());
            assertThat(r.header("X-Service-Test-Mode"))
                    .isEqualTo(body.get("testMode").asText());
            assertThat(r.header("X-Service-Delivery")).matches("[0-9a-f-]{36}");
            assertThat(body.get("workspaceId").asLong()).isEqualTo(ws);
            assertThat(body.get("id").asText()).matches("[0-9a-f-]{36}");
            assertThat(Instant.parse(body.get("occurredAt").asText()))
                    .isBefore(Instant.now().plusSeconds(5));
        }
        Request manual = only(got, r -> r.header("X-Service-Delivery").equals(testDelivery));
        assertThat(manual.json().get("type").asText()).isEqualTo("course.completed");
        assertThat(manual.json().get("testMode").asBoolean()).isTrue();
        assertThat(manual.json().at("/data/test").asBoolean()).isTrue();
        Request liveCreated = only(
                got,
                r -> r.json().at("/data/course/id").asLong() == liveCourse
                        && !r.json().at("/data/test").asBoolean());
        assertThat(liveCreated.header("X-Service-Event")).isEqualTo("course.created");
        assertThat(liveCreated.json().get("testMode").asBoolean()).isFalse();
        assertThat(liveCreated.json().at("/data/course/title").asText()).isEqualTo("Hooked on golf");
        assertThat(liveCreated.json().at("/data/course/clientIdentifier").asText())
                .isEqualTo("tenant-9");
        Request testCreated = only(got, r -> r.json().at("/data/course/id").asLong() == testCourse);
        assertThat(testCreated.header("X-Service-Test-Mode"))
                .as("course.created takes the issuing key's mode")
                .isEqualTo("true");
        assertThat(got).noneMatch(r -> r.json().get("type").asText().startsWith("member."));

        // The delivery log, then a replay: same delivery id and body.
        Suite.ingress()
                .header("Authorization", live)
                .get("/v1/headless/webhooks/" + endpointId + "/deliveries")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3")
                .body("status", Matchers.everyItem(equalTo("succeeded")));
        String delivery = liveCreated.header("X-Service-Delivery");
        Suite.ingress()
                .header("Authorization", live)
                .post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then()
                .statusCode(202)
                .body("deliveryId", equalTo(delivery));
        List<Request> after = receiver.await(path, 4, Duration.ofSeconds(30));
        Request replayed = after.get(3);
        assertThat(replayed.header("X-Service-Delivery")).isEqualTo(delivery);
        assertThat(replayed.body()).isEqualTo(liveCreated.body());
        assertThat(replayed.signedWith(secret)).isTrue();

        // Another workspace sees none of it.
        String stranger = Suite.key(Suite.workspace("build"), "live")[1];
        Suite.ingress()
                .header("Authorization", stranger)
                .get("/v1/headless/webhooks/" + endpointId)
                .then()
                .statusCode(404);
        Suite.ingress()
                .header("Authorization", stranger)
                .post("/v1/headless/webhooks/deliveries/" + delivery + "/replay")
                .then()
                .statusCode(404);
    }

    private static Request only(List<Request> all, Predicate<Request> which) {
        List<Request> matching = all.stream().filter(which).toList();
        assertThat(matching).hasSize(1);
        return matching.get(0);
    }
}
