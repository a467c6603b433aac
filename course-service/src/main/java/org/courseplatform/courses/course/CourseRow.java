package org.courseplatform.courses.course;

import java.time.OffsetDateTime;

/**
 * A course without its documents, for lists: a page of 100 courses would otherwise load 200
 * JSON documents it never shows. Read by {@link CourseReadRepository}.
 */
public record CourseRow(
        Long id,
        String type,
        String format,
        String title,
        String description,
        String key,
        String identifier,
        String clientIdentifier,
        Long folderId,
        boolean published,
        OffsetDateTime publishedAt,
        boolean deleted,
        Integer timeEstimateMinutes,
        int thumbnailRevision,
        String thumbnailToken,
        int screenCount,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {}
