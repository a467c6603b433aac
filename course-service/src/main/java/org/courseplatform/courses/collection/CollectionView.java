package org.courseplatform.courses.collection;

import java.time.OffsetDateTime;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A collection as the API answers it: {@code courseIds} in the collection's order, {@code createdBy}
 * the agent that made it (null: an API key).
 */
public record CollectionView(
        long id,
        String key,
        String title,
        @Schema(nullable = true) String description,
        @Schema(nullable = true) String clientIdentifier,
        List<Long> courseIds,
        int courseCount,
        @Schema(nullable = true) String createdBy,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {

    static CollectionView of(Collection c, List<Long> courseIds) {
        return new CollectionView(
                c.id,
                c.key,
                c.title,
                c.description,
                c.clientIdentifier,
                courseIds,
                courseIds.size(),
                c.createdBy,
                c.createdAt,
                c.updatedAt);
    }
}
