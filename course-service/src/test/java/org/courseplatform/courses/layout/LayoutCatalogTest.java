package org.courseplatform.courses.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.document.ParsedDocument;
import org.courseplatform.courses.document.PlainText;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LayoutCatalogTest {

    static final LayoutCatalog CATALOG = new LayoutCatalog();
    /** Plain English: ASCII letters, digits and ordinary punctuation. */
    static final Pattern ENGLISH = Pattern.compile("[A-Za-z0-9 .,;:'?!%()-]+");

    static final Set<String> TEXT_FIELDS = Set.of("title", "description", "cardBack", "question", "feedback", "text");

    static List<String> layoutIds() {
        return CATALOG.all().stream().map(Layout::id).toList();
    }

    static ObjectNode document(List<ObjectNode> screens) {
        ObjectNode doc =
                JsonNodeFactory.instance.objectNode().put("format", "builder2").put("title", "Layouts");
        ArrayNode list = doc.putArray("screens");
        screens.forEach(list::add);
        return doc;
    }

    @Test
    void catalogueIsBigEnoughAndCoversEveryCategory() {
        List<Layout> all = CATALOG.all();
        assertThat(all).hasSizeGreaterThanOrEqualTo(24);
        assertThat(all)
                .extracting(Layout::category)
                .containsOnly("text", "media", "interactive", "quiz")
                .contains("text", "media", "interactive", "quiz");
        assertThat(all)
                .extracting(Layout::id)
                .doesNotHaveDuplicates()
                .contains(
                        "text-image-left",
                        "title-only",
                        "two-columns",
                        "bullet-list",
                        "quote",
                        "image-full",
                        "video",
                        "audio",
                        "gallery",
                        "flipcards",
                        "accordion",
                        "tabs",
                        "timeline",
                        "quiz-single-choice",
                        "quiz-multiple-choice",
                        "quiz-true-false");
        assertThat(all).allSatisfy(l -> {
            assertThat(l.name()).isNotBlank();
            assertThat(l.screenType()).isEqualTo(l.category().equals("quiz") ? "blocksQuiz" : "blocks");
        });
    }

    @Test
    void findKnowsEveryLayout() {
        assertThat(CATALOG.find("text-image-left"))
                .get()
                .extracting(Layout::screenType)
                .isEqualTo("blocks");
        assertThat(CATALOG.find("nope")).isEmpty();
        assertThat(CATALOG.find(null)).isEmpty();
        CATALOG.all().forEach(l -> assertThat(CATALOG.find(l.id())).contains(l));
    }

    @ParameterizedTest
    @MethodSource("layoutIds")
    void instantiatedLayoutIsAValidDocument(String layoutId) {
        List<ObjectNode> screens = CATALOG.instantiate(layoutId, null, IdSource.sequential());

        ParsedDocument parsed = CourseDocuments.parse(document(screens));

        assertThat(parsed.screenCount()).isEqualTo(screens.size());
        for (ObjectNode screen : screens) {
            assertThat(screen.get("layoutId").asText()).isEqualTo(layoutId);
            assertThat(screen.get("title").asText()).isNotBlank();
            assertThat(screen.get("elements")).isNotEmpty();
            for (JsonNode element : screen.get("elements")) {
                JsonNode g = element.get("layout");
                assertThat(g).as("geometry of %s", element).isNotNull();
                assertThat(g.get("x").intValue() + g.get("w").intValue()).isLessThanOrEqualTo(12);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("layoutIds")
    void placeholderCopyIsEnglish(String layoutId) {
        List<String> texts = new ArrayList<>();
        for (ObjectNode screen : CATALOG.instantiate(layoutId, null, IdSource.sequential())) {
            texts.add(screen.get("title").asText());
            collectTexts(screen.get("elements"), texts);
        }
        assertThat(texts).isNotEmpty().allSatisfy(text -> {
            String plain = PlainText.normalise(text);
            assertThat(plain).isNotBlank().matches(ENGLISH);
            assertThat(plain.toLowerCase()).doesNotContain("lorem", "ipsum");
        });
        assertThat(texts)
                .as("at least one real sentence")
                .anySatisfy(text -> assertThat(PlainText.normalise(text)).matches("[A-Z].* .*[.?]"));
    }

    private static void collectTexts(JsonNode node, List<String> out) {
        if (node.isArray()) {
            node.forEach(item -> collectTexts(item, out));
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (TEXT_FIELDS.contains(field.getKey()) && field.getValue().isTextual()) {
                    out.add(field.getValue().asText());
                } else {
                    collectTexts(field.getValue(), out);
                }
            }
        }
    }

    @Test
    void allLayoutsTogetherFormOneValidCourse() {
        IdSource ids = IdSource.uuid();
        List<ObjectNode> screens = new ArrayList<>();
        CATALOG.all().forEach(l -> screens.addAll(CATALOG.instantiate(l.id(), "Title for " + l.name(), ids)));
        assertThat(CourseDocuments.parse(document(screens)).screenCount()).isEqualTo(screens.size());
    }

    @Test
    void titleIsUsedForTheScreenAndItsHeading() {
        List<ObjectNode> screens = CATALOG.instantiate("text-image-left", "Putting basics", IdSource.sequential());
        assertThat(screens).hasSize(1);
        ObjectNode screen = screens.get(0);
        assertThat(screen.get("id").asText()).isEqualTo("screen-1");
        assertThat(screen.get("type").asText()).isEqualTo("blocks");
        assertThat(screen.get("typeId").intValue()).isEqualTo(1);
        assertThat(screen.get("title").asText()).isEqualTo("Putting basics");
        assertThat(screen.at("/elements/0/type").asText()).isEqualTo("heading");
        assertThat(screen.at("/elements/0/title").asText()).isEqualTo("Putting basics");
        assertThat(screen.get("elements"))
                .extracting(e -> e.get("type").asText())
                .containsExactly("heading", "image", "text");
        assertThat(screen.at("/elements/1/layout").toString()).isEqualTo("{\"x\":0,\"y\":2,\"w\":6,\"h\":6}");
        assertThat(screen.at("/elements/2/layout").toString()).isEqualTo("{\"x\":6,\"y\":2,\"w\":6,\"h\":6}");
        assertThat(screen.at("/group").isMissingNode()).isTrue();
    }

    @Test
    void quizMakesCoverQuestionAndResultsInOneGroup() {
        for (String id : List.of("quiz-single-choice", "quiz-multiple-choice", "quiz-true-false")) {
            List<ObjectNode> screens = CATALOG.instantiate(id, "Rules quiz", IdSource.sequential());

            assertThat(screens).as(id).hasSize(3);
            assertThat(screens)
                    .extracting(s -> s.get("type").asText())
                    .containsExactly("blocks", "blocksQuiz", "blocks");
            assertThat(screens)
                    .extracting(s -> s.at("/group/role").asText())
                    .containsExactly("cover", "question", "results");
            assertThat(screens.stream().map(s -> s.at("/group/id").asText()).collect(Collectors.toSet()))
                    .containsExactly("group-1");
            assertThat(screens.get(0).get("title").asText()).isEqualTo("Rules quiz");
            assertThat(screens).extracting(s -> s.get("id").asText()).doesNotHaveDuplicates();

            JsonNode question = screens.get(1).at("/elements/0");
            assertThat(question.get("type").asText()).isEqualTo("question");
            assertThat(question.get("answers"))
                    .isNotEmpty()
                    .anySatisfy(a -> assertThat(a.get("correct").booleanValue()).isTrue());
        }
        JsonNode trueFalse = CATALOG.instantiate("quiz-true-false", null, IdSource.sequential())
                .get(1)
                .at("/elements/0/answers");
        assertThat(trueFalse).extracting(a -> a.get("text").asText()).containsExactly("True", "False");
        JsonNode multiple = CATALOG.instantiate("quiz-multiple-choice", null, IdSource.sequential())
                .get(1)
                .at("/elements/0");
        assertThat(multiple.get("multiple").booleanValue()).isTrue();
        assertThat(multiple.get("answers"))
                .filteredOn(a -> a.get("correct").booleanValue())
                .hasSize(2);
    }

    @Test
    void twoQuizzesGetDifferentGroups() {
        IdSource ids = IdSource.sequential();
        String first = CATALOG.instantiate("quiz-single-choice", null, ids)
                .get(0)
                .at("/group/id")
                .asText();
        String second = CATALOG.instantiate("quiz-single-choice", null, ids)
                .get(0)
                .at("/group/id")
                .asText();
        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void unknownLayoutNamesLayoutId() {
        assertThat(invalid(() -> CATALOG.instantiate("hologram", null, IdSource.uuid())))
                .extracting(ApiError.Detail::field)
                .containsExactly("layoutId");
        assertThat(invalid(() -> CATALOG.instantiate(null, null, IdSource.uuid())))
                .containsExactly(new ApiError.Detail("layoutId", "is required"));
    }

    @Test
    void blankScreenByTypeOrTypeId() {
        for (List<ObjectNode> screens : List.of(
                CATALOG.blank("blocksQuiz", null, "Practice", IdSource.sequential()),
                CATALOG.blank(null, 2, "Practice", IdSource.sequential()),
                CATALOG.blank("blocksQuiz", 2, "Practice", IdSource.sequential()))) {
            assertThat(screens).hasSize(1);
            ObjectNode screen = screens.get(0);
            assertThat(screen.toString())
                    .isEqualTo(
                            "{\"id\":\"screen-1\",\"type\":\"blocksQuiz\",\"typeId\":2,\"title\":\"Practice\",\"elements\":[]}");
            assertThat(CourseDocuments.parse(document(screens)).screenCount()).isEqualTo(1);
        }
        ObjectNode untitled =
                CATALOG.blank("blocks", null, null, IdSource.uuid()).get(0);
        assertThat(untitled.get("title").asText()).isEqualTo("Untitled screen");
        assertThat(untitled.get("typeId").intValue()).isEqualTo(1);
    }

    @Test
    void blankErrorsNameTheField() {
        assertThat(invalid(() -> CATALOG.blank("slideshow", null, null, IdSource.uuid())))
                .containsExactly(new ApiError.Detail(
                        "type", "unknown screen type \"slideshow\"; expected blocks or blocksQuiz"));
        assertThat(invalid(() -> CATALOG.blank(null, 9, null, IdSource.uuid())))
                .containsExactly(new ApiError.Detail(
                        "typeId", "unknown screen typeId 9; expected 1 (blocks) or 2 (blocksQuiz)"));
        assertThat(invalid(() -> CATALOG.blank("blocks", 2, null, IdSource.uuid())))
                .containsExactly(new ApiError.Detail("typeId", "is 2 but type blocks has typeId 1"));
        assertThat(invalid(() -> CATALOG.blank(null, null, null, IdSource.uuid())))
                .extracting(ApiError.Detail::field)
                .containsExactly("type");
        assertThat(invalid(() -> CATALOG.blank(" ", null, null, IdSource.uuid())))
                .extracting(ApiError.Detail::field)
                .containsExactly("type");
    }

    @Test
    void idsComeFromTheSource() {
        List<String> prefixes = new ArrayList<>();
        List<ObjectNode> screens = CATALOG.instantiate("quiz-single-choice", null, prefix -> {
            prefixes.add(prefix);
            return prefix + "#" + prefixes.size();
        });
        assertThat(prefixes).contains("group", "screen", "element", "answer");
        assertThat(screens.get(0).get("id").asText()).startsWith("screen#");
        assertThat(screens.get(1).at("/elements/0/answers/0/id").asText()).startsWith("answer#");
    }

    private static List<ApiError.Detail> invalid(Runnable call) {
        ApiException e = catchThrowableOfType(ApiException.class, call::run);
        assertThat(e).isNotNull();
        assertThat(e.code().status()).isEqualTo(400);
        return e.details();
    }
}
