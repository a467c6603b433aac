package org.courseplatform.courses.theme;

import java.time.OffsetDateTime;

/**
 * A look for the learner pages and the builder: five colours, two font stacks, a corner style.
 * Built-in themes (ids 1..N) are the service's own and the same for everyone; workspace themes
 * (ids from 1000) belong to a workspace's tenant, as courses do.
 */
public record Theme(
        long id,
        String name,
        boolean builtIn,
        long workspaceId,
        String clientIdentifier,
        Colors colors,
        Fonts fonts,
        String cornerStyle,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {

    /** Colours as {@code #rrggbb}, lower case. */
    public record Colors(String primary, String background, String surface, String text, String accent) {}

    /** Font-stack names of {@link ThemeFonts}. */
    public record Fonts(String heading, String body) {}

    static Theme builtIn(long id, String name, Colors colors, Fonts fonts, String cornerStyle) {
        return new Theme(id, name, true, 0, null, colors, fonts, cornerStyle, null, null);
    }

    /** Changes with anything that shows in the preview: its ETag. */
    String fingerprint() {
        return name + '|' + colors + '|' + fonts + '|' + cornerStyle;
    }
}
