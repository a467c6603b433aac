package org.courseplatform.courses.theme;

import java.time.OffsetDateTime;

/**
 * A theme as the API answers it. {@code clientIdentifier}, {@code createdAt} and {@code updatedAt}
 * are null for a built-in theme.
 */
public record ThemeView(
        long id,
        String name,
        boolean builtIn,
        String clientIdentifier,
        Theme.Colors colors,
        Theme.Fonts fonts,
        String cornerStyle,
        String previewUrl,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {}
