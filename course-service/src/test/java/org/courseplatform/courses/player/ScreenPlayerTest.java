package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** The Standalone Screen Player: screen embed URLs, quiz scoring and the quiz events. */
@QuarkusTest
public class ScreenPlayerTest {

    public static long quizScreen(String key) {
        return CoursePlayerTest.as(key)
                .body("{\"layoutId\":\"quiz-single-choice\",\"identifier\":\"author\"}")
                .post("/v1/headless/screen")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    public static String screenUrl(String key, String path, String body) {
        return CoursePlayerTest.as(key)
                .body(body)
                .post(path)
                .then()
                .statusCode(200)
                .extract()
                .asString();
    }

    public static Response quiz(String session, Object answers) {
        return given().header("X-Player-Session", session)
                .contentType(ContentType.JSON)
                .body(Map.of("answers", answers))
                .post("/v1/headless/player/quiz");
    }

    @Test
    void aQuizScreenIsPlayedScoredAndRaisesQuizEvents() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        long id = quizScreen(key);
        String url =
                screenUrl(key, "/embed/screen", "{\"action\":\"view\",\"id\":" + id + ",\"identifier\":\"learner-1\"}");
        assertThat(url).startsWith(CoursePlayerTest.base() + "/play/screen?w=" + ws + "#token=");
        assertThat(CoursePlayerTest.payload(CoursePlayerTest.token(url))
                        .path("screenId")
                        .asLong())
                .isEqualTo(id);
        JsonPath opened = CoursePlayerTest.exchange(CoursePlayerTest.token(url))
                .then()
                .statusCode(201)
                .body("kind", equalTo("screen"))
                .body("mode", equalTo("view"))
                .body("screen.id", equalTo((int) id))
                .body("course", nullValue())
                .body("document.format", equalTo("builder2"))
                .body("document.screens", hasSize(3))
                .extract()
                .jsonPath();
        String session = opened.getString("session");
        String question = opened.getString("document.screens[1].elements.find { it.type == 'question' }.id");
        // The learner's document says nothing of which answer is right, nor explains it.
        List<Map<String, Object>> shown =
                opened.getList("document.screens[1].elements.find { it.type == 'question' }.answers");
        assertThat(shown).isNotEmpty().allSatisfy(a -> assertThat(a).containsOnlyKeys("id", "text"));
        assertThat(opened.getMap("document.screens[1].elements.find { it.type == 'question' }"))
                .doesNotContainKey("feedback");
        // The author's session of the same screen has the whole question.
        List<Map<String, Object>> answers = CoursePlayerTest.exchange(CoursePlayerTest.token(screenUrl(
                        key, "/embed/screen", "{\"action\":\"edit\",\"id\":" + id + ",\"identifier\":\"author\"}")))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getList("document.screens[1].elements.find { it.type == 'question' }.answers");
        String right = answers.stream()
                .filter(a -> Boolean.TRUE.equals(a.get("correct")))
                .map(a -> (String) a.get("id"))
                .findFirst()
                .orElseThrow();
        String wrong = answers.stream()
                .filter(a -> !Boolean.TRUE.equals(a.get("correct")))
                .map(a -> (String) a.get("id"))
                .findFirst()
                .orElseThrow();

        // A result the page claims is no field of the call: 400, and no quiz event; the server grades.
        given().header("X-Player-Session", session)
                .contentType(ContentType.JSON)
                .body(Map.of("answers", Map.of(question, List.of(right)), "score", 100, "passed", true))
                .post("/v1/headless/player/quiz")
                .then()
                .statusCode(400)
                .body("error.code", equalTo("BAD_REQUEST"));
        quiz(session, Map.of(question, List.of(wrong)))
                .then()
                .statusCode(200)
                .body("score", equalTo(0))
                .body("passed", equalTo(false))
                .body("passPercent", equalTo(80))
                .body("results." + question + ".correct", equalTo(false))
                .body("results." + question + ".correctAnswers", equalTo(List.of(right)))
                .body("results." + question + ".feedback", equalTo("Explain why the correct answer is right."));
        quiz(session, Map.of(question, List.of(right)))
                .then()
                .statusCode(200)
                .body("score", equalTo(100))
                .body("passed", equalTo(true));
        quiz(session, Map.of("nope", List.of(right)))
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("answers.nope"));
        given().header("X-Player-Session", session)
                .contentType(ContentType.JSON)
                .body("{}")
                .post("/v1/headless/player/quiz")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("answers"));

        List<JsonNode> events =
                CoursePlayerTest.events(ws, id, e -> e.path("type").asText().equals("quiz.completed"));
        // The refused call raised nothing: one failed submission, then one passed.
        assertThat(events.stream()
                        .map(e -> e.path("type").asText())
                        .filter(t -> t.startsWith("quiz."))
                        .toList())
                .containsExactly("quiz.failed", "quiz.completed");
        JsonNode failed = events.stream()
                .filter(e -> e.path("type").asText().equals("quiz.failed"))
                .findFirst()
                .orElseThrow();
        JsonNode completed = events.stream()
                .filter(e -> e.path("type").asText().equals("quiz.completed"))
                .findFirst()
                .orElseThrow();
        assertThat(failed.path("testmode").asBoolean()).isTrue();
        assertThat(failed.path("data").path("quiz").path("score").asInt()).isZero();
        assertThat(failed.path("data").path("quiz").path("passed").asBoolean()).isFalse();
        JsonNode data = completed.path("data");
        assertThat(data.has("course") && data.path("course").isNull()).isTrue();
        assertThat(data.path("screen").path("id").asLong()).isEqualTo(id);
        assertThat(data.path("quiz").path("score").asInt()).isEqualTo(100);
        assertThat(data.path("quiz").path("passPercent").asInt()).isEqualTo(80);
        assertThat(data.path("quiz").path("answers").path(question).get(0).asText())
                .isEqualTo(right);
        assertThat(data.path("tracking").path("identifier").asText()).isEqualTo("learner-1");
        assertThat(data.path("tracking").path("email").isNull()).isTrue();
        assertThat(data.path("tracking").path("completed").asText()).endsWith("Z");
    }

    @Test
    void screenPreviewScoresWithoutEventsAndCourseSessionsHaveNoQuiz() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        long id = quizScreen(key);
        String url = screenUrl(
                key, "/v1/headless/embed/screen", "{\"action\":\"edit\",\"id\":" + id + ",\"identifier\":\"author\"}");
        assertThat(url).contains("/play/screen-editor?w=").contains("#token=");
        String session = CoursePlayerTest.exchange(CoursePlayerTest.token(url))
                .then()
                .statusCode(201)
                .body("mode", equalTo("edit"))
                .extract()
                .jsonPath()
                .getString("session");
        quiz(session, Map.of()).then().statusCode(200).body("score", equalTo(0)).body("passed", equalTo(false));

        long course = CoursePlayerTest.publishedCourse(key, null);
        String courseSession = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + course + ",\"identifier\":\"l\"}"));
        quiz(courseSession, Map.of()).then().statusCode(409).body("error.code", equalTo("CONFLICT"));
    }

    @Test
    void badScreenEmbedsAre400AndOtherWorkspacesScreensAre404() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        long id = quizScreen(key);
        CoursePlayerTest.as(key)
                .body("{\"identifier\":\"a\"}")
                .post("/embed/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("id"));
        // An edit URL may leave id out: the screen editor's layout picker.
        CoursePlayerTest.as(key)
                .body("{\"action\":\"edit\",\"identifier\":\"a\"}")
                .post("/embed/screen")
                .then()
                .statusCode(200);
        CoursePlayerTest.as(key)
                .body("{\"id\":" + id + "}")
                .post("/embed/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("identifier"));
        CoursePlayerTest.as(key)
                .body("{\"id\":" + id + ",\"identifier\":\"a\",\"parentOrigin\":\"https://x.test/path\"}")
                .post("/v1/headless/embed/screen")
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("parentOrigin"));
        CoursePlayerTest.as(TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .body("{\"id\":" + id + ",\"identifier\":\"a\"}")
                .post("/embed/screen")
                .then()
                .statusCode(404);
        CoursePlayerTest.as(key)
                .body("{\"id\":" + id + ",\"identifier\":\"a\",\"clientIdentifier\":\"other\"}")
                .post("/embed/screen")
                .then()
                .statusCode(404);
    }
}
