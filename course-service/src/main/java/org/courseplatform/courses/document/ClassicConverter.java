package org.courseplatform.courses.document;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Converts a Classic course document to Builder 2 (API.md, "Classic document and migration").
 * Pure: no I/O, no clock, the input is never modified, so the same document always gives the
 * same answer and the rules can be tested on their own.
 *
 * <p>Identities survive: screen id = {@code "<slide id>"}, question element id =
 * {@code "<question id>"}, answer id = {@code "<choice id>"}. Elements the Classic format has no
 * id for get one derived from their slide ({@code "<slide>-text"}, {@code "<slide>-image"},
 * {@code "<slide>-card-<card id>"}); these cannot collide with question ids, which are numbers.
 *
 * <table>
 *   <caption>Conversion</caption>
 *   <tr><th>slide kind</th><th>Builder 2 screen</th></tr>
 *   <tr><td>content</td><td>{@code blocks}: body as a {@code text} element, image as the screen asset</td></tr>
 *   <tr><td>flashcards</td><td>{@code blocks}: one {@code flipcard} per card (front, back, picture)</td></tr>
 *   <tr><td>quiz</td><td>{@code blocksQuiz}: one {@code question} per question, choices as answers</td></tr>
 *   <tr><td>video</td><td>{@code blocks}: the video as the screen asset</td></tr>
 *   <tr><td>flash, embed_html, any other</td><td>none: the course is blocked</td></tr>
 * </table>
 *
 * <p>On every kind, {@code heading} becomes the screen title and a non-blank {@code body} a
 * leading {@code text} element; an image on a slide whose asset slot is taken (video) becomes an
 * {@code image} element. Top-level fields other than {@code format} and {@code slides} (title,
 * description, locale, a theme) are kept. A quiz question without a correct choice cannot be a
 * Builder 2 question, so it blocks its slide too.
 *
 * <p>A course with any blocked slide is not converted at all: the answer lists
 * {@code {screenId, reason}} per blocked slide and carries no document.
 */
public final class ClassicConverter {

    public static final String MIGRATED = "migrated";
    public static final String ALREADY_MODERN = "already_modern";
    public static final String BLOCKED = "blocked";

    private static final Map<String, String> BLOCKING_KINDS = Map.of(
            "flash",
                    "Flash slides cannot be converted: Builder 2 does not play Flash; rebuild it as a video or "
                            + "an image and remove the slide",
            "embed_html",
                    "custom HTML slides cannot be converted safely; replace it with an embed block and "
                            + "remove the slide");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ClassicConverter() {}

    /** A slide that keeps the course from converting. */
    public record Blocked(String screenId, String reason) {}

    /**
     * What migration of one document gives.
     *
     * @param status   {@link #MIGRATED}, {@link #ALREADY_MODERN} or {@link #BLOCKED}
     * @param total    slides of a Classic document, screens of a Builder 2 one
     * @param changed  screens converted (0 unless migrated)
     * @param blocked  one entry per blocked slide, in slide order; empty unless blocked
     * @param screens  ids of the Builder 2 screens written, in order; empty unless migrated
     * @param document the Builder 2 document; null unless migrated
     */
    public record Result(
            String status, int total, int changed, List<Blocked> blocked, List<String> screens, ObjectNode document) {}

    /** Converts a stored (validated) Classic or Builder 2 document. */
    public static Result convert(JsonNode document) {
        if (document == null || !document.isObject()) {
            throw new IllegalArgumentException("a course document must be a JSON object");
        }
        String format = document.path("format").asText();
        if (CourseDocuments.BUILDER2.equals(format)) {
            return new Result(ALREADY_MODERN, document.path("screens").size(), 0, List.of(), List.of(), null);
        }
        if (!CourseDocuments.CLASSIC.equals(format)) {
            throw new IllegalArgumentException("unknown course format " + format);
        }
        JsonNode slides = document.path("slides");
        List<Blocked> blocked = new ArrayList<>();
        ArrayNode screens = JSON.arrayNode();
        List<String> ids = new ArrayList<>();
        for (JsonNode slide : slides) {
            String id = slide.path("id").asText();
            String problem = problem(slide);
            if (problem != null) {
                blocked.add(new Blocked(id, problem));
            } else if (blocked.isEmpty()) {
                screens.add(screen(slide));
                ids.add(id);
            }
        }
        if (!blocked.isEmpty()) {
            return new Result(BLOCKED, slides.size(), 0, List.copyOf(blocked), List.of(), null);
        }
        ObjectNode converted = JSON.objectNode();
        converted.put("format", CourseDocuments.BUILDER2);
        document.properties().forEach(field -> {
            if (!field.getKey().equals("format") && !field.getKey().equals("slides")) {
                converted.set(field.getKey(), field.getValue().deepCopy());
            }
        });
        converted.set("screens", screens);
        return new Result(MIGRATED, slides.size(), screens.size(), List.of(), List.copyOf(ids), converted);
    }

