package org.courseplatform.courses.theme;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * Checks a theme's fields and builds the resulting theme. Besides the forms (name 1..100
 * characters, {@code #rrggbb} colours, known font stacks and corner styles), a workspace theme must
 * stay readable: text on the background and on the surface, and the pages' text on the primary
 * colour ({@link Contrast#onColor}), at WCAG AA 4.5:1, so that no theme makes a course unreadable.
 */
final class ThemeRules {

    static final int MAX_NAME = 100;
    static final int MAX_TENANT = 255;
    static final Set<String> CORNER_STYLES = Set.of("square", "rounded", "pill");
    private static final Pattern COLOR = Pattern.compile("#[0-9a-fA-F]{6}");

    private ThemeRules() {}

    /** The theme a create request makes (id, owner and times left for the repository). */
    static Theme create(ThemeRequests.Create body) {
        if (body == null) {
            throw ApiException.badRequest("The body must be {name, clientIdentifier?, colors, fonts, cornerStyle}");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        String name = name(body.name(), true, problems);
        if (body.clientIdentifier() != null
                && (body.clientIdentifier().isEmpty() || body.clientIdentifier().length() > MAX_TENANT)) {
            problems.add(new ApiError.Detail("clientIdentifier", "must be 1 to " + MAX_TENANT + " characters"));
        }
        Theme.Colors colors = colors(null, body.colors(), problems);
        Theme.Fonts fonts = fonts(null, body.fonts(), problems);
        String corner = corner(body.cornerStyle(), true, problems);
        return checked(
                new Theme(0, name, false, 0, body.clientIdentifier(), colors, fonts, corner, null, null), problems);
    }

    /** {@code current} with the patch's fields; 400 listing every problem. */
    static Theme patch(Theme current, ThemeRequests.Patch body) {
        if (body == null) {
            throw ApiException.badRequest("The body must be {name?, colors?, fonts?, cornerStyle?}");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        String name = body.name() == null ? current.name() : name(body.name(), true, problems);
        Theme.Colors colors =
                body.colors() == null ? current.colors() : colors(current.colors(), body.colors(), problems);
        Theme.Fonts fonts = body.fonts() == null ? current.fonts() : fonts(current.fonts(), body.fonts(), problems);
        String corner = body.cornerStyle() == null ? current.cornerStyle() : corner(body.cornerStyle(), true, problems);
        return checked(
                new Theme(
                        current.id(),
                        name,
                        false,
                        current.workspaceId(),
                        current.clientIdentifier(),
                        colors,
                        fonts,
                        corner,
                        current.createdAt(),
                        current.updatedAt()),
                problems);
    }

    private static Theme checked(Theme theme, List<ApiError.Detail> problems) {
        if (problems.isEmpty()) {
            readable(theme.colors(), problems);
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return theme;
    }

    /** The contrast rules (only once every colour is well formed). */
    static void readable(Theme.Colors c, List<ApiError.Detail> problems) {
        double onBackground = Contrast.ratio(c.text(), c.background());
        if (onBackground < Contrast.AA_TEXT) {
            problems.add(new ApiError.Detail(
                    "colors.text",
                    String.format(
                            Locale.ROOT,
                            "contrasts %.2f:1 with colors.background; text needs at least 4.5:1 (WCAG AA)",
                            onBackground)));
        }
        double onSurface = Contrast.ratio(c.text(), c.surface());
        if (onSurface < Contrast.AA_TEXT) {
            problems.add(new ApiError.Detail(
                    "colors.surface",
                    String.format(
                            Locale.ROOT,
                            "contrasts %.2f:1 with colors.text; text on cards needs at least 4.5:1 (WCAG AA)",
                            onSurface)));
        }
        double onPrimary = Contrast.ratio(Contrast.onColor(c.primary()), c.primary());
        if (onPrimary < Contrast.AA_TEXT) {
            problems.add(new ApiError.Detail(
                    "colors.primary",
                    String.format(
                            Locale.ROOT,
                            "neither white nor near-black text reaches 4.5:1 on it (best %.2f:1): choose a lighter or darker colour",
                            onPrimary)));
        }
    }

    private static String name(String raw, boolean required, List<ApiError.Detail> problems) {
        if (raw == null || raw.isBlank()) {
            if (required) {
                problems.add(new ApiError.Detail("name", "is required: 1 to " + MAX_NAME + " characters"));
            }
            return null;
        }
        String name = raw.strip();
        if (name.length() > MAX_NAME) {
            problems.add(new ApiError.Detail("name", "must be at most " + MAX_NAME + " characters"));
        } else if (name.chars().anyMatch(ch -> Character.isISOControl(ch))) {
            problems.add(new ApiError.Detail("name", "must not contain control characters"));
        }
        return name;
    }

    private static Theme.Colors colors(
            Theme.Colors current, ThemeRequests.Colors given, List<ApiError.Detail> problems) {
        if (given == null) {
            problems.add(new ApiError.Detail(
                    "colors", "is required: {primary, background, surface, text, accent} as #rrggbb"));
            return null;
        }
        return new Theme.Colors(
                color("colors.primary", given.primary(), current == null ? null : current.primary(), problems),
                color("colors.background", given.background(), current == null ? null : current.background(), problems),
                color("colors.surface", given.surface(), current == null ? null : current.surface(), problems),
                color("colors.text", given.text(), current == null ? null : current.text(), problems),
                color("colors.accent", given.accent(), current == null ? null : current.accent(), problems));
    }

    private static String color(String field, String raw, String current, List<ApiError.Detail> problems) {
        if (raw == null) {
            if (current == null) {
                problems.add(new ApiError.Detail(field, "is required: a colour as #rrggbb"));
            }
            return current;
        }
        if (!COLOR.matcher(raw).matches()) {
            problems.add(new ApiError.Detail(field, "must be a colour as #rrggbb"));
            return null;
        }
        return raw.toLowerCase(Locale.ROOT);
    }

    private static Theme.Fonts fonts(Theme.Fonts current, ThemeRequests.Fonts given, List<ApiError.Detail> problems) {
        if (given == null) {
            problems.add(new ApiError.Detail(
                    "fonts", "is required: {heading, body}, each one of " + ThemeFonts.STACKS.keySet()));
            return null;
        }
        return new Theme.Fonts(
                font("fonts.heading", given.heading(), current == null ? null : current.heading(), problems),
                font("fonts.body", given.body(), current == null ? null : current.body(), problems));
    }

    private static String font(String field, String raw, String current, List<ApiError.Detail> problems) {
        if (raw == null && current != null) {
            return current;
        }
        if (!ThemeFonts.known(raw)) {
            problems.add(new ApiError.Detail(
                    field,
                    "must be one of " + String.join(", ", ThemeFonts.STACKS.keySet())
                            + " (system font stacks: the pages load no web fonts)"));
            return null;
        }
        return raw;
    }

    private static String corner(String raw, boolean required, List<ApiError.Detail> problems) {
        if (raw == null || !CORNER_STYLES.contains(raw)) {
            if (raw != null || required) {
                problems.add(new ApiError.Detail("cornerStyle", "must be square, rounded or pill"));
            }
            return null;
        }
        return raw;
    }
}
