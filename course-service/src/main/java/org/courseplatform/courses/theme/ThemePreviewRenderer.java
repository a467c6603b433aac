package org.courseplatform.courses.theme;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * Draws a theme as a small mock screen of the player (PNG, {@value #WIDTH}x{@value #HEIGHT}): the
 * background with the accent progress bar, the theme's name as the screen title in the heading
 * font and text colour, a line of body text, a card in the surface colour, and a primary button
 * with the theme's corners and the pages' text colour on it. So a theme can be judged at a glance
 * in a picker. Pure Java2D, headless; CPU work: callers run it on a worker thread.
 */
public final class ThemePreviewRenderer {

    static {
        // Before any java.awt class asks GraphicsEnvironment, which caches the answer.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    public static final int WIDTH = 480;
    public static final int HEIGHT = 300;
    /** Bumped when the drawing changes, so a preview's ETag changes with it. */
    static final int VERSION = 1;

    private static final int MARGIN = 32;

    private ThemePreviewRenderer() {}

    public static byte[] render(Theme theme) {
        Theme.Colors c = theme.colors();
        Color background = color(c.background());
        Color text = color(c.text());
        String headingFamily = ThemeFonts.awtFamily(theme.fonts().heading());
        String bodyFamily = ThemeFonts.awtFamily(theme.fonts().body());
        BufferedImage canvas = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = canvas.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.setColor(background);
            g.fillRect(0, 0, WIDTH, HEIGHT);

            // Progress bar: a faint track of the text colour, 60% filled with the accent.
            int barWidth = WIDTH - 2 * MARGIN;
            g.setColor(alpha(text, 0.14));
            g.fill(new RoundRectangle2D.Double(MARGIN, 22, barWidth, 6, 6, 6));
            g.setColor(color(c.accent()));
            g.fill(new RoundRectangle2D.Double(MARGIN, 22, barWidth * 0.6, 6, 6, 6));

            // Title in the heading font, body line under it.
            g.setColor(text);
            g.setFont(new Font(headingFamily, Font.BOLD, 26));
            drawFitted(g, theme.name(), MARGIN, 74, barWidth);
            g.setColor(alpha(text, 0.82));
            g.setFont(new Font(bodyFamily, Font.PLAIN, 15));
            drawFitted(g, "Body text reads like this, on the background.", MARGIN, 102, barWidth);

            // A card in the surface colour with two lines of text.
            int cardTop = 122;
            int cardHeight = 96;
            Shape card = shape(theme.cornerStyle(), MARGIN, cardTop, barWidth, cardHeight, false);
            g.setColor(color(c.surface()));
            g.fill(card);
            g.setColor(alpha(text, 0.16));
            g.setStroke(new BasicStroke(1f));
            g.draw(card);
            g.setColor(text);
            g.setFont(new Font(headingFamily, Font.BOLD, 16));
            drawFitted(g, "A card on the surface", MARGIN + 18, cardTop + 34, barWidth - 36);
            g.setColor(alpha(text, 0.82));
            g.setFont(new Font(bodyFamily, Font.PLAIN, 14));
            drawFitted(g, "Questions, callouts and tabs sit on cards.", MARGIN + 18, cardTop + 62, barWidth - 36);

            // Primary button with the theme's corners; a secondary outline button beside it.
            int buttonTop = 236;
            int buttonHeight = 40;
            Font buttonFont = new Font(bodyFamily, Font.BOLD, 15);
            Shape primary = shape(theme.cornerStyle(), WIDTH - MARGIN - 132, buttonTop, 132, buttonHeight, true);
            g.setColor(color(c.primary()));
            g.fill(primary);
            g.setColor(color(Contrast.onColor(c.primary())));
            drawCentred(g, buttonFont, "Continue", primary.getBounds2D());
            Shape secondary =
                    shape(theme.cornerStyle(), WIDTH - MARGIN - 132 - 12 - 112, buttonTop, 112, buttonHeight, true);
            g.setColor(alpha(text, 0.35));
            g.draw(secondary);
            g.setColor(text);
            drawCentred(g, buttonFont, "Back", secondary.getBounds2D());
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        try {
            ImageIO.write(canvas, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Square corners are nearly sharp; rounded ones soft; a pill button is fully round, a pill card very round. */
    private static Shape shape(String cornerStyle, double x, double y, double w, double h, boolean button) {
        double arc = switch (cornerStyle) {
            case "square" -> 2;
            case "pill" -> button ? h : 36;
            default -> button ? 16 : 24;
        };
        return new RoundRectangle2D.Double(x, y, w, h, arc, arc);
    }

    private static void drawFitted(Graphics2D g, String text, int x, int baseline, int width) {
        FontMetrics metrics = g.getFontMetrics();
        String shown = text;
        if (metrics.stringWidth(shown) > width) {
            while (!shown.isEmpty() && metrics.stringWidth(shown + "…") > width) {
                shown = shown.substring(0, shown.length() - 1);
            }
            shown = shown.stripTrailing() + "…";
        }
        g.drawString(shown, x, baseline);
    }

    private static void drawCentred(Graphics2D g, Font font, String text, Rectangle2D box) {
        g.setFont(font);
        FontMetrics metrics = g.getFontMetrics();
        float x = (float) (box.getCenterX() - metrics.stringWidth(text) / 2.0);
        float y = (float) (box.getCenterY() + (metrics.getAscent() - metrics.getDescent()) / 2.0);
        g.drawString(text, x, y);
    }

    private static Color color(String hex) {
        return new Color(Integer.parseInt(hex.substring(1), 16));
    }

    private static Color alpha(Color color, double alpha) {
        return new Color(color.getRed(), color.getGreen(), color.getBlue(), (int) Math.round(alpha * 255));
    }
}
