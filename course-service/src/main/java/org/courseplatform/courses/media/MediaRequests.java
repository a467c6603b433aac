package org.courseplatform.courses.media;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.courseplatform.platform.web.DigitId;

/** Bodies of the media calls (docs/media.md). */
public final class MediaRequests {

    private MediaRequests() {}

    /**
     * An upload slot: the file's original name, announced content type and exact size in bytes,
     * optionally its alt text or that it is decorative, and the course it is uploaded from.
     */
    public record Create(
            String filename,
            String contentType,
            Long size,
            String altText,
            Boolean decorative,
            @JsonDeserialize(using = DigitId.class) Long courseId) {}

    /** A change of description: a field left out (or null) stays as it is; an empty {@code altText} removes it. */
    public record Patch(String altText, Boolean decorative) {}
}
