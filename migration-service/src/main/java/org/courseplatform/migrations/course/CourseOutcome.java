package org.courseplatform.migrations.course;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * course-service's answer to a migrate call: the migration result of SPEC.md plus the course
 * {@code title} and the ids of the Builder 2 {@code screens} written.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CourseOutcome(
        long courseId,
        String title,
        String status,
        int total,
        int changed,
        List<BlockedScreen> blocked,
        List<String> screens) {

    /** A slide that keeps the course from converting. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record BlockedScreen(String screenId, String reason) {}
}
