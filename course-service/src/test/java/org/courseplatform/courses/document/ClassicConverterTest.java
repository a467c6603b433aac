package org.courseplatform.courses.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every row of API.md's conversion table, the identities and the counts. */
class ClassicConverterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The Classic example of API.md, minus its two blocking slides. */
    static final String CONVERTIBLE = """
            {"format":"classic","title":"Old course","description":"Legacy","locale":"fr","theme":{"color":"#123456"},"slides":[
             {"id":101,"kind":"content","heading":"Intro","body":"<p>Hello</p>","image":{"url":"https://cdn.example.com/a.png","alt":"A"}},
             {"id":102,"kind":"flashcards","heading":"Terms","cards":[{"id":1,"front":"Par","back":"Expected"},
                 {"id":2,"front":"Birdie","back":"One under","image":{"url":"https://cdn.example.com/bird.jpg","alt":"Bird"}}]},
             {"id":103,"kind":"quiz","heading":"Check","questions":[{"id":7,"prompt":"Why?","choices":[{"id":1,"text":"Because","correct":true},{"id":2,"text":"No"}]},
                 {"id":8,"prompt":"Which?","choices":[{"id":1,"text":"A","correct":true},{"id":3,"text":"B","correct":true}]}]},
             {"id":104,"kind":"video","heading":"Swing","body":"Watch","video":{"url":"https://cdn.example.com/swing.mp4"},
                 "image":{"url":"https://cdn.example.com/poster.png"}}]}""";

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static ClassicConverter.Result migrated() {
        ClassicConverter.Result result = ClassicConverter.convert(json(CONVERTIBLE));
        assertThat(result.status()).isEqualTo("migrated");
        return result;
    }

    private static JsonNode screen(ClassicConverter.Result result, String id) {
        for (JsonNode screen : result.document().path("screens")) {
            if (screen.path("id").asText().equals(id)) {
                return screen;
            }
        }
        throw new AssertionError("no screen " + id);
    }

    @Test
    void aConvertedCourseIsAValidBuilder2DocumentWithTheSlideIdsAsScreenIds() {
        ClassicConverter.Result result = migrated();
        ParsedDocument parsed = CourseDocuments.parse(result.document());
        assertThat(parsed.format()).isEqualTo("builder2");
        assertThat(parsed.screenCount()).isEqualTo(4);
        assertThat(result.screens()).containsExactly("101", "102", "103", "104");
        assertThat(result.total()).isEqualTo(4);
        assertThat(result.changed()).isEqualTo(4);
        assertThat(result.blocked()).isEmpty();
        ObjectNode document = result.document();
        assertThat(document.path("format").asText()).isEqualTo("builder2");
        assertThat(document.path("title").asText()).isEqualTo("Old course");
        assertThat(document.path("description").asText()).isEqualTo("Legacy");
        assertThat(document.path("locale").asText()).isEqualTo("fr");
        assertThat(document.path("theme").path("color").asText()).isEqualTo("#123456");
        assertThat(document.has("slides")).isFalse();
    }

    @Test
    void contentBecomesBlocksWithATextElementAndTheImageAsAsset() {
        JsonNode screen = screen(migrated(), "101");
        assertThat(screen.path("type").asText()).isEqualTo("blocks");
        assertThat(screen.path("typeId").asInt()).isEqualTo(1);
        assertThat(screen.path("title").asText()).isEqualTo("Intro");
        assertThat(screen.path("asset").path("url").asText()).isEqualTo("https://cdn.example.com/a.png");
        assertThat(screen.path("asset").path("mime").asText()).isEqualTo("image/png");
        assertThat(screen.path("assetAltText").asText()).isEqualTo("A");
        assertThat(screen.path("elements")).hasSize(1);
        JsonNode text = screen.path("elements").get(0);
        assertThat(text.path("type").asText()).isEqualTo("text");
        assertThat(text.path("id").asText()).isEqualTo("101-text");
        assertThat(text.path("description").asText()).isEqualTo("<p>Hello</p>");
    }

    @Test
    void flashcardsBecomeBlocksWithOneFlipcardPerCard() {
        JsonNode screen = screen(migrated(), "102");
        assertThat(screen.path("type").asText()).isEqualTo("blocks");
        assertThat(screen.path("title").asText()).isEqualTo("Terms");
        JsonNode cards = screen.path("elements");
        assertThat(cards).hasSize(2);
        assertThat(cards.get(0).path("type").asText()).isEqualTo("flipcard");
        assertThat(cards.get(0).path("id").asText()).isEqualTo("102-card-1");
        assertThat(cards.get(0).path("title").asText()).isEqualTo("Par");
        assertThat(cards.get(0).path("cardBack").asText()).isEqualTo("Expected");
        assertThat(cards.get(0).has("asset")).isFalse();
        assertThat(cards.get(1).path("id").asText()).isEqualTo("102-card-2");
        assertThat(cards.get(1).path("asset").path("url").asText()).isEqualTo("https://cdn.example.com/bird.jpg");
        assertThat(cards.get(1).path("asset").path("altText").asText()).isEqualTo("Bird");
    }

    @Test
    void quizBecomesBlocksQuizKeepingQuestionAndAnswerIds() {
        JsonNode screen = screen(migrated(), "103");
        assertThat(screen.path("type").asText()).isEqualTo("blocksQuiz");
        assertThat(screen.path("typeId").asInt()).isEqualTo(2);
        JsonNode questions = screen.path("elements");
        assertThat(questions).hasSize(2);
        JsonNode first = questions.get(0);
        assertThat(first.path("type").asText()).isEqualTo("question");
        assertThat(first.path("id").asText()).isEqualTo("7");
        assertThat(first.path("question").asText()).isEqualTo("Why?");
        assertThat(first.has("multiple")).isFalse();
        assertThat(first.path("answers").get(0).path("id").asText()).isEqualTo("1");
        assertThat(first.path("answers").get(0).path("text").asText()).isEqualTo("Because");
        assertThat(first.path("answers").get(0).path("correct").asBoolean()).isTrue();
        assertThat(first.path("answers").get(1).path("id").asText()).isEqualTo("2");
        assertThat(first.path("answers").get(1).path("correct").asBoolean()).isFalse();
        JsonNode second = questions.get(1);
        assertThat(second.path("id").asText()).isEqualTo("8");
        assertThat(second.path("multiple").asBoolean()).isTrue();
        assertThat(second.path("answers").findValuesAsText("id")).containsExactly("1", "3");
    }

    @Test
    void videoBecomesBlocksWithTheVideoAsAsset() {
        JsonNode screen = screen(migrated(), "104");
        assertThat(screen.path("type").asText()).isEqualTo("blocks");
        assertThat(screen.path("asset").path("url").asText()).isEqualTo("https://cdn.example.com/swing.mp4");
        assertThat(screen.path("asset").path("mime").asText()).isEqualTo("video/mp4");
        JsonNode elements = screen.path("elements");
        assertThat(elements.findValuesAsText("id")).containsExactly("104-text", "104-image");
        assertThat(elements.get(1).path("type").asText()).isEqualTo("image");
        assertThat(elements.get(1).path("asset").path("url").asText()).isEqualTo("https://cdn.example.com/poster.png");
    }

    @Test
    void flashEmbedHtmlAndUnknownKindsBlockTheCourseWithOneReasonPerSlide() {
        ClassicConverter.Result result = ClassicConverter.convert(json("""
                {"format":"classic","title":"Old","slides":[
                 {"id":101,"kind":"content","heading":"Intro"},
                 {"id":105,"kind":"flash","heading":"Legacy animation","swf":"x.swf"},
                 {"id":106,"kind":"embed_html","heading":"Widget","html":"<b>hi</b>"},
                 {"id":107,"kind":"hologram","heading":"Future"}]}"""));
        assertThat(result.status()).isEqualTo("blocked");
        assertThat(result.document()).isNull();
        assertThat(result.total()).isEqualTo(4);
        assertThat(result.changed()).isZero();
        assertThat(result.screens()).isEmpty();
        assertThat(result.blocked())
                .extracting(ClassicConverter.Blocked::screenId)
                .containsExactly("105", "106", "107");
        assertThat(result.blocked().get(0).reason()).startsWith("Flash slides cannot be converted");
        assertThat(result.blocked().get(1).reason()).startsWith("custom HTML slides cannot be converted");
        assertThat(result.blocked().get(2).reason())
                .isEqualTo("unknown slide kind \"hologram\" cannot be converted; remove the slide");
    }

    @Test
    void aQuizQuestionWithoutACorrectChoiceBlocksItsSlide() {
        ClassicConverter.Result result = ClassicConverter.convert(json("""
                {"format":"classic","title":"Old","slides":[
                 {"id":3,"kind":"quiz","questions":[{"id":9,"prompt":"?","choices":[{"id":1,"text":"a"}]},{"id":10,"prompt":"?"}]}]}"""));
        assertThat(result.status()).isEqualTo("blocked");
        assertThat(result.blocked())
                .containsExactly(
                        new ClassicConverter.Blocked(
                                "3",
                                "question 9 has no correct choice; question 10 has no correct choice; a Builder 2 question needs at least one correct answer"));
    }

    @Test
    void aBuilder2CourseIsAlreadyModernAndNotConverted() {
        ClassicConverter.Result result = ClassicConverter.convert(json("""
                {"format":"builder2","title":"New","screens":[{"id":"s1","type":"blocks"},{"id":"s2","type":"blocks"}]}"""));
        assertThat(result.status()).isEqualTo("already_modern");
        assertThat(result.total()).isEqualTo(2);
        assertThat(result.changed()).isZero();
        assertThat(result.document()).isNull();
        assertThat(result.blocked()).isEmpty();
        assertThat(result.screens()).isEmpty();
    }

    @Test
    void sparseSlidesConvertToValidScreens() {
        ClassicConverter.Result result = ClassicConverter.convert(json("""
                {"format":"classic","title":"Sparse","slides":[
                 {"id":1,"kind":"content"},{"id":2,"kind":"flashcards"},{"id":3,"kind":"quiz"},
                 {"id":4,"kind":"video","body":"  "},{"id":5,"kind":"flashcards","cards":[{"id":1}]},
                 {"id":6,"kind":"quiz","questions":[{"id":1,"choices":[{"id":1,"correct":true}]}]}]}"""));
        assertThat(result.status()).isEqualTo("migrated");
        assertThat(result.changed()).isEqualTo(6);
        CourseDocuments.parse(result.document());
        assertThat(screen(result, "1").path("elements")).isEmpty();
        assertThat(screen(result, "1").has("title")).isFalse();
        assertThat(screen(result, "4").has("asset")).isFalse();
        assertThat(screen(result, "6")
                        .path("elements")
                        .get(0)
                        .path("answers")
                        .get(0)
                        .path("text")
                        .asText())
                .isEmpty();
    }

    @Test
    void theInputIsNeverModifiedAndTheAnswerIsTheSameEveryTime() {
        JsonNode input = json(CONVERTIBLE);
        JsonNode copy = input.deepCopy();
        ClassicConverter.Result first = ClassicConverter.convert(input);
        ClassicConverter.Result second = ClassicConverter.convert(input);
        assertThat(input).isEqualTo(copy);
        assertThat(first).isEqualTo(second);
    }

    @Test
    void anyStoredClassicDocumentConvertsToOneThatPassesValidation() {
        // the API.md example with its blocking slides removed, plus every optional field
        for (String document : List.of(CONVERTIBLE, """
                {"format":"classic","title":"T","slides":[{"id":9007199254740993,"kind":"quiz","heading":"H","body":"B",
                  "image":{"url":"https://x.example/i","mime":"image/webp","alt":"alt"},
                  "questions":[{"id":9007199254740993,"prompt":"P","choices":[{"id":9007199254740993,"text":"t","correct":true}]}]}]}""")) {
            ParsedDocument classic = CourseDocuments.parse(json(document));
            ClassicConverter.Result result = ClassicConverter.convert(classic.document());
            assertThat(CourseDocuments.parse(result.document()).screenCount()).isEqualTo(classic.screenCount());
        }
    }

    @Test
    void somethingThatIsNotACourseDocumentIsRefused() {
        assertThatThrownBy(() -> ClassicConverter.convert(json("[]"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ClassicConverter.convert(json("{\"format\":\"x\"}")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
