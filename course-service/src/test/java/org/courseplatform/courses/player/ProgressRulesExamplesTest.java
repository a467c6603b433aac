package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The player's progress and grading rules, held to the examples that also hold the pages' copy of
 * them (src/lib/progressRules.js, which the SCO runtime applies without the service; Vitest runs
 * the same file against it): each example is a published course and one learner's new session
 * writing progress in order, and after each write the progress answer's percent, completion,
 * score, pass and per-question grading are the example's.
 */
@QuarkusTest
class ProgressRulesExamplesTest {

    static final Path EXAMPLES = Path.of("src/main/webui/test/progress-rules.examples.json");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ANSWER_FIELDS = List.of("percent", "completed", "score", "passed");

    static Stream<Arguments> examples() throws IOException {
        JsonNode cases = JSON.readTree(EXAMPLES.toFile()).path("cases");
        assertThat(cases.size()).as("examples in " + EXAMPLES).isGreaterThan(10);
        return StreamSupport.stream(cases.spliterator(), false)
                .map(example -> Arguments.of(example.path("name").asText(), example));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void theProgressAnswerIsTheExamples(String name, JsonNode example) throws IOException {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "test");
        long id = CourseLifecycleTest.importCourse(
                key, "author", "t1", example.path("document").toString());
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        String session = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"learner-1\"}"));
        int n = 0;
        for (JsonNode write : example.path("writes")) {
            String after = "after write " + ++n;
            ObjectNode body = JSON.createObjectNode()
                    .put("screenIndex", write.path("screenIndex").asInt())
                    .put("visibleSeconds", 1);
            if (write.has("answers")) {
                body.set("answers", write.get("answers"));
            }
            String answer = CoursePlayerTest.progress(session, body.toString())
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            JsonNode progress = JSON.readTree(answer).path("progress");
            JsonNode expect = write.path("expect");
            assertThat(progress.path("screenIndex").asInt())
                    .as(after)
                    .isEqualTo(write.path("screenIndex").asInt());
            for (String field : ANSWER_FIELDS) {
                assertThat(valueOf(progress.get(field)))
                        .as(after + ": " + field)
                        .isEqualTo(expect.get(field));
            }
            if (expect.has("right")) {
                JsonNode right = expect.get("right");
                assertThat(names(progress.path("results")))
                        .as(after + ": the graded questions")
                        .isEqualTo(names(right));
                right.properties()
                        .forEach(question -> assertThat(progress.path("results")
                                        .path(question.getKey())
                                        .path("correct")
                                        .asBoolean())
                                .as(after + ": " + question.getKey() + " right")
                                .isEqualTo(question.getValue().asBoolean()));
            }
        }
    }

    /** A field the answer leaves out is null, as the examples write it. */
    private static JsonNode valueOf(JsonNode node) {
        return node == null ? NullNode.getInstance() : node;
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        names.sort(null);
        return names;
    }
}
