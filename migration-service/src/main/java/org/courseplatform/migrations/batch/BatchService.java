package org.courseplatform.migrations.batch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.web.ApiException;

/** Reads migration batches. */
@ApplicationScoped
public class BatchService {

    private final ObjectMapper mapper;

    public BatchService(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** The batch with its items; another workspace's batch is as unknown as a missing one. */
    @WithSession
    public Uni<BatchView> get(long workspaceId, UUID id) {
        return Panache.getSession().chain(session -> session.find(MigrationBatch.class, id)
                .map(b -> b == null || b.workspaceId != workspaceId ? null : b)
                .onItem().ifNull().failWith(() -> ApiException.notFound("Migration batch " + id + " not found"))
                .chain(batch -> session.createSelectionQuery("from MigrationItem where batchId = :id order by jobId",
                                MigrationItem.class).setParameter("id", id).getResultList()
                        .map(items -> view(batch, items))));
    }

    private BatchView view(MigrationBatch batch, List<MigrationItem> items) {
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
        List<BatchView.Item> views = items.stream().map(i -> new BatchView.Item(i.jobId, i.courseId, i.title, i.status,
                i.total, i.changed, json(i.blocked), json(i.screens), i.error, i.reason)).toList();
        return new BatchView(batch.id, batch.status, batch.createdAt, batch.completedAt,
                new BatchView.Counts(items.size(), pending, processing, succeeded, failed), views);
    }

    private JsonNode json(String value) {
        try {
            return mapper.readTree(value == null ? "[]" : value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored migration item JSON is invalid", e);
        }
    }
}
