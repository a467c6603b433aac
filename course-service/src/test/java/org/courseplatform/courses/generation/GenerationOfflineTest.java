package org.courseplatform.courses.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.courseplatform.courses.generation.GenerationTests.DEPRECATED;
import static org.courseplatform.courses.generation.GenerationTests.EDITOR;
import static org.courseplatform.courses.generation.GenerationTests.GENERATE;
import static org.courseplatform.courses.generation.GenerationTests.as;
import static org.courseplatform.courses.generation.GenerationTests.awaitJob;
import static org.courseplatform.courses.generation.GenerationTests.body;
import static org.courseplatform.courses.generation.GenerationTests.draft;
import static org.courseplatform.courses.generation.GenerationTests.elements;
import static org.courseplatform.courses.generation.GenerationTests.json;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * Course generation with the built-in offline generator (no provider configured): both routes,
 * validation, the document made, course.created, the job, takeover, tenancy and the builder's calls.
 */
@QuarkusTest
class GenerationOfflineTest {

    @Inject
    Pool pool;

    @Test
    void bothRoutesAnswer201WithTheSameDraftCourseAndTheOfflineDocument() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        ObjectNode request = body(6).put("clientIdentifier", "tenant-a").put("language", "fr");

        Response current = as(key).body(request.toString()).post(GENERATE);
        Response deprecated = as(key).body(request.toString()).post(DEPRECATED);

        for (Response r : List.of(current, deprecated)) {
            r.then()
                    .statusCode(201)
                    .body("type", equalTo("course"))
                    .body("format", equalTo("builder2"))
                    .body("identifier", equalTo("author-1"))
                    .body("clientIdentifier", equalTo("tenant-a"))
                    .body("published", equalTo(false))
                    .body("screenCount", equalTo(7))
                    .body("title", equalTo("Workplace fire safety"));
            assertThat(r.header("Location"))
                    .endsWith("/v1/headless/courses/" + r.jsonPath().getLong("id"));
            assertThat(r.jsonPath().getInt("timeEstimateMinutes")).isPositive();
            assertThat(r.jsonPath().getString("description"))
                    .contains("Generated offline")
                    .contains("[Placeholder]");
        }
        long a = current.jsonPath().getLong("id");
        long b = deprecated.jsonPath().getLong("id");
        assertThat(a).isNotEqualTo(b);
        // The same request gives the same course (deterministic), whichever route took it.
        JsonNode first = draft(key, a).path("document");
        assertThat(draft(key, b).path("document")).isEqualTo(first);
        // GET answers the course as the 201 did.
        as(key).get("/v1/headless/courses/" + a).then().statusCode(200).body("title", equalTo("Workplace fire safety"));
        // The old route is documented as deprecated, the new one is not.
        JsonNode openapi = json(RestAssured.given()
                .get("/q/openapi?format=json")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertThat(openapi.at("/paths/~1v1~1headless~1course~1generate/post/deprecated")
                        .asBoolean())
                .isTrue();
        assertThat(openapi.at("/paths/~1v1~1headless~1generate~1course/post/deprecated")
                        .asBoolean())
                .isFalse();
        assertThat(openapi.at("/paths/~1v1~1headless~1generate~1course/post/responses/202")
                        .isObject())
                .isTrue();
    }

    @Test
    void theDocumentHasACoverTheScreensAskedForFlipCardsAndAClosingQuiz() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        as(key).body("{\"name\":\"Safety first\",\"tone\":\"calm\",\"dont\":[\"Use jargon\"]}")
                .put("/v1/headless/brand-voice")
                .then()
                .statusCode(200);
        Response r = as(key).body(body(8).toString()).post(GENERATE);
        r.then().statusCode(201).body("screenCount", equalTo(9));
        long id = r.jsonPath().getLong("id");
        JsonNode document = draft(key, id).path("document");

