package org.courseplatform.courses.layout;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.document.ElementType;
import org.courseplatform.courses.document.ScreenType;
import org.courseplatform.platform.web.ApiException;

/**
 * The layouts a new screen can start from (GET /v1/headless/layouts, POST /v1/headless/screen).
 *
 * <p>The catalogue is code, not data: each layout is a recipe that builds Builder 2 screen JSON
 * with its structure, its geometry (every element carries {@code layout: {x, y, w, h}} on a
 * 12-column grid, {@code y} and {@code h} in rows) and English placeholder copy that tells the
 * author what to write. Screens it builds pass {@link CourseDocuments#parse}. Each screen also
 * records the {@code layoutId} it came from.
 *
 * <p>A quiz layout builds three screens that belong together: a cover ({@code blocks}), the
 * question ({@code blocksQuiz}) and the results ({@code blocks}), each carrying
 * {@code group: {id, role}} with one group id and roles {@code cover}, {@code question} and
 * {@code results}. The cover comes first; its id is the one the API answers.
 */
@ApplicationScoped
public class LayoutCatalog {

    public static final String TEXT = "text";
    public static final String MEDIA = "media";
    public static final String INTERACTIVE = "interactive";
    public static final String QUIZ = "quiz";

    private static final String BLOCKS = ScreenType.BLOCKS.typeName();
    private static final String BLOCKS_QUIZ = ScreenType.BLOCKS_QUIZ.typeName();

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final List<Layout> all;

    public LayoutCatalog() {
        define();
        all = entries.values().stream().map(Entry::layout).toList();
    }

    /** Every layout, grouped by category in catalogue order. */
    public List<Layout> all() {
        return all;
    }

    public Optional<Layout> find(String id) {
        Entry entry = id == null ? null : entries.get(id);
        return entry == null ? Optional.empty() : Optional.of(entry.layout());
    }

    /**
     * Builds the screens of a layout: one, or three for a quiz layout (cover, question, results).
     *
     * @param title the screen title (a quiz: the cover's); null or blank uses the layout's placeholder
     * @throws ApiException 400 naming {@code layoutId} when the layout is unknown
     */
    public List<ObjectNode> instantiate(String layoutId, String title, IdSource ids) {
        if (layoutId == null || layoutId.isBlank()) {
            throw ApiException.invalid("layoutId", "is required");
        }
        Entry entry = entries.get(layoutId);
        if (entry == null) {
            throw ApiException.invalid(
                    "layoutId",
                    "unknown layout \"" + shorten(layoutId) + "\"; GET /v1/headless/layouts lists the layouts");
        }
        checkTitle(title);
        String screenTitle = title == null || title.isBlank() ? entry.defaultTitle() : title;
        return List.copyOf(entry.recipe().build(new Builder(ids, layoutId), screenTitle));
    }

    /**
     * One empty screen of a type, named by {@code type} or {@code typeId} (both may be given if they agree).
     *
     * @throws ApiException 400 naming {@code type} or {@code typeId}
     */
    public List<ObjectNode> blank(String type, Integer typeId, String title, IdSource ids) {
        ScreenType screenType;
        if (type != null && !type.isBlank()) {
            screenType = ScreenType.byName(type)
                    .orElseThrow(() -> ApiException.invalid(
                            "type", "unknown screen type \"" + shorten(type) + "\"; expected blocks or blocksQuiz"));
            if (typeId != null && typeId != screenType.typeId()) {
                throw ApiException.invalid(
                        "typeId",
                        "is " + typeId + " but type " + screenType.typeName() + " has typeId " + screenType.typeId());
            }
        } else if (typeId != null) {
            screenType = ScreenType.byId(typeId)
                    .orElseThrow(() -> ApiException.invalid(
                            "typeId", "unknown screen typeId " + typeId + "; expected 1 (blocks) or 2 (blocksQuiz)"));
        } else {
            throw ApiException.invalid("type", "is required when layoutId is omitted (or give typeId)");
        }
        checkTitle(title);
        ObjectNode screen = JsonNodeFactory.instance.objectNode();
        screen.put("id", ids.next(IdSource.SCREEN));
        screen.put("type", screenType.typeName());
        screen.put("typeId", screenType.typeId());
        screen.put("title", title == null || title.isBlank() ? "Untitled screen" : title);
        screen.putArray("elements");
        return List.of(screen);
    }

