package org.courseplatform.courses.analytics;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.function.Predicate;
import org.courseplatform.courses.collection.CollectionsTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKafka;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/** Course analytics from the projection fed by the native player's and hosted SCORM's events. */
@QuarkusTest
public class CourseAnalyticsTest {

    public static JsonPath analytics(String key, long courseId, Predicate<JsonPath> ready) throws InterruptedException {
        JsonPath answer = null;
        for (int i = 0; i < 150; i++) {
            answer = given().header("Authorization", key)
                    .get("/v1/headless/course/" + courseId + "/analytics")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (ready.test(answer)) {
                return answer;
            }
            Thread.sleep(200);
        }
        return answer;
    }

    @Test
    void nativeLearnersGiveCompletionTimesQuizOutcomeAndWhereTheyStopped() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        String passer = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"l1\"}"));
        CoursePlayerTest.progress(passer, "{\"screenIndex\":0,\"visibleSeconds\":10}")
                .then()
                .statusCode(200);
        CoursePlayerTest.progress(passer, "{\"screenIndex\":1,\"visibleSeconds\":20,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true));
        String failer = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"l2\"}"));
        CoursePlayerTest.progress(failer, "{\"screenIndex\":1,\"visibleSeconds\":60,\"answers\":{\"q1\":[\"a2\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true));
        String stopper = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"l3\"}"));
        CoursePlayerTest.progress(stopper, "{\"screenIndex\":0,\"visibleSeconds\":5}")
                .then()
                .statusCode(200);

        JsonPath a =
                analytics(key, id, j -> j.getInt("learners.commenced") == 3 && j.getInt("learners.completed") == 2);
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        assertThat(a.getLong("courseId")).isEqualTo(id);
        assertThat(a.getString("to")).isEqualTo(today);
        assertThat(a.getString("from"))
                .isEqualTo(LocalDate.now(ZoneOffset.UTC).minusDays(29).toString());
        assertThat(a.getInt("learners.commenced")).isEqualTo(3);
        assertThat(a.getInt("learners.completed")).isEqualTo(2);
        assertThat(a.getDouble("completionRate")).isEqualTo(0.6667);
        assertThat(a.getDouble("timeToComplete.meanSeconds")).isEqualTo(45.0);
        assertThat(a.getDouble("timeToComplete.medianSeconds")).isEqualTo(45.0);
        assertThat(a.getInt("quiz.attempts")).isEqualTo(2);
        assertThat(a.getInt("quiz.passed")).isEqualTo(1);
        assertThat(a.getDouble("quiz.passRate")).isEqualTo(0.5);
        assertThat(a.getList("screens")).hasSize(2);
        assertThat(a.getString("screens[0].screenId")).isEqualTo("s1");
        assertThat(a.getString("screens[0].title")).isEqualTo("Welcome");
        assertThat(a.getInt("screens[0].reached")).isEqualTo(3);
        assertThat(a.getInt("screens[0].stoppedHere")).isEqualTo(1);
        assertThat(a.getInt("screens[1].index")).isEqualTo(1);
        assertThat(a.getInt("screens[1].reached")).isEqualTo(2);
        assertThat(a.getInt("screens[1].stoppedHere")).isEqualTo(0);

        // Another range has nobody; a test key sees the test-mode learners only (none).
        String yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
        given().header("Authorization", key)
                .queryParam("from", yesterday)
                .queryParam("to", yesterday)
                .get("/v1/headless/course/" + id + "/analytics")
                .then()
                .statusCode(200)
                .body("learners.commenced", equalTo(0))
                .body("completionRate", nullValue())
                .body("timeToComplete.meanSeconds", nullValue())
                .body("screens[0].reached", equalTo(0));
        given().header("Authorization", TestKeys.header(ws, "build", "", "", "test"))
                .get("/v1/headless/course/" + id + "/analytics")
                .then()
                .statusCode(200)
                .body("learners.commenced", equalTo(0));
    }

    @Test
    void aCollectionCountsTheLearnersWhoPlayedItsCoursesWithinIt() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long first = CoursePlayerTest.publishedCourse(key, null);
        long second = CoursePlayerTest.publishedCourse(key, null);
        JsonNode path = CollectionsTest.collection(key, null, second, first);
        long pathId = path.path("id").asLong();
        // Two learners in the path: one finishes the first course, one only starts it; a third plays standalone.
        String done = CoursePlayerTest.session(CoursePlayerTest.embed(
                key,
                "{\"courseId\":" + first + ",\"identifier\":\"p1\"," + "\"collection\":" + CollectionsTest.ref(path)
                        + "}"));
        CoursePlayerTest.progress(done, "{\"screenIndex\":1,\"visibleSeconds\":30,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true));
        String started = CoursePlayerTest.session(CoursePlayerTest.embed(
                key,
                "{\"courseId\":" + first + ",\"identifier\":\"p2\"," + "\"collection\":" + CollectionsTest.ref(path)
                        + "}"));
        CoursePlayerTest.progress(started, "{\"screenIndex\":0,\"visibleSeconds\":5}")
                .then()
                .statusCode(200);
        String alone = CoursePlayerTest.session(
                CoursePlayerTest.embed(key, "{\"courseId\":" + first + ",\"identifier\":\"s1\"}"));
        CoursePlayerTest.progress(alone, "{\"screenIndex\":1,\"visibleSeconds\":9,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200);
        analytics(key, first, j -> j.getInt("learners.commenced") == 3 && j.getInt("learners.completed") == 2);

        JsonPath a = null;
        for (int i = 0; i < 150; i++) {
            a = given().header("Authorization", key)
                    .get("/v1/headless/collections/" + pathId + "/analytics")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (a.getInt("learners.commenced") == 2) {
                break;
            }
            Thread.sleep(200);
        }
        assertThat(a.getLong("collectionId")).isEqualTo(pathId);
        assertThat(a.getString("key")).isEqualTo(path.path("key").asText());
        assertThat(a.getInt("learners.commenced")).isEqualTo(2);
        assertThat(a.getInt("learners.completed")).isEqualTo(1);
        assertThat(a.getDouble("completionRate")).isEqualTo(0.5);
        assertThat(a.getDouble("timeToComplete.medianSeconds")).isEqualTo(30.0);
        // The courses in the collection's order; the standalone learner is not counted.
        assertThat(a.getList("courses.courseId", Long.class)).containsExactly(second, first);
        assertThat(a.getInt("courses[0].learners.commenced")).isZero();
        assertThat(a.getInt("courses[1].learners.commenced")).isEqualTo(2);
        assertThat(a.getInt("courses[1].quiz.passed")).isEqualTo(1);
        assertThat(a.getInt("courses[1].screens[0].stoppedHere")).isEqualTo(1);

        given().header("Authorization", key)
                .queryParam("from", "2026-13-01")
                .get("/v1/headless/collections/" + pathId + "/analytics")
                .then()
                .statusCode(400);
        given().header("Authorization", TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .get("/v1/headless/collections/" + pathId + "/analytics")
                .then()
                .statusCode(404);
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "other")
                .get("/v1/headless/collections/" + pathId + "/analytics")
                .then()
                .statusCode(404);
    }

    @Test
    void hostedScormEventsAreCountedOnceEach() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        String commenced = Instant.now().minusSeconds(600).toString();
        String completed = Instant.now().toString();
        String done = scormEvent(ws, id, "course.completed", 901, commenced, completed, 120.4);
        TestKafka.send(
                "scorm-events", Long.toString(ws), scormEvent(ws, id, "course.commenced", 901, commenced, null, 0));
        TestKafka.send("scorm-events", Long.toString(ws), done);
        TestKafka.send("scorm-events", Long.toString(ws), done); // redelivered
        TestKafka.send(
                "scorm-events", Long.toString(ws), scormEvent(ws, id, "course.commenced", 902, commenced, null, 3));
        TestKafka.send(
                "scorm-events", Long.toString(ws), scormEvent(ws, id, "course.updated", 903, commenced, null, 3));

        JsonPath a =
                analytics(key, id, j -> j.getInt("learners.commenced") == 2 && j.getInt("learners.completed") == 1);
        assertThat(a.getInt("learners.commenced")).isEqualTo(2);
        assertThat(a.getInt("learners.completed")).isEqualTo(1);
        assertThat(a.getDouble("timeToComplete.meanSeconds")).isEqualTo(120.0);
        assertThat(a.getInt("quiz.attempts")).isEqualTo(0);
        assertThat(a.getInt("screens[0].reached")).isEqualTo(0);
    }

    @Test
    void badRangesAre400AndOtherTenantsCoursesAre404() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        String path = "/v1/headless/course/" + id + "/analytics";
        given().header("Authorization", key)
                .queryParam("from", "2026-13-01")
                .get(path)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("from"));
        given().header("Authorization", key)
                .queryParam("to", "yesterday")
                .get(path)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("to"));
        given().header("Authorization", key)
                .queryParam("from", "2026-03-02")
                .queryParam("to", "2026-03-01")
                .get(path)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("from"));
        given().header("Authorization", key)
                .queryParam("from", "2025-01-01")
                .queryParam("to", "2026-01-02")
                .get(path)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("to"));
        given().header("Authorization", key)
                .queryParam("from", "2025-01-02")
                .queryParam("to", "2026-01-02")
                .get(path)
                .then()
                .statusCode(200)
                .body("from", equalTo("2025-01-02"))
                .body("to", equalTo("2026-01-02"))
                .body("screens", hasSize(2));
        given().header("Authorization", key)
                .queryParam("clientIdentifier", "t2")
                .get(path)
                .then()
                .statusCode(404);
        given().header("Authorization", TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live"))
                .get(path)
                .then()
                .statusCode(404)
                .body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", key)
                .get("/v1/headless/course/abc/analytics")
                .then()
                .statusCode(400);
    }

    public static String scormEvent(
            long ws,
            long courseId,
            String type,
            long trackingId,
            String commenced,
            String completed,
            double totalTime) {
        return """
                {"specversion":"1.0","id":"%s","source":"scorm-service","type":"%s","subject":"%d","time":"%s",
                 "datacontenttype":"application/json","workspaceid":%d,"testmode":false,
                 "data":{"course":{"id":%d,"title":"Pack","key":"k","clientIdentifier":null},
                  "tracking":{"id":%d,"identifier":"learner-%d","email":null,"commenced":"%s","completed":%s,"totalTime":%s}}}""".formatted(
                        UUID.randomUUID(),
                        type,
                        courseId,
                        Instant.now(),
                        ws,
                        courseId,
                        trackingId,
                        trackingId,
                        commenced,
                        completed == null ? "null" : "\"" + completed + "\"",
                        totalTime);
    }
}
