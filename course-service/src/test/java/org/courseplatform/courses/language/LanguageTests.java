package org.courseplatform.courses.language;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import org.courseplatform.courses.course.CourseLifecycleTest;

/** Helpers of the translation and narration tests: courses, jobs and drafts over the API. */
final class LanguageTests {

    static final ObjectMapper MAPPER = new ObjectMapper();

    /** Golf basics: 11 translatable strings, 3 of them translated into fr by hand. */
    static final String BUILDER2 = CourseLifecycleTest.BUILDER2;

    private LanguageTests() {}

    static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    static long importCourse(String key, String tenant, String document) {
        return CourseLifecycleTest.importCourse(key, "author", tenant, document);
    }

    static long translate(String key, long courseId, String body) {
        return as(key).body(body)
                .post("/v1/headless/course/" + courseId + "/translations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getLong("id");
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
                    job[0] = MAPPER.readTree(r.asString());
                    String status = job[0].path("status").asText();
                    return status.equals("succeeded") || status.equals("failed");
                });
        return job[0];
    }

    /** {document, revision} of the draft. */
    static JsonNode draft(String key, long courseId) throws Exception {
        return MAPPER.readTree(as(key).get("/v1/headless/course/" + courseId + "/content")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }
}
