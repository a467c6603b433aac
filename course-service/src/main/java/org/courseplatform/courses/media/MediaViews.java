package org.courseplatform.courses.media;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/** What the media calls answer (docs/media.md). */
public final class MediaViews {

    private MediaViews() {}

    /** One width of an image, at its public URL. */
    public record Variant(int width, String url) {}

    /**
     * A medium. {@code url} is the absolute public URL of its default file: for an image the 1280
     * width or the largest below it, for audio, video and SVG the file itself (null until ready).
     */
    public record Media(
            long id,
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
            String url,
            List<Variant> variants,
            Long courseId,
            OffsetDateTime created,
            OffsetDateTime updated) {}

    /** Where and how to PUT the file: the headers given must be sent as they are. */
    public record Upload(String url, String method, Map<String, String> headers, OffsetDateTime expiresAt) {}

    /** A new upload slot. */
    public record Slot(Media media, Upload upload) {}
}
