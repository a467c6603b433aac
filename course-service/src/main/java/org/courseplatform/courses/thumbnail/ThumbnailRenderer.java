package org.courseplatform.courses.thumbnail;

import java.awt.Color;
import java.awt.Font;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Draws the 640x360 JPEG card that stands for a course in listings, so that every course has a
 * recognisable thumbnail without anyone designing one. Pure Java2D on an RGB canvas (JPEG has no
 * alpha), so it runs headless on a server with nothing but a JDK and a sans-serif font.
 */
public final class ThumbnailRenderer {

    static {
        // Before any java.awt class below asks GraphicsEnvironment, which caches the answer.
        // An explicit choice by the launcher (-Djava.awt.headless=...) wins.
        ensureHeadless();
    }

    static final int WIDTH = 640;
    static final int HEIGHT = 360;
    static final float JPEG_QUALITY = 0.85f;
    static final String UNTITLED = "Untitled course";
    static final int MAX_TITLE_SIZE = 40;
    static final int MIN_TITLE_SIZE = 26;
    static final int MAX_TITLE_LINES = 3;

    private static final int TITLE_SIZE_STEP = 2;
    private static final int SUBTITLE_SIZE = 18;
    private static final int MAX_SUBTITLE_LINES = 2;
    private static final int BADGE_SIZE = 14;
    private static final int MARGIN = 40;
    private static final int BADGE_TOP = 32;
    private static final int GUTTER = 32;
    private static final double IMAGE_SHARE = 0.45;
    private static final double SHADE = 0.85;
    /** Longer text cannot fit three lines anyway; the cap keeps layout cost bounded. */
    private static final int MAX_TEXT_CHARS = 400;

    private static final Color DEFAULT_THEME = new Color(0x33, 0x4E, 0x8C);
    private static final Color SUBTITLE_COLOUR = new Color(255, 255, 255, 220);
    private static final Color BADGE_FILL = new Color(255, 255, 255, 235);
    private static final Color BADGE_DARK_TEXT = new Color(0x1F, 0x24, 0x30);

    private ThumbnailRenderer() {}

    /**
     * What goes on the card. Every field except the title may be null; a null or blank title
     * reads "Untitled course", a null theme a neutral blue.
     *
     * @param title    the course title, word-wrapped to at most three lines
     * @param subtitle a second line such as the author or duration, or null
     * @param theme    the background colour (any alpha is ignored), or null
     * @param image    drawn cover-fit on the right 45% of the card, or null for a text-only card
     * @param badge    short label for a pill in the top-left, e.g. "SCORM 2004", or null
     */
    public record Card(String title, String subtitle, Color theme, BufferedImage image, String badge) {
        static {
            // Callers usually create the Card (and its Color) before touching ThumbnailRenderer.
            ensureHeadless();
        }
    }

    /** The fitted title: the font size chosen and the lines to draw with it. */
    record TitleLayout(Font font, List<String> lines) {}

    /** Renders the card as JPEG bytes (640x360, quality 0.85). */
    public static byte[] render(Card card) {
        Objects.requireNonNull(card, "card");
        Color theme =
                card.theme() == null ? DEFAULT_THEME : new Color(card.theme().getRGB());
        BufferedImage canvas = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas.createGraphics();
        try {
            applyQualityHints(g);
            g.setPaint(new GradientPaint(0, 0, theme, 0, HEIGHT, shade(theme, SHADE)));
            g.fillRect(0, 0, WIDTH, HEIGHT);

            int textRight = WIDTH - MARGIN;
            if (card.image() != null) {
                int imageX = WIDTH - (int) Math.round(WIDTH * IMAGE_SHARE);
                drawCover(g, card.image(), imageX, 0, WIDTH - imageX, HEIGHT);
                textRight = imageX - GUTTER;
            }
            int textWidth = textRight - MARGIN;
            int textTop = MARGIN;
            String badge = normalise(card.badge());
            if (!badge.isEmpty()) {
                textTop = drawBadge(g, badge, theme, MARGIN, BADGE_TOP, textWidth) + 24;
            }
            String title = normalise(card.title());
            drawText(
                    g,
                    title.isEmpty() ? UNTITLED : title,
                    normalise(card.subtitle()),
                    MARGIN,
                    textTop,
                    textWidth,
                    HEIGHT - MARGIN);
        } finally {
            g.dispose();
        }
        return encodeJpeg(canvas);
    }

