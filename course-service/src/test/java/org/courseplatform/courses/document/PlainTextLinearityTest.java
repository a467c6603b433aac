package org.courseplatform.courses.document;

import static org.assertj.core.api.Assertions.assertThat;

import org.courseplatform.platform.testing.Linearity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Adversarial text up to the largest string a course document can hold (the 5 MB body limit)
 * must be normalised in linear time: tags that never close once made one content request take
 * minutes on the event loop.
 */
class PlainTextLinearityTest {

    private static final int MAX = 4_000_000;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "<a",
                "<script",
                "<style x",
                "<script>",
                "<!--",
                "<!-- <",
                "</",
                "<?",
                "<a_",
                "&#",
                "&amp",
                "<script></scrip",
                "<p>a</p ",
                " \u200B"
            })
    void repeatedFragmentsAreNormalisedInLinearTime(String fragment) {
        Linearity.Growth growth = Linearity.assertLinear(
                "PlainText on " + fragment.strip() + " repeated",
                MAX,
                n -> fragment.repeat(n / fragment.length()),
                PlainText::normalise);
        assertThat(growth.ratio()).isLessThan(Linearity.MAX_GROWTH);
    }

    @ParameterizedTest
    @ValueSource(strings = {"<script>", "<style>"})
    void anUnclosedElementKeepsItsTextAndAClosedOneIsDropped(String open) {
        String close = open.replace("<", "</");
        assertThat(PlainText.normalise(open.repeat(3) + "kept")).isEqualTo("kept");
        assertThat(PlainText.normalise("a" + open + "x" + close + "b" + open + "y" + close.toUpperCase() + "c"))
                .isEqualTo("a b c");
        assertThat(PlainText.normalise("a<!-- never closed <p>b")).isEqualTo("ab");
        assertThat(PlainText.normalise("x <a_b> y </a_b> z")).isEqualTo("x <a_b> y z");
    }
}
