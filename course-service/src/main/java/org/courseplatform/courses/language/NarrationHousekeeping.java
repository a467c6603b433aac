package org.courseplatform.courses.language;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.courseplatform.platform.web.Workers;

/**
 * Purges the narration of courses deleted longer than {@code language.purge.deleted-course-retention}
 * ago (until then the course can be restored whole): every recording under the course's narration
 * prefix in S3 first, then its scripts, so no script row is gone while its audio stays. A course
 * restored meanwhile keeps its scripts (the delete checks the course again).
 */
@ApplicationScoped
public class NarrationHousekeeping {

    private static final int MAX_ROUNDS = 100;

    private final NarrationRepository narration;
    private final NarrationStore store;
    private final LanguageConfig config;

    public NarrationHousekeeping(NarrationRepository narration, NarrationStore store, LanguageConfig config) {
        this.narration = narration;
        this.store = store;
        this.config = config;
    }

    @Scheduled(every = "${language.purge.interval:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        return purge(0, 0)
                .invoke(courses -> {
                    if (courses > 0) {
                        Log.infof("Narration housekeeping: purged the narration of %d deleted courses", courses);
                    }
                })
                .onFailure()
                .invoke(e -> Log.warnf("Narration housekeeping failed; the next run tries again: %s", e.toString()))
                .onFailure()
                .recoverWithNull()
                .replaceWithVoid();
    }

    /** Purges the narration of deleted courses; answers how many courses' narration went. */
    Uni<Integer> purge(int total, int round) {
        long retention = config.purge().deletedCourseRetention().toSeconds();
        int batch = config.purge().batchSize();
        return narration.deletedCourses(retention, batch).chain((List<Long> courses) -> {
            if (courses.isEmpty() || round >= MAX_ROUNDS) {
                return Uni.createFrom().item(total);
            }
            return Multi.createFrom()
                    .iterable(courses)
                    .onItem()
                    .transformToUniAndConcatenate(course -> Workers.call(() -> store.deleteAll(course))
                            .chain(objects -> narration.deleteOfDeletedCourse(course, retention))
                            .invoke(rows ->
                                    Log.debugf("Purged %d narration scripts of deleted course %d", rows, course)))
                    .collect()
                    .asList()
                    .chain(done -> courses.size() < batch
                            ? Uni.createFrom().item(total + courses.size())
                            : purge(total + courses.size(), round + 1));
        });
    }
}
