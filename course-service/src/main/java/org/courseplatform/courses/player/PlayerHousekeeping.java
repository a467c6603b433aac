package org.courseplatform.courses.player;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
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

    private final PlayerHousekeepingRepository repository;
    private final PlayerConfig config;

    public PlayerHousekeeping(PlayerHousekeepingRepository repository, PlayerConfig config) {
        this.repository = repository;
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
        return rounds(repository::deleteExpiredSessions, batch, 0)
                .chain(sessions -> rounds(repository::deleteExpiredLaunches, batch, 0)
                        .map(launches -> new Purged(sessions, launches)));
    }

    /** A delete of up to a batch of rows past the grace; answers how many went. */
    private interface BatchDelete {
        Uni<Integer> delete(long graceSeconds, int batch);
    }

    private Uni<Integer> rounds(BatchDelete delete, int batch, int total) {
        long grace = config.purge().grace().toSeconds();
        return delete.delete(grace, batch)
                .chain(deleted -> deleted < batch
                        ? Uni.createFrom().item(total + deleted)
                        : rounds(delete, batch, total + deleted));
    }
}
