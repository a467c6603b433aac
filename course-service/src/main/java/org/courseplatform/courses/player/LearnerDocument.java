package org.courseplatform.courses.player;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The document as a learner's session gets it: questions without what gives their answer away.
 * Each answer keeps only its {@code id} and {@code text} (no {@code correct} flag), and a
 * question loses its {@code feedback} (it explains the right answer), in the base document and in
 * every translation. The server grades the answers ({@link Outline}) and hands the verdict, the
 * right answers and the feedback back once the learner has answered. Authors (edit sessions, the
 * builder) and the static SCORM package, which grades in the page, get the whole document.
 */
final class LearnerDocument {

    private LearnerDocument() {}

    /** A copy of a Builder 2 document with the questions' correctness and feedback left out. */
    static JsonNode of(JsonNode document) {
        if (document == null || !document.isObject()) {
            return document;
        }
        ObjectNode copy = ((ObjectNode) document).deepCopy();
        for (JsonNode screen : copy.path("screens")) {
            for (JsonNode element : screen.path("elements")) {
                if (element instanceof ObjectNode question
                        && "question".equals(question.path("type").asText())) {
                    question.remove("feedback");
                    for (JsonNode answer : question.path("answers")) {
                        if (answer instanceof ObjectNode a) {
                            a.retain("id", "text");
                        }
                    }
                }
            }
        }
        for (JsonNode translation : copy.path("translations")) {
            for (JsonNode screen : translation.path("screens")) {
                for (JsonNode element : screen.path("elements")) {
                    if (element instanceof ObjectNode translated) {
                        translated.remove("feedback");
                        for (JsonNode answer : translated.path("answers")) {
                            if (answer instanceof ObjectNode a) {
                                a.retain("text");
                            }
                        }
                    }
                }
            }
        }
        return copy;
    }

    /**
     * Each question's feedback in {@code locale}: the translation's when it has a non-blank one,
     * else the base text; questions without feedback are left out.
     */
    static Map<String, String> feedback(JsonNode document, String locale) {
        Map<String, String> feedback = new LinkedHashMap<>();
        if (document == null) {
            return feedback;
        }
        JsonNode translation =
                locale == null ? null : document.path("translations").get(locale);
        for (JsonNode screen : document.path("screens")) {
            JsonNode translatedScreen = translation == null
                    ? null
                    : translation.path("screens").path(screen.path("id").asText());
            for (JsonNode element : screen.path("elements")) {
                if (!"question".equals(element.path("type").asText())) {
                    continue;
                }
                String id = element.path("id").asText();
                JsonNode translated = translatedScreen == null
                        ? null
                        : translatedScreen.path("elements").path(id).get("feedback");
                if (translated != null
                        && translated.isTextual()
                        && !translated.asText().isBlank()) {
                    feedback.put(id, translated.asText());
                } else if (element.path("feedback").isTextual()
                        && !element.path("feedback").asText().isBlank()) {
                    feedback.put(id, element.path("feedback").asText());
                }
            }
        }
        return feedback;
    }
}
