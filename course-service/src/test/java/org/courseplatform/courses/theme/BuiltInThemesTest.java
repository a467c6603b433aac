package org.courseplatform.courses.theme;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import javax.imageio.ImageIO;
import org.assertj.core.data.Offset;
import org.courseplatform.platform.web.ApiError;
import org.junit.jupiter.api.Test;

/** The built-in catalogue: complete, well formed, and readable (WCAG AA) in every theme. */
class BuiltInThemesTest {

    @Test
    void thereAreAtLeastEightWithIdsOneToNAndDistinctNames() {
        assertThat(BuiltInThemes.ALL).hasSizeGreaterThanOrEqualTo(8);
        for (int i = 0; i < BuiltInThemes.ALL.size(); i++) {
            Theme theme = BuiltInThemes.ALL.get(i);
            assertThat(theme.id()).isEqualTo(i + 1);
            assertThat(theme.builtIn()).isTrue();
            assertThat(theme.clientIdentifier()).isNull();
            assertThat(BuiltInThemes.get(theme.id())).isSameAs(theme);
        }
        assertThat(new HashSet<>(BuiltInThemes.ALL.stream().map(Theme::name).toList()))
                .hasSize(BuiltInThemes.ALL.size());
        assertThat(BuiltInThemes.ALL.size()).isLessThan((int) BuiltInThemes.FIRST_WORKSPACE_ID);
    }

    @Test
    void everyFieldIsOfTheDocumentedForms() {
        for (Theme theme : BuiltInThemes.ALL) {
            Theme.Colors c = theme.colors();
            for (String color : List.of(c.primary(), c.background(), c.surface(), c.text(), c.accent())) {
                assertThat(color).as(theme.name()).matches("#[0-9a-f]{6}");
            }
            assertThat(ThemeFonts.known(theme.fonts().heading()))
                    .as(theme.name())
                    .isTrue();
            assertThat(ThemeFonts.known(theme.fonts().body())).as(theme.name()).isTrue();
            assertThat(ThemeRules.CORNER_STYLES).as(theme.name()).contains(theme.cornerStyle());
            assertThat(theme.name().length()).isBetween(1, ThemeRules.MAX_NAME);
        }
    }

    @Test
    void everyBuiltInMeetsWcagAaContrast() {
        for (Theme theme : BuiltInThemes.ALL) {
            Theme.Colors c = theme.colors();
            assertThat(Contrast.ratio(c.text(), c.background()))
                    .as("%s text on background", theme.name())
                    .isGreaterThanOrEqualTo(4.5);
            assertThat(Contrast.ratio(c.text(), c.surface()))
                    .as("%s text on surface", theme.name())
                    .isGreaterThanOrEqualTo(4.5);
            assertThat(Contrast.ratio(Contrast.onColor(c.primary()), c.primary()))
                    .as("%s text on primary", theme.name())
                    .isGreaterThanOrEqualTo(4.5);
            // Links and focus rings are drawn in the primary colour on the background.
            assertThat(Contrast.ratio(c.primary(), c.background()))
                    .as("%s primary on background", theme.name())
                    .isGreaterThanOrEqualTo(4.5);
            // The accent marks progress: a non-text element needs 3:1 (WCAG 1.4.11).
            assertThat(Contrast.ratio(c.accent(), c.background()))
                    .as("%s accent on background", theme.name())
                    .isGreaterThanOrEqualTo(3.0);
            List<ApiError.Detail> problems = new ArrayList<>();
            ThemeRules.readable(c, problems);
            assertThat(problems).as(theme.name()).isEmpty();
        }
    }

    @Test
    void contrastFollowsWcag() {
        assertThat(Contrast.ratio("#000000", "#ffffff")).isEqualTo(21.0, Offset.offset(1e-9));
        assertThat(Contrast.ratio("#777777", "#ffffff")).isCloseTo(4.48, Offset.offset(0.01));
        assertThat(Contrast.onColor("#ffff00")).isEqualTo(Contrast.DARK_TEXT);
        assertThat(Contrast.onColor("#1d4ed8")).isEqualTo(Contrast.LIGHT_TEXT);
        List<ApiError.Detail> problems = new ArrayList<>();
        ThemeRules.readable(new Theme.Colors("#ffff00", "#ffffff", "#ffffff", "#999999", "#000000"), problems);
        assertThat(problems).extracting(ApiError.Detail::field).contains("colors.text", "colors.surface");
    }

    @Test
    void eachPreviewIsAPngOfTheMockScreenInTheThemesColours() throws Exception {
        for (Theme theme : BuiltInThemes.ALL) {
            byte[] png = ThemePreviewRenderer.render(theme);
            assertThat(png).startsWith(0x89, 'P', 'N', 'G');
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertThat(image.getWidth()).isEqualTo(ThemePreviewRenderer.WIDTH);
            assertThat(image.getHeight()).isEqualTo(ThemePreviewRenderer.HEIGHT);
            int background = Integer.parseInt(theme.colors().background().substring(1), 16);
            assertThat(image.getRGB(4, 4) & 0xffffff).as(theme.name()).isEqualTo(background);
            // The middle of the primary button (bottom right) is the primary colour, not the background.
            int primary = Integer.parseInt(theme.colors().primary().substring(1), 16);
            assertThat(image.getRGB(ThemePreviewRenderer.WIDTH - 32 - 6, 236 + 20) & 0xffffff)
                    .as(theme.name())
                    .isEqualTo(primary);
        }
    }
}
