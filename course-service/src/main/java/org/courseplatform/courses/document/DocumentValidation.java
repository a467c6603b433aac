package org.courseplatform.courses.document;

import static org.courseplatform.courses.document.CourseDocuments.BUILDER2;
import static org.courseplatform.courses.document.CourseDocuments.CLASSIC;
import static org.courseplatform.courses.document.CourseDocuments.DEFAULT_LOCALE;
import static org.courseplatform.courses.document.CourseDocuments.MAX_ANSWERS_PER_QUESTION;
import static org.courseplatform.courses.document.CourseDocuments.MAX_ELEMENTS_PER_SCREEN;
import static org.courseplatform.courses.document.CourseDocuments.MAX_PROBLEMS;
import static org.courseplatform.courses.document.CourseDocuments.MAX_SCREENS;
import static org.courseplatform.courses.document.CourseDocuments.MAX_STRING_LENGTH;
import static org.courseplatform.courses.document.CourseDocuments.isHttpUrl;
import static org.courseplatform.courses.document.CourseDocuments.isLocaleTag;
import static org.courseplatform.courses.document.CourseDocuments.key;
import static org.courseplatform.courses.document.CourseDocuments.present;
import static org.courseplatform.courses.document.CourseDocuments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * One run of the document rules of {@link CourseDocuments} over one document: collects every
 * problem (up to {@link CourseDocuments#MAX_PROBLEMS}), then answers the facts and a normalised
 * copy, or throws 400 listing them. Its own class because the rules are most of the document
 * package: {@link CourseDocuments} is the entry points and the shared helpers.
 */
final class DocumentValidation {
    private static final Set<String> GROUP_ROLES = Set.of("cover", "question", "results");
    private static final Set<String> TONES = Set.of("info", "tip", "warning");
    private static final List<String> TRANSLATED_ELEMENT_TEXTS =
            List.of("question", "title", "description", "cardBack", "altText", "transcript", "feedback");
    private static final Pattern COLOR = Pattern.compile("#[0-9a-fA-F]{6}");

    private final ObjectNode root;
    private final List<ApiError.Detail> problems = new ArrayList<>();
    /** Screen id to what translations may refer to, in document order. */
    private final Map<String, ScreenIds> screens = new LinkedHashMap<>();

    private final Map<String, String> elementIds = new HashMap<>();
    private Integer timeEstimate;

    DocumentValidation(ObjectNode root) {
        this.root = root;
    }

    ParsedDocument run() {
        String title = requiredText(root, "title", "document");
        optionalText(root, "description", "document");
        String locale = DEFAULT_LOCALE;
        JsonNode localeNode = root.get("locale");
        if (present(localeNode)) {
            if (!localeNode.isTextual()) {
                add("document.locale", "must be a string");
            } else if (!isLocaleTag(localeNode.asText())) {
                add("document.locale", "is not a locale tag like en, fr or pt-BR");
            } else {
                locale = localeNode.asText();
            }
        }
        String format = requiredText(root, "format", "document");
        int screenCount = 0;
        if (BUILDER2.equals(format)) {
            screenCount = builder2(locale);
        } else if (CLASSIC.equals(format)) {
            screenCount = classic();
        } else if (format != null && !format.isBlank()) {
            add("document.format", "must be classic or builder2, not " + quote(format));
        }
        lengths(root, "document");
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        JsonNode description = root.get("description");
        return new ParsedDocument(
                format,
                title,
                description != null && description.isTextual() ? description.asText() : null,
                locale,
                screenCount,
                BUILDER2.equals(format) ? timeEstimate : null,
                root);
    }

    // ---------------------------------------------------------------- Builder 2

    private int builder2(String baseLocale) {
        theme(root.get("theme"));
        ArrayNode list = array(root, "screens", "document", "screen", MAX_SCREENS, true);
        if (list == null) {
            return 0;
        }
        for (int i = 0; i < list.size(); i++) {
            String path = "document.screens[" + i + "]";
            JsonNode node = list.get(i);
            if (!node.isObject()) {
                add(path, "must be an object");
                continue;
            }
            ObjectNode normalised = screen((ObjectNode) node, path, i == 0);
            if (normalised != node) {
                list.set(i, normalised);
            }
        }
        translations(baseLocale);
        return list.size();
    }

    /**
     * The builder's course theme: {@code {themeId?: 7, colorPrimary?: "#rrggbb"}}, optional. The
     * player shows the theme (docs/themes.md) and the colour over its primary unless the embed
     * URL gives its own; other keys are kept for newer builders.
     */
    private void theme(JsonNode theme) {
        if (!present(theme)) {
            return;
        }
        if (!theme.isObject()) {
            add("document.theme", "must be an object {themeId?, colorPrimary?}");
            return;
        }
        JsonNode color = theme.get("colorPrimary");
        if (present(color)
                && (!color.isTextual() || !COLOR.matcher(color.asText()).matches())) {
            add("document.theme.colorPrimary", "must be a colour as #rrggbb");
        }
        JsonNode themeId = theme.get("themeId");
        if (present(themeId) && (!themeId.isIntegralNumber() || !themeId.canConvertToLong() || themeId.asLong() < 1)) {
            add("document.theme.themeId", "must be a theme id (a positive integer, GET /v1/headless/themes)");
        }
    }

    /** Checks one screen; answers it, or a copy with {@code typeId} filled in. */
    private ObjectNode screen(ObjectNode screen, String path, boolean first) {
        String id = requiredText(screen, "id", path);
        ScreenIds ids = new ScreenIds(new LinkedHashMap<>());
        if (id != null && !id.isBlank()) {
            if (screens.containsKey(id)) {
                add(path + ".id", "duplicate screen id " + quote(id) + "; first used at " + screens.get(id).path);
            } else {
                ids = new ScreenIds(path + ".id", new LinkedHashMap<>());
                screens.put(id, ids);
            }
        }
        String type = requiredText(screen, "type", path);
        ScreenType screenType = null;
        if (type != null && !type.isBlank()) {
            screenType = ScreenType.byName(type).orElse(null);
            if (screenType == null) {
                add(path + ".type", "unknown screen type " + quote(type) + "; expected " + ScreenType.names());
            }
        }
        JsonNode typeId = screen.get("typeId");
        boolean fillTypeId = !present(typeId);
        if (!fillTypeId) {
            if (!typeId.isIntegralNumber() || !typeId.canConvertToInt()) {
                add(path + ".typeId", "must be an integer");
            } else if (screenType != null && typeId.intValue() != screenType.typeId()) {
                add(
                        path + ".typeId",
                        "is " + typeId.intValue() + " but type " + screenType.typeName() + " has typeId "
                                + screenType.typeId());
            } else if (screenType == null && ScreenType.byId(typeId.intValue()).isEmpty()) {
                add(
                        path + ".typeId",
                        "unknown screen typeId " + typeId.intValue() + "; expected 1 (blocks) or " + "2 (blocksQuiz)");
            }
        }
        optionalText(screen, "title", path);
        optionalText(screen, "description", path);
        optionalText(screen, "assetAltText", path);
        JsonNode asset = screen.get("asset");
        if (present(asset)) {
            asset(asset, path + ".asset");
        }
        group(screen.get("group"), path + ".group");
        ArrayNode elements = array(screen, "elements", path, "element", MAX_ELEMENTS_PER_SCREEN, false);
        if (elements != null) {
            for (int j = 0; j < elements.size(); j++) {
                element(elements.get(j), path + ".elements[" + j + "]", ids, first);
            }
        }
        if (fillTypeId && screenType != null) {
            return withTypeId(screen, screenType.typeId());
        }
        return screen;
    }

    private static ObjectNode withTypeId(ObjectNode screen, int typeId) {
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        boolean placed = false;
        for (Map.Entry<String, JsonNode> field : screen.properties()) {
            if (field.getKey().equals("typeId")) {
                continue;
            }
            copy.set(field.getKey(), field.getValue());
            if (field.getKey().equals("type")) {
                copy.put("typeId", typeId);
                placed = true;
            }
        }
        if (!placed) {
            copy.put("typeId", typeId);
        }
        return copy;
    }

    private void group(JsonNode group, String path) {
        if (!present(group)) {
            return;
        }
        if (!group.isObject()) {
            add(path, "must be an object");
            return;
        }
        requiredText(group, "id", path);
        String role = requiredText(group, "role", path);
        if (role != null && !role.isBlank() && !GROUP_ROLES.contains(role)) {
            add(path + ".role", "must be cover, question or results, not " + quote(role));
        }
    }

    private void element(JsonNode node, String path, ScreenIds screen, boolean firstScreen) {
        if (!node.isObject()) {
            add(path, "must be an object");
            return;
        }
        String id = requiredText(node, "id", path);
        boolean fresh = false;
        if (id != null && !id.isBlank()) {
            String first = elementIds.putIfAbsent(id, path + ".id");
            if (first != null) {
                add(path + ".id", "duplicate element id " + quote(id) + "; first used at " + first);
            } else {
                fresh = true;
            }
        }
        String typeName = requiredText(node, "type", path);
        ElementType type = null;
        if (typeName != null && !typeName.isBlank()) {
            type = ElementType.byName(typeName).orElse(null);
            if (type == null) {
                add(
                        path + ".type",
                        "unknown element type " + quote(typeName) + "; expected one of " + ElementType.names());
            }
        }
        geometry(node.get("layout"), path + ".layout");
        Set<String> answerIds = new HashSet<>();
        if (type != null) {
            for (ElementType.Field field : type.fields()) {
                JsonNode value = node.get(field.name());
                String fieldPath = path + "." + field.name();
                if (!present(value)) {
                    if (field.required()) {
                        add(fieldPath, "is required");
                    }
                    continue;
                }
                switch (field.kind()) {
                    case TEXT -> {
                        if (!value.isTextual()) {
                            add(fieldPath, "must be a string");
                        }
                    }
                    case BOOLEAN -> {
                        if (!value.isBoolean()) {
                            add(fieldPath, "must be true or false");
                        }
                    }
                    case NON_NEGATIVE_INTEGER -> integer(value, fieldPath, 0, Integer.MAX_VALUE);
                    case HEADING_LEVEL -> integer(value, fieldPath, 1, 6);
                    case PERCENT -> integer(value, fieldPath, 0, 100);
                    case TONE -> {
                        if (!value.isTextual() || !TONES.contains(value.asText())) {
                            add(fieldPath, "must be info, tip or warning");
                        }
                    }
                    case LINK -> {
                        if (!value.isTextual()) {
                            add(fieldPath, "must be a string");
                        } else if (!isHttpUrl(value.asText())) {
                            add(fieldPath, "must be an absolute http or https URL");
                        }
                    }
                    case ASSET -> asset(value, fieldPath);
                    case ANSWERS -> answers(value, fieldPath, answerIds);
                    default -> throw new IllegalStateException(field.kind().name());
                }
            }
            if (type == ElementType.TIME_ESTIMATE && firstScreen && timeEstimate == null) {
                JsonNode minutes = node.get("minutes");
                if (minutes != null
                        && minutes.isIntegralNumber()
                        && minutes.canConvertToInt()
                        && minutes.intValue() >= 0) {
                    timeEstimate = minutes.intValue();
                }
            }
        }
        if (fresh) {
            screen.elements.put(id, answerIds);
        }
    }

    private void answers(JsonNode value, String path, Set<String> answerIds) {
        if (!value.isArray()) {
            add(path, "must be an array");
            return;
        }
        if (value.isEmpty()) {
            add(path, "must contain at least one answer");
            return;
        }
        if (value.size() > MAX_ANSWERS_PER_QUESTION) {
            add(path, "has " + value.size() + " answers; at most " + MAX_ANSWERS_PER_QUESTION + " are allowed");
            return;
        }
        Map<String, String> seen = new HashMap<>();
        boolean correct = false;
        boolean wellFormed = true;
        for (int k = 0; k < value.size(); k++) {
            JsonNode answer = value.get(k);
            String answerPath = path + "[" + k + "]";
            if (!answer.isObject()) {
                add(answerPath, "must be an object");
                wellFormed = false;
                continue;
            }
            String id = requiredText(answer, "id", answerPath);
            if (id != null && !id.isBlank()) {
                String first = seen.putIfAbsent(id, answerPath + ".id");
                if (first != null) {
                    add(
                            answerPath + ".id",
                            "duplicate answer id " + quote(id) + " in this question; first used at " + first);
                }
                answerIds.add(id);
            }
            JsonNode text = answer.get("text");
            if (!present(text)) {
                add(answerPath + ".text", "is required");
            } else if (!text.isTextual()) {
                add(answerPath + ".text", "must be a string");
            }
            JsonNode isCorrect = answer.get("correct");
            if (present(isCorrect)) {
                if (!isCorrect.isBoolean()) {
                    add(answerPath + ".correct", "must be true or false");
                    wellFormed = false;
                } else if (isCorrect.booleanValue()) {
                    correct = true;
                }
            }
        }
        if (!correct && wellFormed) {
            add(path, "must have at least one correct answer");
        }
    }

    private void geometry(JsonNode layout, String path) {
        if (!present(layout)) {
            return;
        }
        if (!layout.isObject()) {
            add(path, "must be an object {x, y, w, h}");
            return;
        }
        Integer x = gridValue(layout, "x", path, 0, 11, "from 0 to 11");
        gridValue(layout, "y", path, 0, Integer.MAX_VALUE, "0 or more");
        Integer w = gridValue(layout, "w", path, 1, 12, "from 1 to 12");
        gridValue(layout, "h", path, 1, Integer.MAX_VALUE, "1 or more");
        if (x != null && w != null && x + w > 12) {
            add(path, "x + w is " + (x + w) + "; the grid has 12 columns");
        }
    }

    private Integer gridValue(JsonNode layout, String field, String path, int min, int max, String range) {
        JsonNode value = layout.get(field);
        if (!present(value)) {
            add(path + "." + field, "is required");
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < min || value.intValue() > max) {
            add(path + "." + field, "must be an integer " + range);
            return null;
        }
        return value.intValue();
    }

    private void translations(String baseLocale) {
        JsonNode translations = root.get("translations");
        if (!present(translations)) {
            return;
        }
        if (!translations.isObject()) {
            add("document.translations", "must be an object keyed by locale");
            return;
        }
        for (Map.Entry<String, JsonNode> entry : translations.properties()) {
            String locale = entry.getKey();
            String path = "document.translations" + key(locale);
            if (!isLocaleTag(locale)) {
                add(path, "is not a locale tag like fr or pt-BR");
            } else if (locale.equals(baseLocale)) {
                add(path, "is the base locale of the document; translations are for other locales");
            }
            JsonNode translation = entry.getValue();
            if (!translation.isObject()) {
                add(path, "must be an object");
                continue;
            }
            optionalText(translation, "title", path);
            optionalText(translation, "description", path);
            JsonNode screenTranslations = translation.get("screens");
            if (!present(screenTranslations)) {
                continue;
            }
            if (!screenTranslations.isObject()) {
                add(path + ".screens", "must be an object keyed by screen id");
                continue;
            }
            for (Map.Entry<String, JsonNode> screenEntry : screenTranslations.properties()) {
                screenTranslation(
                        screenEntry.getKey(), screenEntry.getValue(), path + ".screens" + key(screenEntry.getKey()));
            }
        }
    }

    private void screenTranslation(String screenId, JsonNode translation, String path) {
        ScreenIds screen = screens.get(screenId);
        if (screen == null) {
            add(path, "there is no screen with id " + quote(screenId));
        }
        if (!translation.isObject()) {
            add(path, "must be an object");
            return;
        }
        optionalText(translation, "title", path);
        optionalText(translation, "description", path);
        optionalText(translation, "assetAltText", path);
        JsonNode elements = translation.get("elements");
        if (!present(elements)) {
            return;
        }
        if (!elements.isObject()) {
            add(path + ".elements", "must be an object keyed by element id");
            return;
        }
        for (Map.Entry<String, JsonNode> entry : elements.properties()) {
            String elementId = entry.getKey();
            String elementPath = path + ".elements" + key(elementId);
            Set<String> answerIds = screen == null ? null : screen.elements.get(elementId);
            if (screen != null && answerIds == null) {
                add(elementPath, "screen " + quote(screenId) + " has no element with id " + quote(elementId));
            }
            JsonNode element = entry.getValue();
            if (!element.isObject()) {
                add(elementPath, "must be an object");
                continue;
            }
            for (String field : TRANSLATED_ELEMENT_TEXTS) {
                optionalText(element, field, elementPath);
            }
            JsonNode answers = element.get("answers");
            if (!present(answers)) {
                continue;
            }
            if (!answers.isObject()) {
                add(elementPath + ".answers", "must be an object keyed by answer id");
                continue;
            }
            for (Map.Entry<String, JsonNode> answer : answers.properties()) {
                String answerPath = elementPath + ".answers" + key(answer.getKey());
                if (answerIds != null && !answerIds.contains(answer.getKey())) {
                    add(answerPath, "element " + quote(elementId) + " has no answer with id " + quote(answer.getKey()));
                }
                JsonNode value = answer.getValue();
                if (value.isObject()) {
                    optionalText(value, "text", answerPath);
                } else if (!value.isTextual() && !value.isNull()) {
                    add(answerPath, "must be a string or an object {text}");
                }
            }
        }
    }

    // ---------------------------------------------------------------- Classic

    private int classic() {
        if (present(root.get("translations"))) {
            add("document.translations", "is only supported in Builder 2 documents; migrate the course first");
        }
        ArrayNode slides = array(root, "slides", "document", "slide", MAX_SCREENS, true);
        if (slides == null) {
            return 0;
        }
        Map<Long, String> slideIds = new HashMap<>();
        Map<Long, String> questionIds = new HashMap<>();
        for (int i = 0; i < slides.size(); i++) {
            String path = "document.slides[" + i + "]";
            JsonNode slide = slides.get(i);
            if (!slide.isObject()) {
                add(path, "must be an object");
                continue;
            }
            Long id = positiveId(slide, "id", path);
            if (id != null) {
                String first = slideIds.putIfAbsent(id, path + ".id");
                if (first != null) {
                    add(path + ".id", "duplicate slide id " + id + "; first used at " + first);
                }
            }
            String kind = requiredText(slide, "kind", path);
            optionalText(slide, "heading", path);
            optionalText(slide, "body", path);
            classicMedia(slide.get("image"), path + ".image");
            if (kind == null) {
                continue;
            }
            switch (kind) {
                case "flashcards" -> cards(slide, path);
                case "quiz" -> questions(slide, path, questionIds);
                case "video" -> classicMedia(slide.get("video"), path + ".video");
                case "flash" -> optionalText(slide, "swf", path);
                case "embed_html" -> optionalText(slide, "html", path);
                default -> {
                    // content needs nothing more; unknown kinds are kept for migration to block
                }
            }
        }
        return slides.size();
    }

    private void cards(JsonNode slide, String path) {
        ArrayNode cards = array(slide, "cards", path, "card", MAX_ELEMENTS_PER_SCREEN, false);
        if (cards == null) {
            return;
        }
        Map<Long, String> seen = new HashMap<>();
        for (int k = 0; k < cards.size(); k++) {
            String cardPath = path + ".cards[" + k + "]";
            JsonNode card = cards.get(k);
            if (!card.isObject()) {
                add(cardPath, "must be an object");
                continue;
            }
            Long id = positiveId(card, "id", cardPath);
            if (id != null) {
                String first = seen.putIfAbsent(id, cardPath + ".id");
                if (first != null) {
                    add(cardPath + ".id", "duplicate card id " + id + " in this slide; first used at " + first);
                }
            }
            optionalText(card, "front", cardPath);
            optionalText(card, "back", cardPath);
            classicMedia(card.get("image"), cardPath + ".image");
        }
    }

    private void questions(JsonNode slide, String path, Map<Long, String> questionIds) {
        ArrayNode questions = array(slide, "questions", path, "question", MAX_ELEMENTS_PER_SCREEN, false);
        if (questions == null) {
            return;
        }
        for (int k = 0; k < questions.size(); k++) {
            String questionPath = path + ".questions[" + k + "]";
            JsonNode question = questions.get(k);
            if (!question.isObject()) {
                add(questionPath, "must be an object");
                continue;
            }
            Long id = positiveId(question, "id", questionPath);
            if (id != null) {
                String first = questionIds.putIfAbsent(id, questionPath + ".id");
                if (first != null) {
                    add(questionPath + ".id", "duplicate question id " + id + "; first used at " + first);
                }
            }
            optionalText(question, "prompt", questionPath);
            ArrayNode choices = array(question, "choices", questionPath, "choice", MAX_ANSWERS_PER_QUESTION, false);
            if (choices == null) {
                continue;
            }
            Map<Long, String> seen = new HashMap<>();
            for (int c = 0; c < choices.size(); c++) {
                String choicePath = questionPath + ".choices[" + c + "]";
                JsonNode choice = choices.get(c);
                if (!choice.isObject()) {
                    add(choicePath, "must be an object");
                    continue;
                }
                Long choiceId = positiveId(choice, "id", choicePath);
                if (choiceId != null) {
                    String first = seen.putIfAbsent(choiceId, choicePath + ".id");
                    if (first != null) {
                        add(
                                choicePath + ".id",
                                "duplicate choice id " + choiceId + " in this question; first used at " + first);
                    }
                }
                optionalText(choice, "text", choicePath);
                JsonNode correct = choice.get("correct");
                if (present(correct) && !correct.isBoolean()) {
                    add(choicePath + ".correct", "must be true or false");
                }
            }
        }
    }

    /** A Classic {@code image} or {@code video}: {@code {url, alt?, mime?}}. */
    private void classicMedia(JsonNode media, String path) {
        if (!present(media)) {
            return;
        }
        if (!media.isObject()) {
            add(path, "must be an object {url}");
            return;
        }
        url(media, path);
        optionalText(media, "alt", path);
        optionalText(media, "mime", path);
    }

    // ---------------------------------------------------------------- shared checks

    private void asset(JsonNode asset, String path) {
        if (!asset.isObject()) {
            add(path, "must be an object {url, mime?}");
            return;
        }
        url(asset, path);
        optionalText(asset, "mime", path);
        optionalText(asset, "altText", path);
    }

    private void url(JsonNode owner, String path) {
        JsonNode url = owner.get("url");
        if (!present(url)) {
            add(path + ".url", "is required");
        } else if (!url.isTextual()) {
            add(path + ".url", "must be a string");
        } else if (!isHttpUrl(url.asText())) {
            add(path + ".url", "must be an absolute http or https URL");
        }
    }

    private void integer(JsonNode value, String path, int min, int max) {
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < min || value.intValue() > max) {
            add(
                    path,
                    max == Integer.MAX_VALUE
                            ? "must be an integer " + min + " or more"
                            : "must be an integer from " + min + " to " + max);
        }
    }

    /**
     * An array field with a size limit. Answers the array when its items should be checked,
     * null when it is absent (and optional) or already reported.
     */
    private ArrayNode array(JsonNode owner, String field, String ownerPath, String noun, int max, boolean required) {
        JsonNode value = owner.get(field);
        String path = ownerPath + "." + field;
        if (!present(value)) {
            if (required) {
                add(path, "is required");
            }
            return null;
        }
        if (!value.isArray()) {
            add(path, "must be an array");
            return null;
        }
        if (required && value.isEmpty()) {
            add(path, "must contain at least one " + noun);
            return null;
        }
        if (value.size() > max) {
            add(path, "has " + value.size() + " " + noun + "s; at most " + max + " are allowed");
            return null;
        }
        return (ArrayNode) value;
    }

    /** A required, non-blank string field; answers its value (possibly blank) or null. */
    private String requiredText(JsonNode owner, String field, String ownerPath) {
        JsonNode value = owner.get(field);
        String path = ownerPath + "." + field;
        if (!present(value)) {
            add(path, "is required");
            return null;
        }
        if (!value.isTextual()) {
            add(path, "must be a string");
            return null;
        }
        if (value.asText().isBlank()) {
            add(path, "must not be blank");
        }
        return value.asText();
    }

    private void optionalText(JsonNode owner, String field, String ownerPath) {
        JsonNode value = owner.get(field);
        if (present(value) && !value.isTextual()) {
            add(ownerPath + "." + field, "must be a string");
        }
    }

    private Long positiveId(JsonNode owner, String field, String ownerPath) {
        JsonNode value = owner.get(field);
        String path = ownerPath + "." + field;
        if (!present(value)) {
            add(path, "is required");
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() <= 0) {
            add(path, "must be an integer greater than 0");
            return null;
        }
        return value.longValue();
    }

    /** Every string in the document, wherever it is, is bounded. */
    private void lengths(JsonNode node, String path) {
        if (problems.size() >= MAX_PROBLEMS) {
            return;
        }
        if (node.isTextual()) {
            String text = node.asText();
            if (text.length() > MAX_STRING_LENGTH && text.codePointCount(0, text.length()) > MAX_STRING_LENGTH) {
                add(
                        path,
                        String.format(
                                Locale.ROOT,
                                "is %,d characters long; at most %,d are allowed",
                                text.codePointCount(0, text.length()),
                                MAX_STRING_LENGTH));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                lengths(node.get(i), path + "[" + i + "]");
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                lengths(field.getValue(), path + key(field.getKey()));
            }
        }
    }

    private void add(String field, String message) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(new ApiError.Detail(field, message));
        }
    }

    /** The ids on one screen that translations may refer to: element id to its answer ids. */
    private record ScreenIds(String path, Map<String, Set<String>> elements) {
        ScreenIds(Map<String, Set<String>> elements) {
            this(null, elements);
        }
    }
}
