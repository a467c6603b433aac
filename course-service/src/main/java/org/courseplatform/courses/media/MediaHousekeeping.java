package org.courseplatform.courses.media;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.web.Workers;

/**
 * Purges what nobody can use any more, in rounds of {@code courses.media.purge.batch-size}:
 * <ul>
 *   <li>upload slots whose upload never completed, {@code grace} past their expiry, with whatever was
 *       uploaded to them;
 *   <li>the media uploaded for a course deleted longer than {@code deleted-course-retention} ago
 *       (until then the course can be restored whole) that no live course, draft or published, and no
 *       library screen of the workspace names.
 * </ul>
 * The objects are deleted from S3 first, then the rows (locked with {@code FOR UPDATE SKIP LOCKED},
 * so replicas running at once take different rows), so no row is gone while its object stays.
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
                .chain(() -> purgeDeletedCourses(0, 0))
                .invoke(purged -> {
                    if (purged > 0) {
                        Log.infof("Media housekeeping: purged %d media of deleted courses", purged);
                    }
                })
                .onFailure()
                .invoke(e -> Log.warnf("Media housekeeping failed; the next run tries again: %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Purges the unused media of courses deleted past the retention; answers how many went. */
    Uni<Integer> purgeDeletedCourses(int total, int round) {
        long retention = config.purge().deletedCourseRetention().toSeconds();
        int batch = config.purge().batchSize();
        return media.orphaned(retention, batch).chain(rows -> {
            if (rows.isEmpty() || round >= MAX_ROUNDS) {
                return Uni.createFrom().item(total);
            }
            List<String> keys = rows.stream()
                    .flatMap(row -> MediaService.keys(row).stream())
                    .toList();
            List<Long> ids = rows.stream().map(MediaRow::id).toList();
            return Workers.call(() -> {
                        store.delete(keys);
                        return null;
                    })
                    .chain(() -> media.deleteOrphaned(retention, ids))
                    .invoke(gone -> Log.debugf("Purged media %s of deleted courses", gone))
                    .chain((List<Long> gone) -> rows.size() < batch
                            ? Uni.createFrom().item(total + gone.size())
                            : purgeDeletedCourses(total + gone.size(), round + 1));
        });
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
