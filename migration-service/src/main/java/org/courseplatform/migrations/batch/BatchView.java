package org.courseplatform.migrations.batch;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** The batch status response (SPEC.md, Migration batch). */
public record BatchView(UUID id, String status, OffsetDateTime created, OffsetDateTime completed, Counts counts,
        List<Item> items) {

    public record Counts(int total, int pending, int processing, int succeeded, int failed) {
    }

    public record Item(long jobId, long courseId, String title, String status, int total, int changed, JsonNode blocked,
            JsonNode screens, String error, String reason) {
    }
}
