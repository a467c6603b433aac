package org.courseplatform.courses.theme;

import java.awt.Font;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fonts a theme may name. The learner pages and the builder have no network (their CSP
 * allows no font source), so a theme names a stack of fonts installed on common systems, never a
 * web font; each name maps to a CSS {@code font-family} list and to a Java2D family for previews.
 */
public final class ThemeFonts {

    /** Name to CSS font-family stack, in the order the API documents them. */
    public static final Map<String, String> STACKS;

    static {
        Map<String, String> stacks = new LinkedHashMap<>();
        stacks.put(
                "system-sans", "system-ui, -apple-system, \"Segoe UI\", Roboto, \"Helvetica Neue\", Arial, sans-serif");
        stacks.put(
                "humanist",
                "Seravek, \"Gill Sans Nova\", Ubuntu, Calibri, \"DejaVu Sans\", source-sans-pro, sans-serif");
        stacks.put("geometric", "Avenir, Montserrat, Corbel, \"URW Gothic\", source-sans-pro, sans-serif");
        stacks.put(
                "rounded",
                "ui-rounded, \"Hiragino Maru Gothic ProN\", Quicksand, Comfortaa, Manjari, \"Arial Rounded MT\", "
                        + "\"Arial Rounded MT Bold\", Calibri, source-sans-pro, sans-serif");
        stacks.put("serif", "Charter, \"Bitstream Charter\", \"Sitka Text\", Cambria, Georgia, serif");
        stacks.put("old-style", "\"Iowan Old Style\", \"Palatino Linotype\", \"URW Palladio L\", P052, serif");
        stacks.put("slab", "Rockwell, \"Rockwell Nova\", \"Roboto Slab\", \"DejaVu Serif\", \"Sitka Small\", serif");
        stacks.put(
                "mono",
                "ui-monospace, \"Cascadia Code\", \"Source Code Pro\", Menlo, Consolas, \"DejaVu Sans Mono\", monospace");
        STACKS = Collections.unmodifiableMap(stacks);
    }

    private ThemeFonts() {}

    public static boolean known(String name) {
        return name != null && STACKS.containsKey(name);
    }

    /** The CSS stack of a known name; null otherwise. */
    public static String stack(String name) {
        return name == null ? null : STACKS.get(name);
    }

    /** {@code {heading, body}} as CSS stacks. */
    public static Map<String, String> stacksOf(Theme.Fonts fonts) {
        Map<String, String> stacks = new LinkedHashMap<>();
        stacks.put("heading", stack(fonts.heading()));
        stacks.put("body", stack(fonts.body()));
        return stacks;
    }

    /** The Java2D logical family that looks closest, for the preview image. */
    static String awtFamily(String name) {
        return switch (name) {
            case "serif", "old-style", "slab" -> Font.SERIF;
            case "mono" -> Font.MONOSPACED;
            default -> Font.SANS_SERIF;
        };
    }
}
