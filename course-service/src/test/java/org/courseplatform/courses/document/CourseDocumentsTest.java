package org.courseplatform.courses.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class CourseDocumentsTest {

    static final ObjectMapper JSON = new ObjectMapper();

    /** The Builder 2 example of API.md (with real text where it shows an ellipsis). */
    static final String BUILDER2 = """
            {"format": "builder2", "title": "Golf basics", "description": "", "locale": "en",
             "screens": [
              {"id": "s1", "type": "blocks", "typeId": 1, "title": "Welcome", "description": "",
               "asset": {"url": "https://cdn.example.com/hero.jpg", "mime": "image/jpeg"}, "assetAltText": "A green",
               "elements": [
                 {"id": "e1", "type": "text", "title": "Intro", "description": "<p>Golf is played on a course.</p>"},
                 {"id": "e2", "type": "flipcard", "title": "Par", "cardBack": "Expected strokes"},
                 {"id": "e3", "type": "timeEstimate", "minutes": 12}]},
              {"id": "s2", "type": "blocksQuiz", "typeId": 2, "title": "Check",
               "elements": [{"id": "q1", "type": "question", "question": "What is par?",
                 "answers": [{"id": "a1", "text": "Expected strokes", "correct": true},
                             {"id": "a2", "text": "A club", "correct": false}]}]}],
             "translations": {"fr": {"title": "Les bases du golf", "screens": {"s1": {"title": "Bienvenue",
               "elements": {"e1": {"title": "Intro", "description": "Le golf se joue sur un parcours."}}}}}}}
            """;

    /** The Classic example of API.md. */
    static final String CLASSIC = """
            {"format": "classic", "title": "Old course", "slides": [
              {"id": 101, "kind": "content", "heading": "Intro", "body": "<p>Hello</p>",
               "image": {"url": "https://cdn.example.com/a.png", "alt": "A picture"}},
              {"id": 102, "kind": "flashcards", "heading": "Terms", "cards": [{"id": 1, "front": "Par", "back": "Strokes"}]},
              {"id": 103, "kind": "quiz", "heading": "Check", "questions": [{"id": 7, "prompt": "What is par?",
                  "choices": [{"id": 1, "text": "Strokes", "correct": true}]}]},
              {"id": 104, "kind": "video", "heading": "Swing", "video": {"url": "https://cdn.example.com/swing.mp4"}},
              {"id": 105, "kind": "flash", "heading": "Legacy animation", "swf": "anim.swf"},
              {"id": 106, "kind": "embed_html", "heading": "Widget", "html": "<div>hi</div>"}]}
            """;

    static ObjectNode json(String text) {
        try {
            return (ObjectNode) JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    static ObjectNode builder2() {
        return json(BUILDER2);
    }

    static ObjectNode classic() {
        return json(CLASSIC);
    }

    static ObjectNode screen(ObjectNode doc, int i) {
        return (ObjectNode) doc.withArray("screens").get(i);
    }

    static ObjectNode element(ObjectNode doc, int screen, int element) {
        return (ObjectNode) screen(doc, screen).withArray("elements").get(element);
    }

    static ObjectNode answer(ObjectNode doc, int screen, int element, int answer) {
        return (ObjectNode) element(doc, screen, element).withArray("answers").get(answer);
    }

    static ObjectNode slide(ObjectNode doc, int i) {
        return (ObjectNode) doc.withArray("slides").get(i);
    }

    /** A minimal valid Builder 2 document with {@code screens} screens of one text element each. */
    static ObjectNode manyScreens(int screens) {
        ObjectNode doc = json("{\"format\":\"builder2\",\"title\":\"Many\"}");
        ArrayNode list = doc.putArray("screens");
        for (int i = 0; i < screens; i++) {
            ObjectNode s = list.addObject().put("id", "s" + i).put("type", "blocks");
            s.putArray("elements").addObject().put("id", "e" + i).put("type", "text");
        }
        return doc;
    }

    static List<ApiError.Detail> problems(JsonNode doc) {
        ApiException e = catchThrowableOfType(ApiException.class, () -> CourseDocuments.parse(doc));
        assertThat(e).as("expected the document to be rejected").isNotNull();
        assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST);
        return e.details();
    }

    static void assertProblem(JsonNode doc, String field, String messagePart) {
        assertThat(problems(doc)).anySatisfy(d -> {
            assertThat(d.field()).isEqualTo(field);
            assertThat(d.message()).contains(messagePart);
        });
    }

    @Nested
    class GoodDocuments {

        @Test
        void builder2ExampleIsAccepted() {
            ObjectNode input = builder2();
            ParsedDocument parsed = CourseDocuments.parse(input);

            assertThat(parsed.format()).isEqualTo("builder2");
            assertThat(parsed.title()).isEqualTo("Golf basics");
            assertThat(parsed.description()).isEmpty();
            assertThat(parsed.locale()).isEqualTo("en");
            assertThat(parsed.screenCount()).isEqualTo(2);
            assertThat(parsed.timeEstimateMinutes()).isEqualTo(12);
            assertThat(parsed.document()).isEqualTo(input).isNotSameAs(input);
        }

        @Test
        void classicExampleIsAccepted() {
            ParsedDocument parsed = CourseDocuments.parse(classic());

            assertThat(parsed.format()).isEqualTo("classic");
            assertThat(parsed.title()).isEqualTo("Old course");
            assertThat(parsed.description()).isNull();
            assertThat(parsed.locale()).isEqualTo(CourseDocuments.DEFAULT_LOCALE);
            assertThat(parsed.screenCount()).isEqualTo(6);
            assertThat(parsed.timeEstimateMinutes()).isNull();
        }

        @Test
        void unknownClassicKindIsStored() {
            ObjectNode doc = classic();
            slide(doc, 0).put("kind", "hologram").put("beam", 3);

            ParsedDocument parsed = CourseDocuments.parse(doc);

            assertThat(parsed.document().at("/slides/0/kind").asText()).isEqualTo("hologram");
        }

        @Test
        void typeIdIsFilledInTheCopyNextToType() {
            ObjectNode doc = builder2();
            screen(doc, 0).remove("typeId");
            screen(doc, 1).putNull("typeId");

            ParsedDocument parsed = CourseDocuments.parse(doc);

            assertThat(parsed.document().at("/screens/0/typeId").intValue()).isEqualTo(1);
            assertThat(parsed.document().at("/screens/1/typeId").intValue()).isEqualTo(2);
            List<String> names = List.copyOf(((ObjectNode) parsed.document().at("/screens/0"))
                    .properties().stream().map(Map.Entry::getKey).toList());
            assertThat(names.subList(0, 3)).containsExactly("id", "type", "typeId");
            assertThat(doc.at("/screens/0/typeId").isMissingNode())
                    .as("input untouched")
                    .isTrue();
        }

        @Test
        void everyCatalogueElementTypeIsAccepted() {
            ObjectNode doc = json("""
                    {"format":"builder2","title":"All","screens":[{"id":"s","type":"blocks","elements":[
                      {"id":"1","type":"heading","title":"H","level":2},
                      {"id":"2","type":"text","title":"T","description":"<p>x</p>"},
                      {"id":"3","type":"image","asset":{"url":"https://x.test/a.png","altText":"alt"},"altText":"a"},
                      {"id":"4","type":"video","asset":{"url":"http://x.test/v.mp4","mime":"video/mp4"},"autoplay":false},
                      {"id":"5","type":"audio","asset":{"url":"https://x.test/a.mp3"},"transcript":"words"},
                      {"id":"6","type":"flipcard","title":"F","cardBack":"B"},
                      {"id":"7","type":"accordion","title":"A","description":"D","expanded":true},
                      {"id":"8","type":"tabs","title":"T","description":"D"},
                      {"id":"9","type":"quote","description":"Q","title":"Who"},
                      {"id":"10","type":"list","description":"<ul><li>a</li></ul>","ordered":false},
                      {"id":"11","type":"callout","title":"C","description":"D","tone":"warning"},
                      {"id":"12","type":"timeline","title":"1990","description":"D"},
                      {"id":"13","type":"button","title":"Go","url":"https://x.test","newWindow":true},
                      {"id":"14","type":"divider"},
                      {"id":"15","type":"embed","url":"https://x.test/page","height":300},
                      {"id":"16","type":"timeEstimate","minutes":0},
                      {"id":"17","type":"question","question":"Q?","multiple":true,"feedback":"F",
                       "answers":[{"id":"a","text":"A","correct":true},{"id":"b","text":"","correct":true}]},
                      {"id":"18","type":"quizResults","title":"Score","passPercent":100,
                       "layout":{"x":0,"y":0,"w":12,"h":1}}]}]}
                    """);
            ParsedDocument parsed = CourseDocuments.parse(doc);
            assertThat(parsed.timeEstimateMinutes()).isZero();
            assertThat(ElementType.values())
                    .extracting(ElementType::typeName)
                    .containsAll(List.of(
                            "text",
                            "heading",
                            "image",
                            "video",
                            "audio",
                            "flipcard",
                            "accordion",
                            "tabs",
                            "quote",
                            "list",
                            "button",
                            "divider",
                            "embed",
                            "timeEstimate",
                            "question"));
        }

        @Test
        void unknownFieldsAreKept() {
            ObjectNode doc = builder2();
            element(doc, 0, 0).put("futureField", "kept");
            assertThat(CourseDocuments.parse(doc)
                            .document()
                            .at("/screens/0/elements/0/futureField")
                            .asText())
                    .isEqualTo("kept");
        }

        @Test
        void answerIdsMayRepeatAcrossQuestions() {
            ObjectNode doc = builder2();
            ObjectNode copy = element(doc, 1, 0).deepCopy().put("id", "q2");
            screen(doc, 1).withArray("elements").add(copy);
            assertThat(CourseDocuments.parse(doc).screenCount()).isEqualTo(2);
        }

        @Test
        void atTheLimitsIsAccepted() {
            assertThat(CourseDocuments.parse(manyScreens(1000)).screenCount()).isEqualTo(1000);

            ObjectNode doc = builder2();
            ArrayNode elements = screen(doc, 0).putArray("elements");
            for (int i = 0; i < 200; i++) {
                elements.addObject().put("id", "x" + i).put("type", "divider");
            }
            ArrayNode answers = element(doc, 1, 0).putArray("answers");
            for (int i = 0; i < 100; i++) {
                answers.addObject().put("id", "a" + i).put("text", "t").put("correct", i == 0);
            }
            screen(doc, 0).put("description", "x".repeat(100_000));
            doc.remove("translations");
            assertThat(CourseDocuments.parse(doc).screenCount()).isEqualTo(2);
        }
    }

    @Nested
    class RequiredFields {

        @Test
        void documentItself() {
            assertThatThrownBy(() -> CourseDocuments.parse(null))
                    .isInstanceOfSatisfying(
                            ApiException.class,
                            e -> assertThat(e.details())
                                    .containsExactly(new ApiError.Detail("document", "is required")));
            assertThat(problems(JSON.getNodeFactory().nullNode()))
                    .extracting(ApiError.Detail::field)
                    .containsExactly("document");
            assertThat(problems(JSON.createArrayNode()))
                    .containsExactly(new ApiError.Detail("document", "must be a JSON object"));
        }

        @Test
        void formatMissingBlankOrUnknown() {
            ObjectNode doc = builder2();
            doc.remove("format");
            assertThat(problems(doc)).contains(new ApiError.Detail("document.format", "is required"));

            doc.put("format", " ");
            assertThat(problems(doc)).contains(new ApiError.Detail("document.format", "must not be blank"));

            doc.put("format", "builder3");
            assertProblem(doc, "document.format", "must be classic or builder2");

            doc.put("format", 2);
            assertThat(problems(doc)).contains(new ApiError.Detail("document.format", "must be a string"));
        }

        @Test
        void titleMissingOrBlank() {
            ObjectNode doc = builder2();
            doc.remove("title");
            assertThat(problems(doc)).containsExactly(new ApiError.Detail("document.title", "is required"));
            doc.put("title", "   ");
            assertThat(problems(doc)).containsExactly(new ApiError.Detail("document.title", "must not be blank"));
        }

        @Test
        void screensMissingEmptyOrNotAnArray() {
            ObjectNode doc = builder2();
            doc.remove("screens");
            doc.remove("translations");
            assertThat(problems(doc)).containsExactly(new ApiError.Detail("document.screens", "is required"));
            doc.putArray("screens");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail("document.screens", "must contain at least one screen"));
            doc.put("screens", "s1");
            assertThat(problems(doc)).containsExactly(new ApiError.Detail("document.screens", "must be an array"));
        }

        @Test
        void slidesMissing() {
            ObjectNode doc = classic();
            doc.remove("slides");
            assertThat(problems(doc)).containsExactly(new ApiError.Detail("document.slides", "is required"));
        }

        @Test
        void screenIdAndType() {
            ObjectNode doc = builder2();
            screen(doc, 1).remove("id");
            screen(doc, 1).put("type", "");
            screen(doc, 1).remove("typeId");
            assertThat(problems(doc))
                    .contains(
                            new ApiError.Detail("document.screens[1].id", "is required"),
                            new ApiError.Detail("document.screens[1].type", "must not be blank"));
        }

        @Test
        void screenNotAnObject() {
            ObjectNode doc = builder2();
            doc.withArray("screens").add("s3");
            assertThat(problems(doc)).containsExactly(new ApiError.Detail("document.screens[2]", "must be an object"));
        }

        @Test
        void elementIdAndType() {
            ObjectNode doc = builder2();
            element(doc, 1, 0).remove("id");
            element(doc, 0, 1).remove("type");
            assertThat(problems(doc))
                    .contains(
                            new ApiError.Detail("document.screens[1].elements[0].id", "is required"),
                            new ApiError.Detail("document.screens[0].elements[1].type", "is required"));
        }

        @Test
        void slideIdAndKind() {
            ObjectNode doc = classic();
            slide(doc, 0).remove("id");
            slide(doc, 1).put("id", "102");
            slide(doc, 2).put("id", 0);
            slide(doc, 3).put("id", -4);
            slide(doc, 4).put("id", 1.5);
            slide(doc, 5).remove("kind");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.slides[0].id", "is required"),
                            new ApiError.Detail("document.slides[1].id", "must be an integer greater than 0"),
                            new ApiError.Detail("document.slides[2].id", "must be an integer greater than 0"),
                            new ApiError.Detail("document.slides[3].id", "must be an integer greater than 0"),
                            new ApiError.Detail("document.slides[4].id", "must be an integer greater than 0"),
                            new ApiError.Detail("document.slides[5].kind", "is required"));
        }

        @Test
        void allProblemsAreCollectedAtOnce() {
            ObjectNode doc = builder2();
            doc.remove("title");
            screen(doc, 0).put("type", "slideshow");
            element(doc, 1, 0).put("type", "poll");
            doc.put("locale", "English");

            List<ApiError.Detail> problems = problems(doc);

            assertThat(problems)
                    .extracting(ApiError.Detail::field)
                    .containsExactly(
                            "document.title",
                            "document.locale",
                            "document.screens[0].type",
                            "document.screens[1].elements[0].type");
            ApiException e = catchThrowableOfType(ApiException.class, () -> CourseDocuments.parse(doc));
            assertThat(e.getMessage()).isEqualTo("The request has 4 invalid fields");
        }
    }

    @Nested
    class Types {

        @Test
        void unknownScreenType() {
            ObjectNode doc = builder2();
            screen(doc, 1).put("type", "slideshow");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].type",
                            "unknown screen type \"slideshow\"; expected blocks or blocksQuiz"));
        }

        @Test
        void typeIdMustMatchType() {
            ObjectNode doc = builder2();
            screen(doc, 0).put("typeId", 2);
            screen(doc, 1).put("typeId", "2");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.screens[0].typeId", "is 2 but type blocks has typeId 1"),
                            new ApiError.Detail("document.screens[1].typeId", "must be an integer"));
        }

        @Test
        void unknownElementType() {
            ObjectNode doc = builder2();
            element(doc, 1, 0).put("type", "poll");
            List<ApiError.Detail> problems = problems(doc);
            assertThat(problems).hasSize(1);
            assertThat(problems.get(0).field()).isEqualTo("document.screens[1].elements[0].type");
            assertThat(problems.get(0).message())
                    .startsWith("unknown element type \"poll\"; expected one of heading, text,")
                    .contains("question");
        }

        @Test
        void knownFieldsAreTypeChecked() {
            ObjectNode doc = builder2();
            screen(doc, 0).put("title", 5);
            element(doc, 0, 0).put("description", true);
            element(doc, 0, 1).putArray("cardBack");
            element(doc, 0, 2).put("minutes", -1);
            answer(doc, 1, 0, 0).put("correct", "yes");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.screens[0].title", "must be a string"),
                            new ApiError.Detail("document.screens[0].elements[0].description", "must be a string"),
                            new ApiError.Detail("document.screens[0].elements[1].cardBack", "must be a string"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[2].minutes", "must be an integer 0 or more"),
                            new ApiError.Detail(
                                    "document.screens[1].elements[0].answers[0].correct", "must be true or false"));
        }

        @Test
        void minutesMustBeAWholeNumber() {
            for (String minutes : List.of("1.5", "\"12\"", "true", "99999999999")) {
                ObjectNode doc = builder2();
                element(doc, 0, 2)
                        .set("minutes", json("{\"m\":" + minutes + "}").get("m"));
                assertThat(problems(doc))
                        .as(minutes)
                        .containsExactly(new ApiError.Detail(
                                "document.screens[0].elements[2].minutes", "must be an integer 0 or more"));
            }
            ObjectNode doc = builder2();
            element(doc, 0, 2).remove("minutes");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail("document.screens[0].elements[2].minutes", "is required"));
        }

        @Test
        void assetsNeedAnHttpUrl() {
            ObjectNode doc = builder2();
            screen(doc, 0).putObject("asset").put("url", "ftp://cdn.example.com/hero.jpg");
            screen(doc, 1).put("asset", "https://cdn.example.com/hero.jpg");
            element(doc, 0, 1).putObject("asset").put("mime", "image/png");
            element(doc, 0, 0).put("type", "image").putObject("asset").put("url", "/relative.png");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.screens[0].asset.url", "must be an absolute http or https URL"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[0].asset.url",
                                    "must be an absolute http or https URL"),
                            new ApiError.Detail("document.screens[0].elements[1].asset.url", "is required"),
                            new ApiError.Detail("document.screens[1].asset", "must be an object {url, mime?}"));
        }

        @Test
        void otherKinds() {
            ObjectNode doc = json("""
                    {"format":"builder2","title":"T","screens":[{"id":"s","type":"blocks","elements":[
                      {"id":"1","type":"heading","level":7},
                      {"id":"2","type":"video","autoplay":"yes"},
                      {"id":"3","type":"button","url":"javascript:alert(1)"},
                      {"id":"4","type":"callout","tone":"loud"},
                      {"id":"5","type":"quizResults","passPercent":101},
                      {"id":"6","type":"text","layout":{"x":8,"y":0,"w":6,"h":0}},
                      {"id":"7","type":"text","layout":[1,2]}]}]}
                    """);
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.screens[0].elements[0].level", "must be an integer from 1 to 6"),
                            new ApiError.Detail("document.screens[0].elements[1].autoplay", "must be true or false"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[2].url", "must be an absolute http or https URL"),
                            new ApiError.Detail("document.screens[0].elements[3].tone", "must be info, tip or warning"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[4].passPercent", "must be an integer from 0 to 100"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[5].layout.h", "must be an integer 1 or more"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[5].layout", "x + w is 14; the grid has 12 columns"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[6].layout", "must be an object {x, y, w, h}"));
        }

        @Test
        void groups() {
            ObjectNode doc = builder2();
            screen(doc, 0).putObject("group").put("id", "g").put("role", "intro");
            screen(doc, 1).putObject("group").put("role", "question");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.screens[0].group.role",
                                    "must be cover, question or results, not \"intro\""),
                            new ApiError.Detail("document.screens[1].group.id", "is required"));
        }

        @Test
        void localeMustBeATag() {
            ObjectNode doc = builder2();
            doc.put("locale", "pt-BR");
            assertThat(CourseDocuments.parse(doc).locale()).isEqualTo("pt-BR");
            doc.put("locale", "PT");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.locale", "is not a locale tag like en, fr or pt-BR"));
        }
    }

    @Nested
    class Questions {

        @Test
        void answersAreRequired() {
            ObjectNode doc = builder2();
            element(doc, 1, 0).remove("answers");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail("document.screens[1].elements[0].answers", "is required"));
            element(doc, 1, 0).putArray("answers");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].elements[0].answers", "must contain at least one answer"));
        }

        @Test
        void oneAnswerMustBeCorrect() {
            ObjectNode doc = builder2();
            answer(doc, 1, 0, 0).put("correct", false);
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].elements[0].answers", "must have at least one correct answer"));
        }

        @Test
        void answerShape() {
            ObjectNode doc = builder2();
            ArrayNode answers = element(doc, 1, 0).withArray("answers");
            ((ObjectNode) answers.get(1)).remove("id");
            ((ObjectNode) answers.get(1)).remove("text");
            answers.add("maybe");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.screens[1].elements[0].answers[1].id", "is required"),
                            new ApiError.Detail("document.screens[1].elements[0].answers[1].text", "is required"),
                            new ApiError.Detail("document.screens[1].elements[0].answers[2]", "must be an object"));
        }
    }

    @Nested
    class DuplicateIds {

        @Test
        void screenIds() {
            ObjectNode doc = builder2();
            screen(doc, 1).put("id", "s1");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].id",
                            "duplicate screen id \"s1\"; first used at document.screens[0].id"));
        }

        @Test
        void elementIdsAcrossTheCourse() {
            ObjectNode doc = builder2();
            element(doc, 1, 0).put("id", "e2");
            doc.remove("translations");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].elements[0].id",
                            "duplicate element id \"e2\"; first used at document.screens[0].elements[1].id"));
        }

        @Test
        void screenAndElementMayShareAnId() {
            ObjectNode doc = builder2();
            element(doc, 0, 0).put("id", "s2");
            doc.remove("translations");
            assertThat(CourseDocuments.parse(doc).screenCount()).isEqualTo(2);
        }

        @Test
        void answerIdsWithinAQuestion() {
            ObjectNode doc = builder2();
            answer(doc, 1, 0, 1).put("id", "a1");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].elements[0].answers[1].id",
                            "duplicate answer id \"a1\" in this question; first used at "
                                    + "document.screens[1].elements[0].answers[0].id"));
        }

        @Test
        void classicSlideIds() {
            ObjectNode doc = classic();
            slide(doc, 4).put("id", 101);
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.slides[4].id", "duplicate slide id 101; first used at document.slides[0].id"));
        }

        @Test
        void classicCardIdsWithinASlide() {
            ObjectNode doc = classic();
            slide(doc, 1).withArray("cards").addObject().put("id", 1).put("front", "Birdie");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.slides[1].cards[1].id",
                            "duplicate card id 1 in this slide; first used at document.slides[1].cards[0].id"));

            ObjectNode other = classic();
            other.withArray("slides")
                    .addObject()
                    .put("id", 107)
                    .put("kind", "flashcards")
                    .putArray("cards")
                    .addObject()
                    .put("id", 1)
                    .put("front", "Eagle");
            assertThat(CourseDocuments.parse(other).screenCount()).isEqualTo(7);
        }

        @Test
        void classicQuestionIdsAcrossTheCourse() {
            ObjectNode doc = classic();
            ObjectNode quiz = doc.withArray("slides").addObject().put("id", 107).put("kind", "quiz");
            quiz.putArray("questions").addObject().put("id", 7).put("prompt", "Again?");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.slides[6].questions[0].id",
                            "duplicate question id 7; first used at document.slides[2].questions[0].id"));
        }

        @Test
        void classicChoiceIdsWithinAQuestion() {
            ObjectNode doc = classic();
            ((ArrayNode) doc.at("/slides/2/questions/0/choices"))
                    .addObject()
                    .put("id", 1)
                    .put("text", "A club");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.slides[2].questions[0].choices[1].id",
                                    "duplicate choice id 1 in this question; first used at document.slides[2].questions[0].choices[0].id"));
        }

        @Test
        void classicShapesAreTypeChecked() {
            ObjectNode doc = classic();
            slide(doc, 0).putObject("image").put("url", "not a url");
            slide(doc, 1).put("cards", "none");
            ((ObjectNode) doc.at("/slides/2/questions/0/choices/0")).put("correct", 1);
            slide(doc, 3).put("heading", 3);
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.slides[0].image.url", "must be an absolute http or https URL"),
                            new ApiError.Detail("document.slides[1].cards", "must be an array"),
                            new ApiError.Detail(
                                    "document.slides[2].questions[0].choices[0].correct", "must be true or false"),
                            new ApiError.Detail("document.slides[3].heading", "must be a string"));
        }
    }

    @Nested
    class Translations {

        @Test
        void goodTranslationsPass() {
            ObjectNode doc = builder2();
            ObjectNode de = ((ObjectNode) doc.get("translations")).putObject("pt-BR");
            ObjectNode q = de.putObject("screens")
                    .putObject("s2")
                    .putObject("elements")
                    .putObject("q1");
            q.put("question", "O que é par?");
            q.putObject("answers")
                    .put("a1", "Tacadas esperadas")
                    .putObject("a2")
                    .put("text", "Um taco");
            assertThat(CourseDocuments.parse(doc).screenCount()).isEqualTo(2);
        }

        @Test
        void keysMustBeLocaleTags() {
            ObjectNode doc = builder2();
            ((ObjectNode) doc.get("translations")).putObject("French");
            ((ObjectNode) doc.get("translations")).putObject("en");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.translations.French", "is not a locale tag like fr or pt-BR"),
                            new ApiError.Detail(
                                    "document.translations.en",
                                    "is the base locale of the document; translations are for other locales"));
        }

        @Test
        void mustReferToExistingIds() {
            ObjectNode doc = builder2();
            ObjectNode screens = (ObjectNode) doc.at("/translations/fr/screens");
            screens.putObject("s9").put("title", "Nulle part");
            ObjectNode s2 = screens.putObject("s2").putObject("elements");
            s2.putObject("e1").put("title", "Wrong screen");
            s2.putObject("q1").putObject("answers").put("a9", "Inconnue");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.translations.fr.screens.s9", "there is no screen with id \"s9\""),
                            new ApiError.Detail(
                                    "document.translations.fr.screens.s2.elements.e1",
                                    "screen \"s2\" has no element with id \"e1\""),
                            new ApiError.Detail(
                                    "document.translations.fr.screens.s2.elements.q1.answers.a9",
                                    "element \"q1\" has no answer with id \"a9\""));
        }

        @Test
        void shapesAreChecked() {
            ObjectNode doc = builder2();
            ((ObjectNode) doc.at("/translations/fr")).put("title", 3);
            ((ObjectNode) doc.at("/translations/fr/screens/s1/elements/e1")).put("description", false);
            ((ObjectNode) doc.get("translations")).put("de", "Hallo");
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.translations.fr.title", "must be a string"),
                            new ApiError.Detail(
                                    "document.translations.fr.screens.s1.elements.e1.description", "must be a string"),
                            new ApiError.Detail("document.translations.de", "must be an object"));
            doc.put("translations", "fr");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail("document.translations", "must be an object keyed by locale"));
        }

        @Test
        void oddIdsAreQuotedInPaths() {
            ObjectNode doc = builder2();
            ((ObjectNode) doc.at("/translations/fr/screens")).putObject("a.b");
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.translations.fr.screens[\"a.b\"]", "there is no screen with id \"a.b\""));
        }

        @Test
        void classicHasNone() {
            ObjectNode doc = classic();
            doc.putObject("translations").putObject("fr");
            assertProblem(doc, "document.translations", "only supported in Builder 2");
        }
    }

    @Nested
    class Limits {

        @Test
        void tooManyScreens() {
            assertThat(problems(manyScreens(1001)))
                    .containsExactly(
                            new ApiError.Detail("document.screens", "has 1001 screens; at most 1000 are allowed"));
        }

        @Test
        void tooManySlides() {
            ObjectNode doc = classic();
            ArrayNode slides = doc.putArray("slides");
            for (int i = 1; i <= 1001; i++) {
                slides.addObject().put("id", i).put("kind", "content");
            }
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.slides", "has 1001 slides; at most 1000 are allowed"));
        }

        @Test
        void tooManyElements() {
            ObjectNode doc = builder2();
            ArrayNode elements = screen(doc, 1).putArray("elements");
            for (int i = 0; i < 201; i++) {
                elements.addObject().put("id", "x" + i).put("type", "divider");
            }
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].elements", "has 201 elements; at most 200 are allowed"));
        }

        @Test
        void tooManyAnswers() {
            ObjectNode doc = builder2();
            ArrayNode answers = element(doc, 1, 0).putArray("answers");
            for (int i = 0; i < 101; i++) {
                answers.addObject().put("id", "a" + i).put("text", "t").put("correct", true);
            }
            assertThat(problems(doc))
                    .containsExactly(new ApiError.Detail(
                            "document.screens[1].elements[0].answers", "has 101 answers; at most 100 are allowed"));
        }

        @Test
        void tooManyCardsAndChoices() {
            ObjectNode doc = classic();
            ArrayNode cards = slide(doc, 1).putArray("cards");
            for (int i = 1; i <= 201; i++) {
                cards.addObject().put("id", i);
            }
            ArrayNode choices = (ArrayNode) doc.at("/slides/2/questions/0").withArray("choices");
            for (int i = 2; i <= 101; i++) {
                choices.addObject().put("id", i);
            }
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail("document.slides[1].cards", "has 201 cards; at most 200 are allowed"),
                            new ApiError.Detail(
                                    "document.slides[2].questions[0].choices",
                                    "has 101 choices; at most 100 are allowed"));
        }

        @Test
        void longStringsAnywhere() {
            ObjectNode doc = builder2();
            element(doc, 0, 0).put("description", "x".repeat(100_001));
            element(doc, 0, 0).put("notes", "y".repeat(100_001));
            assertThat(problems(doc))
                    .containsExactly(
                            new ApiError.Detail(
                                    "document.screens[0].elements[0].description",
                                    "is 100,001 characters long; at most 100,000 are allowed"),
                            new ApiError.Detail(
                                    "document.screens[0].elements[0].notes",
                                    "is 100,001 characters long; at most 100,000 are allowed"));
        }

        @Test
        void charactersNotCodeUnits() {
            ObjectNode doc = builder2();
            element(doc, 0, 0).put("description", "\uD83D\uDE00".repeat(60_000));
            assertThat(CourseDocuments.parse(doc).screenCount()).isEqualTo(2);
        }

        @Test
        void problemListIsCapped() {
            ObjectNode doc = manyScreens(300);
            doc.withArray("screens").forEach(s -> ((ObjectNode) s).remove("type"));
            List<ApiError.Detail> problems = problems(doc);
            assertThat(problems).hasSize(CourseDocuments.MAX_PROBLEMS);
            assertThat(problems.get(99)).isEqualTo(new ApiError.Detail("document.screens[99].type", "is required"));
        }
    }

    @Nested
    class TimeEstimate {

        @Test
        void onlyTheFirstScreenCounts() {
            ObjectNode doc = builder2();
            ObjectNode estimate =
                    (ObjectNode) screen(doc, 0).withArray("elements").remove(2);
            doc.remove("translations");
            screen(doc, 1).withArray("elements").add(estimate);
            assertThat(CourseDocuments.parse(doc).timeEstimateMinutes()).isNull();
        }

        @Test
        void firstOneOnTheFirstScreenWins() {
            ObjectNode doc = builder2();
            screen(doc, 0)
                    .withArray("elements")
                    .addObject()
                    .put("id", "e4")
                    .put("type", "timeEstimate")
                    .put("minutes", 30);
            assertThat(CourseDocuments.parse(doc).timeEstimateMinutes()).isEqualTo(12);
        }

        @Test
        void absentIsNull() {
            ObjectNode doc = builder2();
            screen(doc, 0).withArray("elements").remove(2);
            assertThat(CourseDocuments.parse(doc).timeEstimateMinutes()).isNull();
        }
    }

    @Nested
    class ThemeAndSingleScreens {

        @Test
        void aBuilder2ThemeColourIsRrggbbAndAClassicDocumentsThemeIsItsOwn() {
            ObjectNode doc = builder2();
            doc.putObject("theme").put("colorPrimary", "#0A7f3c").put("font", "kept");
            assertThat(CourseDocuments.parse(doc)
                            .document()
                            .path("theme")
                            .path("font")
                            .asText())
                    .isEqualTo("kept");
            doc.putObject("theme").put("colorPrimary", "green");
            assertProblem(doc, "document.theme.colorPrimary", "#rrggbb");
            doc.put("theme", "dark");
            assertProblem(doc, "document.theme", "object");
            ObjectNode old = classic();
            old.put("theme", "whatever a legacy course had");
            assertThat(CourseDocuments.parse(old).format()).isEqualTo("classic");
        }

        @Test
        void oneScreenIsCheckedByTheScreenRulesWithPathsFromTheScreen() {
            ObjectNode quiz = screen(builder2(), 1).deepCopy();
            quiz.remove("typeId");
            ObjectNode parsed = CourseDocuments.parseScreen(quiz);
            assertThat(parsed.path("typeId").asInt()).isEqualTo(2);
            assertThat(parsed.path("elements").get(0).path("id").asText()).isEqualTo("q1");

            ((ObjectNode) quiz.withArray("elements").get(0)).putArray("answers");
            quiz.put("type", "nope");
            ApiException e = catchThrowableOfType(ApiException.class, () -> CourseDocuments.parseScreen(quiz));
            assertThat(e.details())
                    .extracting(ApiError.Detail::field)
                    .containsExactlyInAnyOrder("document.type", "document.elements[0].answers");
            assertThatThrownBy(() -> CourseDocuments.parseScreen(JSON.createArrayNode()))
                    .isInstanceOfSatisfying(
                            ApiException.class,
                            x -> assertThat(x.details().get(0).field()).isEqualTo("document"));
            assertThatThrownBy(() -> CourseDocuments.parseScreen(null))
                    .isInstanceOfSatisfying(
                            ApiException.class,
                            x -> assertThat(x.details().get(0).field()).isEqualTo("document"));
        }
    }
}
