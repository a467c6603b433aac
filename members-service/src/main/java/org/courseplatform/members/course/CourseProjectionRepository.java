package org.courseplatform.members.course;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;

/** The SQL of the course projection: one statement per batch of course events, on the consumer's connection. */
@ApplicationScoped
public class CourseProjectionRepository {

    /** Each course once per statement (the caller keeps each course's latest change); older changes never overwrite newer state. */
    private static final String UPSERT = """
            insert into course_projection (id, workspace_id, title, course_key, client_identifier, deleted, occurred_at, search_text)
            select c.id, c.workspace_id, c.title, c.course_key, c.client_identifier, c.deleted, c.occurred_at,
                   lower(c.title || ' ' || coalesce(c.course_key, ''))
            from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::timestamptz[])
                 as c(id, workspace_id, title, course_key, client_identifier, deleted, occurred_at)
            on conflict (id) do update set title = excluded.title, course_key = excluded.course_key,
                search_text = excluded.search_text,
                client_identifier = excluded.client_identifier, deleted = excluded.deleted,
                occurred_at = excluded.occurred_at, updated_at = now()
            where course_projection.occurred_at <= excluded.occurred_at""";

    private final Pool pool;

    public CourseProjectionRepository(Pool pool) {
        this.pool = pool;
    }

    public Pool pool() {
        return pool;
    }

    Uni<Void> upsert(SqlClient client, List<CourseChange> changes) {
        if (changes.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        int n = changes.size();
        Long[] ids = new Long[n];
        Long[] workspaces = new Long[n];
        String[] titles = new String[n];
        String[] keys = new String[n];
        String[] tenants = new String[n];
        Boolean[] deleted = new Boolean[n];
        OffsetDateTime[] times = new OffsetDateTime[n];
        for (int i = 0; i < n; i++) {
            CourseChange c = changes.get(i);
            ids[i] = c.id();
            workspaces[i] = c.workspaceId();
            titles[i] = c.title();
            keys[i] = c.courseKey();
            tenants[i] = c.clientIdentifier();
            deleted[i] = c.deleted();
            times[i] = c.occurredAt();
        }
        return client.preparedQuery(UPSERT)
                .execute(Tuple.tuple(List.of(ids, workspaces, titles, keys, tenants, deleted, times)))
                .replaceWithVoid();
    }

    /** A course's state as one event tells it. */
    record CourseChange(
            long id,
            long workspaceId,
            String title,
            String courseKey,
            String clientIdentifier,
            boolean deleted,
            OffsetDateTime occurredAt) {}
}
