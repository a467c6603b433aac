package org.courseplatform.courses.theme;

/**
 * WCAG 2.x relative luminance and contrast ratio of {@code #rrggbb} colours. Text needs 4.5:1
 * (level AA, 1.4.3); the pages put white or near-black text on the primary colour, whichever
 * contrasts more, as {@link #onColor} does.
 */
public final class Contrast {

    /** Text colour on a primary colour that is light. */
    public static final String DARK_TEXT = "#111827";

    public static final String LIGHT_TEXT = "#ffffff";
    public static final double AA_TEXT = 4.5;

    private Contrast() {}

    public static double luminance(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return 0.2126 * channel(rgb >> 16 & 0xff) + 0.7152 * channel(rgb >> 8 & 0xff) + 0.0722 * channel(rgb & 0xff);
    }

    private static double channel(int value) {
        double c = value / 255.0;
        return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    public static double ratio(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** White or near-black, whichever contrasts more with {@code background} (the pages' rule). */
    public static String onColor(String background) {
        return ratio(LIGHT_TEXT, background) >= ratio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
    }
}
