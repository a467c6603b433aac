package org.courseplatform.scorm.player;

import static org.assertj.core.api.Assertions.assertThat;

import org.courseplatform.platform.testing.Linearity;
import org.junit.jupiter.api.Test;

/** A package's session times are client text: both duration patterns stay linear on adversarial input. */
class DurationPatternTest {

    @Test
    void sessionTimesAreReadInLinearTime() {
        Linearity.assertLinear("ISO duration of digits", 4_000_000, n -> "P" + "1".repeat(n) + "X", Cmi::seconds);
        Linearity.assertLinear(
                "ISO duration of fractions", 4_000_000, n -> "PT" + "1.1".repeat(n / 3) + "S!", Cmi::seconds);
        Linearity.assertLinear("HH:MM:SS of digits", 4_000_000, n -> "1".repeat(n) + ":00:00", Cmi::seconds);
        assertThat(Cmi.seconds("PT1H30M5S")).isEqualTo(5405.0);
        assertThat(Cmi.seconds("0001:00:05.5")).isEqualTo(3605.5);
    }
}
