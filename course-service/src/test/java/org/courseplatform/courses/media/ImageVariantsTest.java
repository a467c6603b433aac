package org.courseplatform.courses.media;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The widths made for a picture and how much of it is decoded. */
class ImageVariantsTest {

    @Test
    void widthsAreNeverUpscaledAndTheLargestIsAtMost1920() {
        assertThat(ImageVariants.widthsFor(200)).containsExactly(200);
        assertThat(ImageVariants.widthsFor(320)).containsExactly(320);
        assertThat(ImageVariants.widthsFor(700)).containsExactly(320, 640, 700);
        assertThat(ImageVariants.widthsFor(1920)).containsExactly(320, 640, 1280, 1920);
        assertThat(ImageVariants.widthsFor(6000)).isEqualTo(List.of(320, 640, 1280, 1920));
    }

    @Test
    void largePicturesAreDecodedSubsampledSoMemoryStaysBounded() {
        assertThat(ImageVariants.subsampling(1920, 1080)).isEqualTo(1);
        assertThat(ImageVariants.subsampling(3839, 2000)).isEqualTo(1);
        assertThat(ImageVariants.subsampling(8000, 6000)).isEqualTo(4);
        // 50 megapixels in a tall strip: width alone would decode it whole.
        int step = ImageVariants.subsampling(3800, 13_000);
        assertThat((3800L / step) * (13_000L / step)).isLessThanOrEqualTo(ImageVariants.MAX_DECODED_PIXELS);
    }
}
