package org.courseplatform.courses.share;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;

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
 * A flood of bogus share codes from one address (a school's egress, or the ingress when the
 * client address is not forwarded) must not refuse a good code sent from that address: further
 * bogus codes from it get 429, the good one opens its session.
 */
@QuarkusTest
@TestProfile(FewRefusalsProfile.class)
public class ShareCodeFloodTest {

    private static final String BOGUS = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

    public static Response openFrom(String address, String code) {
        return given().header("X-Forwarded-For", address)
                .contentType(ContentType.JSON)
                .body(Map.of("code", code))
                .post("/v1/headless/player/share-sessions");
    }

    @Test
    void aFloodOfBogusCodesFromAnAddressGets429ButNeverRefusesAGoodCodeFromIt() {
        String key = TestKeys.header(TestKeys.newWorkspace(), "build", "", "", "live");
        long course = CoursePlayerTest.publishedCourse(key, "t1");
        String good = ShareLinksTest.code(ShareLinksTest.create(key, course, "{}")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getString("url"));
        String flooding = "198.19.7.1";
        for (int i = 0; i < 5; i++) {
            openFrom(flooding, BOGUS).then().statusCode(404).body("error.reason", equalTo("unknown"));
        }
        openFrom(flooding, BOGUS)
                .then()
                .statusCode(429)
                .header("Retry-After", matchesPattern("[1-9][0-9]*"))
                .body("error.code", equalTo("TOO_MANY_REQUESTS"))
                .body("message", startsWith("Too many refused attempts from this address"));
        openFrom(flooding, good).then().statusCode(201).body("session.session", matchesPattern("[0-9a-f]{64}"));
        openFrom(flooding, BOGUS).then().statusCode(429);
        openFrom(flooding, good).then().statusCode(201);
        openFrom("198.19.7.2", BOGUS).then().statusCode(404);
    }
}
