package org.courseplatform.courses.member;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;

/**
 * The SQL of the member projection: writes on the consumer's Vert.x connection (inside its
 * inbox transaction), the email lookup on the player's progress connection (inside its
 * transaction).
 */
@ApplicationScoped
public class MemberProjectionRepository {

    private static final String UPSERT = """
            insert into member_projection (workspace_id, member_id, email, username, occurred_at) values ($1, $2, $3, $4, $5)
            on conflict (workspace_id, member_id) do update set email = excluded.email, username = excluded.username,
                occurred_at = excluded.occurred_at, updated_at = now()
            where member_projection.occurred_at <= excluded.occurred_at""";
    private static final String DELETE = "delete from member_projection where workspace_id = $1 and member_id = $2";

    private static final String EMAIL = "select " + emailOf("$1", "$2");

    private final Pool pool;

    public MemberProjectionRepository(Pool pool) {
        this.pool = pool;
    }

    public Pool pool() {
        return pool;
    }

    Uni<Void> upsert(
            SqlClient client, long workspaceId, long memberId, String email, String username, OffsetDateTime at) {
        return client.preparedQuery(UPSERT)
                .execute(Tuple.of(workspaceId, memberId, email, username, at))
                .replaceWithVoid();
    }

    Uni<Void> delete(SqlClient client, long workspaceId, long memberId) {
        return client.preparedQuery(DELETE)
                .execute(Tuple.of(workspaceId, memberId))
                .replaceWithVoid();
    }

    /**
     * A scalar subquery: the email of the workspace's member that {@code identifier} (SQL expressions)
     * names, or null. An email match first, then a username match (both case-insensitive, as
     * members-service treats them), then the member id written as a string; the lowest id wins a tie.
     */
    public static String emailOf(String workspace, String identifier) {
        return """
                (select m.email from member_projection m
                where m.workspace_id = %1$s
                    and (lower(m.email) = lower(%2$s) or lower(m.username) = lower(%2$s) or cast(m.member_id as text) = %2$s)
                order by case when lower(m.email) = lower(%2$s) then 0 when lower(m.username) = lower(%2$s) then 1 else 2 end,
                    m.member_id
                limit 1)""".formatted(workspace, identifier);
    }

    /** The email of the workspace's member the identifier names, or null, read on {@code client}. */
    public Uni<String> email(SqlClient client, long workspaceId, String identifier) {
        if (identifier == null || identifier.isEmpty()) {
            return Uni.createFrom().nullItem();
        }
        return client.preparedQuery(EMAIL)
                .execute(Tuple.of(workspaceId, identifier))
                .map(rows -> rows.size() == 0 ? null : rows.iterator().next().getString(0));
    }
}
