package org.courseplatform.scorm.housekeeping;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.courseplatform.platform.web.Workers;
import org.courseplatform.scorm.config.ScormConfig;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * Purges what expires and would otherwise stay forever:
 * <ul>
 * <li>upload slots ({@code scorm_upload}) once {@code scorm.purge.grace} has passed since their
 * expiry, used or not, with the zip that may have been PUT for them (a used slot's upload object
 * is only what a PUT wrote after the package was created) and the copy of a slot whose create
 * never finished;</li>
 * <li>the originals of failed packages, {@code scorm.purge.failed-original-retention} after they
 * failed (the row keeps status and error, and notes when its original went);</li>
 * <li>player sessions ({@code scorm_session}), once the grace has passed since their expiry;</li>
 * <li>the records of used embed tokens ({@code scorm_launch}), needed only while the token itself
 * is valid, once the grace has passed since it expired.</li>
 * </ul>
 * An object that a package stores as its original is never deleted with a slot (packages created
 * before originals were copied store their upload key). Tracking records and CMI data
 * ({@code scorm_tracking}, {@code scorm_sco_state}) are learner data and never deleted.
 *
 * <p>Work goes in rounds of {@code scorm.purge.batch-size} rows, each one transaction that locks
 * its rows with {@code FOR UPDATE SKIP LOCKED}, so replicas running at the same time take
 * different rows. S3 objects are deleted first (on a worker thread, S3 calls block) and the rows
 * are deleted or marked after, in the transaction that locked them: a crash in between leaves
 * rows whose objects are already gone, and the next run deletes them again harmlessly.
 */
@ApplicationScoped
public class Housekeeping {

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

    private final Pool pool;
    private final PackageStore store;
    private final ScormConfig config;

    public Housekeeping(Pool pool, PackageStore store, ScormConfig config) {
        this.pool = pool;
        this.store = store;
        this.config = config;
    }

    /** What one purge removed. */
    record Purged(int uploads, int failedOriginals, int sessions, int launches) {}

    @Scheduled(every = "${scorm.purge.interval:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        int batch = config.purge().batchSize();
        return logged(purgeUploads(batch), "upload slots")
                .chain(uploads -> logged(purgeFailedOriginals(batch), "failed packages' originals")
                        .chain(originals -> logged(purgeSessions(batch), "sessions")
                                .chain(sessions -> logged(purgeLaunches(batch), "used embed tokens")
                                        .invoke(launches -> {
                                            if (uploads + originals + sessions + launches > 0) {
                                                Log.infof(
                                                        "SCORM housekeeping: purged %d expired upload slots, %d originals of"
                                                                + " failed packages, %d expired sessions and %d expired used embed tokens",
                                                        uploads, originals, sessions, launches);
                                            }
                                        }))))
                .replaceWithVoid();
    }

    private static Uni<Integer> logged(Uni<Integer> purge, String what) {
        return purge.onFailure()
                .invoke(e -> Log.warnf("SCORM housekeeping, %s: %s", what, e.toString()))
                .onFailure()
                .recoverWithItem(0);
    }

    /** Purges every kind until none is left; failures propagate (the schedule logs them). */
    Uni<Purged> purge() {
        int batch = config.purge().batchSize();
        return purgeUploads(batch)
                .chain(uploads -> purgeFailedOriginals(batch)
                        .chain(originals -> purgeSessions(batch)
                                .chain(sessions -> purgeLaunches(batch)
                                        .map(launches -> new Purged(uploads, originals, sessions, launches)))));
    }

    /** Expired upload slots and their objects, {@code batch} per round; answers how many rows went. */
    Uni<Integer> purgeUploads(int batch) {
        return rounds(() -> uploadRound(batch), batch, 0);
    }

    /** Originals of packages failed longer than the retention, {@code batch} per round; answers how many went. */
    Uni<Integer> purgeFailedOriginals(int batch) {
        return rounds(() -> failedRound(batch), batch, 0);
    }

