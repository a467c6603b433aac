package org.courseplatform.courses.course;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;
import org.courseplatform.platform.web.ApiException;

/**
 * The one way into a course for the other features (player, editor, share links, export,
 * folders, analytics): a course is found only as the calling scope may see it, and another
 * workspace's or tenant's course is a 404 exactly like a missing one. What may be done with the
 * course found is then the aggregate's to say ({@link Course#requireEditable()},
 * {@link Course#requirePublished()}). Reads run in the caller's session.
 */
@ApplicationScoped
public class Courses {

    private final CourseRepository repository;

    public Courses(CourseRepository repository) {
        this.repository = repository;
    }

    /** The course, deleted or not, if the scope sees it; 404 otherwise. */
    public Uni<Course> find(CourseScope scope, long id) {
        return read(scope, id, false, true);
    }

    /** {@link #find}, with the row locked until the transaction ends: for a caller that changes it. */
    public Uni<Course> findForUpdate(CourseScope scope, long id) {
        return read(scope, id, true, true);
    }

    /** The course if the scope sees it and it is not deleted (learners and authors never meet a deleted one); 404 otherwise. */
    public Uni<Course> findLive(CourseScope scope, long id) {
        return read(scope, id, false, false);
    }

    /** {@link #findLive}, with the row locked until the transaction ends. */
    public Uni<Course> findLiveForUpdate(CourseScope scope, long id) {
        return read(scope, id, true, false);
    }

    /** The course if the scope sees it, else null: for a caller that answers with its own 404. */
    public Uni<Course> findIfVisible(CourseScope scope, long id) {
        return repository.findById(id).map(c -> c != null && scope.sees(c) ? c : null);
    }

    /**
     * The course, locked, for a background job that changes it on behalf of a caller checked when
     * the job was made; 404 once it is gone.
     */
    public Uni<Course> findForJob(long id) {
        return repository
                .findById(id, LockModeType.PESSIMISTIC_WRITE)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Course " + id + " no longer exists"));
    }

    /** These courses, in no particular order: for a caller that has checked the scope on a parent (a collection). */
    public Uni<List<Course>> findAll(Collection<Long> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of()) : repository.list("id in ?1", ids);
    }

    private Uni<Course> read(CourseScope scope, long id, boolean lock, boolean deleted) {
        Uni<Course> found = lock ? repository.findById(id, LockModeType.PESSIMISTIC_WRITE) : repository.findById(id);
        return found.map(c -> c != null && scope.sees(c) && (deleted || !c.isDeleted()) ? c : null)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Course " + id + " not found"));
    }
}
