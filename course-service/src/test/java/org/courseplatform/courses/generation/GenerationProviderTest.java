package org.courseplatform.courses.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.generation.GenerationTests.GENERATE;
import static org.courseplatform.courses.generation.GenerationTests.as;
import static org.courseplatform.courses.generation.GenerationTests.body;
import static org.courseplatform.courses.generation.GenerationTests.courseCount;
import static org.courseplatform.courses.generation.GenerationTests.draft;
import static org.courseplatform.courses.generation.GenerationTests.elements;
import static org.courseplatform.courses.generation.GenerationTests.generateAndWait;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.util.List;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.courses.generation.FakeCourseModel.Behaviour;
import org.courseplatform.platform.testing.TestKeys;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Generation through an OpenAI-compatible provider (a local server speaking chat completions):
 * the request sent, the course made from the answer, repairs, retries of invalid, slow and failing
 * answers, and failures that leave no course.
 */
@QuarkusTest
@TestProfile(GenerationProviderProfile.class)
class GenerationProviderTest {

    @Inject
    Pool pool;

    @BeforeEach
    void reset() {
        FakeCourseModel.reset();
    }

    @Test
    void theModelsAnswerBecomesACourseOfThePlanInTheLanguageAndVoiceAsked() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        as(key).body("{\"name\":\"Safety first\",\"tone\":\"calm\",\"dont\":[\"Use jargon\"]}")
                .put("/v1/headless/brand-voice")
                .then()
                .statusCode(200);

