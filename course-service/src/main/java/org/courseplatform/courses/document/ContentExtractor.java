package org.courseplatform.courses.document;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.courseplatform.courses.document.CourseContent.Answer;
import org.courseplatform.courses.document.CourseContent.Asset;
import org.courseplatform.courses.document.CourseContent.ElementContent;
import org.courseplatform.courses.document.CourseContent.ScreenContent;
import org.courseplatform.courses.document.CourseContent.TranslationContent;

/**
 * Reduces a stored course document (either format) to its {@link CourseContent}, the one shape
 * consumers read whatever the builder wrote.
 *
 * <p>Works on documents {@link CourseDocuments#parse} accepted, but never fails on odd input:
 * whatever is missing or of the wrong type reads as absent.
 *
 * <p>Classic slides become screens: {@code heading} is the title, {@code body} the description,
 * {@code image} the asset and its {@code alt} the alt text ({@code video} slides: the video is
 * the asset); each flashcard is an element ({@code title} = front, {@code cardBack} = back) and
 * each quiz question one ({@code question} = prompt, answers from the choices, ids as strings).
 * Classic documents have no translations. Asset {@code usedBy} names screens by id, for Classic
 * the slide id as a string (the screen id migration will give it).
 */
public final class ContentExtractor {

    private ContentExtractor() {}

    public static CourseContent extract(long courseId, JsonNode document) {
        JsonNode doc = document;
        String format = text(doc, "format");
        String base = text(doc, "locale");
        if (!CourseDocuments.isLocaleTag(base)) {
            base = CourseDocuments.DEFAULT_LOCALE;
        }
        Assets assets = new Assets();
        List<ScreenContent> screens = new ArrayList<>();
        Map<String, TranslationContent> translations = new LinkedHashMap<>();
        List<String> locales = new ArrayList<>();
        locales.add(base);
        if (CourseDocuments.CLASSIC.equals(format)) {
            for (JsonNode slide : items(doc, "slides")) {
                screens.add(slide(slide, assets));
            }
        } else {
            List<JsonNode> screenNodes = items(doc, "screens");
            for (JsonNode screen : screenNodes) {
                screens.add(screen(screen, assets));
            }
            JsonNode all = doc == null ? null : doc.get("translations");
            if (all != null && all.isObject()) {
                for (Map.Entry<String, JsonNode> entry : all.properties()) {
                    if (entry.getKey().equals(base) || !entry.getValue().isObject()) {
                        continue;
                    }
                    locales.add(entry.getKey());
                    translations.put(entry.getKey(), translation(entry.getValue(), screenNodes));
                }
            }
        }
        return new CourseContent(
                courseId,
                norm(doc, "title"),
                List.copyOf(locales),
                List.copyOf(screens),
                Collections.unmodifiableMap(translations),
                assets.list());
    }

    // ---------------------------------------------------------------- Builder 2

    private static ScreenContent screen(JsonNode screen, Assets assets) {
        String screenId = text(screen, "id");
        JsonNode asset = screen.get("asset");
        String assetUrl = text(asset, "url");
        String altText = PlainText.normalise(text(screen, "assetAltText"));
        assets.add(assetUrl, text(asset, "mime"), altText != null ? altText : text(asset, "altText"), screenId);
        List<ElementContent> elements = new ArrayList<>();
        for (JsonNode element : items(screen, "elements")) {
            JsonNode elementAsset = element.get("asset");
            String elementAlt = text(element, "altText");
            assets.add(
                    text(elementAsset, "url"),
                    text(elementAsset, "mime"),
                    elementAlt != null ? elementAlt : text(elementAsset, "altText"),
                    screenId);
            elements.add(new ElementContent(
                    norm(element, "question"),
                    norm(element, "title"),
                    norm(element, "description"),
                    norm(element, "cardBack"),
                    answers(element)));
        }
        return new ScreenContent(
                norm(screen, "title"),
                norm(screen, "description"),
                blankToNull(assetUrl),
                altText,
                List.copyOf(elements));
    }

    private static List<Answer> answers(JsonNode element) {
        JsonNode answers = element.get("answers");
        if (answers == null || !answers.isArray()) {
            return null;
        }
        List<Answer> list = new ArrayList<>();
        for (JsonNode answer : answers) {
            if (answer.isObject()) {
                list.add(new Answer(text(answer, "id"), norm(answer, "text"), isTrue(answer.get("correct"))));
            }
        }
        return List.copyOf(list);
    }

    private static TranslationContent translation(JsonNode translation, List<JsonNode> baseScreens) {
        JsonNode screens = translation.get("screens");
        List<ScreenContent> list = new ArrayList<>();
        for (JsonNode base : baseScreens) {
            JsonNode screen = child(screens, text(base, "id"));
            JsonNode elements = screen == null ? null : screen.get("elements");
            List<ElementContent> translated = new ArrayList<>();
            for (JsonNode baseElement : items(base, "elements")) {
                JsonNode element = child(elements, text(baseElement, "id"));
                translated.add(new ElementContent(
                        norm(element, "question"),
                        norm(element, "title"),
                        norm(element, "description"),
                        norm(element, "cardBack"),
                        translatedAnswers(baseElement, element)));
            }
            list.add(new ScreenContent(
                    norm(screen, "title"),
                    norm(screen, "description"),
                    null,
                    norm(screen, "assetAltText"),
                    List.copyOf(translated)));
        }
        return new TranslationContent(norm(translation, "title"), List.copyOf(list));
    }

