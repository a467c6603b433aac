package org.courseplatform.courses.course;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.events.Topics;

/** The {@code course.*} events on course-events, written in the change's own transaction. */
@ApplicationScoped
public class CourseEvents {

    private final Outbox outbox;

    public CourseEvents(Outbox outbox) {
        this.outbox = outbox;
    }

    /** {@code data = {course: {id, title, key, clientIdentifier, identifier, type}}} (API.md). */
    public Uni<Void> emit(String type, Course course, boolean testMode) {
        Map<String, Object> summary = new java.util.LinkedHashMap<>();
        summary.put("id", course.id);
        summary.put("title", course.title);
        summary.put("key", course.key);
        summary.put("clientIdentifier", course.clientIdentifier);
        summary.put("identifier", course.identifier);
        summary.put("type", course.type);
        return outbox.add(Topics.COURSE_EVENTS, type, Long.toString(course.id), course.workspaceId, testMode,
                Map.of("course", summary)).replaceWithVoid();
    }
}
