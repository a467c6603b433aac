package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.document.PlainText;

/**
 * The translatable strings of a Builder 2 document and where their translations live in
 * {@code translations[locale]} (docs/course-builder.md, translation view): the course title and
 * description; each screen's title, description and asset alt text; each element's question,
 * title, description, card back, alt text, transcript and feedback; each answer's text. Each has a
 * stable id, its path below the locale joined with {@code /} (JSON Pointer escaping), so a
 * translation is keyed by ids, never by position, and element ids are kept as they are.
 */
public final class Translatables {

    static final List<String> SCREEN_FIELDS = List.of("title", "description", "assetAltText");
    static final List<String> ELEMENT_FIELDS =
            List.of("question", "title", "description", "cardBack", "altText", "transcript", "feedback");

    private Translatables() {}

    /** One translatable string: its id, its path below {@code translations[locale]} and its source text. */
    public record Item(String id, List<String> path, String source) {}

    /** Every non-blank translatable string of the document, in document order. */
    public static List<Item> of(JsonNode document) {
        List<Item> items = new ArrayList<>();
        add(items, document, "title", List.of("title"));
        add(items, document, "description", List.of("description"));
        for (JsonNode screen : document.path("screens")) {
            String screenId = screen.path("id").asText(null);
            if (screenId == null) {
                continue;
            }
            for (String field : SCREEN_FIELDS) {
                add(items, screen, field, List.of("screens", screenId, field));
            }
            for (JsonNode element : screen.path("elements")) {
                String elementId = element.path("id").asText(null);
                if (elementId == null) {
                    continue;
                }
                for (String field : ELEMENT_FIELDS) {
                    add(items, element, field, List.of("screens", screenId, "elements", elementId, field));
                }
                for (JsonNode answer : element.path("answers")) {
                    String answerId = answer.path("id").asText(null);
                    if (answerId != null) {
                        add(
                                items,
                                answer,
                                "text",
                                List.of("screens", screenId, "elements", elementId, "answers", answerId));
                    }
                }
            }
        }
        return items;
    }

    /** The document's base locale. */
    public static String baseLocale(JsonNode document) {
        JsonNode locale = document.path("locale");
        return locale.isTextual() ? locale.asText() : CourseDocuments.DEFAULT_LOCALE;
    }

    /** The translation at {@code path} of {@code locale}: a string, or an answer's {@code {text}}; null when absent or blank. */
    public static String translation(JsonNode document, String locale, List<String> path) {
        JsonNode node = document.path("translations").path(locale);
        for (String key : path) {
            node = node.path(key);
        }
        String text = node.isTextual()
                ? node.asText()
                : node.path("text").isTextual() ? node.path("text").asText() : null;
        return text == null || text.isBlank() ? null : text;
    }

    /** Writes a translation at {@code path} of {@code locale}, creating the objects on the way. */
    public static void put(ObjectNode document, String locale, List<String> path, String text) {
        ObjectNode node = object(object(document, "translations"), locale);
        for (int i = 0; i < path.size() - 1; i++) {
            node = object(node, path.get(i));
        }
        node.put(path.get(path.size() - 1), text);
    }

    /** Adds {@code translations[locale]} as an empty object when the document has no such locale. */
    public static boolean ensureLocale(ObjectNode document, String locale) {
        ObjectNode translations = object(document, "translations");
        if (translations.get(locale) instanceof ObjectNode) {
            return false;
        }
        translations.putObject(locale);
        return true;
    }

    private static ObjectNode object(ObjectNode parent, String key) {
        JsonNode child = parent.get(key);
        if (child instanceof ObjectNode object) {
            return object;
        }
        return parent.putObject(key);
    }

    private static void add(List<Item> items, JsonNode node, String field, List<String> path) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual() || PlainText.normalise(value.asText()) == null) {
            return;
        }
        items.add(new Item(id(path), path, value.asText()));
    }

    static String id(List<String> path) {
        StringBuilder id = new StringBuilder();
        for (String key : path) {
            if (!id.isEmpty()) {
                id.append('/');
            }
            id.append(key.replace("~", "~0").replace("/", "~1"));
        }
        return id.toString();
    }
}
