package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.courseplatform.courses.document.ElementType;
import org.courseplatform.courses.document.ScreenType;

/**
 * Turns a {@link GeneratedCourse} into a Builder 2 document: ids ({@code s1}, {@code e1},
 * {@code a1}, ...), element geometry on the 12-column grid, and HTML made from plain text (every
 * text is escaped, so a generator can never inject markup). The cover carries the title, the
 * introduction, the outline, the author's notes and the time estimate; the quiz is a group
 * ({@code group: {id: "quiz", role}}) as the quiz layouts make it, scored by a {@code quizResults}
 * element (pass mark 80%).
 */
final class DocumentAssembler {

    static final int PASS_PERCENT = 80;
    private static final String QUIZ_GROUP = "quiz";

    private int screens;
    private int elements;
    private int answers;

    private DocumentAssembler() {}

    static ObjectNode assemble(GeneratedCourse course, CourseStructure plan, String locale) {
        return new DocumentAssembler().build(course, plan, locale);
    }

    private ObjectNode build(GeneratedCourse course, CourseStructure plan, String locale) {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put("format", "builder2")
                .put("title", course.title())
                .put("description", course.description())
                .put("locale", locale);
        ArrayNode list = document.putArray("screens");
        list.add(cover(course));
        for (GeneratedCourse.Screen screen : course.screens()) {
            list.add(screen.kind() == CourseStructure.Kind.FLIPCARDS ? flipcards(screen) : text(screen));
        }
        GeneratedCourse.Quiz quiz = course.quiz();
        switch (plan.quiz()) {
            case SINGLE -> {
                ObjectNode questions = questions(quiz, quiz.title(), quiz.introduction());
                Row row = new Row(questions);
                row.at(results(questions), 12, 4);
                list.add(questions);
            }
            case SPLIT -> {
                list.add(questions(quiz, quiz.title(), quiz.introduction()));
                list.add(resultsScreen());
            }
            case FULL -> {
                list.add(quizCover(quiz));
                list.add(questions(quiz, quiz.title(), null));
                list.add(resultsScreen());
            }
            default -> throw new IllegalStateException(plan.quiz().name());
        }
        return document;
    }

    private ObjectNode cover(GeneratedCourse course) {
        ObjectNode screen = screen(ScreenType.BLOCKS, course.title());
        Row row = new Row(screen);
        row.at(heading(screen, course.title()), 12, 2);
        if (!course.introduction().isBlank()) {
            row.at(element(screen, ElementType.TEXT).put("description", Html.paragraphs(course.introduction())), 12, 3);
        }
        List<String> outline =
                course.screens().stream().map(GeneratedCourse.Screen::title).toList();
        if (!outline.isEmpty()) {
            row.at(
                    element(screen, ElementType.LIST)
                            .put("title", "In this course")
                            .put("description", Html.list(outline, true))
                            .put("ordered", true),
                    12,
                    Math.min(8, 1 + outline.size() / 2));
        }
        for (GeneratedCourse.Note note : course.notes()) {
            row.at(
                    element(screen, ElementType.CALLOUT)
                            .put("title", note.title())
                            .put("description", Html.paragraphs(note.text()))
                            .put("tone", "info"),
                    12,
                    3);
        }
        row.at(
                element(screen, ElementType.TIME_ESTIMATE)
                        .put("minutes", course.minutes())
                        .put("title", "Time to complete"),
                4,
                1);
        return screen;
    }

    private ObjectNode text(GeneratedCourse.Screen content) {
        ObjectNode screen = screen(ScreenType.BLOCKS, content.title());
        Row row = new Row(screen);
        row.at(heading(screen, content.title()), 12, 2);
        if (!content.paragraphs().isEmpty()) {
            row.at(
                    element(screen, ElementType.TEXT).put("description", Html.paragraphs(content.paragraphs())),
                    12,
                    Math.max(3, 2 * content.paragraphs().size()));
        }
        if (!content.keyPoints().isEmpty()) {
            row.at(
                    element(screen, ElementType.LIST)
                            .put("title", "Key points")
                            .put("description", Html.list(content.keyPoints(), false))
                            .put("ordered", false),
                    12,
                    Math.max(2, content.keyPoints().size()));
        }
        return screen;
    }

