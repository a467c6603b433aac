package org.courseplatform.courses.thumbnail;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Queues thumbnail captures in the caller's transaction; {@link ThumbnailWorker} renders them. */
@ApplicationScoped
public class ThumbnailQueue {

    private final ThumbnailRepository thumbnails;

    public ThumbnailQueue(ThumbnailRepository thumbnails) {
        this.thumbnails = thumbnails;
    }

    /** The answer of POST …/thumbnail. */
    public record Regenerated(long id, String thumbnail, int thumbnailRevision, boolean queued) {}

    public Uni<Void> enqueue(long courseId, int revision) {
        return thumbnails.enqueue(courseId, revision);
    }

    /** Fails the course's queued or running captures (a stuck worker's included). */
    public Uni<Integer> failOpen(long courseId, String reason) {
        return thumbnails.failOpen(courseId, reason);
    }
}
