package org.courseplatform.courses;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import org.courseplatform.courses.export.LmsLaunchFloodTest;
import org.courseplatform.courses.share.ShareCodeFloodTest;

/**
 * Few refusals per client address, refilled at one a minute, so the flood tests need no timing:
 * three bogus LMS package tokens ({@link LmsLaunchFloodTest}) and five bogus share codes
 * ({@link ShareCodeFloodTest}). One profile for both, so the tests share one application start.
 */
public class FewRefusalsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "scorm-export.lms.per-address-burst", "3",
                "scorm-export.lms.per-address-per-minute", "1",
                "share.per-address-burst", "5",
                "share.per-address-per-minute", "1");
    }
}
