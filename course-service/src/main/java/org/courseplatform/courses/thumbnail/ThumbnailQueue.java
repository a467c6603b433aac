package org.courseplatform.courses.thumbnail;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Queues thumbnail captures in the caller's transaction; {@link ThumbnailWorker} renders them. */
@ApplicationScoped
public class ThumbnailQueue {

    /** The answer of POST …/thumbnail. */
    public record Regenerated(long id, String thumbnail, int thumbnailRevision, boolean queued) {}

    public Uni<Void> enqueue(long courseId, int revision) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "insert into thumbnail_job (course_id, revision, status) values (?1, ?2, 'queued')")
                        .setParameter(1, courseId)
                        .setParameter(2, revision)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Fails the course's queued or running captures (a stuck worker's included). */
    public Uni<Integer> failOpen(long courseId, String reason) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "update thumbnail_job set status = 'failed', error = ?2, updated_at = now()"
                                        + " where course_id = ?1 and status in ('queued', 'running')")
                        .setParameter(1, courseId)
                        .setParameter(2, reason)
                        .executeUpdate());
    }
}
