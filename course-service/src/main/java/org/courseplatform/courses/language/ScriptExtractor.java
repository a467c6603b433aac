package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.document.PlainText;

/**
 * The built-in narration script: a screen's title, texts (HTML stripped), cards, questions and
 * answers as clean spoken sentences, in document order. No provider, no network.
 */
public final class ScriptExtractor {

    /** Longer scripts are cut at a sentence end: speech endpoints take about 4,000 characters. */
    public static final int MAX_SCRIPT = 4000;

    private ScriptExtractor() {}

    /** The script of one Builder 2 screen; empty when it has no text to speak. */
    public static String script(JsonNode screen) {
        List<String> sentences = new ArrayList<>();
        add(sentences, screen.path("title"));
        add(sentences, screen.path("description"));
        for (JsonNode element : screen.path("elements")) {
            String type = element.path("type").asText("");
            if (type.equals("question")) {
                add(sentences, element.path("question"));
                add(sentences, element.path("description"));
                List<String> answers = new ArrayList<>();
                for (JsonNode answer : element.path("answers")) {
                    String text = PlainText.normalise(answer.path("text").asText(null));
                    if (text != null) {
                        answers.add(strip(text));
                    }
                }
                if (!answers.isEmpty()) {
                    sentences.add(
                            (answers.size() == 1 ? "The answer is: " : "The answers are: ") + list(answers) + ".");
                }
                continue;
            }
            if (type.equals("timeEstimate") || type.equals("button") || type.equals("embed")) {
                continue;
            }
            add(sentences, element.path("title"));
            add(sentences, element.path("description"));
            add(sentences, element.path("cardBack"));
            add(sentences, element.path("transcript"));
        }
        return cut(String.join(" ", sentences));
    }

    private static void add(List<String> sentences, JsonNode value) {
        String text = value.isTextual() ? PlainText.normalise(value.asText()) : null;
        if (text == null) {
            return;
        }
        text = text.strip();
        char last = text.charAt(text.length() - 1);
        sentences.add(".!?…:".indexOf(last) >= 0 ? text : text + ".");
    }

    private static String strip(String text) {
        String t = text.strip();
        while (!t.isEmpty() && ".!?;,".indexOf(t.charAt(t.length() - 1)) >= 0) {
            t = t.substring(0, t.length() - 1);
        }
        return t;
    }

    private static String list(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    /** At most {@link #MAX_SCRIPT} characters, ending at a sentence end where there is one. */
    static String cut(String script) {
        if (script.length() <= MAX_SCRIPT) {
            return script;
        }
        String head = script.substring(0, MAX_SCRIPT);
        int end = Math.max(head.lastIndexOf(". "), Math.max(head.lastIndexOf("? "), head.lastIndexOf("! ")));
        return end > MAX_SCRIPT / 2 ? head.substring(0, end + 1) : head;
    }
}
