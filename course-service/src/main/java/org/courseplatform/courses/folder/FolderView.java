package org.courseplatform.courses.folder;

import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A folder as the API answers it: {@code path} the names from the top-level folder down to this
 * one, {@code courseCount} the courses (not deleted) directly in it, {@code createdBy} the agent
 * that made it (null: an API key).
 */
public record FolderView(
        long id,
        String name,
        @Schema(nullable = true) Long parentId,
        @Schema(nullable = true) String clientIdentifier,
        List<String> path,
        long courseCount,
        @Schema(nullable = true) String createdBy,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {}
