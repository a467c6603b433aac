package org.courseplatform.courses.player;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * A flood of bad credentials from one address (a school's or a tenant's egress) must not stop
 * the player there: the tenant's backend still makes player URLs with its key, learners still
 * exchange them and play. Bad keys from that address get 429, bogus tokens and session ids 401.
 */
@QuarkusTest
class PlayerSessionFloodTest {

    private static final String FLOODING = "198.19.9.1";

    private static RequestSpecification from(String address) {
        return given().header("X-Forwarded-For", address).contentType(ContentType.JSON);
    }

    @Test
    void aFloodOfBadCredentialsFromAnAddressNeverStopsItsPlayerUrlsAndSessions() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        String embed = "{\"courseId\":" + course + ",\"identifier\":\"learner-1\",\"clientIdentifier\":\"t1\"}";

        Response answer = null;
        for (int i = 0; i < 200 && (answer == null || answer.statusCode() == 401); i++) {
            answer = from(FLOODING)
                    .header("Authorization", "SERVICE:" + ws + ":" + TestKeys.unknown())
                    .body(embed)
                    .post("/v1/headless/embed/course");
        }
        answer.then().statusCode(429).body("error.code", equalTo("TOO_MANY_REQUESTS"));
        for (int i = 0; i < 20; i++) {
            from(FLOODING)
                    .body(Map.of("token", "a.b.c" + i))
                    .post("/v1/headless/player/sessions")
                    .then()
                    .statusCode(401);
            from(FLOODING)
                    .header("X-Player-Session", String.format("%064x", i))
                    .body("{\"screenIndex\":0,\"visibleSeconds\":1}")
                    .post("/v1/headless/player/progress")
                    .then()
                    .statusCode(401)
                    .body("error.reason", equalTo("session"));
        }

        String url = from(FLOODING)
                .header("Authorization", key)
                .body(embed)
                .post("/v1/headless/embed/course")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String session = from(FLOODING)
                .body(Map.of("token", CoursePlayerTest.token(url)))
                .post("/v1/headless/player/sessions")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("session");
        from(FLOODING)
                .header("X-Player-Session", session)
                .body("{\"screenIndex\":0,\"visibleSeconds\":1}")
                .post("/v1/headless/player/progress")
                .then()
                .statusCode(200);
    }
}
