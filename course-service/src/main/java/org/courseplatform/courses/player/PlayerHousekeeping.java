package org.courseplatform.courses.player;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Purges the player rows that expire and would otherwise stay forever: sessions
 * ({@code player_session}) and the records of exchanged embed tokens ({@code player_launch},
 * needed only while the token itself is valid: the signature check refuses it after), each once
 * {@code player.purge.grace} has passed since its expiry. Tracking records are learner data and
 * are never purged. Rows go in rounds of {@code player.purge.batch-size}, each one statement that
 * locks its rows with {@code FOR UPDATE SKIP LOCKED}, so replicas running at once take different
 * rows.
 */
@ApplicationScoped
public class PlayerHousekeeping {

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
    private final PlayerConfig config;

    public PlayerHousekeeping(Pool pool, PlayerConfig config) {
        this.pool = pool;
        this.config = config;
    }

    /** What one purge removed. */
    record Purged(int sessions, int launches) {}

    @Scheduled(every = "${player.purge.interval:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return purge().invoke(purged -> {
                    if (purged.sessions() + purged.launches() > 0) {
                        Log.infof(
                                "Player housekeeping: purged %d expired sessions and %d expired used embed tokens",
                                purged.sessions(), purged.launches());
                    }
                })
                .onFailure()
                .invoke(e -> Log.warnf("Player housekeeping failed; the next run tries again: %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    Uni<Purged> purge() {
        int batch = config.purge().batchSize();
        return rounds(DELETE_SESSIONS, batch, 0)
                .chain(sessions -> rounds(DELETE_LAUNCHES, batch, 0).map(launches -> new Purged(sessions, launches)));
    }

    private Uni<Integer> rounds(String delete, int batch, int total) {
        long grace = config.purge().grace().toSeconds();
        return pool.preparedQuery(delete).execute(Tuple.of(grace, (long) batch)).chain(result -> {
            int deleted = result.rowCount();
            return deleted < batch ? Uni.createFrom().item(total + deleted) : rounds(delete, batch, total + deleted);
        });
    }
}
