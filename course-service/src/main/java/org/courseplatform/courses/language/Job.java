package org.courseplatform.courses.language;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A translation or narration job as GET /v1/headless/jobs/{id} answers it
 * (docs/translation-and-narration.md). {@code locale}, {@code error}, {@code result},
 * {@code startedAt} and {@code finishedAt} appear once they have a value.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Job(long id, String type, String status, long courseId, String locale, Progress progress, Error error,
        JsonNode result, String createdAt, String startedAt, String finishedAt) {

    public static final String TRANSLATION = "translation";
    public static final String NARRATION = "narration";

    /** Units done of the total: strings for a translation, screens for narration. */
    public record Progress(int done, int total) {
    }

    /** Why a job failed: a stable code and a message for a person. */
    public record Error(String code, String message) {
    }
}
