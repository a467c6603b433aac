package org.courseplatform.courses.media;

import java.time.OffsetDateTime;
import java.util.List;

/** A medium as stored. {@code variants}: the re-encoded widths of a raster image, smallest first. */
public record MediaRow(
        long id,
        long workspaceId,
        Long courseId,
        String token,
        String kind,
        String contentType,
        String filename,
        long size,
        Integer width,
        Integer height,
        String altText,
        boolean decorative,
        String status,
        String error,
        List<StoredVariant> variants,
        String fileName,
        String objectKey,
        String createdBy,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        OffsetDateTime expiresAt) {

    /** One stored width: its file name under the token, content type and size. */
    public record StoredVariant(int width, String key, String file, String contentType, long size) {}
}
