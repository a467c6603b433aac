package org.courseplatform.courses.theme;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The service's own themes, the same for every workspace, with fixed ids 1..N so that a course
 * or an embed URL can name one forever. Each meets WCAG AA: text on the background and on the
 * surface, and the pages' text on the primary colour, at 4.5:1 or more (BuiltInThemesTest).
 * Ids are never reused or renumbered; a theme may be added at the end.
 */
public final class BuiltInThemes {

    public static final List<Theme> ALL = List.of(
            Theme.builtIn(
                    1,
                    "Indigo",
                    colors("#4f46e5", "#f6f7f9", "#ffffff", "#111827", "#0e7490"),
                    fonts("system-sans", "system-sans"),
                    "rounded"),
            Theme.builtIn(
                    2,
                    "Slate Night",
                    colors("#60a5fa", "#0f172a", "#1e293b", "#f1f5f9", "#fbbf24"),
                    fonts("system-sans", "system-sans"),
                    "rounded"),
            Theme.builtIn(
                    3,
                    "Forest",
                    colors("#166534", "#f5f8f3", "#ffffff", "#1a2e1f", "#b45309"),
                    fonts("humanist", "humanist"),
                    "rounded"),
            Theme.builtIn(
                    4,
                    "Editorial",
                    colors("#9f1239", "#fbf8f3", "#ffffff", "#1c1917", "#b45309"),
                    fonts("serif", "old-style"),
                    "square"),
            Theme.builtIn(
                    5,
                    "Ocean",
                    colors("#0369a1", "#f0f7fb", "#ffffff", "#0c3550", "#0f766e"),
                    fonts("geometric", "system-sans"),
                    "pill"),
            Theme.builtIn(
                    6,
                    "Sunrise",
                    colors("#c2410c", "#fff8f1", "#ffffff", "#292524", "#be185d"),
                    fonts("rounded", "rounded"),
                    "pill"),
            Theme.builtIn(
                    7,
                    "Monochrome",
                    colors("#18181b", "#ffffff", "#f4f4f5", "#18181b", "#52525b"),
                    fonts("system-sans", "system-sans"),
                    "square"),
            Theme.builtIn(
                    8,
                    "Terminal",
                    colors("#4ade80", "#0a0a0a", "#171717", "#e5e5e5", "#22d3ee"),
                    fonts("mono", "mono"),
                    "square"),
            Theme.builtIn(
                    9,
                    "Lavender",
                    colors("#6d28d9", "#faf7ff", "#ffffff", "#2e1065", "#db2777"),
                    fonts("humanist", "system-sans"),
                    "pill"),
            Theme.builtIn(
                    10,
                    "High Contrast",
                    colors("#1d4ed8", "#ffffff", "#ffffff", "#000000", "#b91c1c"),
                    fonts("system-sans", "system-sans"),
                    "square"),
            Theme.builtIn(
                    11,
                    "Sandstone",
                    colors("#8a4b2a", "#f7f1e8", "#fffdf9", "#2b2118", "#4d7c0f"),
                    fonts("slab", "serif"),
                    "rounded"),
            Theme.builtIn(
                    12,
                    "Midnight Plum",
                    colors("#f0abfc", "#1a1023", "#2a1b38", "#f5effa", "#5eead4"),
                    fonts("geometric", "humanist"),
                    "pill"));

    /** Workspace themes are numbered from here, so a built-in id is never a workspace theme's. */
    public static final long FIRST_WORKSPACE_ID = 1000;

    private static final Map<Long, Theme> BY_ID =
            ALL.stream().collect(Collectors.toMap(Theme::id, Function.identity()));

    private BuiltInThemes() {}

    /** The built-in theme of this id, or null. */
    public static Theme get(long id) {
        return BY_ID.get(id);
    }

    public static boolean isBuiltIn(long id) {
        return id >= 1 && id < FIRST_WORKSPACE_ID;
    }

    private static Theme.Colors colors(String primary, String background, String surface, String text, String accent) {
        return new Theme.Colors(primary, background, surface, text, accent);
    }

    private static Theme.Fonts fonts(String heading, String body) {
        return new Theme.Fonts(heading, body);
    }
}
