package org.courseplatform.members.member;

import static org.assertj.core.api.Assertions.assertThat;

import org.courseplatform.platform.testing.Linearity;
import org.junit.jupiter.api.Test;

/** The email pattern on adversarial input: bounded by length first, linear within it. */
class ClientTextPatternsTest {

    @Test
    void emailsAreCheckedInLinearTimeWhateverTheirLength() {
        Linearity.assertLinear("email of labels", 4_000_000, n -> "a@" + "a-".repeat(n / 2), MemberRules::validEmail);
        Linearity.assertLinear(
                "email of dots",
                4_000_000,
                n -> "a".repeat(64) + "@" + "a.".repeat(n / 2) + "-",
                MemberRules::validEmail);
        String longest = "a".repeat(64) + "@" + "a.".repeat(94) + "-";
        assertThat(longest).hasSizeLessThanOrEqualTo(254);
        assertThat(MemberRules.validEmail(longest)).isFalse();
        assertThat(MemberRules.validEmail("ada@example.com")).isTrue();
    }
}
