package org.courseplatform.courses.screen;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import jakarta.validation.constraints.Size;
import org.courseplatform.platform.web.DigitId;

/**
 * POST /v1/headless/screen: by {@code layoutId}, or by {@code type}/{@code typeId} when it is
 * absent. {@code identifier} is required of an API key; an agent may leave it out (it owns the screen).
 */
public record ScreenRequest(
        @Size(max = 100) String layoutId,
        @Size(max = 100) String type,
        @JsonDeserialize(using = DigitId.Small.class) Integer typeId,
        @Size(max = 500) String title,
        @Size(min = 1, max = 255) String identifier,
        @Size(min = 1, max = 255) String clientIdentifier) {}
