package org.courseplatform.platform.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LinearityTest {

    @Test
    void linearWorkPasses() {
        Linearity.Growth growth = Linearity.assertLinear(
                "counting",
                2_000_000,
                "ab"::repeat,
                s -> s.chars().filter(c -> c == 'a').count());
        assertTrue(growth.ratio() < Linearity.MAX_GROWTH, growth::toString);
    }

    @Test
    void quadraticWorkFails() {
        // The shape of the pattern that once stalled course-service: a lazy run to a closing tag
        // that never comes, tried again from every opening.
        Pattern unclosed = Pattern.compile("(?is)<(script|style)\\b[^>]*>.*?</\\1\\s*>");
        AssertionError failure = assertThrows(
                AssertionError.class,
                () -> Linearity.assertLinear(
                        "unclosed script tags",
                        24_000,
                        n -> "<script>".repeat(n / 8),
                        s -> unclosed.matcher(s).replaceAll(" ")));
        assertTrue(failure.getMessage().contains("not linear"), failure::getMessage);
    }
}
