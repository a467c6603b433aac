package org.courseplatform.courses.thumbnail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.font.FontRenderContext;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.courseplatform.courses.thumbnail.ThumbnailRenderer.Card;
import org.courseplatform.courses.thumbnail.ThumbnailRenderer.TitleLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class ThumbnailRendererTest {

    private static final Color THEME = new Color(0x2E, 0x7D, 0x5B);
    private static final Color FALLBACK = new Color(1, 2, 3);
    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    @Test
    void rendersA640x360Jpeg() throws IOException {
        byte[] jpeg = ThumbnailRenderer.render(new Card("Golf basics", "Ten minutes", THEME, null, null));

        assertThat(jpeg).startsWith((byte) 0xFF, (byte) 0xD8);
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(jpeg))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            assertThat(readers.hasNext()).isTrue();
            ImageReader reader = readers.next();
            assertThat(reader.getFormatName()).isEqualToIgnoringCase("jpeg");
            reader.dispose();
        }
        BufferedImage image = decode(jpeg);
        assertThat(image.getWidth()).isEqualTo(640);
        assertThat(image.getHeight()).isEqualTo(360);
        assertThat(image.getColorModel().hasAlpha()).isFalse();
    }

    @Test
    void backgroundIsTheThemeDarkeningDownwards() throws IOException {
        BufferedImage image = decode(ThumbnailRenderer.render(new Card("Golf", null, THEME, null, null)));

        Color top = new Color(image.getRGB(630, 4));
        Color bottom = new Color(image.getRGB(630, 355));
        assertClose(top, THEME, 10);
        assertClose(
                bottom,
                new Color(
                        (int) (THEME.getRed() * 0.85), (int) (THEME.getGreen() * 0.85), (int) (THEME.getBlue() * 0.85)),
                10);
        assertThat(bottom.getGreen()).isLessThan(top.getGreen());
    }

    @Test
    void themeAlphaIsIgnoredAndNullThemeFallsBack() {
        assertThatCode(() -> ThumbnailRenderer.render(new Card("A", null, new Color(10, 20, 30, 0), null, null)))
                .doesNotThrowAnyException();
        assertThatCode(() -> ThumbnailRenderer.render(new Card("A", null, null, null, null)))
                .doesNotThrowAnyException();
    }

    @Test
    void imageIsCoverFittedOnTheRight() throws IOException {
        BufferedImage green = solid(100, 300, Color.GREEN, BufferedImage.TYPE_INT_ARGB);

        BufferedImage image = decode(ThumbnailRenderer.render(new Card("Golf", null, THEME, green, null)));

        // Right 45% starts at x = 352; the tall image is scaled to its width and cropped top and bottom.
        for (int[] p : new int[][] {{360, 8}, {630, 8}, {496, 180}, {360, 350}, {630, 350}}) {
            assertClose(new Color(image.getRGB(p[0], p[1])), Color.GREEN, 24);
        }
        assertClose(new Color(image.getRGB(340, 6)), THEME, 12);
    }

    @Test
    void hugeImageIsScaledDown() throws IOException {
        BufferedImage big = solid(4000, 3000, Color.RED, BufferedImage.TYPE_INT_RGB);

        BufferedImage image = decode(ThumbnailRenderer.render(new Card("Golf", null, THEME, big, null)));

        assertClose(new Color(image.getRGB(500, 180)), Color.RED, 24);
    }

    @Test
    void longTitleIsShrunkWrappedAndEllipsized() {
        String title = "A very long course title about the many intricacies of regulatory compliance "
                + "in international maritime logistics and the documentation it requires every single day";

        assertThatCode(() -> ThumbnailRenderer.render(new Card(
                        title,
                        "Subtitle that is also rather long and "
                                + "would need more than two lines in eighteen pixels on a narrow column",
                        THEME,
                        solid(10, 10, Color.BLUE, BufferedImage.TYPE_INT_RGB),
                        "SCORM 2004")))
                .doesNotThrowAnyException();

        TitleLayout layout = ThumbnailRenderer.fitTitle(title, 280, FRC);
        assertThat(layout.font().getSize()).isEqualTo(ThumbnailRenderer.MIN_TITLE_SIZE);
        assertThat(layout.lines()).hasSize(3);
        assertThat(layout.lines().get(2)).endsWith("\u2026");
        for (String line : layout.lines()) {
            assertThat(layout.font().getStringBounds(line, FRC).getWidth()).isLessThanOrEqualTo(280);
        }
    }

    @Test
    void shortTitleKeepsTheLargestSize() {
        TitleLayout layout = ThumbnailRenderer.fitTitle("Golf basics", 560, FRC);

        assertThat(layout.font().getSize()).isEqualTo(ThumbnailRenderer.MAX_TITLE_SIZE);
        assertThat(layout.lines()).containsExactly("Golf basics");
    }

    @Test
    void unbreakableWordIsSplitBetweenCharacters() {
        TitleLayout layout = ThumbnailRenderer.fitTitle("x".repeat(300), 280, FRC);

        assertThat(layout.lines()).hasSize(3);
        for (String line : layout.lines()) {
            assertThat(layout.font().getStringBounds(line, FRC).getWidth()).isLessThanOrEqualTo(280);
        }
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"   ", "\n\t"})
    void missingTitleReadsUntitledCourse(String title) {
        byte[] untitled = ThumbnailRenderer.render(new Card(ThumbnailRenderer.UNTITLED, null, THEME, null, null));

        assertThat(ThumbnailRenderer.render(new Card(title, null, THEME, null, null)))
                .isEqualTo(untitled);
    }

    @Test
    void badgeChangesTheTopLeft() throws IOException {
        BufferedImage plain = decode(ThumbnailRenderer.render(new Card("Golf", null, THEME, null, null)));
        BufferedImage badged = decode(ThumbnailRenderer.render(new Card("Golf", null, THEME, null, "SCORM 2004")));

        assertThat(changedPixels(plain, badged, 0, 0, 220, 70)).isGreaterThan(500);
        assertThat(changedPixels(plain, badged, 420, 280, 640, 360))
                .as("far corner untouched")
                .isZero();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            nullValues = "NULL",
            value = {
                "#fff|255|255|255",
                "fff|255|255|255",
                "#abc|170|187|204",
                "#0a0B0c|10|11|12",
                "0A0B0C|10|11|12",
                "' #336699 '|51|102|153",
            })
    void parsesHexColours(String hex, int r, int g, int b) {
        assertThat(ThumbnailRenderer.parseColour(hex, FALLBACK)).isEqualTo(new Color(r, g, b));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "#",
                "#ff",
                "#ffff",
                "#12345",
                "#1234567",
                "#ff000000",
                "zzz",
                "#ggg",
                "+12345",
                "-12345",
                "#\uFF11\uFF12\uFF13",
                "rgb(1,2,3)",
                "red"
            })
    void badColoursFallBack(String hex) {
        assertThat(ThumbnailRenderer.parseColour(hex, FALLBACK)).isSameAs(FALLBACK);
    }

    private static BufferedImage decode(byte[] jpeg) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
        assertThat(image).isNotNull();
        return image;
    }

    private static BufferedImage solid(int w, int h, Color colour, int type) {
        BufferedImage image = new BufferedImage(w, h, type);
        Graphics2D g = image.createGraphics();
        g.setColor(colour);
        g.fillRect(0, 0, w, h);
        g.dispose();
        return image;
    }

    private static int changedPixels(BufferedImage a, BufferedImage b, int x0, int y0, int x1, int y1) {
        int changed = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                Color p = new Color(a.getRGB(x, y));
                Color q = new Color(b.getRGB(x, y));
                if (Math.abs(p.getRed() - q.getRed())
                                + Math.abs(p.getGreen() - q.getGreen())
                                + Math.abs(p.getBlue() - q.getBlue())
                        > 30) {
                    changed++;
                }
            }
        }
        return changed;
    }

    private static void assertClose(Color actual, Color expected, int tolerance) {
        assertThat(Math.abs(actual.getRed() - expected.getRed()))
                .as("red of %s vs %s", actual, expected)
                .isLessThanOrEqualTo(tolerance);
        assertThat(Math.abs(actual.getGreen() - expected.getGreen()))
                .as("green of %s vs %s", actual, expected)
                .isLessThanOrEqualTo(tolerance);
        assertThat(Math.abs(actual.getBlue() - expected.getBlue()))
                .as("blue of %s vs %s", actual, expected)
                .isLessThanOrEqualTo(tolerance);
    }
}
