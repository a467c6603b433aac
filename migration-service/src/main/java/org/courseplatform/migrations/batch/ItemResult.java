package org.courseplatform.migrations.batch;

import java.util.List;
import org.courseplatform.migrations.course.CourseOutcome;

/**
 * How one batch item ended.
 *
 * @param status {@code migrated}, {@code already_modern}, {@code blocked} or {@code failed}
 * @param title  the course title when course-service answered; null keeps what the item has
 * @param error  what went wrong, for {@code failed}; else null
 * @param reason a short machine code: {@code blocked_screens} for {@code blocked}; for
 *               {@code failed} {@code not_found}, {@code conflict}, {@code unprocessable},
 *               {@code too_large}, {@code rejected} or {@code unavailable}; else null
 */
public record ItemResult(
        String status,
        String title,
        int total,
        int changed,
        List<CourseOutcome.BlockedScreen> blocked,
        List<String> screens,
        String error,
        String reason) {

    static ItemResult of(CourseOutcome outcome) {
        boolean blocked = "blocked".equals(outcome.status());
        return new ItemResult(
                outcome.status(),
                outcome.title(),
                outcome.total(),
                outcome.changed(),
                outcome.blocked() == null ? List.of() : outcome.blocked(),
                outcome.screens() == null ? List.of() : outcome.screens(),
                null,
                blocked ? "blocked_screens" : null);
    }

    static ItemResult failed(String reason, String error) {
        return new ItemResult("failed", null, 0, 0, List.of(), List.of(), error, reason);
    }
}
