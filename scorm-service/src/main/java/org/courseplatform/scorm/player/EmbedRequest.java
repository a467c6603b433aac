package org.courseplatform.scorm.player;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.courseplatform.platform.web.DigitId;

/**
 * POST /v1/headless/embed/scorm: {@code action} is {@code view} (default: the learner
 * {@code identifier} plays and is tracked) or {@code edit} (a read-only overview).
 * {@code parentOrigin} is the origin of the page that will frame the player
 * ({@code https://lms.example.com}); the player posts its browser events to that origin only, and
 * posts none without it.
 */
public record EmbedRequest(
        String action,

        @NotNull @Positive @JsonDeserialize(using = DigitId.class)
        Long courseId,

        @NotBlank @Size(max = 255) String identifier,
        @Size(min = 1, max = 255) String clientIdentifier,
        @Size(max = 255) String parentOrigin) {}
