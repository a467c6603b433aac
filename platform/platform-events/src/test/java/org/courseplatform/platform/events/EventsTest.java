package org.courseplatform.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.courseplatform.platform.events.EventData.Batch;
import org.courseplatform.platform.events.EventData.BatchCounts;
import org.courseplatform.platform.events.EventData.BatchItem;
import org.courseplatform.platform.events.EventData.BatchProgress;
import org.courseplatform.platform.events.EventData.Course;
import org.courseplatform.platform.events.EventData.CourseChange;
import org.courseplatform.platform.events.EventData.CourseProgress;
import org.courseplatform.platform.events.EventData.Enrolment;
import org.courseplatform.platform.events.EventData.EnrolmentChange;
import org.courseplatform.platform.events.EventData.Member;
import org.courseplatform.platform.events.EventData.MemberChange;
import org.courseplatform.platform.events.EventData.Quiz;
import org.courseplatform.platform.events.EventData.QuizResult;
import org.courseplatform.platform.events.EventData.Screen;
import org.courseplatform.platform.events.EventData.TrackedCourse;
import org.courseplatform.platform.events.EventData.Tracking;
import org.courseplatform.platform.events.EventData.Workspace;
import org.courseplatform.platform.events.EventData.WorkspaceChange;
import org.junit.jupiter.api.Test;

/** The event catalogue: its entries, and the exact JSON each kind of {@code data} is written as. */
class EventsTest {

    private static final ObjectMapper MAPPER = CloudEventsTest.MAPPER;
    private static final OffsetDateTime T = OffsetDateTime.parse("2026-01-02T03:04:05.678Z");

    private static String json(Object data) {
        Outbox outbox = new Outbox(MAPPER, "test-service");
        return outbox.envelope("x.y", "1", 1, false, data).data().toString();
    }

    @Test
    void webhooksMaySubscribeToTheSevenTypesOfTheSpecInThisOrder() {
        assertThat(Events.subscribableNames())
                .containsExactly(
                        "course.created",
                        "course.commenced",
                        "course.completed",
                        "quiz.completed",
                        "quiz.failed",
                        "migration.progress",
                        "migration.completed");
    }

    @Test
    void everyEntryIsOneTypeOnOneTopic() {
        Set<String> topics =
                Set.of(Topics.MEMBER_EVENTS, Topics.COURSE_EVENTS, Topics.SCORM_EVENTS, Topics.MIGRATION_EVENTS);
        Pattern name = Pattern.compile("[a-z]+\\.[a-z]+");
        for (EventType<?> type : Events.ALL) {
            assertThat(type.name()).as("%s", type).matches(name);
            assertThat(topics).as("%s", type).contains(type.topic());
            assertThat(type.dataType().isRecord())
                    .as("%s: data is a record", type)
                    .isTrue();
            assertThat(Events.find(type.topic(), type.name())).as("%s", type).containsSame(type);
        }
        assertThat(Events.ALL.stream()
                        .map(t -> t.topic() + " " + t.name())
                        .distinct()
                        .count())
                .as("no entry twice")
                .isEqualTo(Events.ALL.size());
        assertThat(Events.names()).hasSize(21);
        assertThat(Events.ALL).extracting(EventType::topic).containsAll(topics);
    }

    @Test
    void aTypeOnTwoTopicsHasOneShapeAndOneSubscribability() {
        Map<String, EventType<?>> first = new HashMap<>();
        for (EventType<?> type : Events.ALL) {
            EventType<?> other = first.putIfAbsent(type.name(), type);
            if (other != null) {
                assertThat(type.dataType()).as("%s and %s", type, other).isEqualTo(other.dataType());
                assertThat(type.subscribable()).as("%s and %s", type, other).isEqualTo(other.subscribable());
            }
        }
        assertThat(Events.ALL.stream()
                        .filter(t -> t.name().equals("course.completed"))
                        .map(EventType::topic)
                        .collect(Collectors.toSet()))
                .containsExactlyInAnyOrder(Topics.COURSE_EVENTS, Topics.SCORM_EVENTS);
    }

    @Test
    void isComparesTheTypeName() {
        CloudEvent completed = new CloudEvent(
                "1.0",
                UUID.randomUUID().toString(),
                "/scorm-service",
                "course.completed",
                "1",
                T,
                CloudEvent.JSON,
                1L,
                false,
                null,
                null);
        assertThat(Events.COURSE_COMPLETED.is(completed)).isTrue();
        assertThat(Events.SCORM_COURSE_COMPLETED.is(completed)).isTrue();
        assertThat(Events.COURSE_COMMENCED.is(completed)).isFalse();
        assertThat(Events.COURSE_COMPLETED.is(null)).isFalse();
    }

