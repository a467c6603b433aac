package org.courseplatform.platform.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The {@code data} of each event type of the {@link Events} catalogue, one record per shape. Fields
 * are written in the order declared here, nulls included (a field that is left out when null says
 * so); for subscribable types this is exactly the webhook {@code data} of API.md.
 */
public final class EventData {

    private EventData() {}

    // ---------------------------------------------------------------- member-events

    /** {@code member.*}: {@code {member: {id, email, username, state, userType}}}. */
    public record MemberChange(Member member) {}

    public record Member(long id, String email, String username, String state, String userType) {}

    /** {@code enrolment.*}: {@code {enrolment: {id, user, course, group, role, created}}}. */
    public record EnrolmentChange(Enrolment enrolment) {}

    /** A user in a course, a user in a group, or a group in a course. */
    public record Enrolment(long id, Long user, Long course, Long group, String role, OffsetDateTime created) {}

    /** {@code workspace.*}: {@code {workspace: {...}}} as the admin API answers it. */
    public record WorkspaceChange(Workspace workspace) {}

    public record Workspace(
            long id,
            String name,
            String plan,
            List<String> addons,
            List<String> features,
            Integer userLimit,
            OffsetDateTime created,
            OffsetDateTime updated) {}

    /** {@code apikey.*}: {@code {apiKey: {id, workspaceId, mode, name}}}; never the secret. */
    public record ApiKeyChange(ApiKey apiKey) {}

    public record ApiKey(long id, long workspaceId, String mode, String name) {}

    // ---------------------------------------------------------------- course-events and scorm-events

    /** The lifecycle {@code course.*} events: {@code {course: {id, title, key, clientIdentifier, identifier, type}}}. */
    public record CourseChange(Course course) {}

    public record Course(long id, String title, String key, String clientIdentifier, String identifier, String type) {}

    /**
     * {@code course.commenced} and {@code course.completed}, from the course player (course-events)
     * and the SCORM player (scorm-events): {@code {course, tracking, collection?}};
     * {@code collection} ({@code {id, key}}) only when the learner came through a collection.
     */
    public record CourseProgress(
            TrackedCourse course,
            Tracking tracking,
            @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode collection) {}

    public record TrackedCourse(long id, String title, String key, String clientIdentifier) {}

    /**
     * A learner's tracking record. {@code email} is the email of the workspace's member the
     * identifier names, or null; {@code commenced} and {@code completed} are ISO-8601 instants;
     * {@code totalTime} is in seconds: whole seconds from the course player, to the hundredth from
     * the SCORM player.
     */
    public record Tracking(
            long id, String identifier, String email, String commenced, String completed, Number totalTime) {}

    /**
     * {@code quiz.completed} (passed) and {@code quiz.failed}: {@code {course: null, screen: {id,
     * title}, tracking, quiz: {score, passPercent, passed, answers}}}. {@code course} is always
     * null: a quiz screen is played on its own.
     */
    public record QuizResult(TrackedCourse course, Screen screen, Tracking tracking, Quiz quiz) {}

    public record Screen(long id, String title) {}

    public record Quiz(int score, int passPercent, boolean passed, Map<String, List<String>> answers) {}

    // ---------------------------------------------------------------- migration-events

    /** {@code migration.completed}: the batch as its status endpoint answers it (SPEC.md, Migration batch). */
    public record Batch(
            UUID id,
            String status,
            OffsetDateTime created,
            OffsetDateTime completed,
            BatchCounts counts,
            List<BatchItem> items) {}

    /** {@code migration.progress}: the batch as {@link Batch}, plus the item that just finished. */
    public record BatchProgress(
            UUID id,
            String status,
            OffsetDateTime created,
            OffsetDateTime completed,
            BatchCounts counts,
            List<BatchItem> items,
            BatchItem item) {}

    public record BatchCounts(int total, int pending, int processing, int succeeded, int failed) {}

    public record BatchItem(
            long jobId,
            long courseId,
            String title,
            String status,
            int total,
            int changed,
            JsonNode blocked,
            JsonNode screens,
            String error,
            String reason) {}
}
