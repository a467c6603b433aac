package org.courseplatform.members;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.web.TraceIds;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.Level;
import org.jboss.logmanager.Logger;
import org.junit.jupiter.api.Test;

/**
 * A request's trace goes with the events it causes: through the outbox and Kafka (the envelope's
 * {@code traceparent} and the record's header) to the consumer, whose log lines carry the trace id.
 */
@QuarkusTest
class EventTracesTest {

    private final ObjectMapper mapper = new ObjectMapper();

    private static String newTraceId() {
        return String.format(
                "%016x%016x",
                ThreadLocalRandom.current().nextLong(),
                ThreadLocalRandom.current().nextLong() | 1);
    }

    @Test
    void theEventsOfATracedRequestCarryItsTraceThroughTheOutboxAndKafka() throws Exception {
        String trace = newTraceId();
        Response created = given().auth()
                .oauth2(Admin.operatorToken())
                .header("traceparent", "00-" + trace + "-00f067aa0ba902b7-01")
                .contentType(ContentType.JSON)
                .body("{\"name\":\"Traced\",\"plan\":\"build\",\"addons\":[],\"features\":[],\"userLimit\":null}")
                .post("/admin/v1/workspaces");
        created.then().statusCode(201).header(TraceIds.HEADER, trace);
        String ws = Long.toString(created.jsonPath().getLong("id"));

        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "member-events", all -> all.stream().anyMatch(r -> ws.equals(r.key())), Duration.ofSeconds(30));
        ConsumerRecord<String, String> record =
                records.stream().filter(r -> ws.equals(r.key())).findFirst().orElseThrow();
        JsonNode event = mapper.readTree(record.value());
        assertThat(event.get("type").asText()).isEqualTo("workspace.created");
        assertThat(event.get("traceparent").asText()).matches("00-" + trace + "-[0-9a-f]{16}-0[01]");
        Header header = record.headers().lastHeader("traceparent");
        assertThat(header).as("the record's traceparent header").isNotNull();
        assertThat(new String(header.value(), StandardCharsets.US_ASCII))
                .isEqualTo(event.get("traceparent").asText());
    }

    @Test
    void aConsumerHandlesAnEventInTheTraceItCarries() throws Exception {
        String trace = newTraceId();
        Queue<String> traceIdsLogged = new ConcurrentLinkedQueue<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record instanceof ExtLogRecord ext
                        && ext.getFormattedMessage().startsWith("course-projection")) {
                    String traceId = ext.getMdc("traceId");
                    traceIdsLogged.add(traceId == null ? "none" : traceId);
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger inbox = Logger.getLogger("org.courseplatform.platform.events.Inbox");
        java.util.logging.Level before = inbox.getLevel();
        inbox.setLevel(Level.DEBUG);
        inbox.addHandler(capture);
        try {
            long ws = Admin.workspace("build", "[]");
            long course = 700_000_000L + ThreadLocalRandom.current().nextInt(1_000_000);
            String value = "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                    + "\",\"source\":\"/course-service\",\"type\":\"course.created\",\"subject\":\"" + course
                    + "\",\"time\":\"" + OffsetDateTime.now() + "\",\"datacontenttype\":\"application/json\","
                    + "\"workspaceid\":" + ws + ",\"testmode\":false,"
                    + "\"traceparent\":\"00-" + trace + "-b7ad6b7169203331-01\","
                    + "\"data\":{\"course\":{\"id\":" + course + ",\"title\":\"Traced\",\"key\":\"K\","
                    + "\"clientIdentifier\":null,\"identifier\":\"a\",\"type\":\"course\"}}}";
            TestKafka.send("course-events", Long.toString(course), value);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!traceIdsLogged.contains(trace) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(traceIdsLogged)
                    .as("trace ids of course-projection's log lines")
                    .contains(trace);
        } finally {
            inbox.removeHandler(capture);
            inbox.setLevel(before);
        }
    }
}
