package org.courseplatform.migrations.migration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.courseplatform.platform.testing.Linearity;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;

/** Course ids given as strings are client text: the digit pattern stays linear on adversarial input. */
class CourseIdPatternTest {

    @Test
    void digitStringsAreCheckedInLinearTime() {
        Linearity.assertLinear("id of digits", 4_000_000, n -> "1".repeat(n) + "x", CourseIdPatternTest::parse);
        assertThat(CourseIds.parse(JsonNodeFactory.instance.arrayNode().add("42")))
                .containsExactly(42L);
    }

    private static Object parse(String id) {
        try {
            return CourseIds.parse(JsonNodeFactory.instance.arrayNode().add(id));
        } catch (ApiException e) {
            return e;
        }
    }
}
