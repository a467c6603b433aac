package org.courseplatform.courses.internal;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.platform.testing.TestKeys;
import org.courseplatform.platform.testing.TestTokens;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** The internal course API that scorm-service and migration-service use, and only they. */
@QuarkusTest
class InternalCoursesTest {

    @Test
    void aScormCourseIsCreatedRetitledAndNeverEditable() {
        long ws = TestKeys.newWorkspace();
        String service = TestTokens.serviceToken("scorm-service", "course-service");
        long id = given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body(
                        "{\"workspaceId\":" + ws
                                + ",\"identifier\":\"author\",\"clientIdentifier\":\"t1\",\"title\":\"golf.zip\",\"testMode\":false}")
                .post("/internal/v1/courses")
                .then()
                .statusCode(201)
                .body("type", equalTo("scorm"))
                .body("format", nullValue())
                .extract()
                .jsonPath()
                .getLong("id");
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + ",\"title\":\"Golf Explained\"}")
                .put("/internal/v1/courses/" + id + "/title")
                .then()
                .statusCode(200)
                .body("title", equalTo("Golf Explained"));
        String key = TestKeys.enterprise(ws);
        given().header("Authorization", key)
                .get("/v1/headless/courses/" + id)
                .then()
                .statusCode(200)
                .body("title", equalTo("Golf Explained"))
                .body("type", equalTo("scorm"));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(422)
                .body("message", Matchers.containsString("SCORM"));
        given().header("Authorization", key)
                .contentType(ContentType.JSON)
                .body("{\"document\":" + CourseLifecycleTest.BUILDER2 + "}")
                .put("/v1/headless/course/" + id + "/content")
                .then()
                .statusCode(422);
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + (ws + 1) + ",\"title\":\"X\"}")
                .put("/internal/v1/courses/" + id + "/title")
                .then()
                .statusCode(404);
    }

    @Test
    void theDraftIsReplacedOnlyAtTheRevisionRead() {
        long ws = TestKeys.newWorkspace();
        long id = CourseLifecycleTest.importCourse(TestKeys.enterprise(ws), "a", null, CourseLifecycleTest.CLASSIC);
        String service = TestTokens.serviceToken("migration-service", "course-service");
        int revision = given().auth()
                .oauth2(service)
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/" + id)
                .then()
                .statusCode(200)
                .body("format", equalTo("classic"))
                .body("draft.slides.size()", equalTo(3))
                .extract()
                .jsonPath()
                .getInt("revision");
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + ",\"revision\":" + revision + ",\"document\":"
                        + CourseLifecycleTest.BUILDER2 + "}")
                .put("/internal/v1/courses/" + id + "/draft")
                .then()
                .statusCode(200)
                .body("format", equalTo("builder2"))
                .body("revision", equalTo(revision + 1));
        given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body("{\"workspaceId\":" + ws + ",\"revision\":" + revision + ",\"document\":"
                        + CourseLifecycleTest.BUILDER2 + "}")
                .put("/internal/v1/courses/" + id + "/draft")
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"));
    }

    /**
     * scorm-service asks again for the course of one upload when its first call timed out or it
     * died before recording the package: the same course answers, and no second one exists.
     */
    @Test
    void aScormCourseIsMadeOncePerUpload() {
        long ws = TestKeys.newWorkspace();
        String service = TestTokens.serviceToken("scorm-service", "course-service");
        String body = "{\"workspaceId\":" + ws
                + ",\"identifier\":\"author\",\"title\":\"golf\",\"testMode\":false,\"uploadHash\":\"" + "ab".repeat(32)
                + "\"}";
        long first = createScorm(service, body);
        long again = createScorm(service, body);
        assertThat(again).isEqualTo(first);
        // Another workspace's upload of the same hash is another course; no hash, a new course each time.
        long other = createScorm(
                service, body.replace("\"workspaceId\":" + ws, "\"workspaceId\":" + TestKeys.newWorkspace()));
        assertThat(other).isNotEqualTo(first);
        String unkeyed = "{\"workspaceId\":" + ws + ",\"identifier\":\"author\",\"title\":\"golf\",\"testMode\":false}";
        assertThat(createScorm(service, unkeyed)).isNotEqualTo(createScorm(service, unkeyed));
        given().header("Authorization", TestKeys.enterprise(ws))
                .queryParam("title", "golf")
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "3");
    }

    /** A retry sent while the first call is still running (scorm-service timed out on it) waits and gets its course. */
    @Test
    void theCourseOfOneUploadAskedForManyTimesAtOnceIsMadeOnce() throws Exception {
        long ws = TestKeys.newWorkspace();
        String service = TestTokens.serviceToken("scorm-service", "course-service");
        String body = "{\"workspaceId\":" + ws
                + ",\"identifier\":\"author\",\"title\":\"racing\",\"testMode\":false,\"uploadHash\":\""
                + "cd".repeat(32) + "\"}";
        int clients = 6;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Response>> calls = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                calls.add(pool.submit(() -> {
                    go.await();
                    return given().auth()
                            .oauth2(service)
                            .contentType(ContentType.JSON)
                            .body(body)
                            .post("/internal/v1/courses");
                }));
            }
            go.countDown();
            Set<Long> ids = new HashSet<>();
            for (Future<Response> call : calls) {
                Response answer = call.get();
                assertThat(answer.statusCode()).isEqualTo(201);
                ids.add(answer.jsonPath().getLong("id"));
            }
            assertThat(ids).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        given().header("Authorization", TestKeys.enterprise(ws))
                .queryParam("title", "racing")
                .get("/v1/headless/courses")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1");
    }

    private static long createScorm(String service, String body) {
        return given().auth()
                .oauth2(service)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/internal/v1/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    @Test
    void internalCallsNeedAServiceToken() {
        given().header("Authorization", TestKeys.enterprise(TestKeys.newWorkspace()))
                .queryParam("workspaceId", 1)
                .get("/internal/v1/courses/1")
                .then()
                .statusCode(403);
        given().queryParam("workspaceId", 1)
                .get("/internal/v1/courses/1")
                .then()
                .statusCode(401);
    }

    @Test
    void onlyScormServiceAndMigrationServiceMayCall() {
        long ws = TestKeys.newWorkspace();
        for (String caller : new String[] {"scorm-service", "migration-service"}) {
            given().auth()
                    .oauth2(TestTokens.serviceToken(caller, "course-service"))
                    .queryParam("workspaceId", ws)
                    .get("/internal/v1/courses/987654321")
                    .then()
                    .statusCode(404);
        }
        for (String other : new String[] {"members-service", "webhook-dispatcher", "course-service"}) {
            given().auth()
                    .oauth2(TestTokens.serviceToken(other, "course-service"))
                    .queryParam("workspaceId", ws)
                    .get("/internal/v1/courses/987654321")
                    .then()
                    .statusCode(401)
                    .body("error.code", equalTo("UNAUTHORIZED"));
        }
        // agent-gateway's tokens are accepted, but only to act for agents on the public API.
        given().auth()
                .oauth2(TestTokens.serviceToken("agent-gateway", "course-service"))
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/987654321")
                .then()
                .statusCode(403)
                .body("error.code", equalTo("FORBIDDEN"));
        // A listed caller's name on a token signed with another service's key, or a key no service has.
        given().auth()
                .oauth2(TestTokens.sign(
                        "webhook-dispatcher", "migration-service", "service", "course-service", Map.of()))
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/987654321")
                .then()
                .statusCode(401);
        given().auth()
                .oauth2(TestTokens.signWithUnknownKey("migration-service", "service", "course-service", Map.of()))
                .queryParam("workspaceId", ws)
                .get("/internal/v1/courses/987654321")
                .then()
                .statusCode(401);
    }
}
