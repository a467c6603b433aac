package org.courseplatform.courses.export;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Map;
import org.courseplatform.courses.FewRefusalsProfile;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * A flood of bogus package tokens from one address (an LMS's, shared by all its learners) must
 * not refuse the launches of a good package from that address: further bogus tokens from it get
 * 429, the good one opens its player session.
 */
@QuarkusTest
@TestProfile(FewRefusalsProfile.class)
public class LmsLaunchFloodTest {

    public static Response launchFrom(String address, String token) {
        return given().header("X-Forwarded-For", address)
                .contentType(ContentType.JSON)
                .body(Map.of("token", token, "learnerId", "learner-1"))
                .post("/v1/headless/player/lms-sessions");
    }

    @Test
    void aFloodOfBogusTokensFromAnAddressGets429ButNeverRefusesAGoodPackageFromIt() throws Exception {
        String key = ScormExportTest.exportKey(TestKeys.newWorkspace(), "live");
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        String good = LmsSessionsTest.packageToken(key, course, "2004");
        String flooding = "198.19.8.1";
        for (int i = 0; i < 3; i++) {
            launchFrom(flooding, "not-a-token").then().statusCode(403).body("error.reason", equalTo("invalid"));
        }
        launchFrom(flooding, "not-a-token")
                .then()
                .statusCode(429)
                .header("Retry-After", matchesPattern("[1-9][0-9]*"))
                .body("error.code", equalTo("TOO_MANY_REQUESTS"));
        launchFrom(flooding, good).then().statusCode(201);
        launchFrom(flooding, "not-a-token").then().statusCode(429);
        launchFrom(flooding, good).then().statusCode(201);
        launchFrom("198.19.8.2", "not-a-token").then().statusCode(403);
    }
}
