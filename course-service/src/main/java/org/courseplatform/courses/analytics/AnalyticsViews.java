package org.courseplatform.courses.analytics;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answers of GET /v1/headless/course/{id}/analytics and GET /v1/headless/collections/{id}/analytics. */
public final class AnalyticsViews {

    private AnalyticsViews() {}

    /**
     * A course's figures for learners who commenced between {@code from} and {@code to} (dates, UTC,
     * both included). {@code completionRate} and {@code quiz.passRate} are fractions (0..1, four
     * decimals), null when there is nothing to divide by; times in seconds, null without completions.
     */
    public record Course(
            long courseId,
            String from,
            String to,
            Learners learners,
            @Schema(nullable = true) Double completionRate,
            TimeToComplete timeToComplete,
            Quiz quiz,
            List<Screen> screens) {}

    /**
     * A collection's figures (GET /v1/headless/collections/{id}/analytics): the totals over its
     * courses, and each course's figures counted over the learners who played it within the collection.
     */
    public record Collection(
            long collectionId,
            String key,
            String from,
            String to,
            Learners learners,
            @Schema(nullable = true) Double completionRate,
            TimeToComplete timeToComplete,
            Quiz quiz,
            List<Course> courses) {}

    public record Learners(long commenced, long completed) {}

    public record TimeToComplete(
            @Schema(nullable = true) Double meanSeconds,
            @Schema(nullable = true) Double medianSeconds) {}

    public record Quiz(
            long attempts,
            long passed,
            @Schema(nullable = true) Double passRate) {}

    /** {@code reached}: learners who got to this screen or further; {@code stoppedHere}: not completed, furthest here. */
    public record Screen(int index, String screenId, String title, long reached, long stoppedHere) {}
}
