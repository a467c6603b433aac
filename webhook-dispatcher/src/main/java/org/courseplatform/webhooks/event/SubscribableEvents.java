package org.courseplatform.webhooks.event;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import org.courseplatform.platform.events.Events;

/**
 * The events a webhook endpoint can subscribe to (SPEC, Subscribable events): the subscribable
 * entries of the platform's event catalogue ({@link Events}). Every other type on the platform's
 * topics (workspace, member, enrolment, key and course changes other than creation) is internal
 * and never delivered.
 */
public final class SubscribableEvents {

    public static final List<String> NAMES = Events.subscribableNames();
    private static final Set<String> SET = Set.copyOf(NAMES);

    private SubscribableEvents() {}

    public static boolean isSubscribable(String type) {
        return type != null && SET.contains(type);
    }

    /**
     * {@code data} of a manual test delivery of {@code type}: the event's shape filled with
     * placeholder values, and {@code test: true} (SPEC, Test mode rule 5).
     */
    public static ObjectNode sampleData(ObjectMapper mapper, String type) {
        ObjectNode data = mapper.createObjectNode();
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        if (type.startsWith("course.") || type.startsWith("quiz.")) {
            ObjectNode course = data.putObject("course");
            course.put("id", 0)
                    .put("title", "Webhook test course")
                    .put("key", "TEST-0000")
                    .putNull("clientIdentifier");
            if (Events.COURSE_CREATED.name().equals(type)) {
                course.put("identifier", "webhook-test-author").put("type", "course");
            } else {
                ObjectNode tracking = data.putObject("tracking");
                tracking.put("id", 0)
                        .put("identifier", "webhook-test-learner")
                        .put("email", "learner@example.com")
                        .put("commenced", now);
                if (Events.COURSE_COMMENCED.name().equals(type)) {
                    tracking.putNull("completed").put("totalTime", 0);
                } else {
                    tracking.put("completed", now).put("totalTime", 600);
                }
                if (type.startsWith("quiz.")) {
                    data.putObject("quiz")
                            .put("id", 0)
                            .put("title", "Webhook test quiz")
                            .put("score", Events.QUIZ_COMPLETED.name().equals(type) ? 100 : 0)
                            .put("passed", Events.QUIZ_COMPLETED.name().equals(type));
                }
            }
        } else if (type.startsWith("migration.")) {
            boolean done = Events.MIGRATION_COMPLETED.name().equals(type);
            data.put("id", "00000000-0000-0000-0000-000000000000")
                    .put("status", done ? "completed" : "processing")
                    .put("created", now);
            if (done) {
                data.put("completed", now);
            } else {
                data.putNull("completed");
            }
            data.putObject("counts")
                    .put("total", 1)
                    .put("pending", 0)
                    .put("processing", 0)
                    .put("succeeded", 1)
                    .put("failed", 0);
            ObjectNode item = mapper.createObjectNode();
            item.put("jobId", 0)
                    .put("courseId", 0)
                    .put("title", "Webhook test course")
                    .put("status", "migrated")
                    .put("total", 1)
                    .put("changed", 1);
            item.putArray("blocked");
            item.putArray("screens");
            item.putNull("error").putNull("reason");
            data.putArray("items").add(item);
            if (!done) {
                data.set("item", item.deepCopy());
            }
        }
        data.put("test", true);
        return data;
    }
}
