package org.courseplatform.courses.folder;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The folders' SQL, and the course column they own ({@code course.folder_id}). */
@ApplicationScoped
public class FolderRepository implements PanacheRepositoryBase<Folder, Long> {

    /** Serialises the tree changes of one workspace: count, depth and cycle checks see every change before them. */
    private static final String LOCK = """
            select count(*) from (select pg_advisory_xact_lock(hashtextextended(?1, 0))) l""";

    private static final String COUNTS = """
            select folder_id, count(*) from course
            where workspace_id = ?1 and folder_id is not null and deleted = false group by folder_id""";
    private static final String COURSES_IN = """
            select count(*) from course where workspace_id = ?1 and folder_id = ?2 and deleted = false""";
    private static final String DETACH =
            "update course set folder_id = null where workspace_id = ?1 and folder_id = ?2";
    private static final String MOVE = "update course set folder_id = cast(?2 as bigint) where id = ?1";

    /** Takes the workspace's folder lock until the transaction ends. */
    Uni<Void> lock(long workspaceId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(LOCK, Long.class)
                        .setParameter(1, "course_folder:" + workspaceId)
                        .getSingleResult())
                .replaceWithVoid();
    }

    /** Every folder of the workspace, all tenants: at most {@link FolderConfig#maxPerWorkspace()}. */
    Uni<List<Folder>> ofWorkspace(long workspaceId) {
        return list("workspaceId = ?1 order by id", workspaceId);
    }

    /** The number of courses (not deleted) directly in each folder of the workspace that has any. */
    Uni<Map<Long, Long>> courseCounts(long workspaceId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(COUNTS, Object[].class)
                        .setParameter(1, workspaceId)
                        .getResultList())
                .map(rows -> {
                    Map<Long, Long> counts = new HashMap<>();
                    for (Object[] r : rows) {
                        counts.put(((Number) r[0]).longValue(), ((Number) r[1]).longValue());
                    }
                    return counts;
                });
    }

    Uni<Long> courseCount(long workspaceId, long folderId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(COURSES_IN, Long.class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, folderId)
                        .getSingleResult())
                .map(n -> ((Number) n).longValue());
    }

    /** Takes the (deleted) courses still in the folder out of it, so that it can go. */
    Uni<Void> detachCourses(long workspaceId, long folderId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(DETACH)
                        .setParameter(1, workspaceId)
                        .setParameter(2, folderId)
                        .executeUpdate())
                .replaceWithVoid();
    }

    /** Puts the course in the folder (null: none) without touching its revision. */
    Uni<Void> moveCourse(long courseId, Long folderId) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(MOVE)
                        .setParameter(1, courseId)
                        .setParameter(2, folderId)
                        .executeUpdate())
                .replaceWithVoid();
    }
}
