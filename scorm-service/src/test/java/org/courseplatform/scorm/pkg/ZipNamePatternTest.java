package org.courseplatform.scorm.pkg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.courseplatform.platform.testing.Linearity;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;

/** Upload names are client text: the name pattern stays linear on adversarial input of any length. */
class ZipNamePatternTest {

    @Test
    void uploadNamesAreCheckedInLinearTime() {
        Linearity.assertLinear("name of dots", 4_000_000, n -> ".".repeat(n) + "zi", ZipNamePatternTest::check);
        Linearity.assertLinear(
                "name of .zip runs", 4_000_000, n -> "a.zip".repeat(n / 5) + "/", ZipNamePatternTest::check);
        assertThat(ScormPackageService.zipName(" course.ZIP ")).isEqualTo("course.ZIP");
        assertThatThrownBy(() -> ScormPackageService.zipName("a/b.zip")).isInstanceOf(ApiException.class);
    }

    private static boolean check(String name) {
        try {
            ScormPackageService.zipName(name);
            return true;
        } catch (ApiException e) {
            return false;
        }
    }
}
