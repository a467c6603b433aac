package org.courseplatform.courses.theme;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Turns themes into API records; knows the public base URL the preview links use (as thumbnails do). */
@ApplicationScoped
public class ThemeViews {

    private final String baseUrl;

    public ThemeViews(@ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    public ThemeView of(Theme theme) {
        return new ThemeView(
                theme.id(),
                theme.name(),
                theme.builtIn(),
                theme.clientIdentifier(),
                theme.colors(),
                theme.fonts(),
                theme.cornerStyle(),
                previewUrl(theme.id()),
                theme.createdAt(),
                theme.updatedAt());
    }

    public String previewUrl(long id) {
        return baseUrl + "/v1/headless/themes/" + id + "/preview.png";
    }
}
