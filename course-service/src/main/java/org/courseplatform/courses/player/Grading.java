package org.courseplatform.courses.player;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * The player's grading and progress rules, in one place because the pages mirror them
 * ({@code webui/src/lib/progressRules.js}, checked against the same examples): the percent of a
 * tracking record, whether answers are well formed, each answered question graded, the score
 * and pass of a course's questions and of a library screen's quiz.
 */
final class Grading {

    private static final int MAX_ANSWERS = 100;

    private Grading() {}

    /** Furthest screen reached over the screen count, 100 only once completed. */
    static int percent(Outline outline, int furthest, boolean completed) {
        if (completed) {
            return 100;
        }
        return Math.min(99, (int) Math.floor(100.0 * (furthest + 1) / Math.max(outline.screenCount(), 1)));
    }

    /** Every answered element must be a question of the document and every answer one of its answers. */
    static void checkAnswers(Outline outline, Map<String, List<String>> given) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (given.size() > MAX_ANSWERS) {
            throw ApiException.invalid("answers", "must answer at most " + MAX_ANSWERS + " questions at once");
        }
        given.forEach((element, chosen) -> {
            List<String> known = outline.answers().get(element);
            String field = "answers." + (element.length() > 64 ? element.substring(0, 64) + "…" : element);
            if (known == null) {
                problems.add(new ApiError.Detail(field, "is not a question of what this session plays"));
            } else if (chosen == null
                    || chosen.size() > known.size()
                    || chosen.stream().anyMatch(a -> a == null || !known.contains(a))) {
                problems.add(new ApiError.Detail(field, "must list answer ids of this question"));
            }
        });
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
    }

    /** Whether the course's questions were passed: the percentage answered right reaches the pass mark (as a quiz scores). */
    static boolean passed(Outline outline, Map<String, List<String>> answers) {
        long right = outline.answers().keySet().stream()
                .filter(q -> outline.right(q, answers.get(q)))
                .count();
        return Math.round(100.0 * right / outline.answers().size()) >= outline.passPercent();
    }

    /**
     * The percentage of the questions answered right (a question is right when exactly its correct
     * answers were chosen), once every question has an answer; null before that and for a
     * document without questions. Passed is this score reaching the pass mark, as {@link #passed}.
     */
    static Integer score(Outline outline, Map<String, List<String>> answers) {
        if (outline.answers().isEmpty() || !outline.allAnswered(answers)) {
            return null;
        }
        long right = outline.answers().keySet().stream()
                .filter(q -> outline.right(q, answers.get(q)))
                .count();
        return (int) Math.round(100.0 * right / outline.answers().size());
    }

    /**
     * Each answered question graded against the session's document: right or not, the right
     * answers and the feedback. Only answered questions: a learner's document carries no
     * correctness, so this is where a learner sees which answers were right, after answering.
     */
    static Map<String, PlayerViews.QuestionResult> results(Outline outline, Map<String, List<String>> answers) {
        Map<String, PlayerViews.QuestionResult> results = new LinkedHashMap<>();
        answers.forEach((question, chosen) -> {
            if (outline.answers().containsKey(question) && chosen != null && !chosen.isEmpty()) {
                results.put(
                        question,
                        new PlayerViews.QuestionResult(
                                outline.right(question, chosen),
                                outline.correct().getOrDefault(question, List.of()),
                                outline.feedbackOf(question)));
            }
        });
        return results;
    }

    /**
     * A library screen's quiz scored: a question is right when exactly its correct answers were
     * chosen; the score is the percentage of questions right and passes at the pass mark.
     */
    static PlayerViews.QuizResult quiz(Outline outline, Map<String, List<String>> given) {
        Map<String, PlayerViews.QuestionResult> results = new LinkedHashMap<>();
        int right = 0;
        for (String question : outline.answers().keySet()) {
            boolean correct = outline.right(question, given.get(question));
            right += correct ? 1 : 0;
            results.put(
                    question,
                    new PlayerViews.QuestionResult(
                            correct, outline.correct().get(question), outline.feedbackOf(question)));
        }
        int score = (int) Math.round(100.0 * right / outline.answers().size());
        boolean passed = score >= outline.passPercent();
        return new PlayerViews.QuizResult(score, passed, outline.passPercent(), results);
    }

    /** The stored progress of a tracking record, graded. */
    static PlayerViews.Progress progressOf(
            PlayerRepository.TrackingRow t, Outline outline, Map<String, List<String>> answers) {
        return progress(outline, t.screenIndex(), t.percent(), t.commenced() != null, t.completed() != null, answers);
    }

    static PlayerViews.Progress emptyProgress() {
        return new PlayerViews.Progress(0, 0, false, false, Map.of(), Map.of(), null, null);
    }

    /**
     * The learner's place with the server's grading of each answered question ({@link #results})
     * and the score and pass of the answers so far ({@link #score}).
     */
    static PlayerViews.Progress progress(
            Outline outline,
            int screenIndex,
            int percent,
            boolean commenced,
            boolean completed,
            Map<String, List<String>> answers) {
        Integer score = score(outline, answers);
        return new PlayerViews.Progress(
                screenIndex,
                percent,
                commenced,
                completed,
                answers,
                results(outline, answers),
                score,
                score == null ? null : score >= outline.passPercent());
    }
}
