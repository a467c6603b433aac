package org.courseplatform.courses.course;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Bodies of the course endpoints (API.md, Courses). {@code identifier} (the owner) is required of
 * an API key but an agent may leave it out, as it owns what it creates, so
 * {@link CourseScope#ownerOf} checks it rather than a constraint here.
 */
public final class CourseRequests {

    private CourseRequests() {}

    /** POST /v1/headless/courses: a Builder 2 course with one empty screen. */
    public record Create(
            @NotBlank @Size(max = 500) String title,
            @Size(min = 1, max = 255) String identifier,
            @Size(min = 1, max = 255) String clientIdentifier,
            @Size(max = 10_000) String description) {}

    /** POST /v1/headless/courses/import: a Classic or Builder 2 document. */
    public record Import(
            @Size(min = 1, max = 255) String identifier,
            @Size(min = 1, max = 255) String clientIdentifier,
            @NotNull JsonNode document) {}

    /** PUT /v1/headless/course/{id}/content: the builder's save of the draft. */
    public record Content(@NotNull JsonNode document) {}

    /** POST /v1/headless/course/{id}/duplicate: optional new owner and tenant of the copy. */
    public record Duplicate(
            @Size(min = 1, max = 255) String identifier,
            @Size(min = 1, max = 255) String clientIdentifier) {}
}
