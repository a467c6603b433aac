package org.courseplatform.scorm.courses;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;

/** The SQL of the deleted flag packages carry for their course: one statement per batch of course events. */
@ApplicationScoped
public class CourseStateRepository {

    /** Each course once per statement (the caller keeps each course's latest change); older changes never overwrite newer. */
    private static final String MARK = """
            update scorm_package p set course_deleted = c.deleted, course_event_at = c.occurred_at
            from unnest($1::bigint[], $2::bigint[], $3::boolean[], $4::timestamptz[]) as c(course_id, workspace_id, deleted, occurred_at)
            where p.course_id = c.course_id and p.workspace_id = c.workspace_id
                and (p.course_event_at is null or p.course_event_at <= c.occurred_at)""";

    private final Pool pool;

    public CourseStateRepository(Pool pool) {
        this.pool = pool;
    }

    public Pool pool() {
        return pool;
    }

    Uni<Void> mark(SqlClient client, List<CourseState> states) {
        if (states.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        int n = states.size();
        Long[] courses = new Long[n];
        Long[] workspaces = new Long[n];
        Boolean[] deleted = new Boolean[n];
        OffsetDateTime[] times = new OffsetDateTime[n];
        for (int i = 0; i < n; i++) {
            CourseState s = states.get(i);
            courses[i] = s.courseId();
            workspaces[i] = s.workspaceId();
            deleted[i] = s.deleted();
            times[i] = s.occurredAt();
        }
        return client.preparedQuery(MARK)
                .execute(Tuple.of(courses, workspaces, deleted, times))
                .replaceWithVoid();
    }

    /** Whether a course was deleted or restored, and when. */
    record CourseState(long courseId, long workspaceId, boolean deleted, OffsetDateTime occurredAt) {}
}