    /** Expired sessions, {@code batch} per round; answers how many went. */
    Uni<Integer> purgeSessions(int batch) {
        return deleteRounds(DELETE_SESSIONS, batch, 0);
    }

    /** Records of used embed tokens that have expired, {@code batch} per round; answers how many went. */
    Uni<Integer> purgeLaunches(int batch) {
        return deleteRounds(DELETE_LAUNCHES, batch, 0);
    }

    private record Round(int selected, int done) {}

    private static Uni<Integer> rounds(Supplier<Uni<Round>> round, int batch, int total) {
        return round.get()
                .chain(r -> r.selected() < batch || r.done() == 0
                        ? Uni.createFrom().item(total + r.done())
                        : rounds(round, batch, total + r.done()));
    }

    private Uni<Round> uploadRound(int batch) {
        long grace = config.purge().grace().toSeconds();
        return pool.withTransaction(conn -> conn.preparedQuery(LOCK_UPLOADS)
                .execute(Tuple.of(grace, (long) batch))
                .chain(rows -> {
                    if (rows.size() == 0) {
                        return Uni.createFrom().item(new Round(0, 0));
                    }
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
                    return deleteObjects(slots, "upload slots")
                            .chain(gone -> gone.isEmpty()
                                    ? Uni.createFrom().item(new Round(slots.size(), 0))
                                    : conn.preparedQuery(DELETE_UPLOADS)
                                            .execute(Tuple.of(gone.toArray(String[]::new)))
                                            .map(result -> new Round(slots.size(), result.rowCount())));
                }));
    }

    private Uni<Round> failedRound(int batch) {
        long retention = config.purge().failedOriginalRetention().toSeconds();
        return pool.withTransaction(conn -> conn.preparedQuery(LOCK_FAILED)
                .execute(Tuple.of(retention, (long) batch))
                .chain(rows -> {
                    if (rows.size() == 0) {
                        return Uni.createFrom().item(new Round(0, 0));
                    }
                    List<Owned<Long>> packages = new ArrayList<>();
                    for (Row row : rows) {
                        packages.add(new Owned<>(row.getLong("course_id"), List.of(row.getString("object_key"))));
                    }
                    return deleteObjects(packages, "failed packages' originals")
                            .chain(gone -> gone.isEmpty()
                                    ? Uni.createFrom().item(new Round(packages.size(), 0))
                                    : conn.preparedQuery(MARK_FAILED)
                                            .execute(Tuple.of(gone.toArray(Long[]::new)))
                                            .map(result -> new Round(packages.size(), result.rowCount())));
                }));
    }

    /** A row and the S3 objects that go with it. */
    private record Owned<T>(T id, List<String> keys) {}

    /**
     * Deletes the objects of every row on a worker thread; answers the ids of the rows whose
     * objects are all gone. Rows with an object S3 refused to delete stay for the next run.
     */
    private <T> Uni<List<T>> deleteObjects(List<Owned<T>> rows, String what) {
        List<String> keys = rows.stream().flatMap(r -> r.keys().stream()).toList();
        return Workers.call(() -> keys.isEmpty() ? Set.<String>of() : store.delete(keys))
                .map(failed -> {
                    if (!failed.isEmpty()) {
                        Log.warnf(
                                "SCORM housekeeping: S3 could not delete %d of %d objects of %s; those rows are kept for the next run",
                                failed.size(), keys.size(), what);
                    }
                    List<T> gone = new ArrayList<>();
                    for (Owned<T> row : rows) {
                        if (row.keys().stream().noneMatch(failed::contains)) {
                            gone.add(row.id());
                        }
                    }
                    return gone;
                });
    }

    private Uni<Integer> deleteRounds(String delete, int batch, int total) {
        long grace = config.purge().grace().toSeconds();
        return pool.preparedQuery(delete).execute(Tuple.of(grace, (long) batch)).chain(result -> {
            int deleted = result.rowCount();
            return deleted < batch
                    ? Uni.createFrom().item(total + deleted)
                    : deleteRounds(delete, batch, total + deleted);
        });
    }
}
