package org.courseplatform.scorm.player;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.Iterator;
import java.util.function.Function;

/**
 * Player sessions, the single use of embed tokens and the learners' tracking records. Methods that
 * take a {@link SqlClient} run on the caller's transaction ({@link #inTransaction}).
 */
@ApplicationScoped
public class SessionRepository {

    private static final String PACKAGE = """
            select status, client_identifier from scorm_package where course_id = $1 and workspace_id = $2
                and not course_deleted""";
    private static final String TRACKING = """
            with created as (
                insert into scorm_tracking (workspace_id, course_id, identifier, client_identifier, test_mode)
                values ($1, $2, $3, $4, $5) on conflict (course_id, identifier) do nothing returning id)
            select id from created union all select id from scorm_tracking where course_id = $2 and identifier = $3 limit 1""";
    /** The token's single use: a second launch finds the row (or waits for the first one's transaction) and inserts nothing. */
    private static final String USE_TOKEN = """
            insert into scorm_launch (jti, session_id, expires_at) values ($1, $2, $3) on conflict (jti) do nothing""";

    private static final String SESSION = """
            insert into scorm_session (id, workspace_id, course_id, tracking_id, action, expires_at, content_host, parent_origin)
            values ($1, $2, $3, $4, $5, $6, $7, $8)""";
    private static final String FIND_SESSION = """
            select s.id, s.workspace_id, s.course_id, s.action, s.tracking_id, t.identifier, p.status, p.title, p.version,
                p.launch::text as launch, t.last_sco, p.name, p.size_bytes, p.file_count, p.expanded_bytes, p.error,
                s.content_host, s.parent_origin
            from scorm_session s join scorm_package p on p.course_id = s.course_id
                left join scorm_tracking t on t.id = s.tracking_id
            where s.id = $1 and s.expires_at > now() and not p.course_deleted""";

    /** A new session's row. */
    record NewSession(
            String id,
            long workspaceId,
            long courseId,
            Long trackingId,
            String action,
            OffsetDateTime expires,
            String contentHost,
            String parentOrigin) {}

    private final Pool pool;

    public SessionRepository(Pool pool) {
        this.pool = pool;
    }

    <T> Uni<T> inTransaction(Function<SqlConnection, Uni<T>> work) {
        return pool.withTransaction(work);
    }

    /** The status and tenant of the course's package (not deleted), or null. */
    Uni<Row> findPackage(long courseId, long workspaceId) {
        return findPackage(pool, courseId, workspaceId);
    }

    Uni<Row> findPackage(SqlClient client, long courseId, long workspaceId) {
        return client.preparedQuery(PACKAGE)
                .execute(Tuple.of(courseId, workspaceId))
                .map(SessionRepository::first);
    }

    /** Records the token's use by the session; false when it was used before. */
    Uni<Boolean> useToken(SqlClient client, String jti, String sessionId, OffsetDateTime tokenExpires) {
        return client.preparedQuery(USE_TOKEN)
                .execute(Tuple.of(jti, sessionId, tokenExpires))
                .map(rows -> rows.rowCount() > 0);
    }

    /** The learner's tracking record of the package, created at the first launch with the key's mode. */
    Uni<Long> tracking(
            SqlClient client, long workspaceId, long courseId, String identifier, String tenant, boolean testMode) {
        return client.preparedQuery(TRACKING)
                .execute(Tuple.of(workspaceId, courseId, identifier, tenant, testMode))
                .map(rows -> rows.iterator().next().getLong("id"));
    }

    Uni<Void> insertSession(SqlClient client, NewSession s) {
        return client.preparedQuery(SESSION)
                .execute(Tuple.from(new Object[] {
                    s.id(),
                    s.workspaceId(),
                    s.courseId(),
                    s.trackingId(),
                    s.action(),
                    s.expires(),
                    s.contentHost(),
                    s.parentOrigin()
                }))
                .replaceWithVoid();
    }

    /** The open (unexpired) session with its package and tracking record, or null. */
    Uni<Row> findSession(String id) {
        return pool.preparedQuery(FIND_SESSION).execute(Tuple.of(id)).map(SessionRepository::first);
    }

    private static Row first(RowSet<Row> rows) {
        Iterator<Row> it = rows.iterator();
        return it.hasNext() ? it.next() : null;
    }
}