    /** Why a slide cannot be converted, or null when it can. */
    private static String problem(JsonNode slide) {
        String kind = slide.path("kind").asText();
        if (BLOCKING_KINDS.containsKey(kind)) {
            return BLOCKING_KINDS.get(kind);
        }
        switch (kind) {
            case "content", "flashcards", "video" -> {
                return null;
            }
            case "quiz" -> {
                List<String> problems = new ArrayList<>();
                for (JsonNode question : slide.path("questions")) {
                    boolean correct = false;
                    for (JsonNode choice : question.path("choices")) {
                        correct |= choice.path("correct").asBoolean(false);
                    }
                    if (!correct) {
                        problems.add("question " + question.path("id").asText() + " has no correct choice");
                    }
                }
                return problems.isEmpty()
                        ? null
                        : String.join("; ", problems) + "; a Builder 2 question needs at least one correct answer";
            }
            default -> {
                return "unknown slide kind " + CourseDocuments.quote(kind) + " cannot be converted; remove the slide";
            }
        }
    }

    private static ObjectNode screen(JsonNode slide) {
        String id = slide.path("id").asText();
        String kind = slide.path("kind").asText();
        ScreenType type = "quiz".equals(kind) ? ScreenType.BLOCKS_QUIZ : ScreenType.BLOCKS;
        ObjectNode screen = JSON.objectNode();
        screen.put("id", id);
        screen.put("type", type.typeName());
        screen.put("typeId", type.typeId());
        if (slide.path("heading").isTextual()) {
            screen.put("title", slide.path("heading").asText());
        }
        ArrayNode elements = screen.putArray("elements");
        JsonNode body = slide.path("body");
        if (body.isTextual() && !body.asText().isBlank()) {
            elements.addObject()
                    .put("id", id + "-text")
                    .put("type", ElementType.TEXT.typeName())
                    .put("description", body.asText());
        }
        JsonNode image = slide.path("image");
        switch (kind) {
            case "content" -> {
                if (image.isObject()) {
                    screen.set("asset", asset(image));
                    if (image.path("alt").isTextual()) {
                        screen.put("assetAltText", image.path("alt").asText());
                    }
                }
            }
            case "video" -> {
                if (slide.path("video").isObject()) {
                    screen.set("asset", asset(slide.path("video")));
                }
                imageElement(elements, id, image);
            }
            case "flashcards" -> {
                imageElement(elements, id, image);
                for (JsonNode card : slide.path("cards")) {
                    ObjectNode flipcard = elements.addObject()
                            .put("id", id + "-card-" + card.path("id").asText())
                            .put("type", ElementType.FLIPCARD.typeName());
                    copyText(card, "front", flipcard, "title");
                    copyText(card, "back", flipcard, "cardBack");
                    if (card.path("image").isObject()) {
                        flipcard.set("asset", asset(card.path("image")));
                    }
                }
            }
            case "quiz" -> {
                imageElement(elements, id, image);
                for (JsonNode question : slide.path("questions")) {
                    ObjectNode element = elements.addObject()
                            .put("id", question.path("id").asText())
                            .put("type", ElementType.QUESTION.typeName());
                    copyText(question, "prompt", element, "question");
                    ArrayNode answers = element.putArray("answers");
                    int correct = 0;
                    for (JsonNode choice : question.path("choices")) {
                        boolean right = choice.path("correct").asBoolean(false);
                        correct += right ? 1 : 0;
                        answers.addObject()
                                .put("id", choice.path("id").asText())
                                .put("text", choice.path("text").asText(""))
                                .put("correct", right);
                    }
                    if (correct > 1) {
                        element.put("multiple", true);
                    }
                }
            }
            default -> throw new IllegalStateException("no conversion for slide kind " + kind);
        }
        return screen;
    }

    private static void imageElement(ArrayNode elements, String slideId, JsonNode image) {
        if (!image.isObject()) {
            return;
        }
        ObjectNode element =
                elements.addObject().put("id", slideId + "-image").put("type", ElementType.IMAGE.typeName());
        element.set("asset", asset(image));
        if (image.path("alt").isTextual()) {
            element.put("altText", image.path("alt").asText());
        }
    }

    /** A Classic {@code {url, alt?, mime?}} as a Builder 2 asset; the media type guessed when missing. */
    private static ObjectNode asset(JsonNode media) {
        ObjectNode asset = JSON.objectNode();
        String url = media.path("url").asText();
        asset.put("url", url);
        String mime = media.path("mime").isTextual() ? media.path("mime").asText() : MediaTypes.guess(url);
        if (mime != null) {
            asset.put("mime", mime);
        }
        if (media.path("alt").isTextual()) {
            asset.put("altText", media.path("alt").asText());
        }
        return asset;
    }

    private static void copyText(JsonNode from, String field, ObjectNode to, String target) {
        if (from.path(field).isTextual()) {
            to.put(target, from.path(field).asText());
        }
    }
}
