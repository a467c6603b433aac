package org.courseplatform.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.courseplatform.platform.web.StrictJson;
import org.junit.jupiter.api.Test;

/**
 * The envelope every topic carries: what the outbox writes for an event, and what a consumer's
 * {@link Inbox} accepts from a topic. The mapper is configured as the services' is (Quarkus's
 * defaults plus {@link StrictJson}).
 */
class CloudEventsTest {

    static final ObjectMapper MAPPER = StrictJson.apply(JsonMapper.builder()
            .findAndAddModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build());

    private final Outbox outbox = new Outbox(MAPPER, "course-service");
    private final Inbox inbox = new Inbox(MAPPER);

    private static Map<String, Object> courseData() {
        Map<String, Object> course = new LinkedHashMap<>();
        course.put("id", 42L);
        course.put("title", "Golf");
        course.put("clientIdentifier", null);
        return Map.of("course", course);
    }

    @Test
    void theOutboxWritesACloudEvents10EnvelopeFromThisService() throws Exception {
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        CloudEvent event = outbox.envelope("course.created", "42", 7, true, courseData());
        JsonNode json = MAPPER.readTree(MAPPER.writeValueAsString(event));
        assertThat(json.get("specversion").asText()).isEqualTo("1.0");
        assertThat(UUID.fromString(json.get("id").asText())).isNotNull();
        assertThat(json.get("source").asText()).isEqualTo("/course-service");
        assertThat(json.get("type").asText()).isEqualTo("course.created");
        assertThat(json.get("subject").asText()).isEqualTo("42");
        assertThat(json.get("datacontenttype").asText()).isEqualTo("application/json");
        assertThat(json.get("workspaceid").isIntegralNumber()).isTrue();
        assertThat(json.get("workspaceid").asLong()).isEqualTo(7);
        assertThat(json.get("testmode").isBoolean()).isTrue();
        assertThat(json.get("testmode").asBoolean()).isTrue();
        // An RFC 3339 timestamp in UTC with at most millisecond precision, not a number.
        assertThat(json.get("time").isTextual()).isTrue();
        OffsetDateTime time = OffsetDateTime.parse(json.get("time").asText());
        assertThat(time.getOffset()).isEqualTo(ZoneOffset.UTC);
        assertThat(time).isAfterOrEqualTo(before).isEqualTo(time.truncatedTo(ChronoUnit.MILLIS));
        // data is the payload as JSON, nulls included: it is exactly the webhook data.
        assertThat(json.get("data").toString())
                .isEqualTo("{\"course\":{\"id\":42,\"title\":\"Golf\",\"clientIdentifier\":null}}");
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        assertThat(names)
                .containsExactlyInAnyOrder(
                        "specversion",
                        "id",
                        "source",
                        "type",
                        "subject",
                        "time",
                        "datacontenttype",
                        "workspaceid",
                        "testmode",
                        "data");
    }

    @Test
    void everyEventHasItsOwnId() {
        assertThat(outbox.envelope("course.updated", "1", 1, false, Map.of()).id())
                .isNotEqualTo(outbox.envelope("course.updated", "1", 1, false, Map.of())
                        .id());
    }

    @Test
    void absentAttributesAreLeftOutNotWrittenAsNull() throws Exception {
        CloudEvent event = outbox.envelope("workspace.updated", "3", 3, null, Map.of());
        JsonNode json = MAPPER.readTree(MAPPER.writeValueAsString(event));
        assertThat(json.has("testmode")).isFalse();
        assertThat(json.get("data").toString()).isEqualTo("{}");
    }

    @Test
    void whatTheOutboxWritesTheInboxReadsBackUnchanged() throws Exception {
        CloudEvent written = outbox.envelope("course.completed", "42", 7, false, courseData());
        String value = MAPPER.writeValueAsString(written);
        CloudEvent read = inbox.parse(value);
        assertThat(read).usingRecursiveComparison().ignoringFields("data").isEqualTo(written);
        // Numbers come back as the smallest node that holds them, so compare data as JSON.
        assertThat(read.data().toString()).isEqualTo(written.data().toString());
        assertThat(MAPPER.writeValueAsString(read)).isEqualTo(value);
        assertThat(read.data().at("/course/title").asText()).isEqualTo("Golf");
        assertThat(read.data().at("/course/clientIdentifier").isNull()).isTrue();
    }

    @Test
    void theInboxAcceptsAttributesItDoesNotKnowAsCloudEventsRequires() {
        CloudEvent event = inbox.parse("""
                {"specversion":"1.0","id":"1b4e28ba-2fa1-11d2-883f-0016d3cca427","source":"/members-service",
                 "type":"member.created","subject":"5","time":"2026-01-02T03:04:05.678Z","workspaceid":9,
                 "traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01","partitionkey":"9",
                 "data":{"member":{"id":5,"email":"a@example.com","future":{"x":[1,2]}}}}""");
        assertThat(event).isNotNull();
        assertThat(event.type()).isEqualTo("member.created");
        assertThat(event.workspaceid()).isEqualTo(9L);
        assertThat(event.testmode()).as("an event from before the field").isNull();
        assertThat(event.time()).isEqualTo(OffsetDateTime.parse("2026-01-02T03:04:05.678Z"));
        assertThat(event.data().at("/member/future/x/1").asInt()).isEqualTo(2);
    }

    @Test
    void aRecordThatIsNotACloudEventIsSkippedNotFatal() {
        String id = "1b4e28ba-2fa1-11d2-883f-0016d3cca427";
        for (String value : new String[] {
            null,
            "",
            "not json",
            "[]",
            "{\"id\":\"" + id + "\"}",
            "{\"type\":\"course.created\"}",
            "{\"id\":\"42\",\"type\":\"course.created\"}",
            "{\"id\":\"" + id + "\",\"type\":\"course.created\",\"workspaceid\":\"nine\"}",
            "{\"id\":\"" + id + "\",\"type\":\"course.created\",\"time\":\"yesterday\"}",
            "{\"id\":\"" + id + "\",\"type\":\"course.created\"",
            "{\"id\":\"" + id + "\",\"id\":\"" + id + "\",\"type\":\"course.created\"}"
        }) {
            assertThat(inbox.parse(value)).as("%s", value).isNull();
        }
        assertThat(inbox.parse("{\"id\":\"" + id + "\",\"type\":\"course.created\"}"))
                .as("id and type are enough")
                .isNotNull();
    }
}
