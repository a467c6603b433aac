package org.courseplatform.webhooks.support;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.awaitility.Awaitility;
import org.awaitility.core.ThrowingRunnable;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.TestKafka;

/** Test helpers: endpoints through the API, CloudEvents straight to Kafka, and a receiver's signature check. */
public final class Hooks {

    public static final ObjectMapper JSON = new ObjectMapper();

    private Hooks() {}

    /** An endpoint created through the API: its id and its once-shown secret. */
    public record Endpoint(long id, String secret) {}

    public static Endpoint create(String auth, String url, String... events) {
        StringBuilder list = new StringBuilder();
        for (String event : events) {
            list.append(list.length() == 0 ? "" : ",").append('"').append(event).append('"');
        }
        JsonPath created = given().header("Authorization", auth)
                .contentType(ContentType.JSON)
                .body("{\"url\":\"" + url + "\",\"events\":[" + list + "]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        return new Endpoint(created.getLong("id"), created.getString("secret"));
    }

    /** A CloudEvent as course-service writes it; {@code testMode} null leaves the extension out. */
    public static String event(UUID id, String type, long workspace, Boolean testMode, String dataJson) {
        return "{\"specversion\":\"1.0\",\"id\":\"" + id + "\",\"source\":\"/course-service\",\"type\":\"" + type
                + "\",\"subject\":\"1\",\"time\":\"" + Instant.now() + "\",\"datacontenttype\":\"application/json\","
                + "\"workspaceid\":" + workspace + (testMode == null ? "" : ",\"testmode\":" + testMode)
                + ",\"data\":" + dataJson + "}";
    }

    public static String courseData(long courseId, String title) {
        return "{\"course\":{\"id\":" + courseId + ",\"title\":\"" + title
                + "\",\"key\":\"K7QM-3XTA\",\"clientIdentifier\":\"tenant-1\",\"identifier\":\"author-1\",\"type\":\"course\"}}";
    }

    /** Sends {@code count} course.created events of the workspace with one producer; answers their ids. */
    public static List<UUID> sendCourseCreated(long workspace, int count) {
        Properties props = new Properties();
        props.put("bootstrap.servers", TestKafka.bootstrap());
        props.put("key.serializer", "org.apache.kafka.common.serialization.StringSerializer");
        props.put("value.serializer", "org.apache.kafka.common.serialization.StringSerializer");
        List<UUID> ids = new ArrayList<>();
        try (var producer = new KafkaProducer<String, String>(props)) {
            for (int i = 0; i < count; i++) {
                UUID id = UUID.randomUUID();
                ids.add(id);
                producer.send(new ProducerRecord<>(
                        "course-events",
                        Long.toString(workspace),
                        event(id, "course.created", workspace, false, courseData(i, "Course " + i))));
            }
            producer.flush();
        }
        return ids;
    }

    public static UUID sendCourseCreated(long workspace, Boolean testMode) {
        UUID id = UUID.randomUUID();
        TestKafka.send(
                "course-events",
                Long.toString(workspace),
                event(id, "course.created", workspace, testMode, courseData(42, "Golf")));
        return id;
    }

    /**
     * Verifies a request the way a receiver does, with the example of docs/webhooks.md: HMAC over
     * "timestamp.raw body", constant-time compare, timestamp within five minutes of now.
     */
    public static boolean signatureValid(String secret, HttpsReceiver.Request request) {
        try {
            return new WebhookVerifier(secret)
                    .verify(
                            request.header("X-Service-Timestamp"),
                            request.header("X-Service-Signature"),
                            request.body().getBytes(StandardCharsets.UTF_8),
                            Instant.now());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static JsonNode body(HttpsReceiver.Request request) {
        try {
            return JSON.readTree(request.body());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The endpoint's delivery log as the API answers it. */
    public static List<JsonNode> deliveries(String auth, long endpointId) {
        String json = given().header("Authorization", auth)
                .get("/v1/headless/webhooks/" + endpointId + "/deliveries")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        try {
            return List.of(JSON.readValue(json, JsonNode[].class));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static void await(Duration timeout, ThrowingRunnable assertion) {
        Awaitility.await()
                .atMost(timeout)
                .pollInterval(Duration.ofMillis(100))
                .ignoreExceptions()
                .untilAsserted(assertion);
    }
}
