package org.courseplatform.migrations.batch;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.courseplatform.migrations.course.CourseScope;

/**
 * Batches and their items. The aggregate (a batch and its items) goes through the caller's
 * Hibernate session; the workers' claim and release of an item are single statements on the
 * Vert.x client, outside any session ({@code FOR UPDATE SKIP LOCKED} under a lease).
 */
@ApplicationScoped
public class BatchRepository {

    private static final String CLAIM = """
            with claimed as (
                update migration_item set status = 'processing', attempts = attempts + 1, updated_at = now(),
                    locked_until = now() + make_interval(secs => $1)
                where job_id = (select job_id from migration_item
                                where (status = 'pending' and (locked_until is null or locked_until < now()))
                                   or (status = 'processing' and locked_until < now())
                                order by job_id for update skip locked limit 1)
                returning job_id, batch_id, course_id, request_id, attempts),
            started as (
                update migration_batch set status = 'processing'
                where id = (select batch_id from claimed) and status = 'pending')
            select c.job_id, c.batch_id, c.course_id, c.request_id, c.attempts, b.workspace_id, b.test_mode,
                b.restricted, b.client_identifier
            from claimed c join migration_batch b on b.id = c.batch_id""";
    private static final String RELEASE = """
            update migration_item set status = 'pending', error = $3, updated_at = now(),
                locked_until = now() + make_interval(secs => $4)
            where job_id = $1 and status = 'processing' and attempts = $2""";

    private static final String FINISH_ITEM = """
            update migration_item set status = ?1, title = coalesce(?2, title), total = ?3, changed = ?4,
                blocked = cast(cast(?5 as text) as jsonb), screens = cast(cast(?6 as text) as jsonb), error = ?7,
                reason = ?8, locked_until = null, updated_at = now()
            where job_id = ?9 and status = 'processing' and attempts = ?10""";

    private final Pool pool;

    public BatchRepository(Pool pool) {
        this.pool = pool;
    }

    /** The batch, or null. */
    Uni<MigrationBatch> find(UUID id) {
        return Panache.getSession().chain(session -> session.find(MigrationBatch.class, id));
    }

    /** The batch, locked until the transaction ends (one item finishes at a time per batch). */
    Uni<MigrationBatch> findForUpdate(UUID id) {
        return Panache.getSession()
                .chain(session -> session.find(MigrationBatch.class, id, LockModeType.PESSIMISTIC_WRITE));
    }

    /** Stores a new batch with its items, flushed so that the items have their job ids. */
    Uni<Void> create(MigrationBatch batch, List<MigrationItem> items) {
        return Panache.getSession()
                .chain(session -> session.persist(batch)
                        .chain(() -> session.persistAll(items.toArray()))
                        .call(session::flush));
    }

    /** The batch's items in job order. */
    Uni<List<MigrationItem>> items(UUID batchId) {
        return Panache.getSession()
                .chain(session -> session.createSelectionQuery(
                                "from MigrationItem where batchId = :id order by jobId", MigrationItem.class)
                        .setParameter("id", batchId)
                        .getResultList());
    }

    /**
     * Records how a claimed item ended, if the claim is still its worker's (same attempt, still
     * processing); false when another worker took it over.
     */
    Uni<Boolean> finishItem(BatchWorker.Claim claim, ItemResult result, String blockedJson, String screensJson) {
        return Panache.getSession()
                .chain(session -> session.createNativeQuery(FINISH_ITEM)
                        .setParameter(1, result.status())
                        .setParameter(2, result.title())
                        .setParameter(3, result.total())
                        .setParameter(4, result.changed())
                        .setParameter(5, blockedJson)
                        .setParameter(6, screensJson)
                        .setParameter(7, result.error())
                        .setParameter(8, result.reason())
                        .setParameter(9, claim.jobId())
                        .setParameter(10, claim.attempts())
                        .executeUpdate())
                .map(updated -> updated > 0);
    }

    /** Claims the next item due under {@code lease} (its batch becomes processing); null when none is due. */
    Uni<BatchWorker.Claim> claim(Duration lease) {
        return pool.preparedQuery(CLAIM).execute(Tuple.of(lease.toSeconds())).map(rows -> {
            if (rows.size() == 0) {
                return null;
            }
            Row row = rows.iterator().next();
            return new BatchWorker.Claim(
                    row.getLong("job_id"),
                    row.getUUID("batch_id"),
                    row.getLong("course_id"),
                    row.getUUID("request_id"),
                    row.getInteger("attempts"),
                    new CourseScope(
                            row.getLong("workspace_id"),
                            row.getBoolean("test_mode"),
                            row.getBoolean("restricted"),
                            row.getString("client_identifier")));
        });
    }

    /** Gives a claimed item back to pending after {@code delaySeconds}, noting the problem, if the claim is still its worker's. */
    Uni<Void> release(BatchWorker.Claim claim, String problem, long delaySeconds) {
        return pool.preparedQuery(RELEASE)
                .execute(Tuple.of(claim.jobId(), claim.attempts(), problem, delaySeconds))
                .replaceWithVoid();
    }
}
