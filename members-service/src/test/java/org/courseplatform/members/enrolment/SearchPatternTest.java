package org.courseplatform.members.enrolment;

import static org.assertj.core.api.Assertions.assertThat;

import org.courseplatform.platform.testing.Linearity;
import org.junit.jupiter.api.Test;

/** The enrolment search pattern on adversarial input: bounded by length first, linear within it. */
class SearchPatternTest {

    @Test
    void searchTermsAreCheckedInLinearTimeWhateverTheirLength() {
        Linearity.assertLinear("search", 4_000_000, n -> "a- ".repeat(n / 3) + "!", EnrolmentResource::validSearch);
        assertThat(EnrolmentResource.validSearch("Ada Lovelace-2")).isTrue();
        assertThat(EnrolmentResource.validSearch("a".repeat(201))).isFalse();
        assertThat(EnrolmentResource.validSearch("a;b")).isFalse();
    }
}