    private static void checkTitle(String title) {
        if (title != null && title.length() > CourseDocuments.MAX_STRING_LENGTH) {
            throw ApiException.invalid("title", "is longer than " + CourseDocuments.MAX_STRING_LENGTH + " characters");
        }
    }

    private static String shorten(String value) {
        return value.length() > 60 ? value.substring(0, 60) + "…" : value;
    }

    // ---------------------------------------------------------------- the catalogue

    private void define() {
        // text
        add("title-only", "Title only", TEXT, BLOCKS, "Section title", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 3);
            b.text(s, null, "<p>Add a one-line summary of what this section covers.</p>", 2, 3, 8, 2);
            return List.of(s);
        });
        add("title-and-text", "Title and text", TEXT, BLOCKS, "Introduction", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.text(
                    s,
                    null,
                    "<p>Write your introduction here. Explain what the learner will get out of this "
                            + "screen and why it matters to them.</p>",
                    0,
                    2,
                    12,
                    6);
            return List.of(s);
        });
        add("text-image-left", "Image left, text right", TEXT, BLOCKS, "Introduction", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.image(s, "Add a picture that illustrates your main point.", 0, 2, 6, 6);
            b.text(
                    s,
                    null,
                    "<p>Write your introduction here. Keep it short and speak to the learner directly.</p>",
                    6,
                    2,
                    6,
                    6);
            return List.of(s);
        });
        add("text-image-right", "Text left, image right", TEXT, BLOCKS, "Introduction", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.text(
                    s,
                    null,
                    "<p>Write your introduction here. Keep it short and speak to the learner directly.</p>",
                    0,
                    2,
                    6,
                    6);
            b.image(s, "Add a picture that illustrates your main point.", 6, 2, 6, 6);
            return List.of(s);
        });
        add("two-columns", "Two columns", TEXT, BLOCKS, "Compare two ideas", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.text(s, "First idea", "<p>Describe the first idea in two or three sentences.</p>", 0, 2, 6, 6);
            b.text(s, "Second idea", "<p>Describe the second idea and how it differs from the first.</p>", 6, 2, 6, 6);
            return List.of(s);
        });
        add("three-columns", "Three columns", TEXT, BLOCKS, "Three key points", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.text(s, "First point", "<p>Explain the first point in a sentence or two.</p>", 0, 2, 4, 6);
            b.text(s, "Second point", "<p>Explain the second point in a sentence or two.</p>", 4, 2, 4, 6);
            b.text(s, "Third point", "<p>Explain the third point in a sentence or two.</p>", 8, 2, 4, 6);
            return List.of(s);
        });
        add("bullet-list", "Bullet list", TEXT, BLOCKS, "Key points", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.list(
                    s,
                    false,
                    "<ul><li>Start with the most important point.</li><li>Add a second point that builds on "
                            + "the first.</li><li>Finish with a point the learner can act on.</li></ul>",
                    0,
                    2,
                    12,
                    6);
            return List.of(s);
        });
        add("numbered-steps", "Numbered steps", TEXT, BLOCKS, "How to do it", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.list(
                    s,
                    true,
                    "<ol><li>Describe the first step.</li><li>Describe what the learner does next.</li>"
                            + "<li>Describe how the learner knows they are done.</li></ol>",
                    0,
                    2,
                    12,
                    6);
            return List.of(s);
        });
        add("quote", "Quote", TEXT, BLOCKS, "Quote", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.element(s, ElementType.QUOTE, 1, 0, 10, 5)
                    .put("description", "Write a memorable quote that supports your message.")
                    .put("title", "Name of the person you are quoting");
            return List.of(s);
        });
        add("callout", "Key takeaway", TEXT, BLOCKS, "Why this matters", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.text(s, null, "<p>Explain the idea in a few sentences.</p>", 0, 2, 12, 4);
            b.element(s, ElementType.CALLOUT, 0, 6, 12, 2)
                    .put("title", "Remember")
                    .put("description", "Sum up the one thing the learner should remember from this screen.")
                    .put("tone", "tip");
            return List.of(s);
        });
        add("course-intro", "Course introduction", TEXT, BLOCKS, "Welcome", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.element(s, ElementType.TIME_ESTIMATE, 0, 2, 12, 1).put("minutes", 10);
            b.text(
                    s,
                    null,
                    "<p>Tell learners what this course is about, who it is for and what they will be able "
                            + "to do when they finish.</p>",
                    0,
                    3,
                    7,
                    6);
            b.image(s, "Add a picture that sets the tone for the course.", 7, 3, 5, 6);
            return List.of(s);
        });

        // media
        add("image-full", "Full-width image", MEDIA, BLOCKS, "Picture", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.image(s, "Add a caption that explains what the picture shows.", 0, 0, 12, 9);
            return List.of(s);
        });
        add("image-caption", "Image with caption", MEDIA, BLOCKS, "Picture", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.image(s, null, 2, 2, 8, 6);
            b.text(s, null, "<p>Explain what the learner should notice in this picture.</p>", 2, 8, 8, 2);
            return List.of(s);
        });
        add("gallery", "Image gallery", MEDIA, BLOCKS, "Gallery", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.image(s, "Add a caption for the first picture.", 0, 2, 4, 5);
            b.image(s, "Add a caption for the second picture.", 4, 2, 4, 5);
            b.image(s, "Add a caption for the third picture.", 8, 2, 4, 5);
            return List.of(s);
        });
        add("video", "Video", MEDIA, BLOCKS, "Watch the video", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.element(s, ElementType.VIDEO, 0, 2, 12, 7);
            b.text(s, null, "<p>Tell learners what to look out for while they watch.</p>", 0, 9, 12, 2);
            return List.of(s);
        });
        add("video-text", "Video with text", MEDIA, BLOCKS, "Watch and learn", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.element(s, ElementType.VIDEO, 0, 2, 7, 6);
            b.text(
                    s,
                    null,
                    "<p>Summarise the video in a few sentences for learners who prefer to read.</p>",
                    7,
                    2,
                    5,
                    6);
            return List.of(s);
        });
        add("audio", "Audio", MEDIA, BLOCKS, "Listen", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.element(s, ElementType.AUDIO, 0, 2, 12, 2);
            b.text(s, null, "<p>Tell learners what they will hear and why it is worth listening to.</p>", 0, 4, 12, 4);
            return List.of(s);
        });
        add("embed", "Embedded web page", MEDIA, BLOCKS, "Explore", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.element(s, ElementType.EMBED, 0, 2, 12, 8)
                    .put("title", "Embedded page")
                    .put("height", 480);
            b.text(s, null, "<p>Tell learners what to do with the page shown above.</p>", 0, 10, 12, 2);
            return List.of(s);
        });

        // interactive
        add("flipcards", "Flip cards", INTERACTIVE, BLOCKS, "Key terms", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            for (int i = 0; i < 3; i++) {
                b.element(s, ElementType.FLIPCARD, i * 4, 2, 4, 5)
                        .put("title", "Write a term on the front of card " + (i + 1) + ".")
                        .put("cardBack", "Explain the term here; learners see this when the card flips.");
            }
            return List.of(s);
        });
        add("accordion", "Accordion", INTERACTIVE, BLOCKS, "Learn more", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            String[] headers = {"First topic", "Second topic", "Third topic"};
            for (int i = 0; i < headers.length; i++) {
                b.element(s, ElementType.ACCORDION, 0, 2 + i * 2, 12, 2)
                        .put("title", headers[i])
                        .put("description", "<p>Write the details learners see when they open this panel.</p>")
                        .put("expanded", i == 0);
            }
            return List.of(s);
        });
        add("tabs", "Tabs", INTERACTIVE, BLOCKS, "Explore the options", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            String[] labels = {"Option one", "Option two", "Option three"};
            for (String label : labels) {
                b.element(s, ElementType.TABS, 0, 2, 12, 6)
                        .put("title", label)
                        .put("description", "<p>Describe this option and when the learner should choose it.</p>");
            }
            return List.of(s);
        });
        add("timeline", "Timeline", INTERACTIVE, BLOCKS, "How it happened", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            String[] events = {"First milestone", "Second milestone", "Third milestone", "Where we are today"};
            for (int i = 0; i < events.length; i++) {
                b.element(s, ElementType.TIMELINE, i * 3, 2, 3, 5)
                        .put("title", events[i])
                        .put("description", "Describe what happened at this point and why it mattered.");
            }
            return List.of(s);
        });
        add("call-to-action", "Call to action", INTERACTIVE, BLOCKS, "What to do next", (b, title) -> {
            ObjectNode s = b.screen(ScreenType.BLOCKS, title);
            b.heading(s, title, 0, 0, 12, 2);
            b.text(s, null, "<p>Tell learners what you want them to do next and how it helps them.</p>", 0, 2, 12, 4);
            b.element(s, ElementType.BUTTON, 4, 6, 4, 1).put("title", "Find out more");
            return List.of(s);
        });

        // quiz: cover + question + results
        add(
                "quiz-single-choice",
                "Single-choice quiz",
                QUIZ,
                BLOCKS_QUIZ,
                "Check your understanding",
                (b, title) -> b.quiz(
                        title,
                        "Write your question here. Only one answer is correct.",
                        false,
                        new String[] {
                            "Write the correct answer here.",
                            "Write a plausible wrong answer.",
                            "Write another plausible wrong answer."
                        },
                        new boolean[] {true, false, false},
                        false));
        add(
                "quiz-multiple-choice",
                "Multiple-choice quiz",
                QUIZ,
                BLOCKS_QUIZ,
                "Check your understanding",
                (b, title) -> b.quiz(
                        title,
                        "Write your question here. Learners pick every answer that is correct.",
                        true,
                        new String[] {
                            "Write a correct answer here.",
                            "Write another correct answer.",
                            "Write a plausible wrong answer.",
                            "Write another plausible wrong answer."
                        },
                        new boolean[] {true, true, false, false},
                        false));
        add(
                "quiz-true-false",
                "True or false quiz",
                QUIZ,
                BLOCKS_QUIZ,
                "True or false?",
                (b, title) -> b.quiz(
                        title,
                        "Write a statement that is either true or false.",
                        false,
                        new String[] {"True", "False"},
                        new boolean[] {true, false},
                        false));
        add(
                "quiz-image-choice",
                "Picture question quiz",
                QUIZ,
                BLOCKS_QUIZ,
                "Look closely",
                (b, title) -> b.quiz(
                        title,
                        "Write a question about the picture above.",
                        false,
                        new String[] {
                            "Write the correct answer here.",
                            "Write a plausible wrong answer.",
                            "Write another plausible wrong answer."
                        },
                        new boolean[] {true, false, false},
                        true));
    }

    private void add(String id, String name, String category, String screenType, String defaultTitle, Recipe recipe) {
        if (entries.put(id, new Entry(new Layout(id, name, category, screenType), defaultTitle, recipe)) != null) {
            throw new IllegalStateException("duplicate layout id " + id);
        }
    }

    private record Entry(Layout layout, String defaultTitle, Recipe recipe) {}

    @FunctionalInterface
    private interface Recipe {
        List<ObjectNode> build(Builder builder, String title);
    }

    /** Makes screen and element JSON for one instantiation. */
    private static final class Builder {
        private final IdSource ids;
        private final String layoutId;

        Builder(IdSource ids, String layoutId) {
            this.ids = ids;
            this.layoutId = layoutId;
        }

        ObjectNode screen(ScreenType type, String title) {
            ObjectNode screen = JsonNodeFactory.instance.objectNode();
            screen.put("id", ids.next(IdSource.SCREEN));
            screen.put("type", type.typeName());
            screen.put("typeId", type.typeId());
            screen.put("title", title);
            screen.put("layoutId", layoutId);
            screen.putArray("elements");
            return screen;
        }

        ObjectNode element(ObjectNode screen, ElementType type, int x, int y, int w, int h) {
            ObjectNode element = ((ArrayNode) screen.get("elements")).addObject();
            element.put("id", ids.next(IdSource.ELEMENT));
            element.put("type", type.typeName());
            ObjectNode geometry = element.putObject("layout");
            geometry.put("x", x);
            geometry.put("y", y);
            geometry.put("w", w);
            geometry.put("h", h);
            return element;
        }

        void heading(ObjectNode screen, String title, int x, int y, int w, int h) {
            element(screen, ElementType.HEADING, x, y, w, h).put("title", title).put("level", 1);
        }

        void text(ObjectNode screen, String title, String body, int x, int y, int w, int h) {
            ObjectNode text = element(screen, ElementType.TEXT, x, y, w, h);
            if (title != null) {
                text.put("title", title);
            }
            text.put("description", body);
        }

        void image(ObjectNode screen, String caption, int x, int y, int w, int h) {
            ObjectNode image = element(screen, ElementType.IMAGE, x, y, w, h);
            if (caption != null) {
                image.put("title", caption);
            }
        }

        void list(ObjectNode screen, boolean ordered, String items, int x, int y, int w, int h) {
            element(screen, ElementType.LIST, x, y, w, h)
                    .put("description", items)
                    .put("ordered", ordered);
        }

        List<ObjectNode> quiz(
                String title,
                String question,
                boolean multiple,
                String[] answers,
                boolean[] correct,
                boolean withImage) {
            String group = ids.next(IdSource.GROUP);

            ObjectNode cover = screen(ScreenType.BLOCKS, title);
            group(cover, group, "cover");
            heading(cover, title, 0, 0, 12, 2);
            text(
                    cover,
                    null,
                    "<p>Test what you have learned with a short quiz. You can take it as many times as "
                            + "you like.</p>",
                    0,
                    2,
                    12,
                    4);
            element(cover, ElementType.BUTTON, 4, 6, 4, 1).put("title", "Start the quiz");

            ObjectNode questionScreen = screen(ScreenType.BLOCKS_QUIZ, "Question");
            group(questionScreen, group, "question");
            int y = 0;
            if (withImage) {
                image(questionScreen, "Add the picture the question is about.", 2, 0, 8, 5);
                y = 5;
            }
            ObjectNode element = element(questionScreen, ElementType.QUESTION, 0, y, 12, 7)
                    .put("question", question)
                    .put("multiple", multiple)
                    .put("feedback", "Explain why the correct answer is right.");
            ArrayNode list = element.putArray("answers");
            for (int i = 0; i < answers.length; i++) {
                list.addObject()
                        .put("id", ids.next(IdSource.ANSWER))
                        .put("text", answers[i])
                        .put("correct", correct[i]);
            }

            ObjectNode results = screen(ScreenType.BLOCKS, "Your results");
            group(results, group, "results");
            heading(results, "Your results", 0, 0, 12, 2);
            element(results, ElementType.QUIZ_RESULTS, 0, 2, 12, 4)
                    .put("title", "Your score")
                    .put("description", "You need 80% to pass. Review the questions you missed and try again.")
                    .put("passPercent", 80);
            element(results, ElementType.BUTTON, 4, 6, 4, 1).put("title", "Try again");
            return new ArrayList<>(List.of(cover, questionScreen, results));
        }

        private static void group(ObjectNode screen, String id, String role) {
            screen.putObject("group").put("id", id).put("role", role);
        }
    }
}
