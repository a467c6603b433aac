package org.courseplatform.scorm.pkg;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.Iterator;

/** The {@code scorm_upload} slots and the {@code scorm_package} rows the API creates and reads. */
@ApplicationScoped
public class PackageRepository {

    private static final String INSERT_UPLOAD = """
            insert into scorm_upload (hash, workspace_id, name, size_bytes, object_key, expires_at)
            values ($1, $2, $3, $4, $5, $6)""";
    private static final String FIND_UPLOAD = """
            select name, size_bytes, object_key, expires_at, used_at, course_id, expires_at < now() as expired,
                course_id is null and used_at < now() - make_interval(secs => $3) as stale_claim
            from scorm_upload where hash = $1 and workspace_id = $2""";
    /**
     * Seconds a claim that made no package holds its upload: the request that took it died with its
     * instance, or could not release it (the database was down). Longer than any create takes.
     */
    static final double STALE_CLAIM_SECONDS = 120;

    private static final String CLAIM_UPLOAD = """
            update scorm_upload set used_at = now(), original_key = $3
            where hash = $1 and workspace_id = $2 and expires_at >= now()
                and (used_at is null or (course_id is null and used_at < now() - make_interval(secs => $4)))
            returning hash""";
    private static final String RELEASE_UPLOAD =
            "update scorm_upload set used_at = null where hash = $1 and course_id is null";
    private static final String INSERT_PACKAGE = """
            insert into scorm_package (course_id, workspace_id, client_identifier, identifier, name, status, size_bytes,
                object_key, course_key, test_mode, title)
            values ($1, $2, $3, $4, $5, 'uploaded', $6, $7, $8, $9, $10)""";
    private static final String LINK_UPLOAD = "update scorm_upload set course_id = $1 where hash = $2";
    private static final String STATUS = """
            select course_id, client_identifier, status, title, version, launch::text as launch, error, error_code, name,
                object_key, original_purged_at from scorm_package where course_id = $1 and workspace_id = $2""";

    /** A package row to insert: the course course-service made and the upload it comes from. */
    record NewPackage(
            long courseId,
            long workspaceId,
            String clientIdentifier,
            String identifier,
            String name,
            long size,
            String objectKey,
            String courseKey,
            boolean testMode,
            String title) {}

    private final Pool pool;

    public PackageRepository(Pool pool) {
        this.pool = pool;
    }

    Uni<Void> insertUpload(String hash, long workspaceId, String name, long size, String key, OffsetDateTime expires) {
        return pool.preparedQuery(INSERT_UPLOAD)
                .execute(Tuple.from(new Object[] {hash, workspaceId, name, size, key, expires}))
                .replaceWithVoid();
    }

    /** The upload slot of the hash in the workspace, or null. */
    Uni<Row> findUpload(String hash, long workspaceId) {
        return pool.preparedQuery(FIND_UPLOAD)
                .execute(Tuple.of(hash, workspaceId, STALE_CLAIM_SECONDS))
                .map(PackageRepository::first);
    }

    /** Marks an unused, unexpired slot used; false when another call took it first or it expired. */
    Uni<Boolean> claimUpload(String hash, long workspaceId, String originalKey) {
        return pool.preparedQuery(CLAIM_UPLOAD)
                .execute(Tuple.of(hash, workspaceId, originalKey, STALE_CLAIM_SECONDS))
                .map(rows -> rows.rowCount() > 0);
    }

    /** Frees a claimed slot that made no package, so the client may try again. */
    Uni<Void> releaseUpload(String hash) {
        return pool.preparedQuery(RELEASE_UPLOAD).execute(Tuple.of(hash)).replaceWithVoid();
    }

    /** Inserts the package (queued for processing) and links its upload, in one transaction. */
    Uni<Void> insertPackage(NewPackage p, String hash) {
        return pool.withTransaction(conn -> conn.preparedQuery(INSERT_PACKAGE)
                        .execute(Tuple.from(new Object[] {
                            p.courseId(),
                            p.workspaceId(),
                            p.clientIdentifier(),
                            p.identifier(),
                            p.name(),
                            p.size(),
                            p.objectKey(),
                            p.courseKey(),
                            p.testMode(),
                            p.title()
                        }))
                        .chain(() -> conn.preparedQuery(LINK_UPLOAD).execute(Tuple.of(p.courseId(), hash))))
                .replaceWithVoid();
    }

    /** The package of the course in the workspace, or null. */
    Uni<Row> find(long workspaceId, long courseId) {
        return pool.preparedQuery(STATUS)
                .execute(Tuple.of(courseId, workspaceId))
                .map(PackageRepository::first);
    }

    private static Row first(RowSet<Row> rows) {
        Iterator<Row> it = rows.iterator();
        return it.hasNext() ? it.next() : null;
    }
}
