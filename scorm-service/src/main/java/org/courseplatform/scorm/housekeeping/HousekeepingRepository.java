package org.courseplatform.scorm.housekeeping;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The SQL of the purge: rows are selected with {@code FOR UPDATE SKIP LOCKED} in rounds of a
 * batch, so replicas purging at the same time take different rows. Methods that take a
 * {@link SqlClient} run in the caller's transaction ({@link #inTransaction}).
 */
@ApplicationScoped
public class HousekeepingRepository {

    /**
     * Expired past the grace, used or not; for each of its two objects whether a package stores
     * it, so that one is kept. {@code scorm_upload_expires} serves the expiry; the package checks
     * go through {@code scorm_package_workspace}.
     */
    private static final String LOCK_UPLOADS = """
            select u.hash, u.object_key, u.original_key,
                exists (select 1 from scorm_package p where p.workspace_id = u.workspace_id and p.object_key = u.object_key)
                    as upload_kept,
                u.original_key is not null and exists (select 1 from scorm_package p
                    where p.workspace_id = u.workspace_id and p.object_key = u.original_key) as original_kept
            from scorm_upload u
            where u.expires_at < now() - make_interval(secs => $1)
            order by u.expires_at
            limit $2
            for update of u skip locked""";

    private static final String DELETE_UPLOADS = "delete from scorm_upload where hash = any($1)";
    /** Failed longer than the retention and still holding an original; {@code scorm_package_failed_originals} serves it. */
    private static final String LOCK_FAILED = """
            select course_id, object_key from scorm_package
            where status = 'failed' and original_purged_at is null and updated_at < now() - make_interval(secs => $1)
            order by updated_at
            limit $2
            for update skip locked""";

    private static final String MARK_FAILED = """
            update scorm_package set original_purged_at = now() where course_id = any($1) and status = 'failed'""";
    /** One statement, so selection and delete share its transaction; {@code scorm_session_expiry} serves it. */
    private static final String DELETE_SESSIONS = """
            delete from scorm_session where id in (
                select id from scorm_session where expires_at < now() - make_interval(secs => $1)
                order by expires_at limit $2 for update skip locked)""";
    /** Used embed tokens past their own expiry: the signature check refuses them from then on. */
    private static final String DELETE_LAUNCHES = """
            delete from scorm_launch where jti in (
                select jti from scorm_launch where expires_at < now() - make_interval(secs => $1)
                order by expires_at limit $2 for update skip locked)""";

    /** A row and the S3 objects that go with it. */
    record Owned<T>(T id, List<String> keys) {}

    private final Pool pool;

    public HousekeepingRepository(Pool pool) {
        this.pool = pool;
    }

    /** Runs {@code work} in a transaction of its own. */
    <T> Uni<T> inTransaction(Function<SqlClient, Uni<T>> work) {
        return pool.withTransaction(work::apply);
    }

    /**
     * Locks up to {@code batch} upload slots expired more than {@code graceSeconds} ago: each slot's
     * hash with the objects that may go with it (its upload and its copy, less any a package stores).
     */
    Uni<List<Owned<String>>> lockExpiredUploads(SqlClient conn, long graceSeconds, int batch) {
        return conn.preparedQuery(LOCK_UPLOADS)
                .execute(Tuple.of(graceSeconds, (long) batch))
                .map(rows -> {
                    List<Owned<String>> slots = new ArrayList<>();
                    for (Row row : rows) {
                        List<String> keys = new ArrayList<>(2);
                        if (!row.getBoolean("upload_kept")) {
                            keys.add(row.getString("object_key"));
                        }
                        if (row.getString("original_key") != null && !row.getBoolean("original_kept")) {
                            keys.add(row.getString("original_key"));
                        }
                        slots.add(new Owned<>(row.getString("hash"), keys));
                    }
                    return slots;
                });
    }

    /** Deletes the upload slots; the number deleted. */
    Uni<Integer> deleteUploads(SqlClient conn, List<String> hashes) {
        return conn.preparedQuery(DELETE_UPLOADS)
                .execute(Tuple.of(hashes.toArray(String[]::new)))
                .map(result -> result.rowCount());
    }

    /** Locks up to {@code batch} packages failed more than {@code retentionSeconds} ago that still hold their original. */
    Uni<List<Owned<Long>>> lockFailedOriginals(SqlClient conn, long retentionSeconds, int batch) {
        return conn.preparedQuery(LOCK_FAILED)
                .execute(Tuple.of(retentionSeconds, (long) batch))
                .map(rows -> {
                    List<Owned<Long>> packages = new ArrayList<>();
                    for (Row row : rows) {
                        packages.add(new Owned<>(row.getLong("course_id"), List.of(row.getString("object_key"))));
                    }
                    return packages;
                });
    }

    /** Notes that these failed packages' originals are gone; the number of rows changed. */
    Uni<Integer> markOriginalsPurged(SqlClient conn, List<Long> courseIds) {
        return conn.preparedQuery(MARK_FAILED)
                .execute(Tuple.of(courseIds.toArray(Long[]::new)))
                .map(result -> result.rowCount());
    }

    /** Deletes up to {@code batch} sessions expired more than {@code graceSeconds} ago; the number deleted. */
    Uni<Integer> deleteExpiredSessions(long graceSeconds, int batch) {
        return delete(DELETE_SESSIONS, graceSeconds, batch);
    }

    /** Deletes up to {@code batch} records of used embed tokens expired more than {@code graceSeconds} ago. */
    Uni<Integer> deleteExpiredLaunches(long graceSeconds, int batch) {
        return delete(DELETE_LAUNCHES, graceSeconds, batch);
    }

    private Uni<Integer> delete(String statement, long graceSeconds, int batch) {
        return pool.preparedQuery(statement)
                .execute(Tuple.of(graceSeconds, (long) batch))
                .map(result -> result.rowCount());
    }
}
