package org.courseplatform.courses.language;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A translation, narration or generation job as GET /v1/headless/jobs/{id} answers it
 * (docs/translation-and-narration.md, docs/generation.md). {@code locale}, {@code error},
 * {@code result}, {@code startedAt} and {@code finishedAt} appear once they have a value;
 * {@code courseId} is always there, null for a generation job until its course exists.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Job(
        long id,
        String type,
        String status,

        @JsonInclude(JsonInclude.Include.ALWAYS) @Schema(nullable = true)
        Long courseId,

        String locale,
        Progress progress,
        Error error,
        JsonNode result,
        String createdAt,
        String startedAt,
        String finishedAt) {

    public static final String TRANSLATION = "translation";
    public static final String NARRATION = "narration";
    public static final String GENERATION = "generation";

    public static final String QUEUED = "queued";
    public static final String RUNNING = "running";
    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";

    /** Whether the job has ended, well or not. */
    public boolean ended() {
        return SUCCEEDED.equals(status) || FAILED.equals(status);
    }

    /** Units done of the total: strings for a translation, screens for narration. */
    public record Progress(int done, int total) {}

    /** Why a job failed: a stable code and a message for a person. */
    public record Error(String code, String message) {}
}
