package org.courseplatform.courses.course;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.events.EventData;
import org.courseplatform.platform.events.EventData.CourseChange;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Outbox;

/** The lifecycle {@code course.*} events on course-events, written in the change's own transaction. */
@ApplicationScoped
public class CourseEvents {

    private final Outbox outbox;

    public CourseEvents(Outbox outbox) {
        this.outbox = outbox;
    }

    /** {@code data = {course: {id, title, key, clientIdentifier, identifier, type}}} (API.md). */
    public Uni<Void> emit(EventType<CourseChange> type, Course course, boolean testMode) {
        CourseChange data = new CourseChange(new EventData.Course(
                course.id,
                course.title,
                course.key,
                course.clientIdentifier,
                course.identifier,
                course.type().wire()));
        return outbox.add(type, Long.toString(course.id), course.workspaceId, testMode, data)
                .replaceWithVoid();
    }
}