    /**
     * Parses {@code #rgb} or {@code #rrggbb}, with or without the {@code #}, surrounding blanks
     * ignored; anything else (including null) gives {@code fallback}, since themes come from
     * tenant data and a bad value should not stop a thumbnail.
     */
    public static Color parseColour(String hex, Color fallback) {
        if (hex == null) {
            return fallback;
        }
        String s = hex.strip();
        if (s.startsWith("#")) {
            s = s.substring(1);
        }
        if (s.length() == 3) {
            s = new StringBuilder(6)
                    .append(s.charAt(0))
                    .append(s.charAt(0))
                    .append(s.charAt(1))
                    .append(s.charAt(1))
                    .append(s.charAt(2))
                    .append(s.charAt(2))
                    .toString();
        }
        if (s.length() != 6) {
            return fallback;
        }
        int rgb = 0;
        for (int i = 0; i < s.length(); i++) {
            int digit = hexDigit(s.charAt(i));
            if (digit < 0) {
                return fallback;
            }
            rgb = rgb << 4 | digit;
        }
        return new Color(rgb);
    }

    /**
     * Picks the largest title size from 40 px down to 26 px at which the title fits three lines
     * of {@code maxWidth}; at 26 px the third line is cut with an ellipsis.
     */
    static TitleLayout fitTitle(String title, double maxWidth, FontRenderContext frc) {
        Font font = null;
        List<String> lines = List.of();
        for (int size = MAX_TITLE_SIZE; size >= MIN_TITLE_SIZE; size -= TITLE_SIZE_STEP) {
            font = new Font(Font.SANS_SERIF, Font.BOLD, size);
            lines = wrap(title, font, maxWidth, frc, MAX_TITLE_LINES + 1);
            if (lines.size() <= MAX_TITLE_LINES) {
                return new TitleLayout(font, lines);
            }
        }
        return new TitleLayout(font, clamp(lines, MAX_TITLE_LINES, font, maxWidth, frc));
    }

    static void ensureHeadless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private static void applyQualityHints(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    }

    /** Scales to fill the box keeping the aspect ratio, centred; the overflow is clipped. */
    private static void drawCover(Graphics2D g, BufferedImage image, int x, int y, int w, int h) {
        double scale = Math.max((double) w / image.getWidth(), (double) h / image.getHeight());
        int dw = Math.max(w, (int) Math.ceil(image.getWidth() * scale));
        int dh = Math.max(h, (int) Math.ceil(image.getHeight() * scale));
        BufferedImage source = halveTowards(image, dw, dh);
        Graphics2D clipped = (Graphics2D) g.create();
        try {
            clipped.clipRect(x, y, w, h);
            clipped.drawImage(source, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, null);
        } finally {
            clipped.dispose();
        }
    }

