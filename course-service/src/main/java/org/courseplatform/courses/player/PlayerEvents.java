package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.courses.member.MemberProjectionRepository;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.events.Topics;

/**
 * The player's events on course-events, in the transaction of the tracking change, with the
 * {@code testMode} stored on the tracking record. {@code tracking.email} is the email of the
 * workspace's member the identifier names (email, else username, else member id; see
 * {@link MemberProjectionRepository#email}), from course-service's member projection; null when none.
 */
@ApplicationScoped
public class PlayerEvents {

    private final Outbox outbox;
    private final MemberProjectionRepository members;

    public PlayerEvents(Outbox outbox, MemberProjectionRepository members) {
        this.outbox = outbox;
        this.members = members;
    }

    /**
     * {@code course.commenced} / {@code course.completed}: {@code data = {course: {id, title, key,
     * clientIdentifier}, tracking: {id, identifier, email, commenced, completed, totalTime},
     * collection?: {id, key}}}, as scorm-service's.
     */
    Uni<Void> course(String type, long workspaceId, long courseId, Outline outline, Tracked tracked, JsonNode collection) {
        Map<String, Object> course = new LinkedHashMap<>();
        course.put("id", courseId);
        course.put("title", outline.title());
        course.put("key", outline.key());
        course.put("clientIdentifier", outline.clientIdentifier());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("course", course);
        data.put("tracking", null); // keeps its place before collection; set below
        if (collection != null && !collection.isNull()) {
            data.put("collection", collection);
        }
        return members.email(workspaceId, tracked.identifier()).chain(email -> {
            data.put("tracking", tracked.toMap(email));
            return outbox.add(Topics.COURSE_EVENTS, type, Long.toString(courseId), workspaceId, tracked.testMode(), data);
        }).replaceWithVoid();
    }

    /**
     * {@code quiz.completed} (passed) / {@code quiz.failed}: {@code data = {course: null, screen: {id,
     * title}, tracking: {…}, quiz: {score, passPercent, passed, answers}}}.
     */
    Uni<Void> quiz(long workspaceId, long screenId, String title, Tracked tracked, int score, int passPercent, boolean passed,
            Map<String, List<String>> answers) {
        Map<String, Object> screen = new LinkedHashMap<>();
        screen.put("id", screenId);
        screen.put("title", title);
        Map<String, Object> quiz = new LinkedHashMap<>();
        quiz.put("score", score);
        quiz.put("passPercent", passPercent);
        quiz.put("passed", passed);
        quiz.put("answers", answers);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("course", null);
        data.put("screen", screen);
        return members.email(workspaceId, tracked.identifier()).chain(email -> {
            data.put("tracking", tracked.toMap(email));
            data.put("quiz", quiz);
            return outbox.add(Topics.COURSE_EVENTS, passed ? "quiz.completed" : "quiz.failed", Long.toString(screenId),
                    workspaceId, tracked.testMode(), data);
        }).replaceWithVoid();
    }

    /** The tracking part of an event; {@code totalTime} in seconds. */
    record Tracked(long id, String identifier, String commenced, String completed, long totalTime, boolean testMode) {

        Map<String, Object> toMap(String email) {
            Map<String, Object> tracking = new LinkedHashMap<>();
            tracking.put("id", id);
            tracking.put("identifier", identifier);
            tracking.put("email", email);
            tracking.put("commenced", commenced);
            tracking.put("completed", completed);
            tracking.put("totalTime", totalTime);
            return tracking;
        }
    }
}