        // It is a valid Builder 2 document as the service stores any (parsing it again changes nothing).
        assertThat(CourseDocuments.parse(document).document()).isEqualTo(document);
        assertThat(document.path("locale").asText()).isEqualTo("en");
        JsonNode screens = document.path("screens");
        assertThat(screens).hasSize(9);
        // The cover: title, outline of the content screens, the author's notes (incl. the brand voice), time estimate.
        JsonNode cover = screens.get(0);
        assertThat(cover.path("title").asText()).isEqualTo("Workplace fire safety");
        assertThat(cover.toString())
                .contains("In this course")
                .contains("Generated offline")
                .contains("Brand voice")
                .contains("Safety first")
                .contains("Use jargon");
        assertThat(elements(document, "timeEstimate"))
                .singleElement()
                .satisfies(e -> assertThat(e.path("minutes").asInt())
                        .isEqualTo(r.jsonPath().getInt("timeEstimateMinutes")));
        // Content screens titled from the prompt's key phrases, text and flip cards with placeholders.
        assertThat(screens.get(1).path("title").asText()).isEqualTo("Evacuation routes");
        assertThat(screens.get(2).path("title").asText()).isEqualTo("Extinguisher types");
        assertThat(screens.get(3).path("title").asText()).isEqualTo("Reporting hazards");
        assertThat(screens.get(1).toString())
                .contains("[Placeholder]")
                .contains("new warehouse staff")
                .contains("define every term")
                .contains("friendly");
        assertThat(elements(document, "flipcard")).isNotEmpty().allSatisfy(card -> {
            assertThat(card.path("title").asText()).isNotBlank();
            assertThat(card.path("cardBack").asText()).contains("[Placeholder]");
        });
        // The quiz: cover, question screen and results as one group; answers with correct flags and feedback.
        assertThat(screens.get(6).path("group").path("role").asText()).isEqualTo("cover");
        assertThat(screens.get(7).path("type").asText()).isEqualTo("blocksQuiz");
        assertThat(screens.get(7).path("group").path("role").asText()).isEqualTo("question");
        assertThat(screens.get(8).path("group").path("role").asText()).isEqualTo("results");
        List<JsonNode> questions = elements(document, "question");
        assertThat(questions).hasSize(5).allSatisfy(q -> {
            assertThat(q.path("answers")).hasSizeGreaterThanOrEqualTo(2);
            assertThat(q.path("answers").findValues("correct")).anyMatch(JsonNode::booleanValue);
            assertThat(q.path("feedback").asText()).isNotBlank();
        });
        assertThat(elements(document, "quizResults"))
                .singleElement()
                .satisfies(e -> assertThat(e.path("passPercent").asInt()).isEqualTo(80));
    }

    @Test
    void everyScreenCountFromOneToTheMaximumMakesAValidCourseWithAQuiz() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        for (int n : new int[] {1, 2, 3, 4, 7, 40}) {
            long started = System.nanoTime();
            Response r = as(key).body(body(n).toString()).post(GENERATE);
            long millis = (System.nanoTime() - started) / 1_000_000;
            r.then().statusCode(201).body("screenCount", equalTo(n + 1));
            Log.infof("Offline generation of %d screens answered 201 in %d ms (request to answer)", n, millis);
            JsonNode document = draft(key, r.jsonPath().getLong("id")).path("document");
            assertThat(document.path("screens")).hasSize(n + 1);
            assertThat(elements(document, "question")).isNotEmpty();
            assertThat(elements(document, "quizResults")).hasSize(1);
            if (n >= 3) {
                assertThat(elements(document, "flipcard")).isNotEmpty();
                assertThat(elements(document, "text")).isNotEmpty();
            }
        }
    }

    @Test
    void courseCreatedCarriesTheKeysTestModeAndTheJobShowsTheCourse() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "test");
        Response r = as(key).body(body(3).toString()).post(GENERATE);
        r.then().statusCode(201);
        long id = r.jsonPath().getLong("id");

        List<ConsumerRecord<String, String>> records = TestKafka.readUntil(
                "course-events",
                all -> all.stream().anyMatch(e -> e.value().contains("\"subject\":\"" + id + "\"")),
                Duration.ofSeconds(30));
        JsonNode event = records.stream()
                .filter(e -> e.value().contains("\"subject\":\"" + id + "\""))
                .map(e -> json(e.value()))
                .findFirst()
                .orElseThrow();
        assertThat(event.path("type").asText()).isEqualTo("course.created");
        assertThat(event.path("testmode").asBoolean()).isTrue();
        assertThat(event.path("data").path("course").path("identifier").asText())
                .isEqualTo("author-1");
        assertThat(event.path("data").path("course").path("type").asText()).isEqualTo("course");

        long jobId = GenerationTests.jobOfCourse(pool, id);
        as(key).get("/v1/headless/jobs/" + jobId)
                .then()
                .statusCode(200)
                .body("type", equalTo("generation"))
                .body("status", equalTo("succeeded"))
                .body("courseId", equalTo((int) id))
                .body("locale", equalTo("en"))
                .body("result.provider", equalTo("built-in"))
                .body("result.screens", equalTo(4))
                .body("error", nullValue());
    }

    private static JsonNode json(String text) {
        try {
            return GenerationTests.MAPPER.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyBadFieldIs400NamingItAndNothingIsQueued() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        for (String path : List.of(GENERATE, DEPRECATED)) {
            as(key).body("{}")
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("error.code", equalTo("BAD_REQUEST"))
                    .body(
                            "details.field",
                            hasItems("prompt", "audience", "familiarity", "tone", "screenCount", "identifier"));
            as(key).body("").post(path).then().statusCode(400);
            as(key).body("null").post(path).then().statusCode(400);
            as(key).body("[1]").post(path).then().statusCode(400);
            as(key).body("{\"prompt\":").post(path).then().statusCode(400);
            as(key).body(body(3).put("screenCount", 0).toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("screenCount"));
            as(key).body(body(3).put("screenCount", 41).toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details[0].message", equalTo("must be from 1 to 40"));
            as(key).body(body(3).put("screenCount", "5").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("screenCount"));
            as(key).body(body(3).put("screenCount", 2.5).toString())
                    .post(path)
                    .then()
                    .statusCode(400);
            as(key).body(body(3).put("screenCount", 99999999999L).toString())
                    .post(path)
                    .then()
                    .statusCode(400);
            as(key).body(body(3).putNull("screenCount").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("screenCount"));
            as(key).body(body(3).put("prompt", 42).toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("prompt"));
            as(key).body(body(3).putNull("tone").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("tone"));
            as(key).body(body(3).put("audience", "  ").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("audience"));
            as(key).body(body(3).put("prompt", "x".repeat(4001)).toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("prompt"));
            as(key).body(body(3).put("familiarity", "x".repeat(2_000_000)).toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("familiarity"));
            as(key).body(body(3).put("language", "French!").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("language"));
            as(key).body(body(3).put("language", "a".repeat(5000)).toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("language"));
            as(key).body(body(3).put("identifier", "").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("identifier"));
            as(key).body(body(3).put("clientIdentifier", "").toString())
                    .post(path)
                    .then()
                    .statusCode(400)
                    .body("details.field", hasItem("clientIdentifier"));
            as(key).body(body(3).put("surprise", true).toString())
                    .post(path)
                    .then()
                    .statusCode(400);
            as(key).contentType(ContentType.TEXT)
                    .body("prompt")
                    .post(path)
                    .then()
                    .statusCode(415);
        }
        assertThat(GenerationTests.courseCount(key)).isZero();
        RestAssured.given()
                .contentType(ContentType.JSON)
                .body(body(3).toString())
                .post(GENERATE)
                .then()
                .statusCode(401);
        String starter = TestKeys.header(TestKeys.newWorkspace(), "starter", "", "", "live");
        as(starter).body(body(3).toString()).post(GENERATE).then().statusCode(403);
    }

    @Test
    void aJobIsSeenOnlyFromItsWorkspaceAndTenant() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = as(key).body(body(2).put("clientIdentifier", "tenant-a").toString())
                .post(GENERATE)
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
        long jobId = GenerationTests.jobOfCourse(pool, id);

        as(key).get("/v1/headless/jobs/" + jobId).then().statusCode(200);
        as(key).get("/v1/headless/jobs/" + jobId + "?clientIdentifier=tenant-a")
                .then()
                .statusCode(200);
        as(key).get("/v1/headless/jobs/" + jobId + "?clientIdentifier=tenant-b")
                .then()
                .statusCode(404);
        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        as(other).get("/v1/headless/jobs/" + jobId).then().statusCode(404);
        as(other).get("/v1/headless/courses/" + id).then().statusCode(404);
    }

    @Test
    void aGenerationJobWhoseInstanceDiedIsTakenOverAndMakesItsCourse() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        // As an instance that claimed the job and then stopped leaves it: running, lease ended, no course.
        long jobId = pool.preparedQuery("""
                insert into language_job (type, status, locale, params, attempts, lease_token, locked_until, started_at,
                    workspace_id, client_identifier, identifier)
                values ('generation', 'running', 'de', cast($1 as text)::jsonb, 1, gen_random_uuid(),
                    now() - interval '1 minute', now() - interval '3 minutes', $2, 'tenant-x', 'owner-x')
                returning id""")
                .execute(Tuple.of(
                        "{\"prompt\":\"Knife skills: grip, claw, rocking cut\","
                                + "\"audience\":\"home cooks\",\"familiarity\":\"some\",\"tone\":\"playful\",\"screenCount\":4}",
                        ws))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getLong("id");
        as(key).get("/v1/headless/jobs/" + jobId)
                .then()
                .statusCode(200)
                .body("courseId", nullValue())
                .body("type", equalTo("generation"));

        JsonNode job = awaitJob(key, jobId);

        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("succeeded");
        long courseId = job.path("courseId").asLong();
        as(key).get("/v1/headless/courses/" + courseId)
                .then()
                .statusCode(200)
                .body("identifier", equalTo("owner-x"))
                .body("clientIdentifier", equalTo("tenant-x"))
                .body("screenCount", equalTo(5))
                .body("title", equalTo("Knife skills"));
        assertThat(draft(key, courseId).path("document").path("locale").asText())
                .isEqualTo("de");
        int attempts = pool.preparedQuery("select attempts from language_job where id = $1")
                .execute(Tuple.of(jobId))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getInteger("attempts");
        assertThat(attempts).isEqualTo(2);
    }

    @Test
    void theBuilderGeneratesTheSessionsCourseAndOpensIt() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        String session = editSession(
                key,
                "{\"action\":\"edit\",\"identifier\":\"author-9\",\"clientIdentifier\":\"t9\"," + "\"flow\":\"ai\"}");
        // The same rules as the API: every field named.
        editor(session)
                .body("{\"prompt\":\"\",\"screenCount\":50}")
                .post(EDITOR + "/generate")
                .then()
                .statusCode(400)
                .body("details.field", hasItems("prompt", "audience", "familiarity", "tone", "screenCount"));
        editor(session)
                .body("{\"identifier\":\"someone-else\"}")
                .post(EDITOR + "/generate")
                .then()
                .statusCode(400);

        Response generated = editor(session)
                .body(Map.of(
                        "prompt",
                        "Budgeting basics: income, fixed costs, savings goals",
                        "audience",
                        "students",
                        "familiarity",
                        "new",
                        "tone",
                        "encouraging",
                        "screenCount",
                        5,
                        "language",
                        "es"))
                .post(EDITOR + "/generate");
        generated.then().statusCode(201).body("type", equalTo("generation")).body("status", equalTo("succeeded"));
        long jobId = generated.jsonPath().getLong("id");
        long courseId = generated.jsonPath().getLong("courseId");
        editor(session)
                .get(EDITOR + "/generate/" + jobId)
                .then()
                .statusCode(200)
                .body("courseId", equalTo((int) courseId));
        // The session is bound to the new course: the builder opens it.
        editor(session)
                .get(EDITOR + "/course")
                .then()
                .statusCode(200)
                .body("course.id", equalTo((int) courseId))
                .body("course.identifier", equalTo("author-9"))
                .body("course.clientIdentifier", equalTo("t9"))
                .body("document.locale", equalTo("es"))
                .body("course.screenCount", equalTo(6));
        // Once it has a course, the session cannot generate another.
        editor(session)
                .body(Map.of("prompt", "p", "audience", "a", "familiarity", "f", "tone", "t", "screenCount", 1))
                .post(EDITOR + "/generate")
                .then()
                .statusCode(409);
        // Another session does not see the job; no session is 401.
        String other =
                editSession(key, "{\"action\":\"edit\",\"identifier\":\"author-9\",\"clientIdentifier\":\"t9\"}");
        editor(other).get(EDITOR + "/generate/" + jobId).then().statusCode(404);
        editor(other).get(EDITOR + "/generate/abc").then().statusCode(400);
        RestAssured.given()
                .contentType(ContentType.JSON)
                .body("{}")
                .post(EDITOR + "/generate")
                .then()
                .statusCode(401)
                .body("error.reason", equalTo("session"));
    }

    static String editSession(String key, String embedBody) {
        String url = as(key).body(embedBody)
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String token = url.substring(url.indexOf("#token=") + 7);
        return RestAssured.given()
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "intent", "edit"))
                .post("/v1/headless/player/sessions")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("session");
    }

    static RequestSpecification editor(String session) {
        return RestAssured.given().header("X-Player-Session", session).contentType(ContentType.JSON);
    }
}