    /**
     * Halves a large photo step by step towards the target size: a single bicubic pass over a big
     * downscale skips most source pixels and looks grainy.
     */
    private static BufferedImage halveTowards(BufferedImage image, int w, int h) {
        BufferedImage current = image;
        while (current.getWidth() / 2 >= w && current.getHeight() / 2 >= h) {
            int nw = current.getWidth() / 2;
            int nh = current.getHeight() / 2;
            BufferedImage next = new BufferedImage(
                    nw,
                    nh,
                    current.getColorModel().hasAlpha() ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
            Graphics2D g = next.createGraphics();
            try {
                g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
                g.drawImage(current, 0, 0, nw, nh, null);
            } finally {
                g.dispose();
            }
            current = next;
        }
        return current;
    }

    /** Draws the pill and returns its bottom edge. */
    private static int drawBadge(Graphics2D g, String text, Color theme, int x, int y, int maxWidth) {
        Font font = new Font(Font.SANS_SERIF, Font.BOLD, BADGE_SIZE);
        FontRenderContext frc = g.getFontRenderContext();
        int padX = 12;
        int height = 28;
        double room = maxWidth - 2.0 * padX;
        String label = width(text, font, frc) <= room ? text : ellipsize(text, font, room, frc);
        double width = Math.min(maxWidth, width(label, font, frc) + 2.0 * padX);
        g.setColor(BADGE_FILL);
        g.fill(new RoundRectangle2D.Double(x, y, width, height, height, height));
        g.setColor(luminance(theme) < 0.45 ? theme : BADGE_DARK_TEXT);
        g.setFont(font);
        LineMetrics metrics = font.getLineMetrics(label, frc);
        float baseline = y + (height - metrics.getAscent() - metrics.getDescent()) / 2f + metrics.getAscent();
        g.drawString(label, (float) (x + padX), baseline);
        return y + height;
    }

    /** Title and subtitle as one block, centred vertically between {@code top} and {@code bottom}. */
    private static void drawText(Graphics2D g, String title, String subtitle, int x, int top, int width, int bottom) {
        FontRenderContext frc = g.getFontRenderContext();
        TitleLayout fitted = fitTitle(title, width, frc);
        Font subtitleFont = new Font(Font.SANS_SERIF, Font.PLAIN, SUBTITLE_SIZE);
        List<String> subtitleLines = subtitle.isEmpty()
                ? List.of()
                : clamp(
                        wrap(subtitle, subtitleFont, width, frc, MAX_SUBTITLE_LINES + 1),
                        MAX_SUBTITLE_LINES,
                        subtitleFont,
                        width,
                        frc);

        float titleLineHeight = fitted.font().getSize2D() * 1.2f;
        float subtitleLineHeight = SUBTITLE_SIZE * 1.4f;
        float gap = 14f;
        float blockHeight = fitted.lines().size() * titleLineHeight
                + (subtitleLines.isEmpty() ? 0 : gap + subtitleLines.size() * subtitleLineHeight);
        float y = top + Math.max(0f, (bottom - top - blockHeight) / 2f);

        g.setColor(Color.WHITE);
        g.setFont(fitted.font());
        float titleAscent = fitted.font().getLineMetrics("Hg", frc).getAscent();
        for (String line : fitted.lines()) {
            g.drawString(line, (float) x, y + titleAscent);
            y += titleLineHeight;
        }
        if (!subtitleLines.isEmpty()) {
            y += gap;
            g.setColor(SUBTITLE_COLOUR);
            g.setFont(subtitleFont);
            float subtitleAscent = subtitleFont.getLineMetrics("Hg", frc).getAscent();
            for (String line : subtitleLines) {
                g.drawString(line, (float) x, y + subtitleAscent);
                y += subtitleLineHeight;
            }
        }
    }

    /**
     * Greedy word wrap; a word wider than a line is broken between characters. Stops after
     * {@code limit} lines, which is enough to know the text does not fit.
     */
    private static List<String> wrap(String text, Font font, double maxWidth, FontRenderContext frc, int limit) {
        List<String> lines = new ArrayList<>();
        String current = "";
        for (String word : text.split(" ")) {
            if (word.isEmpty()) {
                continue;
            }
            String candidate = current.isEmpty() ? word : current + " " + word;
            if (width(candidate, font, frc) <= maxWidth) {
                current = candidate;
                continue;
            }
            if (!current.isEmpty()) {
                lines.add(current);
            }
            while (width(word, font, frc) > maxWidth && lines.size() < limit) {
                int cut = longestFittingPrefix(word, font, maxWidth, frc);
                lines.add(word.substring(0, cut));
                word = word.substring(cut);
            }
            current = word;
            if (lines.size() >= limit) {
                return lines;
            }
        }
        if (!current.isEmpty()) {
            lines.add(current);
        }
        return lines;
    }

    /** Length of the longest prefix that fits, at least one code point so wrapping always progresses. */
    private static int longestFittingPrefix(String word, Font font, double maxWidth, FontRenderContext frc) {
        int end = word.offsetByCodePoints(0, 1);
        while (end < word.length()) {
            int next = word.offsetByCodePoints(end, 1);
            if (width(word.substring(0, next), font, frc) > maxWidth) {
                break;
            }
            end = next;
        }
        return end;
    }

    /** Keeps the first {@code max} lines, ending the last with an ellipsis when text was dropped. */
    private static List<String> clamp(List<String> lines, int max, Font font, double maxWidth, FontRenderContext frc) {
        if (lines.size() <= max) {
            return lines;
        }
        List<String> kept = new ArrayList<>(lines.subList(0, max));
        kept.set(max - 1, ellipsize(kept.get(max - 1), font, maxWidth, frc));
        return kept;
    }

    private static String ellipsize(String line, Font font, double maxWidth, FontRenderContext frc) {
        String ellipsis = font.canDisplay('\u2026') ? "\u2026" : "...";
        String s = line.stripTrailing();
        while (!s.isEmpty() && width(s + ellipsis, font, frc) > maxWidth) {
            s = s.substring(0, s.length() - Character.charCount(s.codePointBefore(s.length())))
                    .stripTrailing();
        }
        return s + ellipsis;
    }

    private static double width(String s, Font font, FontRenderContext frc) {
        return font.getStringBounds(s, frc).getWidth();
    }

    /** Blanks and control characters collapsed to single spaces, trimmed, capped in length; null is "". */
    private static String normalise(String text) {
        if (text == null) {
            return "";
        }
        String s = text.replaceAll("[\\p{Cntrl}\\s\\u00A0\\u2007\\u202F]+", " ").strip();
        if (s.length() > MAX_TEXT_CHARS) {
            int end = Character.isHighSurrogate(s.charAt(MAX_TEXT_CHARS - 1)) ? MAX_TEXT_CHARS - 1 : MAX_TEXT_CHARS;
            s = s.substring(0, end);
        }
        return s;
    }

    private static Color shade(Color c, double factor) {
        return new Color((int) Math.round(c.getRed() * factor), (int) Math.round(c.getGreen() * factor), (int)
                Math.round(c.getBlue() * factor));
    }

    private static double luminance(Color c) {
        return (0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue()) / 255.0;
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private static byte[] encodeJpeg(BufferedImage rgb) {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new IllegalStateException("No JPEG ImageWriter available");
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(48 * 1024);
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(JPEG_QUALITY);
            writer.setOutput(out);
            writer.write(null, new IIOImage(rgb, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("JPEG encoding failed", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
