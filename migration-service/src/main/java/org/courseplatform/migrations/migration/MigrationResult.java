package org.courseplatform.migrations.migration;

import java.util.List;
import org.courseplatform.migrations.course.CourseOutcome;

/** The single-course answer (SPEC.md, Migration result). */
public record MigrationResult(
        long courseId, String status, int total, int changed, List<CourseOutcome.BlockedScreen> blocked) {

    static MigrationResult of(CourseOutcome outcome) {
        return new MigrationResult(
                outcome.courseId(),
                outcome.status(),
                outcome.total(),
                outcome.changed(),
                outcome.blocked() == null ? List.of() : outcome.blocked());
    }
}
