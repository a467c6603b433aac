package org.courseplatform.courses.player;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Answers of the player API and the tracking list. */
public final class PlayerViews {

    private PlayerViews() {}

    /**
     * 201 of the token exchange: {@code course} for a course session, {@code screen} for a screen
     * session. The other one is left out (Java null); an empty {@link Optional} is answered as
     * JSON {@code null}: an edit session opened without a course or screen (the editor creates it).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Session(
            String session,
            String expiresAt,
            String mode,
            String kind,
            Optional<CourseInfo> course,
            Optional<ScreenInfo> screen,
            JsonNode document,
            String locale,
            Map<String, Object> options,
            Map<String, Object> theme,
            Progress progress,
            Map<String, String> narration) {}

    public record CourseInfo(long id, String title, String key, String format) {}

    public record ScreenInfo(long id, String title) {}

    /**
     * The learner's place: {@code answers} by question element id; {@code results} the server's
     * grading of each answered question (a learner's document does not say which answers are
     * right); {@code score} (0 to 100, the percentage of questions answered right) and
     * {@code passed} (the score reaches the pass mark) once every question has an answer, null
     * before that and for a course without questions.
     */
    public record Progress(
            int screenIndex,
            int percent,
            boolean commenced,
            boolean completed,
            Map<String, List<String>> answers,
            Map<String, QuestionResult> results,
            @Schema(nullable = true) Integer score,
            @Schema(nullable = true) Boolean passed) {}

    /**
     * A course's published version as its learners see it, for packages that carry it (SCORM
     * export): the document (Builder 2, Classic converted), its locale, and the theme in the shape
     * of {@link Session#theme()}.
     */
    public record Published(CourseInfo course, JsonNode document, String locale, Map<String, Object> theme) {}

    public record ProgressAnswer(Progress progress) {}

    /**
     * One answered question as the server graded it: right or not, its correct answer ids and its
     * feedback (in the session's locale; null when it has none).
     */
    public record QuestionResult(
            boolean correct,
            List<String> correctAnswers,
            @Schema(nullable = true) String feedback) {}

    public record QuizResult(int score, boolean passed, int passPercent, Map<String, QuestionResult> results) {}

    /**
     * One learner's tracking record of a course; {@code totalTime} in seconds; {@code email} that of
     * the workspace's member the identifier names (as in the tracking events), else null.
     */
    public record Tracking(
            long id,
            long courseId,
            String identifier,
            @Schema(nullable = true) String clientIdentifier,
            @Schema(nullable = true) JsonNode collection,
            @Schema(nullable = true) String commenced,
            @Schema(nullable = true) String completed,
            long totalTime,
            int screenIndex,
            int percent,
            boolean testMode,
            String created,
            String updated,
            @Schema(nullable = true) String email) {}
}
