package org.courseplatform.scorm.courses;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Follows the soft deletion of hosted SCORM courses from course-events: once course-service has
 * deleted a course, its package can no longer be embedded, launched or played (its open player
 * sessions stop too); a restore brings it back. Older events never overwrite newer state.
 */
@ApplicationScoped
public class CourseDeletions {

    private static final String MARK = """
            update scorm_package set course_deleted = ?1, course_event_at = ?2
            where course_id = ?3 and workspace_id = ?4 and (course_event_at is null or course_event_at <= ?2)""";

    private final Inbox inbox;

    public CourseDeletions(Inbox inbox) {
        this.inbox = inbox;
    }

    @Incoming("course-events")
    public Uni<Void> consume(String value) {
        return inbox.consume("scorm-course-deletions", value, this::apply);
    }

    Uni<Void> apply(CloudEvent event) {
        boolean deleted = Events.COURSE_DELETED.is(event);
        if (!deleted && !Events.COURSE_RESTORED.is(event)) {
            return Uni.createFrom().voidItem();
        }
        var course = event.data() == null ? null : event.data().get("course");
        if (course == null
                || !course.path("id").canConvertToLong()
                || event.workspaceid() == null
                || event.time() == null) {
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(MARK)
                        .setParameter(1, deleted)
                        .setParameter(2, event.time())
                        .setParameter(3, course.get("id").asLong())
                        .setParameter(4, event.workspaceid())
                        .executeUpdate())
                .replaceWithVoid();
    }
}
