package org.courseplatform.migrations.batch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.courseplatform.migrations.course.CourseScope;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiException;

/**
 * Migration batches: created by a request for two or more courses, finished item by item by
 * {@link BatchWorker}. Finishing an item, the batch's state and its events commit together.
 *
 * <p>Batch states: {@code pending} until a worker claims the first item, then
 * {@code processing}; when no item is {@code pending} or {@code processing} any more, the batch is
 * {@code completed} if every item is {@code migrated} or {@code already_modern}, and
 * {@code completed_with_errors} if any is {@code blocked} or {@code failed}.
 */
@ApplicationScoped
public class BatchService {

    private final BatchRepository batches;
    private final ObjectMapper mapper;
    private final Outbox outbox;

    public BatchService(BatchRepository batches, ObjectMapper mapper, Outbox outbox) {
        this.batches = batches;
        this.mapper = mapper;
        this.outbox = outbox;
    }

    /**
     * The batch with its items; another workspace's batch is as unknown as a missing one, and so,
     * for an agent, is a batch not made within its tenant (its items name courses and titles).
     */
    @WithSession
    public Uni<BatchView> get(CourseScope scope, UUID id) {
        return batches.find(id)
                .map(b -> b == null || !sees(scope, b) ? null : b)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Migration batch " + id + " not found"))
                .chain(batch -> batches.items(id).map(items -> view(batch, items)));
    }

    private static boolean sees(CourseScope scope, MigrationBatch batch) {
        return batch.workspaceId == scope.workspaceId()
                && (!scope.restricted()
                        || batch.restricted && Objects.equals(batch.clientIdentifier, scope.clientIdentifier()));
    }

    /** A new pending batch with one pending item per course, in the order asked, keeping the caller's scope for the workers. */
    @WithTransaction
    public Uni<BatchView> create(CourseScope scope, List<Long> courseIds) {
        long workspaceId = scope.workspaceId();
        MigrationBatch batch = new MigrationBatch();
        batch.id = UUID.randomUUID();
        batch.workspaceId = workspaceId;
        batch.status = "pending";
        batch.testMode = scope.testMode();
        batch.restricted = scope.restricted();
        batch.clientIdentifier = scope.clientIdentifier();
        batch.createdAt = now();
        List<MigrationItem> items = new ArrayList<>();
        for (long courseId : courseIds) {
            MigrationItem item = new MigrationItem();
            item.batchId = batch.id;
            item.courseId = courseId;
            item.status = "pending";
            item.blocked = "[]";
            item.screens = "[]";
            items.add(item);
        }
        return batches.create(batch, items)
                .invoke(() -> Log.debugf(
                        "Migration batch %s: %d courses for workspace %d", batch.id, items.size(), workspaceId))
                .map(ignored -> view(batch, items));
    }

    /**
     * Records how one claimed item ended, moves the batch to its final state when that was the
     * last open item, and writes {@code migration.progress} (and then {@code migration.completed})
     * in the same transaction. A claim another worker took over in the meantime (its lease ran
     * out) changes nothing.
     */
    @WithTransaction
    public Uni<Void> finish(BatchWorker.Claim claim, ItemResult result) {
        return batches.findForUpdate(claim.batchId())
                .chain(batch -> batches.finishItem(claim, result, json(result.blocked()), json(result.screens()))
                        .chain(finished -> finished
                                ? batches.items(batch.id).chain(items -> record(batch, items, claim.jobId()))
                                : superseded(claim)));
    }

    private Uni<Void> record(MigrationBatch batch, List<MigrationItem> items, long jobId) {
        boolean open = items.stream().anyMatch(i -> "pending".equals(i.status) || "processing".equals(i.status));
        if (!open && batch.completedAt == null) {
            boolean clean =
                    items.stream().allMatch(i -> "migrated".equals(i.status) || "already_modern".equals(i.status));
            batch.status = clean ? "completed" : "completed_with_errors";
            batch.completedAt = now();
        }
        BatchView view = view(batch, items);
        String subject = batch.id.toString();
        Uni<Void> events = outbox.add(
                        Events.MIGRATION_PROGRESS,
                        subject,
                        batch.workspaceId,
                        batch.testMode,
                        view.progressEvent(jobId))
                .replaceWithVoid();
        if (batch.completedAt != null && !open) {
            events = events.chain(() -> outbox.add(
                            Events.MIGRATION_COMPLETED,
                            subject,
                            batch.workspaceId,
                            batch.testMode,
                            view.completedEvent()))
                    .replaceWithVoid()
                    .invoke(() -> Log.debugf("Migration batch %s %s", batch.id, batch.status));
        }
        return events;
    }

    private static Uni<Void> superseded(BatchWorker.Claim claim) {
        Log.debugf(
                "Migration item %d: claim at attempt %d was taken over; result dropped",
                claim.jobId(), claim.attempts());
        return Uni.createFrom().voidItem();
    }

    /** The batch status response; {@code counts} adds up to {@code total} by construction. */
    BatchView view(MigrationBatch batch, List<MigrationItem> items) {
        int pending = 0;
        int processing = 0;
        int succeeded = 0;
        int failed = 0;
        for (MigrationItem item : items) {
            switch (item.status) {
                case "pending" -> pending++;
                case "processing" -> processing++;
                case "migrated", "already_modern" -> succeeded++;
                default -> failed++;
            }
        }
        List<BatchView.Item> views = items.stream()
                .map(i -> new BatchView.Item(
                        i.jobId,
                        i.courseId,
                        i.title,
                        i.status,
                        i.total,
                        i.changed,
                        read(i.blocked),
                        read(i.screens),
                        i.error,
                        i.reason))
                .toList();
        return new BatchView(
                batch.id,
                batch.status,
                batch.createdAt,
                batch.completedAt,
                new BatchView.Counts(items.size(), pending, processing, succeeded, failed),
                views);
    }

    private JsonNode read(String value) {
        try {
            return mapper.readTree(value == null ? "[]" : value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored migration item JSON is invalid", e);
        }
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value == null ? List.of() : value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
