package org.courseplatform.courses.theme;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.courseplatform.platform.web.DigitId;

/**
 * Bodies of the theme endpoints. Every field is checked by {@link ThemeRules} (so that each problem
 * names its field, {@code colors.primary}); in a PATCH a missing field, or a missing colour or
 * font inside {@code colors}/{@code fonts}, keeps its value.
 */
public final class ThemeRequests {

    private ThemeRequests() {}

    public record Colors(String primary, String background, String surface, String text, String accent) {}

    public record Fonts(String heading, String body) {}

    /** POST /v1/headless/themes. */
    public record Create(String name, String clientIdentifier, Colors colors, Fonts fonts, String cornerStyle) {}

    /** PATCH /v1/headless/themes/{id}. */
    public record Patch(String name, Colors colors, Fonts fonts, String cornerStyle) {}

    /** PUT /v1/headless/course/{id}/theme: {@code themeId} null clears the course's theme. */
    public record Apply(
            @JsonDeserialize(using = DigitId.class) Long themeId) {}
}