        JsonNode job = generateAndWait(pool, key, GENERATE, body(5).put("language", "fr"));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.path("result").path("provider").asText()).isEqualTo("openai-compatible");
        long courseId = job.path("courseId").asLong();
        JsonNode document = draft(key, courseId).path("document");
        assertThat(CourseDocuments.parse(document).document()).isEqualTo(document);
        assertThat(document.path("title").asText()).isEqualTo("Fire safety at work");
        assertThat(document.path("locale").asText()).isEqualTo("fr");
        assertThat(document.path("screens")).hasSize(6);
        assertThat(document.at("/screens/1/title").asText()).isEqualTo("Topic 1");
        assertThat(elements(document, "flipcard"))
                .extracting(e -> e.path("title").asText())
                .contains("Class A", "Class B");
        assertThat(elements(document, "question")).hasSize(3);
        assertThat(elements(document, "timeEstimate"))
                .singleElement()
                .satisfies(e -> assertThat(e.path("minutes").asInt()).isEqualTo(17));
        as(key).get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200)
                .body("timeEstimateMinutes", Matchers.equalTo(17))
                .body("identifier", Matchers.equalTo("author-1"));

        // One request: the configured model, structured output with the course's schema, the key,
        // the plan, and the audience, familiarity, tone, language and brand voice in the instructions.
        assertThat(FakeCourseModel.REQUESTS).hasSize(1);
        JsonNode request = FakeCourseModel.REQUESTS.get(0);
        assertThat(request.path("model").asText()).isEqualTo("fake-course-model");
        assertThat(request.at("/response_format/type").asText()).isEqualTo("json_schema");
        assertThat(request.at("/response_format/json_schema/strict").asBoolean())
                .isTrue();
        assertThat(request.at("/response_format/json_schema/schema/required").toString())
                .contains("screens", "quiz");
        assertThat(request.at("/messages/0/content").asText())
                .contains("language tagged fr")
                .contains("new warehouse staff")
                .contains("new to the topic")
                .contains("Tone: friendly")
                .contains("brand voice (Safety first)")
                .contains("Don't: Use jargon");
        JsonNode asked = GenerationTests.MAPPER.readTree(
                request.at("/messages/1/content").asText());
        assertThat(asked.path("screens").findValuesAsText("kind")).containsExactly("text", "flipcards", "text");
        assertThat(asked.path("questions").asInt()).isEqualTo(3);
        assertThat(FakeCourseModel.AUTHORIZATIONS).allMatch(a -> a.equals("Bearer " + FakeCourseModel.API_KEY));
    }

    @Test
    void anAnswerThatIsNotJsonIsAskedForAgain() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.SCRIPT.add(Behaviour.MALFORMED);

        JsonNode job = generateAndWait(pool, key, GENERATE, body(2));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(FakeCourseModel.REQUESTS).hasSize(2);
    }

    @Test
    void aRepairableAnswerIsRepairedNotRefused() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.SCRIPT.add(Behaviour.REPAIRABLE);

        JsonNode job = generateAndWait(pool, key, GENERATE, body(4));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(FakeCourseModel.REQUESTS).hasSize(1);
        JsonNode document = draft(key, job.path("courseId").asLong()).path("document");
        assertThat(document.path("title").asText()).isEqualTo("Fire safety at work");
        assertThat(document.path("screens")).hasSize(5);
        assertThat(document.toString())
                .doesNotContain("<script")
                .doesNotContain("extra screen")
                .contains("&amp; routes");
        List<JsonNode> questions = elements(document, "question");
        assertThat(questions).hasSize(2).allSatisfy(q -> {
            assertThat(q.path("answers")).hasSize(6);
            assertThat(q.path("answers").get(0).path("correct").asBoolean()).isTrue();
            assertThat(q.path("answers").get(1).path("correct").asBoolean()).isFalse();
        });
    }

    @Test
    void aSlowAnswerIsAbandonedAndAskedForAgain() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.SCRIPT.addAll(List.of(Behaviour.SLOW, Behaviour.UNAVAILABLE));

        JsonNode job = generateAndWait(pool, key, GENERATE, body(3));

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(FakeCourseModel.REQUESTS).hasSize(3);
    }

    @Test
    void answersOfTheWrongShapeOrTooFewScreensFailTheJobWithInvalidOutputAndNoCourse() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.SCRIPT.addAll(List.of(Behaviour.WRONG_SHAPE, Behaviour.TOO_FEW_SCREENS, Behaviour.WRONG_SHAPE));

        JsonNode job = generateAndWait(pool, key, GENERATE, body(5));

        assertThat(job.path("status").asText()).isEqualTo("failed");
        assertThat(job.path("courseId").isNull()).isTrue();
        assertThat(job.path("error").path("code").asText()).isEqualTo("INVALID_OUTPUT");
        assertThat(job.path("error").path("message").asText()).contains("no screens array");
        assertThat(FakeCourseModel.REQUESTS).hasSize(3);
        assertThat(courseCount(key)).isZero();
    }

    @Test
    void aProviderThatKeepsFailingFailsTheJobClearlyAndMakesNoCourse() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.always = Behaviour.UNAVAILABLE;

        JsonNode job = generateAndWait(pool, key, GENERATE, body(3));

        assertThat(job.path("status").asText()).isEqualTo("failed");
        assertThat(job.path("error").path("code").asText()).isEqualTo("PROVIDER_UNAVAILABLE");
        assertThat(job.path("error").path("message").asText())
                .contains("provider failed")
                .contains("HTTP 503");
        assertThat(job.path("courseId").isNull()).isTrue();
        assertThat(FakeCourseModel.REQUESTS).hasSize(3);
        assertThat(courseCount(key)).isZero();
    }

    @Test
    void aProviderThatNeverAnswersInTimeFailsTheJobWithProviderTimeout() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.always = Behaviour.SLOW;

        JsonNode job = generateAndWait(pool, key, GENERATE, body(1));

        assertThat(job.path("status").asText()).isEqualTo("failed");
        assertThat(job.path("error").path("code").asText()).isEqualTo("PROVIDER_TIMEOUT");
        assertThat(job.path("error").path("message").asText()).contains("did not answer in time");
        assertThat(courseCount(key)).isZero();
    }

    @Test
    void aRefusedRequestIsNotRetriedAndSaysToCheckTheConfiguration() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        FakeCourseModel.always = Behaviour.REJECTED;

        JsonNode job = generateAndWait(pool, key, GENERATE, body(2));

        assertThat(job.path("status").asText()).isEqualTo("failed");
        assertThat(job.path("error").path("code").asText()).isEqualTo("PROVIDER_REJECTED");
        assertThat(FakeCourseModel.REQUESTS).hasSize(1);
        assertThat(courseCount(key)).isZero();
    }
}
