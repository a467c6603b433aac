package org.courseplatform.courses.theme;

import java.time.OffsetDateTime;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A theme as the API answers it. {@code clientIdentifier}, {@code createdAt} and {@code updatedAt}
 * are null for a built-in theme.
 */
public record ThemeView(
        long id,
        String name,
        boolean builtIn,
        @Schema(nullable = true) String clientIdentifier,
        Theme.Colors colors,
        Theme.Fonts fonts,
        String cornerStyle,
        String previewUrl,
        @Schema(nullable = true) OffsetDateTime createdAt,
        @Schema(nullable = true) OffsetDateTime updatedAt) {}
