package org.courseplatform.courses.theme;

import java.util.Map;

/**
 * A theme as the builder's picker gets it: the theme with the CSS stacks of its fonts, so the
 * builder's preview dresses the player exactly as the learner's page will.
 */
public record EditorTheme(
        long id,
        String name,
        boolean builtIn,
        Theme.Colors colors,
        Theme.Fonts fonts,
        Map<String, String> fontStacks,
        String cornerStyle) {

    static EditorTheme of(Theme theme) {
        return new EditorTheme(
                theme.id(),
                theme.name(),
                theme.builtIn(),
                theme.colors(),
                theme.fonts(),
                ThemeFonts.stacksOf(theme.fonts()),
                theme.cornerStyle());
    }
}
