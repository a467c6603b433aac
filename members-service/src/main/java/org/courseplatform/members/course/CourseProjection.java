package org.courseplatform.members.course;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.events.CloudEvent;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Inbox;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * members-service's copy of each course (id, title, key, tenant, deleted), fed by course-events
 * through the inbox, so enrolments can check course ids and search course titles without
 * calling course-service. Older events never overwrite newer state.
 */
@ApplicationScoped
public class CourseProjection {

    private static final String UPSERT = """
            insert into course_projection (id, workspace_id, title, course_key, client_identifier, deleted, occurred_at, search_text)
            values (?1, ?2, ?3, ?4, ?5, ?6, ?7, lower(?3 || ' ' || coalesce(?4, '')))
            on conflict (id) do update set title = excluded.title, course_key = excluded.course_key,
                search_text = excluded.search_text,
                client_identifier = excluded.client_identifier, deleted = excluded.deleted,
                occurred_at = excluded.occurred_at, updated_at = now()
            where course_projection.occurred_at <= excluded.occurred_at""";

    private final Inbox inbox;

    public CourseProjection(Inbox inbox) {
        this.inbox = inbox;
    }

    @Incoming("course-events")
    public Uni<Void> consume(String value) {
        return inbox.consume("course-projection", value, this::apply);
    }

    Uni<Void> apply(CloudEvent event) {
        var course = event.data() == null ? null : event.data().get("course");
        if (!event.type().startsWith("course.") || course == null || !course.has("id") || event.workspaceid() == null) {
            return Uni.createFrom().voidItem();
        }
        boolean deleted = Events.COURSE_DELETED.is(event);
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(UPSERT)
                        .setParameter(1, course.get("id").asLong())
                        .setParameter(2, event.workspaceid())
                        .setParameter(3, course.path("title").asText(""))
                        .setParameter(
                                4,
                                course.path("key").isTextual()
                                        ? course.get("key").asText()
                                        : null)
                        .setParameter(
                                5,
                                course.path("clientIdentifier").isTextual()
                                        ? course.get("clientIdentifier").asText()
                                        : null)
                        .setParameter(6, deleted)
                        .setParameter(7, event.time())
                        .executeUpdate())
                .replaceWithVoid();
    }
}
