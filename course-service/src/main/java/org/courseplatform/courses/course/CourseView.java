package org.courseplatform.courses.course;

import java.time.OffsetDateTime;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A course as the API answers it (API.md, Courses). */
public record CourseView(
        long id,
        String type,
        @Schema(nullable = true) String format,
        String title,
        @Schema(nullable = true) String description,
        String key,
        String identifier,
        @Schema(nullable = true) String clientIdentifier,
        @Schema(nullable = true) Long folderId,
        boolean published,
        @Schema(nullable = true) OffsetDateTime publishedAt,
        boolean deleted,
        @Schema(nullable = true) Integer timeEstimateMinutes,
        @Schema(nullable = true) String thumbnail,
        int thumbnailRevision,
        int screenCount,
        OffsetDateTime created,
        OffsetDateTime updated) {

    static CourseView of(Course c, String thumbnailUrl) {
        return new CourseView(
                c.id,
                c.type().wire(),
                c.format,
                c.title,
                c.description,
                c.key,
                c.identifier,
                c.clientIdentifier,
                c.folderId,
                c.isPublished(),
                c.publishedAt(),
                c.isDeleted(),
                c.timeEstimateMinutes,
                thumbnailUrl,
                c.thumbnailRevision,
                c.screenCount,
                c.createdAt,
                c.updatedAt);
    }
}
