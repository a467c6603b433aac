package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.member.MemberProjection;
import org.courseplatform.platform.events.EventData.CourseProgress;
import org.courseplatform.platform.events.EventData.Quiz;
import org.courseplatform.platform.events.EventData.QuizResult;
import org.courseplatform.platform.events.EventData.Screen;
import org.courseplatform.platform.events.EventData.TrackedCourse;
import org.courseplatform.platform.events.EventData.Tracking;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;

/**
 * The player's events on course-events, in the transaction of the tracking change, with the
 * {@code testMode} stored on the tracking record. {@code tracking.email} is the email of the
 * workspace's member the identifier names (email, else username, else member id; see
 * {@link MemberProjection#email}), from course-service's member projection; null when none.
 */
@ApplicationScoped
public class PlayerEvents {

    private final Outbox outbox;
    private final MemberProjection members;

    public PlayerEvents(Outbox outbox, MemberProjection members) {
        this.outbox = outbox;
        this.members = members;
    }

    /**
     * {@code course.commenced} / {@code course.completed}: {@code data = {course: {id, title, key,
     * clientIdentifier}, tracking: {id, identifier, email, commenced, completed, totalTime},
     * collection?: {id, key}}}, as scorm-service's.
     */
    Uni<Void> course(
            SqlClient transaction,
            EventType<CourseProgress> type,
            long workspaceId,
            long courseId,
            Outline outline,
            Tracked tracked,
            JsonNode collection) {
        TrackedCourse course = new TrackedCourse(courseId, outline.title(), outline.key(), outline.clientIdentifier());
        JsonNode via = collection == null || collection.isNull() ? null : collection;
        return members.email(transaction, workspaceId, tracked.identifier())
                .chain(email -> outbox.add(
                        transaction,
                        type,
                        Long.toString(courseId),
                        workspaceId,
                        tracked.testMode(),
                        new CourseProgress(course, tracked.with(email), via)))
                .replaceWithVoid();
    }

    /**
     * {@code quiz.completed} (passed) / {@code quiz.failed}: {@code data = {course: null, screen: {id,
     * title}, tracking: {…}, quiz: {score, passPercent, passed, answers}}}.
     */
    Uni<Void> quiz(
            SqlClient transaction,
            long workspaceId,
            long screenId,
            String title,
            Tracked tracked,
            int score,
            int passPercent,
            boolean passed,
            Map<String, List<String>> answers) {
        Quiz quiz = new Quiz(score, passPercent, passed, answers);
        return members.email(transaction, workspaceId, tracked.identifier())
                .chain(email -> outbox.add(
                        transaction,
                        passed ? Events.QUIZ_COMPLETED : Events.QUIZ_FAILED,
                        Long.toString(screenId),
                        workspaceId,
                        tracked.testMode(),
                        new QuizResult(null, new Screen(screenId, title), tracked.with(email), quiz)))
                .replaceWithVoid();
    }

    /** The tracking part of an event; {@code totalTime} in seconds. */
    record Tracked(long id, String identifier, String commenced, String completed, long totalTime, boolean testMode) {

        Tracking with(String email) {
            return new Tracking(id, identifier, email, commenced, completed, totalTime);
        }
    }
}
