package org.courseplatform.courses.course;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Courses as entities, for every write and every read that goes on to change a course; lists and the API's course reads are {@link CourseReadRepository}'s. */
@ApplicationScoped
public class CourseRepository implements PanacheRepositoryBase<Course, Long> {

    /** Transaction lock class of "the course of one upload" (themes and language jobs use 917001 and 917002). */
    private static final int UPLOAD_LOCK = 917003;

    /**
     * Holds, until the transaction ends, the making of the course of one upload of the workspace
     * ({@code course_upload_hash} is unique): a call asked again while the first is still running
     * waits for it and then finds its course, instead of failing on the unique index.
     */
    public Uni<Void> lockUpload(long workspaceId, String uploadHash) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(
                                "select count(*) from (select pg_advisory_xact_lock(?1, hashtext(?2))) l", Long.class)
                        .setParameter(1, UPLOAD_LOCK)
                        .setParameter(2, workspaceId + ":" + uploadHash)
                        .getSingleResult())
                .replaceWithVoid();
    }
}
