package org.courseplatform.members.course;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.members.course.CourseProjectionRepository.CourseChange;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * members-service's copy of each course (id, title, key, tenant, deleted), fed by course-events
 * through the inbox, so enrolments can check course ids and search course titles without
 * calling course-service. Older events never overwrite newer state. course-events is the
 * platform's busiest topic, so it is read in batches (one Kafka poll at a time), each applied in
 * one transaction with one statement.
 */
@ApplicationScoped
public class CourseProjection {

    static final String CONSUMER = "course-projection";

    private final Inbox inbox;
    private final CourseProjectionRepository repository;

    public CourseProjection(Inbox inbox, CourseProjectionRepository repository) {
        this.inbox = inbox;
        this.repository = repository;
    }

    @Incoming("course-events")
    public Uni<Void> consume(List<String> values) {
        return inbox.consumeBatch(
                repository.pool(),
                CONSUMER,
                values,
                CourseProjection::changesACourse,
                (connection, fresh) -> repository.upsert(connection, latest(fresh)));
    }

    /** Events that say something about a course: a course event carrying the course with its id. */
    static boolean changesACourse(CloudEvent event) {
        var course = event.data() == null ? null : event.data().get("course");
        return event.type().startsWith("course.")
                && course != null
                && course.path("id").canConvertToLong()
                && event.workspaceid() != null;
    }

    /**
     * Each course's latest state in the batch, in first-seen order: a statement may change a row
     * once only. A later event wins a tie, as it would applied one after the other.
     */
    static List<CourseChange> latest(List<CloudEvent> events) {
        Map<Long, CourseChange> byCourse = new LinkedHashMap<>();
        for (CloudEvent event : events) {
            var course = event.data().get("course");
            CourseChange change = new CourseChange(
                    course.get("id").asLong(),
                    event.workspaceid(),
                    course.path("title").asText(""),
                    course.path("key").isTextual() ? course.get("key").asText() : null,
                    course.path("clientIdentifier").isTextual()
                            ? course.get("clientIdentifier").asText()
                            : null,
                    Events.COURSE_DELETED.is(event),
                    event.time());
            byCourse.merge(
                    change.id(),
                    change,
                    (earlier, later) -> later.occurredAt() != null
                                    && (earlier.occurredAt() == null
                                            || !later.occurredAt().isBefore(earlier.occurredAt()))
                            ? later
                            : earlier);
        }
        return new ArrayList<>(byCourse.values());
    }
}
