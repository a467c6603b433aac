package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the player's rules need of the document a session plays, taken once at the exchange and
 * kept with the session: the screen ids in order, each question element's answer ids and the
 * correct ones, each question's feedback in the session's locale (handed to the learner once the
 * question is answered, as the learner's document has none: {@link LearnerDocument}), and the pass
 * mark of the quiz results element (80 when there is none). For a course, {@code title},
 * {@code key} and {@code clientIdentifier} are the course's, for events. {@code feedback} is null
 * in outlines stored before it existed.
 */
public record Outline(
        String title,
        String key,
        String clientIdentifier,
        List<String> screenIds,
        Map<String, List<String>> answers,
        Map<String, List<String>> correct,
        int passPercent,
        Map<String, String> feedback) {

    static final int DEFAULT_PASS_PERCENT = 80;

    /** The outline of a Builder 2 document ({@code screens[].elements[]}), feedback in the document's locale. */
    static Outline of(String title, String key, String clientIdentifier, JsonNode document) {
        return of(title, key, clientIdentifier, document, null);
    }

    /** The outline of a Builder 2 document, with the questions' feedback in {@code locale}. */
    static Outline of(String title, String key, String clientIdentifier, JsonNode document, String locale) {
        List<String> screens = new ArrayList<>();
        Map<String, List<String>> answers = new LinkedHashMap<>();
        Map<String, List<String>> correct = new LinkedHashMap<>();
        Integer pass = null;
        for (JsonNode screen : document.path("screens")) {
            screens.add(screen.path("id").asText());
            for (JsonNode element : screen.path("elements")) {
                String type = element.path("type").asText();
                if ("question".equals(type)) {
                    List<String> all = new ArrayList<>();
                    List<String> right = new ArrayList<>();
                    for (JsonNode answer : element.path("answers")) {
                        String id = answer.path("id").asText();
                        all.add(id);
                        if (answer.path("correct").asBoolean(false)) {
                            right.add(id);
                        }
                    }
                    answers.put(element.path("id").asText(), all);
                    correct.put(element.path("id").asText(), right);
                } else if ("quizResults".equals(type)
                        && pass == null
                        && element.path("passPercent").canConvertToInt()) {
                    pass = Math.max(0, Math.min(100, element.path("passPercent").asInt()));
                }
            }
        }
        return new Outline(
                title,
                key,
                clientIdentifier,
                screens,
                answers,
                correct,
                pass == null ? DEFAULT_PASS_PERCENT : pass,
                LearnerDocument.feedback(document, locale));
    }

    /** The question's feedback for the learner once answered; null when it has none. */
    String feedbackOf(String questionId) {
        return feedback == null ? null : feedback.get(questionId);
    }

    int screenCount() {
        return screenIds.size();
    }

    /** Whether every question has an answer in {@code given}. */
    boolean allAnswered(Map<String, List<String>> given) {
        return answers.keySet().stream()
                .allMatch(id -> given.containsKey(id) && !given.get(id).isEmpty());
    }

    /** A question is right when exactly its correct answers were chosen. */
    boolean right(String questionId, List<String> chosen) {
        Set<String> expected = new LinkedHashSet<>(correct.getOrDefault(questionId, List.of()));
        return chosen != null && new LinkedHashSet<>(chosen).equals(expected);
    }
}
