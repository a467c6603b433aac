package org.courseplatform.courses.media;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.web.Workers;

/**
 * Purges upload slots whose upload never completed: a pending medium
 * {@code courses.media.purge.grace} past its expiry goes with whatever was uploaded to it. In
 * rounds of {@code batch-size}: the objects are deleted from S3 first, then the rows (locked with
 * {@code FOR UPDATE SKIP LOCKED}, so replicas running at once take different rows), so no row is
 * gone while its object stays.
 */
@ApplicationScoped
public class MediaHousekeeping {

    private static final int MAX_ROUNDS = 100;

    private final MediaRepository media;
    private final MediaStore store;
    private final MediaConfig config;

    public MediaHousekeeping(MediaRepository media, MediaStore store, MediaConfig config) {
        this.media = media;
        this.store = store;
        this.config = config;
    }

    @Scheduled(every = "${courses.media.purge.interval:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return purge(0, 0)
                .invoke(purged -> {
                    if (purged > 0) {
                        Log.infof("Media housekeeping: purged %d expired upload slots", purged);
                    }
                })
                .onFailure()
                .invoke(e -> Log.warnf("Media housekeeping failed; the next run tries again: %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Purges expired slots; answers how many rows went. */
    Uni<Integer> purge(int total, int round) {
        long grace = config.purge().grace().toSeconds();
        int batch = config.purge().batchSize();
        return media.expiredKeys(grace, batch).chain(keys -> {
            if (keys.isEmpty() || round >= MAX_ROUNDS) {
                return Uni.createFrom().item(total);
            }
            return Workers.call(() -> {
                        store.delete(keys);
                        return null;
                    })
                    .chain(() -> media.deleteExpired(grace, batch))
                    .chain((List<String> deleted) -> deleted.size() < batch
                            ? Uni.createFrom().item(total + deleted.size())
                            : purge(total + deleted.size(), round + 1));
        });
    }
}
