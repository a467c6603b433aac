package org.courseplatform.apireference;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.courseplatform.platform.events.EventData;

/**
 * One value of each {@code data} record a subscribable event carries, as the services fill them in,
 * nullable fields null: the webhook payloads of the document must describe these.
 */
final class WebhookSamples {

    private static final OffsetDateTime AT = OffsetDateTime.of(2026, 3, 2, 9, 30, 0, 0, ZoneOffset.UTC);

    private WebhookSamples() {}

    static Object data(Class<?> type) {
        EventData.Tracking tracking = new EventData.Tracking(9, "learner-5", null, AT.toString(), null, 12.5);
        EventData.BatchItem item = new EventData.BatchItem(
                3,
                318,
                "Fire safety",
                "migrated",
                12,
                3,
                JsonNodeFactory.instance.arrayNode(),
                JsonNodeFactory.instance.arrayNode(),
                null,
                null);
        EventData.BatchCounts counts = new EventData.BatchCounts(1, 0, 0, 1, 0);
        if (type == EventData.CourseChange.class) {
            return new EventData.CourseChange(new EventData.Course(412, "Safety", "SAFE-1", null, null, "course"));
        }
        if (type == EventData.CourseProgress.class) {
            return new EventData.CourseProgress(
                    new EventData.TrackedCourse(412, "Safety", "SAFE-1", null), tracking, null);
        }
        if (type == EventData.QuizResult.class) {
            return new EventData.QuizResult(
                    null,
                    new EventData.Screen(77, "Check"),
                    tracking,
                    new EventData.Quiz(40, 80, false, Map.of("q1", List.of("b"))));
        }
        if (type == EventData.Batch.class) {
            return new EventData.Batch(UUID.randomUUID(), "completed", AT, AT, counts, List.of(item));
        }
        if (type == EventData.BatchProgress.class) {
            return new EventData.BatchProgress(UUID.randomUUID(), "processing", AT, null, counts, List.of(item), item);
        }
        throw new IllegalArgumentException(
                "no sample of " + type.getName() + ": add one, and its payload to reference.yaml");
    }
}
