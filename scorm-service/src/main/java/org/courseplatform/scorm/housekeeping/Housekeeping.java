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
import org.courseplatform.scorm.config.ScormConfig;
import org.courseplatform.scorm.pkg.Blocking;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * Purges what expires and would otherwise stay forever: upload slots ({@code scorm_upload}) that
 * expired without making a package, with the zip that may have been PUT for them, and player
 * sessions ({@code scorm_session}). Both only once {@code scorm.purge.grace} has passed since
 * their expiry. Tracking records and CMI data ({@code scorm_tracking}, {@code scorm_sco_state})
 * are learner data and never deleted.
 *
 * <p>Work goes in rounds of {@code scorm.purge.batch-size} rows, each one transaction that locks
 * its rows with {@code FOR UPDATE SKIP LOCKED}, so replicas running at the same time take
 * different rows. For upload slots the S3 objects are deleted first (on a worker thread, S3 calls
 * block) and the rows after, in the transaction that locked them: a crash in between leaves rows
 * whose objects are already gone, and the next run deletes them again harmlessly.
 */
@ApplicationScoped
public class Housekeeping {

    /**
     * Unused, expired past the grace, and (whatever the flags say) no package stores its object:
     * the package's original is the slot's object, so a used slot's zip is never touched. The
     * partial index {@code scorm_upload_expiry} serves the expiry; the package check goes through
     * {@code scorm_package_workspace}.
     */
    private static final String LOCK_UPLOADS = """
            select u.hash, u.object_key from scorm_upload u
            where u.used_at is null and u.course_id is null and u.expires_at < now() - make_interval(secs => $1)
              and not exists (select 1 from scorm_package p where p.workspace_id = u.workspace_id and p.object_key = u.object_key)
            order by u.expires_at
            limit $2
            for update of u skip locked""";
    private static final String DELETE_UPLOADS = """
            delete from scorm_upload where hash = any($1) and used_at is null and course_id is null""";
    /** One statement, so selection and delete share its transaction; {@code scorm_session_expiry} serves it. */
    private static final String DELETE_SESSIONS = """
            delete from scorm_session where id in (
                select id from scorm_session where expires_at < now() - make_interval(secs => $1)
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
    record Purged(int uploads, int sessions) {
    }

    @Scheduled(every = "${scorm.purge.interval:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduled() {
        int batch = config.purge().batchSize();
        return purgeUploads(batch)
                .onFailure().invoke(e -> Log.warnf("SCORM housekeeping, upload slots: %s", e.toString()))
                .onFailure().recoverWithItem(0)
                .chain(uploads -> purgeSessions(batch)
                        .onFailure().invoke(e -> Log.warnf("SCORM housekeeping, sessions: %s", e.toString()))
                        .onFailure().recoverWithItem(0)
                        .invoke(sessions -> {
                            if (uploads + sessions > 0) {
                                Log.infof("SCORM housekeeping: purged %d expired upload slots and %d expired sessions", uploads,
                                        sessions);
                            }
                        }))
                .replaceWithVoid();
    }

    /** Purges both kinds until none is left; failures propagate (the schedule logs them). */
    Uni<Purged> purge() {
        int batch = config.purge().batchSize();
        return purgeUploads(batch).chain(uploads -> purgeSessions(batch).map(sessions -> new Purged(uploads, sessions)));
    }

    /** Expired unused upload slots and their objects, {@code batch} per round; answers how many rows went. */
    Uni<Integer> purgeUploads(int batch) {
        return uploadRounds(batch, 0);
    }

    /** Expired sessions, {@code batch} per round; answers how many went. */
    Uni<Integer> purgeSessions(int batch) {
        return sessionRounds(batch, 0);
    }

    private record Round(int selected, int deleted) {
    }

    private Uni<Integer> uploadRounds(int batch, int total) {
        return uploadRound(batch).chain(round -> round.selected() < batch || round.deleted() == 0
                ? Uni.createFrom().item(total + round.deleted())
                : uploadRounds(batch, total + round.deleted()));
    }

    private Uni<Round> uploadRound(int batch) {
        long grace = config.purge().grace().toSeconds();
        return pool.withTransaction(conn -> conn.preparedQuery(LOCK_UPLOADS).execute(Tuple.of(grace, (long) batch)).chain(rows -> {
            if (rows.size() == 0) {
                return Uni.createFrom().item(new Round(0, 0));
            }
            List<String> hashes = new ArrayList<>();
            List<String> keys = new ArrayList<>();
            for (Row row : rows) {
                hashes.add(row.getString("hash"));
                keys.add(row.getString("object_key"));
            }
            int selected = hashes.size();
            return Blocking.call(() -> store.delete(keys)).chain(failed -> {
                List<String> gone = deletable(hashes, keys, failed);
                if (gone.isEmpty()) {
                    return Uni.createFrom().item(new Round(selected, 0));
                }
                return conn.preparedQuery(DELETE_UPLOADS).execute(Tuple.of(gone.toArray(String[]::new)))
                        .map(result -> new Round(selected, result.rowCount()));
            });
        }));
    }

    /** The hashes whose objects are gone; those S3 refused stay for the next run. */
    private static List<String> deletable(List<String> hashes, List<String> keys, Set<String> failed) {
        if (!failed.isEmpty()) {
            Log.warnf("SCORM housekeeping: S3 could not delete %d of %d uploaded objects; their slots are kept for the next run",
                    failed.size(), keys.size());
        }
        List<String> gone = new ArrayList<>();
        for (int i = 0; i < hashes.size(); i++) {
            if (!failed.contains(keys.get(i))) {
                gone.add(hashes.get(i));
            }
        }
        return gone;
    }

    private Uni<Integer> sessionRounds(int batch, int total) {
        long grace = config.purge().grace().toSeconds();
        return pool.preparedQuery(DELETE_SESSIONS).execute(Tuple.of(grace, (long) batch)).chain(result -> {
            int deleted = result.rowCount();
            return deleted < batch ? Uni.createFrom().item(total + deleted) : sessionRounds(batch, total + deleted);
        });
    }
}
