package org.courseplatform.systemtests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.courseplatform.platform.testing.HttpsReceiver;
import org.courseplatform.platform.testing.HttpsReceiver.Request;
import org.junit.jupiter.api.Test;

/**
 * One request followed the way an operator follows a trace id a tenant quotes: a course made
 * through the ingress with the caller's {@code traceparent} answers that trace id, and the same
 * id is in the ingress's access log, in the log lines of every service the request and its
 * {@code course.created} event crossed (course-service, which queued the event; members-service's
 * course projection; webhook-dispatcher's intake and delivery) and in the delivery's own
 * {@code traceparent} header.
 */
class TracesIT {

    @Test
    void aCourseAndItsWebhookDeliveryAreFoundByTheirTraceIdInEveryServiceTheyCrossed() throws Exception {
        try (HttpsReceiver receiver = Suite.receiver()) {
            follow(receiver);
        }
    }

    private static void follow(HttpsReceiver receiver) throws Exception {
        long ws = Suite.workspace("build");
        String live = Suite.key(ws, "live")[1];
        String path = "/traced/" + ws;
        Suite.ingress()
                .header("Authorization", live)
                .contentType(ContentType.JSON)
                .body("{\"url\":\"" + receiver.url(path) + "\",\"events\":[\"course.created\"]}")
                .post("/v1/headless/webhooks")
                .then()
                .statusCode(201);

        String trace = HexFormat.of().formatHex(randomBytes(16));
        Response created = Suite.ingress()
                .header("Authorization", live)
                .header("traceparent", "00-" + trace + "-" + HexFormat.of().formatHex(randomBytes(8)) + "-01")
                .contentType(ContentType.JSON)
                .body("{\"title\":\"Traced course\",\"identifier\":\"author-1\"}")
                .post("/v1/headless/courses");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.header("X-Trace-Id"))
                .as("the caller's trace is continued")
                .isEqualTo(trace);
        long course = created.jsonPath().getLong("id");

        List<Request> got = receiver.await(path, 1, Duration.ofSeconds(60));
        assertThat(got).hasSize(1);
        assertThat(got.get(0).json().at("/data/course/id").asLong()).isEqualTo(course);
        assertThat(got.get(0).header("traceparent"))
                .as("the delivery is sent in the request's trace")
                .startsWith("00-" + trace + "-");

        assertThat(Suite.accessLog()).contains("POST /v1/headless/courses ").contains("trace=" + trace);
        Path logs = Path.of(Suite.env("SUITE_LOG_DIR"));
        String field = "\"traceId\":\"" + trace + "\"";
        // Within 20 s: a log line is written after the work it reports.
        for (String service : List.of("course-service", "members-service", "webhook-dispatcher")) {
            await().alias("a JSON log line of " + service + " with mdc.traceId " + trace)
                    .atMost(Duration.ofSeconds(20))
                    .pollDelay(Duration.ZERO)
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> logOf(logs, service).contains(field));
        }
    }

    /** Every log of the service (all its replicas) as one text. */
    private static String logOf(Path logs, String service) {
        try (Stream<Path> files = Files.list(logs)) {
            StringBuilder all = new StringBuilder();
            for (Path file : files.filter(f -> f.getFileName().toString().matches(service + "(-\\d+)?\\.log"))
                    .toList()) {
                all.append(Files.readString(file));
            }
            return all.toString();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        ThreadLocalRandom.current().nextBytes(bytes);
        return bytes;
    }
}
