package org.courseplatform.courses.document;

import static org.assertj.core.api.Assertions.assertThat;

import org.courseplatform.platform.testing.Linearity;
import org.junit.jupiter.api.Test;

/** Every pattern course-service applies to a client's text, on adversarial input up to the 5 MB body limit. */
class ClientTextPatternsTest {

    private static final int MAX = 4_000_000;

    @Test
    void localeTagsOfAnyLengthAreCheckedWithoutOverflowingTheStack() {
        // "en-ab-ab-..." of 3 MB used to overflow the regex engine's recursion (a 500).
        Linearity.assertLinear("locale tag", MAX, n -> "en" + "-ab".repeat(n / 3), CourseDocuments::isLocaleTag);
        assertThat(CourseDocuments.isLocaleTag("en" + "-ab".repeat(1_000_000))).isFalse();
        assertThat(CourseDocuments.isLocaleTag("zh-Hant-TW")).isTrue();
        assertThat(CourseDocuments.isLocaleTag("pt-BR")).isTrue();
        assertThat(CourseDocuments.isLocaleTag("EN")).isFalse();
    }

    @Test
    void objectKeysOfAnyLengthAreQuotedInLinearTime() {
        Linearity.assertLinear("plain key", MAX, "a"::repeat, CourseDocuments::key);
        Linearity.assertLinear("key that is not plain", MAX, n -> "a".repeat(n) + "!", CourseDocuments::key);
        assertThat(CourseDocuments.key("a.b")).isEqualTo("[\"a.b\"]");
    }

    @Test
    void entityAndWhitespaceRunsAreLinear() {
        Linearity.assertLinear("entities", MAX, n -> "&#1234567".repeat(n / 9), PlainText::normalise);
        Linearity.assertLinear("whitespace", MAX, n -> " \u200B\t".repeat(n / 3) + "x", PlainText::normalise);
    }
}