    private ObjectNode flipcards(GeneratedCourse.Screen content) {
        ObjectNode screen = screen(ScreenType.BLOCKS, content.title());
        Row row = new Row(screen);
        row.at(heading(screen, content.title()), 12, 2);
        if (!content.paragraphs().isEmpty()) {
            row.at(element(screen, ElementType.TEXT).put("description", Html.paragraphs(content.paragraphs())), 12, 2);
        }
        for (GeneratedCourse.Card card : content.cards()) {
            row.at(
                    element(screen, ElementType.FLIPCARD)
                            .put("title", card.front())
                            .put("cardBack", card.back()),
                    4,
                    4);
        }
        return screen;
    }

    private ObjectNode quizCover(GeneratedCourse.Quiz quiz) {
        ObjectNode screen = screen(ScreenType.BLOCKS, quiz.title());
        group(screen, "cover");
        Row row = new Row(screen);
        row.at(heading(screen, quiz.title()), 12, 2);
        if (!quiz.introduction().isBlank()) {
            row.at(element(screen, ElementType.TEXT).put("description", Html.paragraphs(quiz.introduction())), 12, 3);
        }
        row.at(element(screen, ElementType.BUTTON).put("title", "Start the quiz"), 4, 1);
        return screen;
    }

    private ObjectNode questions(GeneratedCourse.Quiz quiz, String title, String introduction) {
        ObjectNode screen = screen(ScreenType.BLOCKS_QUIZ, title);
        group(screen, "question");
        Row row = new Row(screen);
        row.at(heading(screen, title), 12, 2);
        if (introduction != null && !introduction.isBlank()) {
            row.at(element(screen, ElementType.TEXT).put("description", Html.paragraphs(introduction)), 12, 2);
        }
        for (GeneratedCourse.Question question : quiz.questions()) {
            ObjectNode element = element(screen, ElementType.QUESTION).put("question", question.question());
            long correct = question.answers().stream()
                    .filter(GeneratedCourse.Answer::correct)
                    .count();
            element.put("multiple", correct > 1);
            ArrayNode list = element.putArray("answers");
            for (GeneratedCourse.Answer answer : question.answers()) {
                list.addObject()
                        .put("id", "a" + ++answers)
                        .put("text", answer.text())
                        .put("correct", answer.correct());
            }
            if (question.feedback() != null && !question.feedback().isBlank()) {
                element.put("feedback", question.feedback());
            }
            row.at(element, 12, 3 + question.answers().size());
        }
        return screen;
    }

    private ObjectNode resultsScreen() {
        ObjectNode screen = screen(ScreenType.BLOCKS, "Your results");
        group(screen, "results");
        Row row = new Row(screen);
        row.at(heading(screen, "Your results"), 12, 2);
        row.at(results(screen), 12, 4);
        row.at(element(screen, ElementType.BUTTON).put("title", "Try again"), 4, 1);
        return screen;
    }

    private ObjectNode results(ObjectNode screen) {
        return element(screen, ElementType.QUIZ_RESULTS)
                .put("title", "Your score")
                .put(
                        "description",
                        "You need " + PASS_PERCENT + "% to pass. Review the questions you missed and try again.")
                .put("passPercent", PASS_PERCENT);
    }

    private ObjectNode screen(ScreenType type, String title) {
        ObjectNode screen = JsonNodeFactory.instance.objectNode();
        screen.put("id", "s" + ++screens)
                .put("type", type.typeName())
                .put("typeId", type.typeId())
                .put("title", title);
        screen.putArray("elements");
        return screen;
    }

    private ObjectNode heading(ObjectNode screen, String title) {
        return element(screen, ElementType.HEADING).put("title", title).put("level", 1);
    }

    private ObjectNode element(ObjectNode screen, ElementType type) {
        ObjectNode element = ((ArrayNode) screen.get("elements")).addObject();
        element.put("id", "e" + ++elements).put("type", type.typeName());
        return element;
    }

    private static void group(ObjectNode screen, String role) {
        screen.putObject("group").put("id", QUIZ_GROUP).put("role", role);
    }

    /** Places elements top to bottom, filling rows of 12 columns left to right. */
    private static final class Row {
        private int x;
        private int y;
        private int height;

        Row(ObjectNode screen) {
            // one placement per screen
        }

        void at(ObjectNode element, int w, int h) {
            if (x + w > 12) {
                newline();
            }
            element.putObject("layout").put("x", x).put("y", y).put("w", w).put("h", h);
            height = Math.max(height, h);
            x += w;
            if (x == 12) {
                newline();
            }
        }

        private void newline() {
            y += height;
            x = 0;
            height = 0;
        }
    }
}
