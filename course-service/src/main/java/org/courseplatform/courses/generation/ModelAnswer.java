package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.courseplatform.courses.language.ProviderException;

/**
 * Reads a model's course answer into a {@link GeneratedCourse} for the plan, repairing what can be
 * repaired and refusing (a retryable {@link ProviderException} with code {@code INVALID_OUTPUT})
 * what cannot.
 *
 * <p>Repaired: a missing title (from the prompt) or description; markup in any text (tags are
 * dropped, the rest is escaped later); over-long texts (cut); extra screens or questions (dropped);
 * a single string where a list was asked for; {@code "true"}/{@code "false"} as strings; more than
 * 6 answers or cards (the first 6 kept); a flip card screen without usable cards but with a
 * paragraph (made a text screen); a question without 2 answers or a correct one (dropped); an
 * estimate out of 1-600 minutes (ours). Refused: no JSON object of the shape, fewer screens than
 * planned, a screen without a title or without any text, a quiz without one usable question.
 */
final class ModelAnswer {

    static final int MAX_TEXT = 2000;
    static final int MAX_TITLE = 200;
    static final int MAX_ITEMS = 6;
    private static final Pattern TAG = Pattern.compile("<[^>]{0,200}>");
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}&&[^\\n\\t]]");

    private ModelAnswer() {}

    static GeneratedCourse read(JsonNode answer, Brief brief, CourseStructure plan) {
        String title = text(answer.get("title"), MAX_TITLE);
        if (title.isBlank()) {
            title = OfflineCourseGenerator.capitalise(
                    OfflineCourseGenerator.cut(brief.prompt().strip(), 80));
        }
        String description = text(answer.get("description"), MAX_TEXT);
        String introduction = text(answer.get("introduction"), MAX_TEXT);

        JsonNode screensNode = answer.get("screens");
        if (screensNode == null || !screensNode.isArray()) {
            throw invalid("the answer has no screens array");
        }
        int wanted = plan.content().size();
        if (screensNode.size() < wanted) {
            throw invalid("the answer has " + screensNode.size() + " screens; " + wanted + " were asked for");
        }
        List<GeneratedCourse.Screen> screens = new ArrayList<>();
        for (int i = 0; i < wanted; i++) {
            screens.add(screen(screensNode.get(i), plan.content().get(i), i));
        }

        JsonNode quizNode = answer.get("quiz");
        if (quizNode == null || !quizNode.isObject()) {
            throw invalid("the answer has no quiz object");
        }
        List<GeneratedCourse.Question> questions = new ArrayList<>();
        for (JsonNode q : items(quizNode.get("questions"))) {
            GeneratedCourse.Question question = question(q);
            if (question != null && questions.size() < plan.questions()) {
                questions.add(question);
            }
        }
        if (questions.isEmpty()) {
            throw invalid("the quiz has no usable question (each needs a question, 2 answers and a correct one)");
        }
        String quizTitle = text(quizNode.get("title"), MAX_TITLE);
        GeneratedCourse.Quiz quiz = new GeneratedCourse.Quiz(
                quizTitle.isBlank() ? "Check your understanding" : quizTitle,
                text(quizNode.get("introduction"), MAX_TEXT),
                questions);

        JsonNode minutesNode = answer.get("minutes");
        int minutes = minutesNode != null
                        && minutesNode.canConvertToInt()
                        && minutesNode.asInt() >= 1
                        && minutesNode.asInt() <= 600
                ? minutesNode.asInt()
                : OfflineCourseGenerator.minutes(plan);
        return new GeneratedCourse(title, description, introduction, List.of(), minutes, screens, quiz);
    }

    private static GeneratedCourse.Screen screen(JsonNode node, CourseStructure.Kind kind, int index) {
        String at = "screen " + (index + 1);
        if (node == null || !node.isObject()) {
            throw invalid(at + " is not an object");
        }
        String title = text(node.get("title"), MAX_TITLE);
        if (title.isBlank()) {
            throw invalid(at + " has no title");
        }
        List<String> paragraphs = texts(node.get("paragraphs"), MAX_ITEMS);
        List<String> keyPoints = texts(node.get("keyPoints"), MAX_ITEMS);
        List<GeneratedCourse.Card> cards = new ArrayList<>();
        for (JsonNode card : items(node.get("cards"))) {
            String front = card.isObject() ? text(card.get("front"), MAX_TITLE) : "";
            String back = card.isObject() ? text(card.get("back"), MAX_TEXT) : "";
            if (!front.isBlank() && !back.isBlank() && cards.size() < MAX_ITEMS) {
                cards.add(new GeneratedCourse.Card(front, back));
            }
        }
        if (kind == CourseStructure.Kind.FLIPCARDS && !cards.isEmpty()) {
            return new GeneratedCourse.Screen(
                    kind, title, paragraphs.isEmpty() ? List.of() : paragraphs.subList(0, 1), List.of(), cards);
        }
        if (paragraphs.isEmpty() && keyPoints.isEmpty()) {
            throw invalid(at + " (" + (kind == CourseStructure.Kind.FLIPCARDS ? "flip cards" : "text") + ") has no "
                    + (kind == CourseStructure.Kind.FLIPCARDS ? "cards" : "paragraphs or key points"));
        }
        // A flip card screen without cards but with text is kept as a text screen.
        return new GeneratedCourse.Screen(CourseStructure.Kind.TEXT, title, paragraphs, keyPoints, List.of());
    }

    private static GeneratedCourse.Question question(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        String question = text(node.get("question"), MAX_TEXT);
        if (question.isBlank()) {
            return null;
        }
        List<GeneratedCourse.Answer> answers = new ArrayList<>();
        for (JsonNode a : items(node.get("answers"))) {
            String text = a.isObject() ? text(a.get("text"), MAX_TEXT) : "";
            if (!text.isBlank() && answers.size() < MAX_ITEMS) {
                answers.add(new GeneratedCourse.Answer(text, bool(a.get("correct"))));
            }
        }
        if (answers.size() < 2 || answers.stream().noneMatch(GeneratedCourse.Answer::correct)) {
            return null;
        }
        return new GeneratedCourse.Question(question, answers, text(node.get("feedback"), MAX_TEXT));
    }

    private static boolean bool(JsonNode node) {
        if (node == null) {
            return false;
        }
        return node.isBoolean()
                ? node.booleanValue()
                : node.isTextual() && "true".equalsIgnoreCase(node.asText().strip());
    }

    /** An array's items; a lone value is a list of one; anything else, none. */
    private static List<JsonNode> items(JsonNode node) {
        List<JsonNode> items = new ArrayList<>();
        if (node == null || node.isNull()) {
            return items;
        }
        if (node.isArray()) {
            node.forEach(items::add);
        } else {
            items.add(node);
        }
        return items;
    }

    private static List<String> texts(JsonNode node, int max) {
        List<String> texts = new ArrayList<>();
        for (JsonNode item : items(node)) {
            String text = text(item, MAX_TEXT);
            if (!text.isBlank() && texts.size() < max) {
                texts.add(text);
            }
        }
        return texts;
    }

    /** A string without tags and control characters, cut to {@code max}; "" for anything not a string. */
    static String text(JsonNode node, int max) {
        if (node == null || !node.isTextual()) {
            return "";
        }
        String text = CONTROL.matcher(TAG.matcher(node.asText()).replaceAll(""))
                .replaceAll("")
                .strip();
        return text.length() > max ? OfflineCourseGenerator.cut(text, max) : text;
    }

    private static ProviderException invalid(String message) {
        return new ProviderException(message, true, -1, OpenAiCourseGenerator.INVALID_OUTPUT);
    }
}
