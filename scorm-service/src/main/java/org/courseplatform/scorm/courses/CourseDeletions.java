package org.courseplatform.scorm.courses;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Inbox;
import org.courseplatform.scorm.courses.CourseStateRepository.CourseState;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Follows the soft deletion of hosted SCORM courses from course-events: once course-service has
 * deleted a course, its package can no longer be embedded, launched or played (its open player
 * sessions stop too); a restore brings it back. Older events never overwrite newer state.
 * course-events is the platform's busiest topic and almost none of it concerns this service, so
 * it is read in batches and only deletions and restores reach the database (one transaction and
 * one statement per batch that has any).
 */
@ApplicationScoped
public class CourseDeletions {

    static final String CONSUMER = "scorm-course-deletions";

    private final Inbox inbox;
    private final CourseStateRepository repository;

    public CourseDeletions(Inbox inbox, CourseStateRepository repository) {
        this.inbox = inbox;
        this.repository = repository;
    }

    @Incoming("course-events")
    public Uni<Void> consume(List<String> values) {
        return inbox.consumeBatch(
                repository.pool(),
                CONSUMER,
                values,
                CourseDeletions::deletesOrRestores,
                (connection, fresh) -> repository.mark(connection, latest(fresh)));
    }

    /** A deletion or restore that names its course, workspace and time. */
    static boolean deletesOrRestores(CloudEvent event) {
        if (!Events.COURSE_DELETED.is(event) && !Events.COURSE_RESTORED.is(event)) {
            return false;
        }
        var course = event.data() == null ? null : event.data().get("course");
        return course != null
                && course.path("id").canConvertToLong()
                && event.workspaceid() != null
                && event.time() != null;
    }

    /** Each course's latest change in the batch: a statement may change a row once only; a later event wins a tie. */
    static List<CourseState> latest(List<CloudEvent> events) {
        Map<List<Long>, CourseState> byCourse = new LinkedHashMap<>();
        for (CloudEvent event : events) {
            CourseState state = new CourseState(
                    event.data().get("course").get("id").asLong(),
                    event.workspaceid(),
                    Events.COURSE_DELETED.is(event),
                    event.time());
            byCourse.merge(
                    List.of(state.courseId(), state.workspaceId()),
                    state,
                    (earlier, later) -> later.occurredAt().isBefore(earlier.occurredAt()) ? earlier : later);
        }
        return new ArrayList<>(byCourse.values());
    }
}
