package org.courseplatform.courses.course;

import java.time.OffsetDateTime;

/** A course as the API answers it (API.md, Courses). */
public record CourseView(
        long id,
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
        String thumbnail,
        int thumbnailRevision,
        int screenCount,
        OffsetDateTime created,
        OffsetDateTime updated) {

    static CourseView of(Course c, String thumbnailUrl) {
        return new CourseView(
                c.id,
                c.type,
                c.format,
                c.title,
                c.description,
                c.key,
                c.identifier,
                c.clientIdentifier,
                c.folderId,
                c.published,
                c.publishedAt,
                c.deleted,
                c.timeEstimateMinutes,
                thumbnailUrl,
                c.thumbnailRevision,
                c.screenCount,
                c.createdAt,
                c.updatedAt);
    }
}
