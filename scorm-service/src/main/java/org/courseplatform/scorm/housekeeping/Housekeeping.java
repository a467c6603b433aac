package org.courseplatform.scorm.housekeeping;

import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
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

    private final HousekeepingRepository repository;
    private final PackageStore store;
    private final ScormConfig config;

    public Housekeeping(HousekeepingRepository repository, PackageStore store, ScormConfig config) {
        this.repository = repository;
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
        return deleteRounds(repository::deleteExpiredSessions, batch, 0);
    }

    /** Records of used embed tokens that have expired, {@code batch} per round; answers how many went. */
    Uni<Integer> purgeLaunches(int batch) {
        return deleteRounds(repository::deleteExpiredLaunches, batch, 0);
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
        return repository.inTransaction(conn -> repository
                .lockExpiredUploads(conn, grace, batch)
                .chain(slots -> slots.isEmpty()
                        ? Uni.createFrom().item(new Round(0, 0))
                        : deleteObjects(slots, "upload slots")
                                .chain(gone -> gone.isEmpty()
                                        ? Uni.createFrom().item(new Round(slots.size(), 0))
                                        : repository
                                                .deleteUploads(conn, gone)
                                                .map(deleted -> new Round(slots.size(), deleted)))));
    }

    private Uni<Round> failedRound(int batch) {
        long retention = config.purge().failedOriginalRetention().toSeconds();
        return repository.inTransaction(conn -> repository
                .lockFailedOriginals(conn, retention, batch)
                .chain(packages -> packages.isEmpty()
                        ? Uni.createFrom().item(new Round(0, 0))
                        : deleteObjects(packages, "failed packages' originals")
                                .chain(gone -> gone.isEmpty()
                                        ? Uni.createFrom().item(new Round(packages.size(), 0))
                                        : repository
                                                .markOriginalsPurged(conn, gone)
                                                .map(marked -> new Round(packages.size(), marked)))));
    }

    /**
     * Deletes the objects of every row on a worker thread; answers the ids of the rows whose
     * objects are all gone. Rows with an object S3 refused to delete stay for the next run.
     */
    private <T> Uni<List<T>> deleteObjects(List<HousekeepingRepository.Owned<T>> rows, String what) {
        List<String> keys = rows.stream().flatMap(r -> r.keys().stream()).toList();
        return Workers.call(() -> keys.isEmpty() ? Set.<String>of() : store.delete(keys))
                .map(failed -> {
                    if (!failed.isEmpty()) {
                        Log.warnf(
                                "SCORM housekeeping: S3 could not delete %d of %d objects of %s; those rows are kept for the next run",
                                failed.size(), keys.size(), what);
                    }
                    List<T> gone = new ArrayList<>();
                    for (HousekeepingRepository.Owned<T> row : rows) {
                        if (row.keys().stream().noneMatch(failed::contains)) {
                            gone.add(row.id());
                        }
                    }
                    return gone;
                });
    }

    /** A delete of up to a batch of rows past the grace; answers how many went. */
    private interface BatchDelete {
        Uni<Integer> delete(long graceSeconds, int batch);
    }

    private Uni<Integer> deleteRounds(BatchDelete delete, int batch, int total) {
        long grace = config.purge().grace().toSeconds();
        return delete.delete(grace, batch)
                .chain(deleted -> deleted < batch
                        ? Uni.createFrom().item(total + deleted)
                        : deleteRounds(delete, batch, total + deleted));
    }
}
