package org.courseplatform.migrations;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Failure injection: course-service cannot be reached (a port nothing listens on). */
@QuarkusTest
@TestProfile(MigrationsUnavailableTest.Unreachable.class)
class MigrationsUnavailableTest {

    public static class Unreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "quarkus.rest-client.courses.url",
                    "http://127.0.0.1:9",
                    "migrations.worker.max-attempts",
                    "2",
                    "migrations.worker.retry-delay",
                    "0S");
        }
    }

    @Test
    void aSingleCourseAnswers503() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        given().header("Authorization", key)
                .post("/v1/headless/course/5/migrate")
                .then()
                .statusCode(503)
                .body("error.code", equalTo("UNAVAILABLE"))
                .body("message", equalTo("course-service is not available; try again"));
    }

    @Test
    void batchItemsAreRetriedThenFailedAndTheBatchStillCompletes() {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        String id = MigrationsTest.as(key)
                .body(MigrationsTest.ids(5, 6))
                .post("/v1/headless/course-migrations")
                .then()
                .statusCode(202)
                .extract()
                .jsonPath()
                .getString("id");
        JsonPath done = MigrationsTest.awaitBatch(key, id);
        assertThat(done.getString("status")).isEqualTo("completed_with_errors");
        assertThat(done.getList("items.status")).containsOnly("failed");
        assertThat(done.getList("items.reason")).containsOnly("unavailable");
        assertThat(done.getList("items.error", String.class))
                .allSatisfy(error -> assertThat(error).startsWith("course-service could not be reached"));
        assertThat(done.getInt("counts.failed")).isEqualTo(2);
    }
}
