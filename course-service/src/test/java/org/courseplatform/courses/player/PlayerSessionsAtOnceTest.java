package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.courses.SessionThenPoolAtOnceTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * A class opening the course together: more learners exchanging their links at the same moment
 * than the service has database connections (20) must all get their sessions. An exchange that
 * held its transaction's connection while it waited for a second one (the course's narration,
 * read through the pool) made every exchange of such a burst wait for the pool's timeout and fail.
 */
@QuarkusTest
class PlayerSessionsAtOnceTest {

    @Test
    void moreLearnersThanConnectionsOpenTheCourseAtOnce() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < SessionThenPoolAtOnceTest.CALLERS; i++) {
            String url = given().header("Authorization", key)
                    .contentType(ContentType.JSON)
                    .body("{\"courseId\":" + course + ",\"identifier\":\"learner-" + i
                            + "\",\"clientIdentifier\":\"t1\"}")
                    .post("/v1/headless/embed/course")
                    .then()
                    .statusCode(200)
                    .extract()
                    .asString();
            tokens.add(CoursePlayerTest.token(url));
        }
        SessionThenPoolAtOnceTest.assertAllAnswered(
                201,
                i -> SessionThenPoolAtOnceTest.request("/v1/headless/player/sessions")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"token\":\"" + tokens.get(i) + "\"}")));
    }
}
