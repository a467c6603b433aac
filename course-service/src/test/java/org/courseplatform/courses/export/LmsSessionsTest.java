package org.courseplatform.courses.export;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * The launch of a dynamic SCORM package: its token and the LMS learner open a player session of
 * the live course, tracked per learner of that package, resumed at the next launch; anything but
 * a token of this platform for a package is refused. Also the score and pass the progress answer
 * gives the launcher to relay.
 */
@QuarkusTest
public class LmsSessionsTest {

    public static Response launch(String token, String learnerId, String learnerName) {
        return launch(token, learnerId, learnerName, null);
    }

    /** A launch presenting the learner key an earlier launch answered (as the launcher keeps it in the LMS). */
    public static Response launch(String token, String learnerId, String learnerName, String learnerKey) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("token", token);
        body.put("learnerId", learnerId);
        body.put("learnerName", learnerName);
        if (learnerKey != null) {
            body.put("learnerKey", learnerKey);
        }
        return given().contentType(ContentType.JSON).body(body).post("/v1/headless/player/lms-sessions");
    }

    /** The token of a fresh dynamic package of the course. */
    public static String packageToken(String key, long id, String version) throws Exception {
        byte[] zip = ScormExportTest.export(key, id, "dynamic", version)
                .then()
                .statusCode(200)
                .extract()
                .asByteArray();
        return ScormExportTest.assigned(ScormExportTest.unzip(zip).get("launch-config.js"), "COURSE_LAUNCH")
                .path("token")
                .asText();
    }

    public static String withPayload(String token, JsonNode payload) {
        String[] parts = token.split("\\.");
        return parts[0] + "."
                + Base64.getUrlEncoder()
                        .withoutPadding()
                        .encodeToString(payload.toString().getBytes(StandardCharsets.UTF_8))
                + "." + parts[2];
    }

    /** The tracking identifier of the course's only tracking record. */
    public static String identifierOf(String key, long courseId) {
        return given().header("Authorization", key)
                .get("/v1/headless/course/" + courseId + "/tracking")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("[0].identifier");
    }

    @Test
    void aLearnerOfThePackageGetsTheirOwnTrackingAndResumesIt() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "test");
        long id = CoursePlayerTest.publishedCourse(key, "t1");
        String token = packageToken(key, id, "2004");
        String exportId = CoursePlayerTest.payload(token).path("exportId").asText();

        JsonPath first = launch(token, "lms-user-7", "Ann Example")
                .then()
                .statusCode(201)
                .body("mode", equalTo("view"))
                .body("kind", equalTo("course"))
                .body("course.id", equalTo((int) id))
                .body("document.format", equalTo("builder2"))
                .body("progress.commenced", equalTo(false))
                .body("progress.score", nullValue())
                .body("progress.passed", nullValue())
                .body("learnerKey", matchesPattern("[A-Za-z0-9_-]{43}"))
                .extract()
                .jsonPath();
        String learnerKey = first.getString("learnerKey");
        String record = identifierOf(key, id);
        assertThat(record).matches("scorm:" + exportId + ":[0-9a-f]{16}:lms-user-7");
        CoursePlayerTest.progress(first.getString("session"), "{\"screenIndex\":1,\"visibleSeconds\":9}")
                .then()
                .statusCode(200)
                .body("progress.screenIndex", equalTo(1))
                .body("progress.completed", equalTo(false))
                .body("progress.score", nullValue());

        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .body("[0].identifier", equalTo(record))
                .body("[0].clientIdentifier", equalTo("t1"))
                .body("[0].testMode", equalTo(true))
                .body("[0].totalTime", equalTo(9));

        // The next launch with the learner's key (the token is not used up) resumes the same learner where they were.
        String again = launch(token, "lms-user-7", "Ann Example", learnerKey)
                .then()
                .statusCode(201)
                .body("learnerKey", equalTo(learnerKey))
                .body("progress.screenIndex", equalTo(1))
                .body("progress.commenced", equalTo(true))
                .extract()
                .jsonPath()
                .getString("session");
        // Answering the question on the last screen completes, scores and passes: what the launcher relays.
        CoursePlayerTest.progress(again, "{\"screenIndex\":1,\"visibleSeconds\":3,\"answers\":{\"q1\":[\"a1\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true))
                .body("progress.percent", equalTo(100))
                .body("progress.score", equalTo(100))
                .body("progress.passed", equalTo(true));
        launch(token, "lms-user-7", null, learnerKey)
                .then()
                .statusCode(201)
                .body("progress.completed", equalTo(true))
                .body("progress.score", equalTo(100))
                .body("progress.passed", equalTo(true));

        // Another learner starts afresh; the name is display only: the same id with another name is the same learner.
        JsonPath other = launch(token, "lms-user-8", "Ann Example")
                .then()
                .statusCode(201)
                .body("progress.commenced", equalTo(false))
                .extract()
                .jsonPath();
        CoursePlayerTest.progress(
                        other.getString("session"),
                        "{\"screenIndex\":1,\"visibleSeconds\":1,\"answers\":{\"q1\":[\"a2\"]}}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true))
                .body("progress.score", equalTo(0))
                .body("progress.passed", equalTo(false));
        given().header("Authorization", key)
                .get("/v1/headless/course/" + id + "/tracking")
                .then()
                .header("X-Total-Count", "2")
                .body("identifier", hasItem(record))
                .body("identifier", hasItem(startsWith("scorm:" + exportId + ":")))
                .body("identifier", hasItem(endsWith(":lms-user-8")));

        // Another package of the same course is another export: its learners are tracked apart.
        String second = packageToken(key, id, "1.2");
        launch(second, "lms-user-7", "Ann").then().statusCode(201).body("progress.commenced", equalTo(false));
    }

    @Test
    void anythingButAPackageTokenOfThisPlatformIsRefused() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        long id = CoursePlayerTest.publishedCourse(key, null);
        long other = CoursePlayerTest.publishedCourse(key, null);
        String token = packageToken(key, id, "1.2");
        launch(token, "u1", "U").then().statusCode(201);

        // A forged signature, a changed course, garbage, an embed token of the course: 403 invalid.
        String[] parts = token.split("\\.");
        char last = parts[2].charAt(10);
        String forged = parts[0] + "." + parts[1] + "." + parts[2].substring(0, 10) + (last == 'A' ? 'B' : 'A')
                + parts[2].substring(11);
        ObjectNode tampered = (ObjectNode) CoursePlayerTest.payload(token);
        tampered.put("courseId", other);
        String embed =
                CoursePlayerTest.token(CoursePlayerTest.embed(key, "{\"courseId\":" + id + ",\"identifier\":\"x\"}"));
        for (String bad : new String[] {forged, withPayload(token, tampered), "not-a-token", token + "x", embed}) {
            launch(bad, "u1", "U")
                    .then()
                    .statusCode(403)
                    .body("error.code", equalTo("FORBIDDEN"))
                    .body("error.reason", equalTo("invalid"));
        }
        // The package token opens nothing at the embed exchange either.
        CoursePlayerTest.exchange(token).then().statusCode(401).body("error.reason", equalTo("invalid"));

        // Missing or oversized fields: 400 naming them.
        launch(null, null, null).then().statusCode(400).body("details.field", hasItems("token", "learnerId"));
        launch(token, "", "U").then().statusCode(400).body("details[0].field", equalTo("learnerId"));
        launch(token, "x".repeat(256), "U").then().statusCode(400).body("details[0].field", equalTo("learnerId"));
        launch(token, "x".repeat(255), "U").then().statusCode(201);
        launch(token, "tab\there", "U").then().statusCode(400);
        given().contentType(ContentType.JSON)
                .body("{\"token\":5,\"learnerId\":\"u\"}")
                .post("/v1/headless/player/lms-sessions")
                .then()
                .statusCode(400);
        given().contentType(ContentType.JSON)
                .body("nope")
                .post("/v1/headless/player/lms-sessions")
                .then()
                .statusCode(400);

        // Deleting the course stops every package of it; restoring brings it back.
        given().header("Authorization", key)
                .delete("/v1/headless/course/" + id)
                .then()
                .statusCode(200);
        launch(token, "u1", "U").then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/restore")
                .then()
                .statusCode(200);
        launch(token, "u1", "U").then().statusCode(201);
    }

    @Test
    void theProgressAnswerScoresOnlyOnceEveryQuestionIsAnsweredAndNeverWithoutQuestions() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = ScormExportTest.exportKey(ws, "live");
        String noQuestions = """
                {"format":"builder2","title":"Read only","locale":"en","screens":[
                 {"id":"s1","type":"blocks","typeId":1,"title":"One","elements":[{"id":"e1","type":"text","title":"A"}]},
                 {"id":"s2","type":"blocks","typeId":1,"title":"Two","elements":[{"id":"e2","type":"text","title":"B"}]}]}""";
        long id = CourseLifecycleTest.importCourse(key, "author", null, noQuestions);
        given().header("Authorization", key)
                .post("/v1/headless/course/" + id + "/publish")
                .then()
                .statusCode(200);
        String session = launch(packageToken(key, id, "2004"), "reader", "R")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("session");
        CoursePlayerTest.progress(session, "{\"screenIndex\":1,\"visibleSeconds\":2}")
                .then()
                .statusCode(200)
                .body("progress.completed", equalTo(true))
                .body("progress.score", nullValue())
                .body("progress.passed", nullValue());
    }
}
