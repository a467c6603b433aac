package org.courseplatform.courses.generation;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Helpers of the generation tests: requests, jobs, drafts and the documents' structure. */
final class GenerationTests {

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final String GENERATE = "/v1/headless/generate/course";
    static final String DEPRECATED = "/v1/headless/course/generate";
    static final String EDITOR = "/v1/headless/player/editor";

    private GenerationTests() {}

    static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    /** A valid request body for {@code screenCount} screens. */
    static ObjectNode body(int screenCount) {
        return MAPPER.createObjectNode()
                .put(
                        "prompt",
                        "Create a course about workplace fire safety for new warehouse staff, covering evacuation "
                                + "routes, extinguisher types and reporting hazards.")
                .put("audience", "new warehouse staff")
                .put("familiarity", "new to the topic")
                .put("tone", "friendly")
                .put("screenCount", screenCount)
                .put("identifier", "author-1");
    }

    static JsonNode json(Response response) {
        try {
            return MAPPER.readTree(response.asString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits until the job has ended (succeeded or failed) and answers it. */
    static JsonNode awaitJob(String key, long jobId) {
        JsonNode[] job = new JsonNode[1];
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    Response r = as(key).get("/v1/headless/jobs/" + jobId);
                    if (r.statusCode() != 200) {
                        return false;
                    }
                    job[0] = json(r);
                    String status = job[0].path("status").asText();
                    return status.equals("succeeded") || status.equals("failed");
                });
        return job[0];
    }

    /** The id of the job that made a course. */
    static long jobOfCourse(Pool pool, long courseId) {
        return pool.preparedQuery("select id from language_job where course_id = $1 and type = 'generation'")
                .execute(Tuple.of(courseId))
                .await()
                .atMost(Duration.ofSeconds(5))
                .iterator()
                .next()
                .getLong("id");
    }

    /**
     * Generates and answers the ended job, whichever way the request answered: 201 (the course;
     * its job found by course), 202 (the job, followed) or 503 (failed within the wait; the job in
     * Location). Answers never depend on timing in the tests that use this.
     */
    static JsonNode generateAndWait(Pool pool, String key, String path, JsonNode body) {
        Response response = as(key).body(body.toString()).post(path);
        int status = response.statusCode();
        assertThat(status).as(response.asString()).isIn(201, 202, 503);
        if (status == 201) {
            return awaitJob(key, jobOfCourse(pool, json(response).path("id").asLong()));
        }
        String location = response.header("Location");
        assertThat(location).as(response.asString()).contains("/v1/headless/jobs/");
        if (status == 503) {
            assertThat(json(response).path("error").path("code").asText()).isEqualTo("UNAVAILABLE");
        }
        return awaitJob(key, Long.parseLong(location.substring(location.lastIndexOf('/') + 1)));
    }

    /** {document, revision} of the draft. */
    static JsonNode draft(String key, long courseId) {
        return json(as(key).get("/v1/headless/course/" + courseId + "/content")
                .then()
                .statusCode(200)
                .extract()
                .response());
    }

    /** Every element of a type in the document, in order. */
    static List<JsonNode> elements(JsonNode document, String type) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode screen : document.path("screens")) {
            for (JsonNode element : screen.path("elements")) {
                if (type.equals(element.path("type").asText())) {
                    found.add(element);
                }
            }
        }
        return found;
    }

    /** How many courses the workspace has (all tenants). */
    static int courseCount(String key) {
        return Integer.parseInt(as(key).get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .extract()
                .header("X-Total-Count"));
    }
}