    private static List<Answer> translatedAnswers(JsonNode baseElement, JsonNode element) {
        JsonNode answers = baseElement.get("answers");
        if (answers == null || !answers.isArray()) {
            return null;
        }
        JsonNode translated = element == null ? null : element.get("answers");
        List<Answer> list = new ArrayList<>();
        for (JsonNode answer : answers) {
            if (!answer.isObject()) {
                continue;
            }
            String id = text(answer, "id");
            JsonNode value = child(translated, id);
            String text = value == null ? null : value.isTextual() ? value.asText() : text(value, "text");
            list.add(new Answer(id, PlainText.normalise(text), isTrue(answer.get("correct"))));
        }
        return List.copyOf(list);
    }

    // ---------------------------------------------------------------- Classic

    private static ScreenContent slide(JsonNode slide, Assets assets) {
        String slideId = text(slide, "id");
        String kind = text(slide, "kind");
        JsonNode image = slide.get("image");
        JsonNode video = slide.get("video");
        String imageUrl = blankToNull(text(image, "url"));
        String videoUrl = blankToNull(text(video, "url"));
        assets.add(imageUrl, text(image, "mime"), text(image, "alt"), slideId);
        assets.add(videoUrl, text(video, "mime"), text(video, "alt"), slideId);
        String asset;
        String altText;
        if ("video".equals(kind) && videoUrl != null) {
            asset = videoUrl;
            altText = PlainText.normalise(text(video, "alt"));
        } else {
            asset = imageUrl != null ? imageUrl : videoUrl;
            altText = PlainText.normalise(imageUrl != null ? text(image, "alt") : text(video, "alt"));
        }
        List<ElementContent> elements = new ArrayList<>();
        if ("flashcards".equals(kind)) {
            for (JsonNode card : items(slide, "cards")) {
                JsonNode cardImage = card.get("image");
                assets.add(text(cardImage, "url"), text(cardImage, "mime"), text(cardImage, "alt"), slideId);
                elements.add(new ElementContent(null, norm(card, "front"), null, norm(card, "back"), null));
            }
        } else if ("quiz".equals(kind)) {
            for (JsonNode question : items(slide, "questions")) {
                List<Answer> answers = new ArrayList<>();
                for (JsonNode choice : items(question, "choices")) {
                    answers.add(new Answer(text(choice, "id"), norm(choice, "text"), isTrue(choice.get("correct"))));
                }
                elements.add(new ElementContent(norm(question, "prompt"), null, null, null, List.copyOf(answers)));
            }
        }
        return new ScreenContent(norm(slide, "heading"), norm(slide, "body"), asset, altText, List.copyOf(elements));
    }

    // ---------------------------------------------------------------- helpers

    /** Media URLs once each, in order of first use, with the first metadata given for them. */
    private static final class Assets {
        private final Map<String, Entry> byUrl = new LinkedHashMap<>();

        void add(String url, String mime, String altText, String screenId) {
            url = blankToNull(url);
            if (url == null) {
                return;
            }
            Entry entry = byUrl.computeIfAbsent(url, u -> new Entry());
            if (entry.mime == null) {
                entry.mime = blankToNull(mime);
            }
            if (entry.altText == null) {
                entry.altText = PlainText.normalise(altText);
            }
            if (screenId != null) {
                entry.usedBy.add(screenId);
            }
        }

        List<Asset> list() {
            List<Asset> list = new ArrayList<>();
            byUrl.forEach((url, e) -> list.add(
                    new Asset(url, e.mime != null ? e.mime : MediaTypes.guess(url), e.altText, List.copyOf(e.usedBy))));
            return List.copyOf(list);
        }

        private static final class Entry {
            String mime;
            String altText;
            final Set<String> usedBy = new LinkedHashSet<>();
        }
    }

    private static List<JsonNode> items(JsonNode owner, String field) {
        JsonNode array = owner == null ? null : owner.get(field);
        List<JsonNode> list = new ArrayList<>();
        if (array != null && array.isArray()) {
            for (JsonNode item : array) {
                if (item.isObject()) {
                    list.add(item);
                }
            }
        }
        return list;
    }

    private static JsonNode child(JsonNode owner, String key) {
        if (owner == null || !owner.isObject() || key == null) {
            return null;
        }
        JsonNode value = owner.get(key);
        return value == null || value.isNull() ? null : value;
    }

    /** A string, or a number written as its text (Classic ids); null for anything else. */
    private static String text(JsonNode owner, String field) {
        JsonNode value = owner == null || !owner.isObject() ? null : owner.get(field);
        if (value == null) {
            return null;
        }
        if (value.isTextual()) {
            return value.asText();
        }
        return value.isIntegralNumber() ? value.asText() : null;
    }

    private static String norm(JsonNode owner, String field) {
        JsonNode value = owner == null || !owner.isObject() ? null : owner.get(field);
        return value != null && value.isTextual() ? PlainText.normalise(value.asText()) : null;
    }

    private static boolean isTrue(JsonNode value) {
        return value != null && value.isBoolean() && value.booleanValue();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
