package org.courseplatform.migrations.batch;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.courseplatform.platform.events.EventData;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The batch status response (SPEC.md, Migration batch). */
public record BatchView(
        UUID id,
        String status,
        OffsetDateTime created,
        @Schema(nullable = true) OffsetDateTime completed,
        Counts counts,
        List<Item> items) {

    public record Counts(int total, int pending, int processing, int succeeded, int failed) {}

    public record Item(
            long jobId,
            long courseId,
            @Schema(nullable = true) String title,
            String status,
            int total,
            int changed,
            @Schema(nullable = true) JsonNode blocked,
            @Schema(nullable = true) JsonNode screens,
            @Schema(nullable = true) String error,
            @Schema(nullable = true) String reason) {

        EventData.BatchItem event() {
            return new EventData.BatchItem(
                    jobId, courseId, title, status, total, changed, blocked, screens, error, reason);
        }
    }

    /** The {@code data} of {@code migration.completed}: this view. */
    EventData.Batch completedEvent() {
        return new EventData.Batch(id, status, created, completed, eventCounts(), itemEvents());
    }

    /** The {@code data} of {@code migration.progress}: this view plus the item of {@code jobId}, which just finished. */
    EventData.BatchProgress progressEvent(long jobId) {
        EventData.BatchItem item = items.stream()
                .filter(i -> i.jobId() == jobId)
                .findFirst()
                .orElseThrow()
                .event();
        return new EventData.BatchProgress(id, status, created, completed, eventCounts(), itemEvents(), item);
    }

    private EventData.BatchCounts eventCounts() {
        return new EventData.BatchCounts(
                counts.total(), counts.pending(), counts.processing(), counts.succeeded(), counts.failed());
    }

    private List<EventData.BatchItem> itemEvents() {
        return items.stream().map(Item::event).toList();
    }
}