    @Test
    void memberEventsCarryTheMemberWithoutPersonalDetailsBeyondItsNames() {
        assertThat(json(new MemberChange(new Member(5, "a@example.com", null, "active", "learner"))))
                .isEqualTo("{\"member\":{\"id\":5,\"email\":\"a@example.com\",\"username\":null,\"state\":\"active\","
                        + "\"userType\":\"learner\"}}");
        assertThat(json(new EnrolmentChange(new Enrolment(9, 5L, 42L, null, "learner", T))))
                .isEqualTo("{\"enrolment\":{\"id\":9,\"user\":5,\"course\":42,\"group\":null,\"role\":\"learner\","
                        + "\"created\":\"2026-01-02T03:04:05.678Z\"}}");
        assertThat(json(new WorkspaceChange(
                        new Workspace(3, "Acme", "build", List.of("scorm_hosting"), List.of(), null, T, T))))
                .isEqualTo(
                        "{\"workspace\":{\"id\":3,\"name\":\"Acme\",\"plan\":\"build\",\"addons\":[\"scorm_hosting\"],"
                                + "\"features\":[],\"userLimit\":null,\"created\":\"2026-01-02T03:04:05.678Z\","
                                + "\"updated\":\"2026-01-02T03:04:05.678Z\"}}");
    }

    @Test
    void courseEventsCarryTheWebhookDataOfApiMd() {
        assertThat(json(new CourseChange(new Course(42, "Golf", "GOLF-1", null, "author-1", "course"))))
                .isEqualTo("{\"course\":{\"id\":42,\"title\":\"Golf\",\"key\":\"GOLF-1\",\"clientIdentifier\":null,"
                        + "\"identifier\":\"author-1\",\"type\":\"course\"}}");
        TrackedCourse course = new TrackedCourse(42, "Golf", "GOLF-1", "tenant-9");
        String tracked =
                "{\"course\":{\"id\":42,\"title\":\"Golf\",\"key\":\"GOLF-1\",\"clientIdentifier\":\"tenant-9\"},"
                        + "\"tracking\":{\"id\":7,\"identifier\":\"learner\",\"email\":null,\"commenced\":\"2026-01-02T03:04:05.678Z\","
                        + "\"completed\":null,\"totalTime\":";
        assertThat(json(new CourseProgress(
                        course, new Tracking(7, "learner", null, T.toInstant().toString(), null, 12L), null)))
                .as("the course player: whole seconds, no collection key")
                .isEqualTo(tracked + "12}}");
        assertThat(json(new CourseProgress(
                        course, new Tracking(7, "learner", null, T.toInstant().toString(), null, 12.5), null)))
                .as("the SCORM player: hundredths")
                .isEqualTo(tracked + "12.5}}");
        JsonNode collection = MAPPER.createObjectNode().put("id", 3).put("key", "PATH");
        assertThat(json(new CourseProgress(
                        course, new Tracking(7, "learner", null, T.toInstant().toString(), null, 12L), collection)))
                .isEqualTo(tracked + "12},\"collection\":{\"id\":3,\"key\":\"PATH\"}}");
        assertThat(json(new QuizResult(
                        null,
                        new Screen(8, "Quiz"),
                        new Tracking(7, "learner", "l@example.com", "a", "b", 3L),
                        new Quiz(50, 80, false, Map.of("q1", List.of("a"))))))
                .isEqualTo(
                        "{\"course\":null,\"screen\":{\"id\":8,\"title\":\"Quiz\"},\"tracking\":{\"id\":7,\"identifier\":\"learner\","
                                + "\"email\":\"l@example.com\",\"commenced\":\"a\",\"completed\":\"b\",\"totalTime\":3},"
                                + "\"quiz\":{\"score\":50,\"passPercent\":80,\"passed\":false,\"answers\":{\"q1\":[\"a\"]}}}");
    }

    @Test
    void migrationEventsCarryTheBatchAsItsStatusEndpointAnswersIt() {
        UUID id = UUID.fromString("1b4e28ba-2fa1-11d2-883f-0016d3cca427");
        BatchItem item = new BatchItem(
                11, 42, "Golf", "migrated", 3, 2, MAPPER.createArrayNode(), MAPPER.createArrayNode(), null, null);
        BatchCounts counts = new BatchCounts(1, 0, 0, 1, 0);
        String batch = "\"id\":\"1b4e28ba-2fa1-11d2-883f-0016d3cca427\",\"status\":\"completed\","
                + "\"created\":\"2026-01-02T03:04:05.678Z\",\"completed\":\"2026-01-02T03:04:05.678Z\","
                + "\"counts\":{\"total\":1,\"pending\":0,\"processing\":0,\"succeeded\":1,\"failed\":0},\"items\":[";
        String itemJson =
                "{\"jobId\":11,\"courseId\":42,\"title\":\"Golf\",\"status\":\"migrated\",\"total\":3,\"changed\":2,"
                        + "\"blocked\":[],\"screens\":[],\"error\":null,\"reason\":null}";
        assertThat(json(new Batch(id, "completed", T, T, counts, List.of(item))))
                .isEqualTo("{" + batch + itemJson + "]}");
        assertThat(json(new BatchProgress(id, "completed", T, T, counts, List.of(item), item)))
                .isEqualTo("{" + batch + itemJson + "],\"item\":" + itemJson + "}");
    }
}
