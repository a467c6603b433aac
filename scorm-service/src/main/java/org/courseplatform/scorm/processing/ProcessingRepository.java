package org.courseplatform.scorm.processing;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import org.courseplatform.scorm.storage.PackageFile;

/**
 * The SQL of package processing: the package row is the job, claimed under a lease with
 * {@code FOR UPDATE SKIP LOCKED}; every change after the claim applies only while the row is still
 * {@code processing}, so a worker whose lease was taken over changes nothing.
 */
@ApplicationScoped
public class ProcessingRepository {

    private static final String CLAIM = """
            update scorm_package set status = 'processing', attempts = attempts + 1, updated_at = now(),
                locked_until = now() + make_interval(secs => $1)
            where course_id = (select course_id from scorm_package
                               where (status = 'uploaded' and (locked_until is null or locked_until < now()))
                                  or (status = 'processing' and locked_until < now())
                               order by created_at, course_id for update skip locked limit 1)
            returning course_id, workspace_id, name, object_key, size_bytes, attempts""";
    private static final String READY = """
            update scorm_package set status = 'ready', title = $2, version = $3, launch = cast($4::text as jsonb), file_count = $5,
                expanded_bytes = $6, content_zip = $7, content_prefix = null, error = null, error_code = null,
                locked_until = null, updated_at = now()
            where course_id = $1 and status = 'processing'""";
    /** The files of a package that is becoming ready, all in one statement (replacing any of an earlier attempt). */
    private static final String CLEAR_FILES = "delete from scorm_package_file where course_id = $1";

    private static final String FILES = """
            insert into scorm_package_file (course_id, path, data_offset, stored_bytes, size_bytes, method)
            select $1, * from unnest($2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::smallint[])""";
    private static final String FAILED = """
            update scorm_package set status = 'failed', error = $2, error_code = $3, locked_until = null, updated_at = now()
            where course_id = $1 and status = 'processing'""";
    private static final String RENEW = """
            update scorm_package set locked_until = now() + make_interval(secs => $2)
            where course_id = $1 and status = 'processing'""";
    private static final String RETRY = """
            update scorm_package set status = 'uploaded', updated_at = now(),
                locked_until = now() + make_interval(secs => $2)
            where course_id = $1 and status = 'processing'""";

    /** A claimed package: what the worker needs to fetch and process it. */
    record Job(long courseId, long workspaceId, int attempts, String name, String objectKey, long size) {}

    private final Pool pool;

    public ProcessingRepository(Pool pool) {
        this.pool = pool;
    }

    /** Claims the oldest package waiting (or whose lease ended) for {@code lease}; null when none waits. */
    Uni<Job> claim(Duration lease) {
        return pool.preparedQuery(CLAIM).execute(Tuple.of(lease.toSeconds())).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row job = rows.iterator().next();
            return new Job(
                    job.getLong("course_id"),
                    job.getLong("workspace_id"),
                    job.getInteger("attempts"),
                    job.getString("name"),
                    job.getString("object_key"),
                    job.getLong("size_bytes"));
        });
    }

    /** Extends the lease of a package being processed; false when it is no longer processing. */
    Uni<Boolean> renew(long courseId, Duration lease) {
        return pool.preparedQuery(RENEW)
                .execute(Tuple.of(courseId, lease.toSeconds()))
                .map(rows -> rows.rowCount() == 1);
    }

    /**
     * Marks the package ready with what its manifest says and records where each of its files lies
     * in {@code zipKey}, in one transaction; false (and nothing recorded) when it was no longer
     * processing.
     */
    Uni<Boolean> ready(
            long courseId,
            String title,
            String version,
            String launchJson,
            List<PackageFile> files,
            long expandedBytes,
            String zipKey) {
        int n = files.size();
        String[] paths = new String[n];
        Long[] offsets = new Long[n];
        Long[] stored = new Long[n];
        Long[] sizes = new Long[n];
        Short[] methods = new Short[n];
        for (int i = 0; i < n; i++) {
            PackageFile file = files.get(i);
            paths[i] = file.path();
            offsets[i] = file.dataOffset();
            stored[i] = file.storedBytes();
            sizes[i] = file.size();
            methods[i] = (short) file.method();
        }
        return pool.withTransaction(conn -> conn.preparedQuery(READY)
                .execute(Tuple.from(new Object[] {courseId, title, version, launchJson, n, expandedBytes, zipKey}))
                .chain(updated -> updated.rowCount() != 1
                        ? Uni.createFrom().item(false)
                        : conn.preparedQuery(CLEAR_FILES)
                                .execute(Tuple.of(courseId))
                                .chain(() -> conn.preparedQuery(FILES)
                                        .execute(Tuple.of(courseId, paths, offsets, stored, sizes, methods)))
                                .replaceWith(true)));
    }

    /** Marks the package failed for good; false when it was no longer processing. */
    Uni<Boolean> fail(long courseId, String error, String code) {
        return pool.preparedQuery(FAILED)
                .execute(Tuple.of(courseId, error, code))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Puts the package back in the queue, to be claimed again after {@code delaySeconds}. */
    Uni<Void> retry(long courseId, double delaySeconds) {
        return pool.preparedQuery(RETRY)
                .execute(Tuple.of(courseId, delaySeconds))
                .replaceWithVoid();
    }
}
