package org.courseplatform.courses.player;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The SQL of the player's expiry purge: each call deletes up to a batch of expired rows in one
 * statement that locks them with {@code FOR UPDATE SKIP LOCKED}, so replicas take different rows.
 */
@ApplicationScoped
public class PlayerHousekeepingRepository {

    /** {@code player_session_expiry} serves it. */
    private static final String DELETE_SESSIONS = """
            delete from player_session where id in (
                select id from player_session where expires_at < now() - make_interval(secs => $1)
                order by expires_at limit $2 for update skip locked)""";
    /** {@code player_launch_expiry} serves it. */
    private static final String DELETE_LAUNCHES = """
            delete from player_launch where jti in (
                select jti from player_launch where expires_at < now() - make_interval(secs => $1)
                order by expires_at limit $2 for update skip locked)""";

    private final Pool pool;

    public PlayerHousekeepingRepository(Pool pool) {
        this.pool = pool;
    }

    /** Deletes up to {@code batch} sessions expired more than {@code graceSeconds} ago; how many went. */
    Uni<Integer> deleteExpiredSessions(long graceSeconds, int batch) {
        return delete(DELETE_SESSIONS, graceSeconds, batch);
    }

    /** Deletes up to {@code batch} records of exchanged embed tokens expired more than {@code graceSeconds} ago. */
    Uni<Integer> deleteExpiredLaunches(long graceSeconds, int batch) {
        return delete(DELETE_LAUNCHES, graceSeconds, batch);
    }

    private Uni<Integer> delete(String statement, long graceSeconds, int batch) {
        return pool.preparedQuery(statement)
                .execute(Tuple.of(graceSeconds, (long) batch))
                .map(result -> result.rowCount());
    }
}
